// Puzzles (#/puzzles?game=<game>): a puzzle near my puzzle rating (LearnService.NextPuzzle) or today's
// (LearnService.DailyPuzzle), played on its board: the move typed in the game's notation and judged on the server
// against the puzzle's verified line (LearnService.AnswerPuzzle). A right move shows the reply and asks for the next; a
// wrong one ends the attempt and shows the solution. My puzzle rating and its change are shown, and my latest attempts
// (LearnService.PuzzleHistory).

import { $, h, fill, errorText } from "./util.js";
import { notationLegend } from "./help.js";
import { ShownBoard } from "./boards/shown.js";
import { PuzzleResult } from "./gen/plyyard/v1/learn_pb.js";

const GAMES = ["draughts", "ploy", "piracy"];
const NAMES = { draughts: "Draughts", ploy: "Ploy", piracy: "Piracy" };
const AIMS = { win: "wins", draw: "holds the draw", advantage: "keeps a clear advantage" };
const OPEN = PuzzleResult.OPEN;
const SOLVED = PuzzleResult.SOLVED;

export class PuzzlesView {
  /**
   * @param {{learn: any}} api
   * @param {(text: string) => void} announce
   */
  constructor(api, announce) {
    this.api = api;
    this.announce = announce;
    this.game = "piracy";
    /** @type {any} the attempt on the board */
    this.attempt = undefined;
    this.shown = new ShownBoard({ board: $("puzzles-board"), chooser: $("puzzles-chooser"),
      piracyInfo: $("puzzles-piracy-info"), note: $("puzzles-board-note") });
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
    this.game = GAMES.includes(game) ? game : "piracy";
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
    this.attempt = a;
    const p = $("puzzles-puzzle");
    p.hidden = false;
    p.dataset.attempt = a.attemptId;
    p.dataset.puzzle = a.puzzleId;
    p.dataset.result = a.result === OPEN ? "open" : a.result === SOLVED ? "solved" : "failed";
    $("puzzles-title").textContent = `${a.daily ? `Puzzle of the day ${a.day}` : "Puzzle"} · ${a.variant}`
      + ` · rated ${a.puzzleRating}`;
    const side = a.state.seats?.[a.state.toMove]?.colour ?? "the side to move";
    $("puzzles-task").textContent = `Find the move that ${AIMS[a.goal] ?? a.goal} for ${side}`
      + `${a.steps > 1 ? ` (${a.steps} moves)` : ""}.`;
    this.rating(a.rating, undefined);
    fill($("puzzles-legend"), notationLegend({ variant: { id: a.variant } }));
    $("puzzles-verdict").textContent = "";
    $("puzzles-verdict").className = "verdict";
    $("puzzles-reply").textContent = "";
    $("puzzles-solution").textContent = a.result === OPEN ? "" : `Solution: ${a.solution.join(" ")}`;
    $("puzzles-form").hidden = a.result !== OPEN;
    this.draw(a.state);
    /** @type {HTMLInputElement} */ ($("puzzles-move")).value = "";
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

  /** @param {any} state */
  draw(state) {
    this.shown.show(state, this.game);
  }

  async answer() {
    const a = this.attempt;
    const input = /** @type {HTMLInputElement} */ ($("puzzles-move"));
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
      $("puzzles-puzzle").dataset.result = after.result === OPEN ? "open" : after.result === SOLVED ? "solved" : "failed";
      input.value = "";
      $("puzzles-reply").textContent = r.reply ? `The answer: ${r.reply}.` : "";
      this.draw(after.state);
      if (after.result !== OPEN) {
        $("puzzles-form").hidden = true;
        $("puzzles-solution").textContent = `Solution: ${after.solution.join(" ")}`
          + (after.themes.length ? ` (${after.themes.join(", ")})` : "");
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
      fill($("puzzles-history"), ...r.attempts.map((/** @type {any} */ a) => h("li", {},
        `${a.variant} · ${a.result === OPEN ? "open" : a.result === SOLVED ? "solved" : "failed"}`
        + (a.result === OPEN ? "" : ` · ${a.ratingChange >= 0 ? "+" : ""}${a.ratingChange}`)
        + ` · puzzle rated ${a.puzzleRating}${a.daily ? " · daily" : ""}`)));
      $("puzzles-history-empty").hidden = r.attempts.length > 0;
    } catch (err) {
      $("puzzles-error").textContent = errorText(err);
    }
  }
}
