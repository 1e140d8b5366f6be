// Puzzles (#/puzzles?game=<game>): a puzzle near my puzzle rating (LearnService.NextPuzzle) or today's
// (LearnService.DailyPuzzle), played on its board: the move made by clicks on the board (as in a game) or typed in the
// game's notation, and judged on the server against the puzzle's verified line (LearnService.AnswerPuzzle). A right
// move shows the reply and asks for the next; a wrong one ends the attempt and shows the solution. A finished attempt
// opened again (today's puzzle, solved this morning) shows as finished, with the puzzle's rating as it was met. My
// puzzle rating and its change are shown, and my latest attempts (LearnService.PuzzleHistory). The game shown first is
// the one chosen last in this browser, draughts at first.

import { $, h, fill, errorText } from "./util.js";
import { notationLegend, explainPiracyMove } from "./help.js";
import { ShownBoard } from "./boards/shown.js";
import { PuzzleResult } from "./gen/plyyard/v1/learn_pb.js";

const GAMES = ["draughts", "ploy", "piracy"];
const NAMES = { draughts: "Draughts", ploy: "Ploy", piracy: "Piracy" };
const AIMS = { win: "wins", draw: "holds the draw", advantage: "keeps a clear advantage" };
const OPEN = PuzzleResult.OPEN;
const SOLVED = PuzzleResult.SOLVED;
const GAME_KEY = "plyyard.puzzles-game";

/** The game chosen last in this browser, or draughts. */
function savedGame() {
  try {
    const g = localStorage.getItem(GAME_KEY) ?? "";
    return GAMES.includes(g) ? g : "draughts";
  } catch {
    return "draughts";
  }
}

/** @param {number} r */
const resultName = (r) => r === OPEN ? "open" : r === SOLVED ? "solved" : "failed";

/**
 * The solution as the player reads it, the solver's moves told from the replies: "you play 32-28, the reply is
 * 23x32, you play 37x28".
 * @param {string[]} line solver's moves at even indices, replies at odd ones
 */
export function solutionText(line) {
  return line.map((m, i) => (i % 2 === 0 ? `you play ${m}` : `the reply is ${m}`)).join(", ");
}

export class PuzzlesView {
  /**
   * @param {{learn: any}} api
   * @param {(text: string) => void} announce
   */
  constructor(api, announce) {
    this.api = api;
    this.announce = announce;
    this.game = savedGame();
    /** @type {any} the attempt on the board */
    this.attempt = undefined;
    this.shown = new ShownBoard({ board: $("puzzles-board"), chooser: $("puzzles-chooser"),
      piracyInfo: $("puzzles-piracy-info"), note: $("puzzles-board-note"), error: $("puzzles-board-error"),
      turns: $("puzzles-turns") });
    for (const g of GAMES) {
      $(`puzzles-game-${g}`).addEventListener("click", () => { location.hash = `#/puzzles?game=${g}`; });
    }
    $("puzzles-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.answer();
    });
    $("puzzles-next").addEventListener("click", () => this.next(false));
    $("puzzles-daily").addEventListener("click", () => this.next(true));
  }

  /** Shows the game's open puzzle, or a new one. @param {string} game */
  async show(game) {
    this.game = GAMES.includes(game) ? game : "draughts";
    try {
      localStorage.setItem(GAME_KEY, this.game);
    } catch {
      // a browser that keeps nothing starts on draughts next time
    }
    for (const g of GAMES) $(`puzzles-game-${g}`).setAttribute("aria-pressed", String(g === this.game));
    document.title = `Ply Yard · ${NAMES[this.game]} puzzles`;
    await this.next(false);
  }

  /** @param {boolean} daily */
  async next(daily) {
    $("puzzles-error").textContent = "";
    try {
      const request = { game: this.game, variant: "" };
      const a = daily ? await this.api.learn.dailyPuzzle(request) : await this.api.learn.nextPuzzle(request);
      this.present(a);
      await this.history();
    } catch (err) {
      $("puzzles-error").textContent = errorText(err);
    }
  }

  /** @param {any} a the attempt */
  present(a) {
    if (this.attempt?.attemptId !== a.attemptId) this.announce("");
    this.attempt = a;
    const p = $("puzzles-puzzle");
    p.hidden = false;
    p.dataset.attempt = a.attemptId;
    p.dataset.puzzle = a.puzzleId;
    p.dataset.result = resultName(a.result);
    p.dataset.daily = String(!!a.daily);
    this.title(a, undefined);
    this.task(a);
    this.rating(a.rating, undefined);
    fill($("puzzles-legend"), notationLegend({ variant: { id: a.variant } }));
    $("puzzles-verdict").textContent = "";
    $("puzzles-verdict").className = "verdict";
    $("puzzles-reply").textContent = "";
    this.solution(a);
    $("puzzles-form").hidden = a.result !== OPEN;
    this.draw(a.state, a.result === OPEN);
    /** @type {HTMLInputElement} */ ($("puzzles-move")).value = "";
  }

  /**
   * What the player is to do: the task while the attempt is open; once it is over (just now, or today's puzzle solved
   * this morning and opened again) no task, and no other side to play.
   * @param {any} a the attempt
   */
  task(a) {
    if (a.result === OPEN) {
      const side = a.state.seats?.[a.state.toMove]?.colour ?? "the side to move";
      $("puzzles-task").textContent = `Find the move that ${AIMS[a.goal] ?? a.goal} for ${side}`
        + `${a.steps > 1 ? ` (${a.steps} moves)` : ""}.`;
      return;
    }
    $("puzzles-task").textContent = a.result === SOLVED
      ? `${a.daily ? "You solved today's puzzle" : "You solved this puzzle"}. ${a.daily ? "A new one comes tomorrow." : ""}`.trim()
      : `${a.daily ? "Today's puzzle is over" : "This puzzle is over"}: a move that was not the solution ended it.`;
  }

  /**
   * The attempt's title: the puzzle's rating as it stands while the attempt is open; once over, the result and the
   * rating the puzzle had when this player met it (from the history; its rating moves with every player's attempt).
   * @param {any} a the attempt @param {number|undefined} metAt
   */
  title(a, metAt) {
    const head = `${a.daily ? `Puzzle of the day ${a.day}` : "Puzzle"} · ${a.variant}`;
    $("puzzles-title").textContent = a.result === OPEN ? `${head} · rated ${a.puzzleRating}`
      : `${head} · ${resultName(a.result)}${metAt ? ` · rated ${metAt} when you met it` : ""}`;
  }

  /** The solution of an attempt that is over, with its themes. @param {any} a */
  solution(a) {
    $("puzzles-solution").textContent = a.result === OPEN ? ""
      : `Solution: ${a.solution.join(" ")}${a.themes.length ? ` (${a.themes.join(", ")})` : ""}`
        + (a.solution.length > 1 ? `: ${solutionText(a.solution)}.` : ".")
        + (a.game === "piracy" ? explainMarks(a.solution) : "");
  }

  /**
   * @param {any} r PuzzleRating
   * @param {number | undefined} change
   */
  rating(r, change) {
    const text = `My ${NAMES[this.game]} puzzle rating: ${r.rating}${r.provisional ? "?" : ""}`
      + (change === undefined ? "" : ` (${change >= 0 ? "+" : ""}${change})`)
      + ` · ${r.solved} of ${r.attempts} solved`;
    $("puzzles-rating").textContent = text;
    $("puzzles-rating").dataset.rating = String(r.rating);
  }

  /** @param {any} state @param {boolean} open whether the attempt waits for a move (the board takes clicks) */
  draw(state, open) {
    this.shown.show(state, this.game, open ? (notation) => this.answer(notation) : undefined);
  }

  /** Judges the move typed, or the one clicked on the board (shown in the box as its notation). @param {string} [clicked] */
  async answer(clicked) {
    const a = this.attempt;
    const input = /** @type {HTMLInputElement} */ ($("puzzles-move"));
    if (clicked) input.value = clicked;
    const move = input.value.trim();
    if (!a || !move) return;
    const button = /** @type {HTMLButtonElement} */ ($("puzzles-submit"));
    button.disabled = true;
    try {
      const r = await this.api.learn.answerPuzzle({ attemptId: a.attemptId, step: a.step, move });
      const after = r.attempt;
      const verdict = $("puzzles-verdict");
      verdict.textContent = r.correct ? r.sentence : `Not this one: ${r.sentence}`;
      verdict.className = r.correct ? "verdict right" : "verdict wrong";
      this.announce(verdict.textContent);
      this.attempt = after;
      $("puzzles-puzzle").dataset.result = resultName(after.result);
      input.value = "";
      $("puzzles-reply").textContent = r.reply ? `The answer: ${r.reply}.` : "";
      this.draw(after.state, after.result === OPEN);
      if (after.result !== OPEN) {
        $("puzzles-form").hidden = true;
        this.task(after);
        this.solution(after);
        this.rating(after.rating, r.ratingChange);
        await this.history();
      }
    } catch (err) {
      // an illegal move is refused with the rules' sentence; the attempt stays as it was
      $("puzzles-verdict").textContent = errorText(err);
      $("puzzles-verdict").className = "verdict wrong";
      input.select();
    } finally {
      button.disabled = false;
    }
  }

  async history() {
    try {
      const r = await this.api.learn.puzzleHistory({ game: this.game, limit: 10 });
      const shown = this.attempt;
      const met = r.attempts.find((/** @type {any} */ x) => x.attemptId === shown?.attemptId);
      if (shown && shown.result !== OPEN) this.title(shown, met?.puzzleRating);
      fill($("puzzles-history"), ...r.attempts.map((/** @type {any} */ a) => h("li", { "data-attempt": a.attemptId },
        `${a.variant} · ${resultName(a.result)}`
        + (a.result === OPEN ? "" : ` · ${a.ratingChange >= 0 ? "+" : ""}${a.ratingChange}`)
        + ` · puzzle rated ${a.puzzleRating}${a.daily ? " · daily" : ""}`)));
      $("puzzles-history-empty").hidden = r.attempts.length > 0;
    } catch (err) {
      $("puzzles-error").textContent = errorText(err);
    }
  }
}

/**
 * For Piracy: what the solution's marked moves did (a ship sunk, hits), which a line like "F+ L~" says only in signs.
 * @param {string[]} line
 */
function explainMarks(line) {
  const told = line.filter((m) => /[+!~#]/.test(m)).map((m) => explainPiracyMove(m));
  return told.length ? ` ${told.join(" ")}` : "";
}
