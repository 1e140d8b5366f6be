// A board that only shows positions, for the Learn and Puzzles pages (the move is typed, not clicked): the game's
// board made once per game and updated with each state, its position in data-position for tests and tools.

import { DraughtsBoard } from "./draughts.js";
import { PloyBoard } from "./ploy.js";
import { PiracyBoard } from "./piracy.js";

export class ShownBoard {
  /** @param {{board: HTMLElement, chooser: HTMLElement, piracyInfo: HTMLElement, note: HTMLElement}} els */
  constructor(els) {
    this.els = els;
    this.game = "";
    /** @type {any} */
    this.board = undefined;
  }

  /**
   * @param {any} state a GameState
   * @param {string} fallbackGame the game when the state names none
   */
  show(state, fallbackGame) {
    const game = state.board?.case ?? fallbackGame;
    if (this.game !== game) {
      this.game = game;
      const feedback = {
        play: () => {},
        tell: (/** @type {string} */ text) => { this.els.note.textContent = text; },
        note: () => {},
      };
      const { board, chooser, piracyInfo } = this.els;
      this.board = game === "draughts" ? new DraughtsBoard(board, chooser, feedback)
        : game === "ploy" ? new PloyBoard(board, chooser, feedback)
          : new PiracyBoard(board, piracyInfo, feedback);
    }
    this.els.board.dataset.position = state.position;
    this.board.update({ state, legal: [], flip: false, lastMove: undefined,
      colours: (state.seats ?? []).map((/** @type {any} */ s) => s.colour),
      idle: "Type your move below, in the game's notation." });
  }
}
