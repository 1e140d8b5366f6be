// The board's frame shared by every game: an N×N CSS grid of focusable square buttons (each with
// `data-square`), under an SVG overlay (viewBox 0 0 N N, one unit per square) where pieces, ships, paths and
// marks are drawn, and, for Ploy and Piracy, the coordinates outside the board (files under it, ranks to its
// left), where no piece can hide them. Clicks, drags (pointer down on one square, up on another) and the keyboard
// (arrow keys move between squares, Enter/Space press one, Escape clears the selection) all end in `onSquare(key)`.

import { h, s, fill } from "../util.js";

/**
 * What a board tells the game view.
 * @typedef Feedback
 * @property {(move: any) => void} play       a legal move chosen
 * @property {(text: string) => void} tell    why a click did nothing ("" when a click did something)
 * @property {(text: string) => void} note    what the viewer should know about the position ("" for nothing)
 */

/**
 * @typedef Cell
 * @property {string} key      the square's data-square value
 * @property {number} col      display column, 0 = left
 * @property {number} row      display row, 0 = top
 * @property {boolean} active  a square that takes part in play (false: draughts' light squares)
 * @property {string} [mark]   a coordinate label drawn in the corner
 */

export class GridBoard {
  /**
   * @param {HTMLElement} root   the #board element
   * @param {string} game        "draughts" | "ploy" | "piracy"
   * @param {Feedback} feedback
   * @param {boolean} [coords]   coordinates outside the board (setCoords)
   */
  constructor(root, game, feedback, coords = false) {
    this.root = root;
    this.game = game;
    this.feedback = feedback;
    this.coordsKey = "";
    /** @type {Map<string, HTMLElement>} */
    this.buttons = new Map();
    this.layoutKey = "";
    this.size = 0;
    /** @type {string|undefined} */
    this.focusKey = undefined;
    this.dragFrom = undefined;
    this.justSelected = undefined;
    this.suppressClick = false;
    root.replaceChildren();
    root.className = "board board-" + game + (coords ? " with-coords" : "");
    this.grid = h("div", { class: "grid", role: "grid", "aria-label": game + " board" });
    this.overlay = /** @type {SVGSVGElement} */ (s("svg", { class: "overlay", "aria-hidden": "true" }));
    this.field = h("div", { class: "field" }, this.grid, this.overlay);
    this.ranks = h("div", { class: "coords ranks", "aria-hidden": "true" });
    this.files = h("div", { class: "coords files", "aria-hidden": "true" });
    root.append(this.field);
    if (coords) root.append(this.ranks, this.files);
    this.grid.addEventListener("click", (e) => this.click(e));
    this.grid.addEventListener("keydown", (e) => this.key(e));
    this.grid.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.grid.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.overlay.addEventListener("click", (e) => {
      const t = /** @type {Element} */ (e.target).closest("[data-handle]");
      if (t) this.onHandle(t.getAttribute("data-handle") ?? "");
    });
  }

  /**
   * (Re)builds the squares when the size or orientation changed.
   * @param {number} n
   * @param {Cell[]} cells
   * @param {string} layoutKey
   */
  layout(n, cells, layoutKey) {
    if (layoutKey === this.layoutKey) return;
    this.layoutKey = layoutKey;
    this.size = n;
    this.root.style.setProperty("--n", String(n));
    this.overlay.setAttribute("viewBox", `0 0 ${n} ${n}`);
    this.grid.replaceChildren();
    this.buttons.clear();
    const sorted = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
    let rowEl = null;
    let currentRow = -1;
    for (const c of sorted) {
      if (c.row !== currentRow) {
        rowEl = h("div", { class: "row", role: "row" });
        this.grid.append(rowEl);
        currentRow = c.row;
      }
      const el = c.active
        ? h("button", { type: "button", class: "sq", "data-square": c.key, tabindex: "-1", role: "gridcell" })
        : h("div", { class: "sq light", role: "gridcell", "aria-hidden": "true" });
      el.dataset.col = String(c.col);
      el.dataset.row = String(c.row);
      if (c.mark) el.append(h("span", { class: "mark" }, c.mark));
      rowEl?.append(el);
      if (c.active) this.buttons.set(c.key, el);
    }
    const first = this.focusKey && this.buttons.has(this.focusKey) ? this.focusKey : [...this.buttons.keys()][0];
    this.setFocusable(first, false);
  }

  /**
   * The coordinates outside the board, as shown: `files[col]` under display column col, `ranks[row]` left of
   * display row row (row 0 at the top).
   * @param {string[]} files @param {string[]} ranks
   */
  setCoords(files, ranks) {
    const key = files.join("") + "|" + ranks.join(",");
    if (key === this.coordsKey) return;
    this.coordsKey = key;
    fill(this.files, files.map((f) => h("span", { "data-file": f }, f)));
    fill(this.ranks, ranks.map((r) => h("span", { "data-rank": r }, r)));
  }

  /** Tells why a click did nothing (an empty text clears it). @param {string} text */
  tell(text) {
    this.feedback.tell(text);
  }

  /** @param {string|undefined} key @param {boolean} focus */
  setFocusable(key, focus) {
    if (!key) return;
    for (const [k, b] of this.buttons) b.tabIndex = k === key ? 0 : -1;
    this.focusKey = key;
    if (focus) this.buttons.get(key)?.focus();
  }

  /** Sets the classes and label of a square. @param {string} key @param {string[]} classes @param {string} label */
  decorate(key, classes, label) {
    const b = this.buttons.get(key);
    if (!b) return;
    const keep = ["sq"];
    b.className = keep.concat(classes).join(" ");
    b.setAttribute("aria-label", label);
    b.setAttribute("aria-pressed", classes.includes("selected") ? "true" : "false");
  }

  /** @param {MouseEvent} e */
  click(e) {
    const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest("[data-square]"));
    if (!b || !this.grid.contains(b)) return;
    const key = b.dataset.square ?? "";
    this.setFocusable(key, false);
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    if (this.justSelected === key) {
      this.justSelected = undefined;
      return;
    }
    this.justSelected = undefined;
    this.onSquare(key);
  }

  /** @param {PointerEvent} e */
  pointerDown(e) {
    if (e.button !== 0 || e.pointerType === "touch") return;
    const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest("[data-square]"));
    if (!b) return;
    const key = b.dataset.square ?? "";
    this.dragFrom = key;
    this.justSelected = this.onPress(key) ? key : undefined;
  }

  /** @param {PointerEvent} e */
  pointerUp(e) {
    const from = this.dragFrom;
    this.dragFrom = undefined;
    if (!from) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const b = /** @type {HTMLElement|null} */ (under?.closest("[data-square]") ?? null);
    const key = b?.dataset.square;
    if (key && key !== from && this.grid.contains(b)) {
      this.justSelected = undefined;
      this.suppressClick = true;   // a click may follow on the common ancestor or on the target
      setTimeout(() => { this.suppressClick = false; }, 0);
      this.onSquare(key);
    }
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest("[data-square]"));
    if (!b) return;
    if (e.key === "Escape") {
      this.onEscape();
      e.preventDefault();
      return;
    }
    const d = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (!d) return;
    e.preventDefault();
    let col = Number(b.dataset.col);
    let row = Number(b.dataset.row);
    for (let i = 0; i < this.size; i++) {
      col += d[0];
      row += d[1];
      if (col < 0 || row < 0 || col >= this.size || row >= this.size) return;
      const next = [...this.buttons.values()].find((x) => Number(x.dataset.col) === col && Number(x.dataset.row) === row);
      if (next) {
        this.setFocusable(next.dataset.square, true);
        return;
      }
    }
  }

  /** Clears the overlay and returns it. */
  clearOverlay() {
    this.overlay.replaceChildren();
    return this.overlay;
  }

  // ---- overridden by each game

  /** A square was clicked, pressed or dropped on. @param {string} _key */
  onSquare(_key) {}

  /** Pointer pressed on a square (a drag may start): select it if it is a piece of mine; true if selected now. */
  onPress(_key) { return false; }

  /** A handle drawn in the overlay was clicked. @param {string} _value */
  onHandle(_value) {}

  onEscape() {}
}
