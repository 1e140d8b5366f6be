// The board of the Learn and Puzzles pages (and the Review's, which only shows): the game's board made once per game
// and updated with each state, its position in data-position for tests and tools. Given `onMove`, it takes a move by
// clicks as the game board does — a piece, then where it goes (Ploy's turns on the compass, Piracy's with the L, F, R
// buttons under the board) — without the legal moves, which these pages do not have: the clicks write the move's
// notation and the page sends it to be judged, as a typed one. Why a click did nothing is said under the board.

import { DraughtsBoard } from "./draughts.js";
import { PloyBoard } from "./ploy.js";
import { PiracyBoard } from "./piracy.js";

/** What each game's board says when it takes clicks. */
const HOW = {
  draughts: "Click one of your pieces, then the square it goes to (or type the move below).",
  ploy: "Click one of your pieces, then where it goes; turn it with the compass (or type the move below).",
  piracy: "Choose the turn with the L, F and R buttons (or type it below).",
};

export class ShownBoard {
  /**
   * @param {{board: HTMLElement, chooser: HTMLElement, piracyInfo: HTMLElement, note: HTMLElement,
   *          error?: HTMLElement, turns?: HTMLElement}} els  `note`: how to move here; `error`: why a click did
   *   nothing (in `note` when there is none); `turns`: Piracy's L, F, R buttons (`button[data-sail]`)
   */
  constructor(els) {
    this.els = els;
    this.game = "";
    /** @type {any} */
    this.board = undefined;
    /** @type {((notation: string) => void)|undefined} */
    this.onMove = undefined;
    for (const b of els.turns?.querySelectorAll("button[data-sail]") ?? []) {
      b.addEventListener("click", () => this.move(/** @type {HTMLElement} */ (b).dataset.sail ?? ""));
    }
  }

  /** A move chosen on the board. @param {string} notation */
  move(notation) {
    if (!this.onMove || !notation) return;
    if (this.els.error) this.els.error.textContent = "";
    const take = this.onMove;
    this.board?.select?.(undefined);
    take(notation);
  }

  /**
   * @param {any} state a GameState
   * @param {string} fallbackGame the game when the state names none
   * @param {(notation: string) => void} [onMove] takes a clicked move; without it the board only shows
   * @param {any} [lastMove] a Move to highlight as the one that led here (its squares marked as a game's last move)
   */
  show(state, fallbackGame, onMove, lastMove) {
    const game = state.board?.case ?? fallbackGame;
    if (this.game !== game) {
      this.game = game;
      const feedback = {
        play: (/** @type {any} */ m) => this.move(m?.notation ?? ""),
        tell: (/** @type {string} */ text) => { (this.els.error ?? this.els.note).textContent = text; },
        note: () => {},
      };
      const { board, chooser, piracyInfo } = this.els;
      this.board = game === "draughts" ? new DraughtsBoard(board, chooser, feedback)
        : game === "ploy" ? new PloyBoard(board, chooser, feedback)
          : new PiracyBoard(board, piracyInfo, feedback);
    }
    this.onMove = onMove;
    this.els.board.dataset.position = state.position;
    this.els.board.dataset.clicks = String(!!onMove);
    if (this.els.error) this.els.error.textContent = "";
    this.els.note.textContent = onMove ? HOW[game] ?? "" : "";
    if (this.els.turns) {
      this.els.turns.hidden = game !== "piracy" || !onMove; // a board that only shows has no turn to take
      for (const b of this.els.turns.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = !onMove;
    }
    this.board.update({ state, legal: [], flip: false, lastMove, compose: !!onMove,
      colours: (state.seats ?? []).map((/** @type {any} */ s) => s.colour),
      idle: onMove ? "" : "This position is only shown here." });
  }
}
