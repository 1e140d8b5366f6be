// Learn (#/learn and #/learn/<exercise id>): the lessons of each game with my progress (LearnService.ListLessons),
// and an exercise played on its board: the text, each part's position, the move made by clicks on the board (as in a
// game) or typed in the game's notation, and judged by the rules on the server (LearnService.AnswerExercise). A wrong
// move is answered with the rule that forbids it and can be tried again; a right one shows the opponent's reply and
// the next step, or the next part.

import { $, h, fill, errorText, capital } from "./util.js";
import { notationLegend } from "./help.js";
import { ShownBoard } from "./boards/shown.js";

const GAMES = ["draughts", "ploy", "piracy"];
const NAMES = { draughts: "Draughts", ploy: "Ploy", piracy: "Piracy" };

export class LearnView {
  /**
   * @param {{learn: any}} api
   * @param {(text: string) => void} announce
   */
  constructor(api, announce) {
    this.api = api;
    this.announce = announce;
    this.game = "draughts";
    /** @type {any} the exercise on the board */
    this.exercise = undefined;
    this.part = 0;
    /** @type {string[]} the moves of the part judged right so far */
    this.moves = [];
    this.shown = new ShownBoard({ board: $("learn-board"), chooser: $("learn-chooser"),
      piracyInfo: $("learn-piracy-info"), note: $("learn-board-note"), error: $("learn-board-error"),
      turns: $("learn-turns") });
    for (const g of GAMES) {
      $(`learn-game-${g}`).addEventListener("click", () => { location.hash = `#/learn?game=${g}`; });
    }
    $("learn-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.answer();
    });
    $("learn-next").addEventListener("click", () => this.showPart(this.part + 1));
  }

  /** Shows the lessons of a game. @param {string} game */
  async lessons(game) {
    this.exercise = undefined;
    this.game = GAMES.includes(game) ? game : "draughts";
    $("learn-list").hidden = false;
    $("learn-exercise").hidden = true;
    for (const g of GAMES) $(`learn-game-${g}`).setAttribute("aria-pressed", String(g === this.game));
    $("learn-error").textContent = "";
    try {
      const r = await this.api.learn.listLessons({ game: this.game });
      $("learn-progress").textContent = `${NAMES[this.game]}: ${r.solved} of ${r.exercises} exercises solved.`;
      fill($("learn-lessons"), ...r.lessons.map((lesson) => h("li", { class: "lesson" },
        h("h3", {}, lesson.title),
        h("ul", { class: "list" }, ...lesson.exercises.map((p) => {
          const solved = p.partsSolved.filter(Boolean).length;
          const parts = p.exercise.parts.length;
          return h("li", { "data-exercise": p.exercise.id, class: p.solved ? "solved" : "" },
            h("a", { href: `#/learn/${encodeURIComponent(p.exercise.id)}` }, p.exercise.title),
            h("span", { class: "note" }, p.solved ? " ✓ solved" : parts > 1 ? ` ${solved}/${parts} parts` : ""));
        })))));
    } catch (err) {
      $("learn-error").textContent = errorText(err);
    }
  }

  /** Opens an exercise by its id. @param {string} id */
  async open(id) {
    $("learn-error").textContent = "";
    const game = id.split("-")[0];
    let found;
    try {
      const r = await this.api.learn.listLessons({ game: GAMES.includes(game) ? game : "draughts" });
      found = r.lessons.flatMap((l) => l.exercises).map((p) => p.exercise).find((e) => e.id === id);
    } catch (err) {
      $("learn-error").textContent = errorText(err);
      return;
    }
    if (!found) {
      location.hash = "#/learn";
      $("learn-error").textContent = `There is no exercise '${id}'.`;
      return;
    }
    this.exercise = found;
    this.game = found.game;
    $("learn-list").hidden = true;
    $("learn-exercise").hidden = false;
    $("learn-title").textContent = found.title;
    $("learn-lesson").textContent = `${NAMES[found.game] ?? found.game} · ${found.lesson}`;
    fill($("learn-text"), ...found.text.split("\n").map((p) => h("p", {}, p)));
    fill($("learn-legend"), notationLegend({ variant: { id: found.parts[0]?.start?.variant?.id ?? found.game } }));
    document.title = `Ply Yard · ${found.title}`;
    this.showPart(0);
  }

  /** @param {number} index */
  showPart(index) {
    const e = this.exercise;
    if (!e || index >= e.parts.length) return;
    this.part = index;
    this.moves = [];
    const part = e.parts[index];
    $("learn-part").textContent = e.parts.length > 1
      ? `Part ${index + 1} of ${e.parts.length}${part.label ? `: ${part.label}` : ""} (${part.start.variant?.id ?? ""})`
      : `${part.start.variant?.id ?? ""}`;
    $("learn-verdict").textContent = "";
    $("learn-verdict").className = "verdict";
    $("learn-reply").textContent = "";
    $("learn-next").hidden = true;
    $("learn-form").hidden = false;
    $("learn-exercise").dataset.part = String(index);
    $("learn-exercise").dataset.solved = "false";
    if (index > 0) this.announce("");
    this.draw(part.start, true);
    /** @type {HTMLInputElement} */ ($("learn-move")).value = "";
  }

  /** @param {any} state @param {boolean} open whether the part waits for a move (the board takes clicks) */
  draw(state, open) {
    this.shown.show(state, this.game, open ? (notation) => this.answer(notation) : undefined);
  }

  /** Judges the move typed, or the one clicked on the board (shown in the box as its notation). @param {string} [clicked] */
  async answer(clicked) {
    const e = this.exercise;
    const input = /** @type {HTMLInputElement} */ ($("learn-move"));
    if (clicked) input.value = clicked;
    const move = input.value.trim();
    if (!e || !move) return;
    const button = /** @type {HTMLButtonElement} */ ($("learn-submit"));
    button.disabled = true;
    try {
      const j = await this.api.learn.answerExercise({ exerciseId: e.id, part: this.part, moves: [...this.moves, move] });
      const verdict = $("learn-verdict");
      verdict.textContent = j.correct ? j.sentence : `Not this one: ${j.sentence}`;
      verdict.className = j.correct ? "verdict right" : "verdict wrong";
      this.announce(verdict.textContent);
      if (!j.correct) {
        input.select();
        return;
      }
      this.moves.push(move);
      input.value = "";
      $("learn-reply").textContent = j.reply ? `${capital(e.game === "piracy" ? "the other ship" : "the opponent")} answers ${j.reply}.` : "";
      this.draw(j.state, !j.solved);
      if (j.solved) {
        $("learn-form").hidden = true;
        $("learn-exercise").dataset.solved = "true";
        const last = this.part + 1 >= e.parts.length;
        $("learn-next").hidden = last;
        if (last) $("learn-reply").textContent += " Exercise solved.";
      }
    } catch (err) {
      $("learn-verdict").textContent = errorText(err);
      $("learn-verdict").className = "verdict wrong";
    } finally {
      button.disabled = false;
    }
  }
}
