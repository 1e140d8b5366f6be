// Puzzles (#/puzzles?game=<game>): a puzzle near my puzzle rating (LearnService.NextPuzzle) or today's
// (LearnService.DailyPuzzle), played on its board: the move made by clicks on the board (as in a game) or typed in the
// game's notation, and judged on the server against the puzzle's verified line (LearnService.AnswerPuzzle). A right
// move shows the reply and asks for the next; a wrong one ends the attempt and shows on the board where it led (the
// position after it, then after the opponent's refuting reply), then the solution played through step by step. A
// finished attempt opened again (today's puzzle, solved this morning) shows as finished, its solution on the board,
// with the puzzle's rating as it was met. My puzzle rating and its change are shown, and my latest attempts
// (LearnService.PuzzleHistory). The game shown first is the one chosen last in this browser, draughts at first.

import { $, h, fill, errorText, capital } from "./util.js";
import { notationLegend, explainPiracyMove } from "./help.js";
import { ShownBoard } from "./boards/shown.js";
import { PuzzleResult } from "./gen/plyyard/v1/learn_pb.js";
import { GameStatus } from "./gen/plyyard/v1/games_pb.js";

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

/**
 * One position a finished attempt shows on its board: where the wrong move led (`wrong`, then `reply`), or the
 * solution's start (`s0`) and the position after its k-th move (`s<k>`).
 * @typedef {{key: string, part: "refutation" | "solution", state: any, before: any, move: string, mine: boolean,
 *   label: string, caption: string}} Frame
 */

/** The seat to move in a state, as its colour with a capital: "Black", "Silver". @param {any} state */
function toMove(state) {
  const colour = state?.seats?.[state.toMove]?.colour;
  return colour ? capital(colour) : "The opponent";
}

/** What a Piracy move's signs did, in words, after a space ("" for other games and unsigned moves). */
function told(/** @type {string} */ game, /** @type {string} */ move, /** @type {any} */ before) {
  if (game !== "piracy" || !/[+!~#]/.test(move)) return "";
  const text = explainPiracyMove(move, before?.seats?.[before.toMove]?.colour);
  return text ? ` ${text}` : "";
}

/**
 * Where the wrong move led, in one sentence: "After your 32-28, Black answers 19-23." When the move ended the game, the
 * game's end; when no reply came (ai-service could not be asked), who is to move.
 * @param {any} r PuzzleRefutation
 */
export function refutationText(r) {
  const after = r.afterMove;
  if (after?.status === GameStatus.FINISHED) {
    return `Your ${r.move} ends the game${after.outcome?.description ? `: ${after.outcome.description}` : "."}`;
  }
  return r.reply ? `After your ${r.move}, ${toMove(after)} answers ${r.reply}.`
    : `After your ${r.move}, ${toMove(after)} is to move (the best answer could not be worked out just now).`;
}

/**
 * The positions a finished attempt shows on its board, in order: when this answer failed it, where the wrong move led
 * (the position after it, then after the refuting reply); then the solution, from the puzzle's start, one position
 * after each move of the line.
 * @param {any} a the attempt, over (its `solution` and `solutionStates`)
 * @param {any} [refutation] the failing answer's PuzzleRefutation
 * @param {any} [before] the position the wrong move was played in
 * @returns {Frame[]}
 */
export function replayFrames(a, refutation, before) {
  /** @type {Frame[]} */
  const frames = [];
  const game = a.game ?? "";
  if (refutation?.afterMove) {
    const r = refutation;
    const over = r.afterMove.status === GameStatus.FINISHED;
    frames.push({ key: "wrong", part: "refutation", state: r.afterMove, before, move: r.move, mine: true,
      label: `Your ${r.move}`,
      caption: (over ? refutationText(r) : `After your ${r.move}${r.reply ? `; ${toMove(r.afterMove)} answers next` : ""}.`)
        + told(game, r.move, before) });
    if (r.reply && r.afterReply) {
      frames.push({ key: "reply", part: "refutation", state: r.afterReply, before: r.afterMove, move: r.reply,
        mine: false, label: `${toMove(r.afterMove)} ${r.reply}`,
        caption: refutationText(r) + told(game, r.reply, r.afterMove) });
    }
  }
  /** @type {any[]} */
  const states = a.solutionStates ?? [];
  const line = a.solution ?? [];
  const n = states.length - 1;
  states.forEach((state, k) => {
    const move = k > 0 ? line[k - 1] ?? "" : "";
    const mine = k % 2 === 1;
    frames.push({ key: `s${k}`, part: "solution", state, before: k > 0 ? states[k - 1] : undefined, move, mine,
      label: k === 0 ? "Start" : move,
      caption: k === 0 ? "The solution, from the puzzle's start."
        : `The solution, move ${k} of ${n}: ${mine ? "you play" : "the reply is"} ${move}.`
          + told(game, move, states[k - 1]) });
  });
  return frames;
}

/**
 * The frame a stepping control leads to, kept among the frames.
 * @param {number} at the frame shown @param {"first" | "prev" | "next" | "last"} how @param {number} count frames
 */
export function stepTo(at, how, count) {
  if (count <= 0) return -1;
  const to = how === "first" ? 0 : how === "last" ? count - 1 : how === "prev" ? at - 1 : at + 1;
  return Math.max(0, Math.min(count - 1, to));
}

/**
 * The frame a finished attempt opens on: where the wrong move led when this answer failed it; the end of the solution
 * when solved (the position the board already shows); the start of the solution otherwise.
 * @param {Frame[]} frames @param {boolean} solved
 */
export function openingFrame(frames, solved) {
  if (!frames.length) return -1;
  const wrong = frames.findIndex((f) => f.key === "wrong");
  return wrong >= 0 ? wrong : solved ? frames.length - 1 : frames.findIndex((f) => f.key === "s0");
}

/**
 * The move that led from one position to the next, to mark on the board as a game's last move: a draughts move's
 * squares (from its notation) and the pieces it captured; a Ploy piece's point before and after. Piracy's board marks
 * none (the ship shows where it went). Undefined when it cannot be told.
 * @param {any} before @param {any} after GameStates @param {string} notation the move
 */
export function movedBetween(before, after, notation) {
  const game = after?.board?.case;
  if (!before || !notation || before.board?.case !== game) return undefined;
  if (game === "draughts") {
    const squares = (notation.match(/\d+/g) ?? []).map(Number);
    if (squares.length < 2) return undefined;
    const now = new Set(after.board.value.pieces.map((/** @type {any} */ p) => p.square));
    const captured = before.board.value.pieces.map((/** @type {any} */ p) => p.square)
      .filter((/** @type {number} */ sq) => sq !== squares[0] && !now.has(sq)).sort((x, y) => x - y);
    return { notation, detail: { case: "draughts", value: { from: squares[0], to: squares[squares.length - 1],
      path: squares.slice(1), captured, promotes: false } } };
  }
  if (game === "ploy") {
    const look = (/** @type {any} */ p) => p && `${p.owner}/${p.controller}/${p.kind}/${p.mask}`;
    const was = new Map(before.board.value.pieces.map((/** @type {any} */ p) => [p.point, p]));
    const now = new Map(after.board.value.pieces.map((/** @type {any} */ p) => [p.point, p]));
    const changed = [...new Set([...was.keys(), ...now.keys()])].filter((pt) => look(was.get(pt)) !== look(now.get(pt)));
    const mover = before.board.value.toMove;
    const from = changed.find((pt) => was.get(pt)?.controller === mover && !now.has(pt))
      ?? (changed.length === 1 ? changed[0] : undefined);
    if (!from) return undefined;
    const piece = was.get(from);
    const to = changed.find((pt) => pt !== from && now.get(pt)?.owner === piece?.owner && now.get(pt)?.kind === piece?.kind
      && !(was.get(pt)?.owner === piece?.owner && was.get(pt)?.kind === piece?.kind)) ?? from;
    return { notation, detail: { case: "ploy", value: { from, to, rotation: 0, capture: was.has(to) && to !== from,
      mover } } };
  }
  return undefined;
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
    /** @type {Frame[]} a finished attempt's positions, stepped through on the board */
    this.frames = [];
    this.at = -1;
    for (const how of /** @type {const} */ (["first", "prev", "next", "last"])) {
      $(`puzzles-step-${how}`).addEventListener("click", () => this.go(stepTo(this.at, how, this.frames.length)));
    }
    // the arrow keys step too, unless they are moving in a field or among the board's squares
    document.addEventListener("keydown", (e) => {
      const target = /** @type {any} */ (e.target);
      if ($("puzzles").hidden || !this.frames.length || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey
        || /^(INPUT|TEXTAREA|SELECT)$/.test(target?.tagName) || target?.closest?.("[data-square]")) return;
      const how = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : undefined;
      if (!how) return;
      e.preventDefault();
      this.go(stepTo(this.at, how, this.frames.length));
    });
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
    this.replay(a, undefined, undefined);
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

  /**
   * A finished attempt's positions to step through on the board (none while it is open): where the wrong move led when
   * this answer failed it, then the solution; the list of them with the one shown marked.
   * @param {any} a the attempt @param {any} refutation the failing answer's, if any @param {any} before the position
   *   the answer was given in
   */
  replay(a, refutation, before) {
    this.frames = a.result === OPEN ? [] : replayFrames(a, refutation, before);
    const shown = this.frames.length > 0;
    const refuted = this.frames.some((f) => f.part === "refutation");
    $("puzzles-steps").hidden = !shown;
    $("puzzles-refutation").textContent = refuted ? refutationText(refutation) + told(a.game, refutation.move, before)
      + (refutation.reply ? told(a.game, refutation.reply, refutation.afterMove) : "") : "";
    $("puzzles-steps-refutation-box").hidden = !refuted;
    const item = (/** @type {Frame} */ f, /** @type {number} */ i) => h("li", { "data-frame": f.key,
      class: `${f.part}${f.mine ? " mine" : ""}${f.key === "wrong" ? " wrong" : ""}` },
      h("button", { type: "button", onclick: () => this.go(i), title: f.caption }, f.label));
    const items = this.frames.map(item);
    fill($("puzzles-steps-refutation"), ...items.filter((_, i) => this.frames[i].part === "refutation"));
    fill($("puzzles-steps-solution"), ...items.filter((_, i) => this.frames[i].part === "solution"));
    this.go(openingFrame(this.frames, a.result === SOLVED));
  }

  /** Shows frame {@code i} on the board, the move that led there marked, and marks it in the list. @param {number} i */
  go(i) {
    const f = this.frames[i];
    this.at = f ? i : -1;
    $("puzzles-puzzle").dataset.frame = f?.key ?? "";
    $("puzzles-at").textContent = f?.caption ?? "";
    if (!f) return;
    this.shown.show(f.state, this.game, undefined, movedBetween(f.before, f.state, f.move));
    for (const li of $("puzzles-steps").querySelectorAll("li[data-frame]")) {
      const current = /** @type {HTMLElement} */ (li).dataset.frame === f.key;
      li.classList.toggle("current", current);
      const button = li.querySelector("button");
      if (current) button?.setAttribute("aria-current", "step");
      else button?.removeAttribute("aria-current");
    }
    /** @type {HTMLButtonElement} */ ($("puzzles-step-first")).disabled = i <= 0;
    /** @type {HTMLButtonElement} */ ($("puzzles-step-prev")).disabled = i <= 0;
    /** @type {HTMLButtonElement} */ ($("puzzles-step-next")).disabled = i >= this.frames.length - 1;
    /** @type {HTMLButtonElement} */ ($("puzzles-step-last")).disabled = i >= this.frames.length - 1;
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
      this.replay(after, r.refutation, a.state);
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
