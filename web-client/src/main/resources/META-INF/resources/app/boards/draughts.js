// International draughts, 10×10: squares 1..50 on the dark squares, 1 at the top right of White's view's
// top row (PDN convention: square = row·5 + col/2 + 1 seen from White). White at the bottom unless the viewer
// plays Black. Click (or drag) a piece, then its destination; the legal moves of the selected piece are drawn
// as paths; when captures are compulsory the pieces that must move are marked; captures sharing from and to
// are told apart by clicking a path square on the way, or in the chooser. A click that does nothing says why
// (not your turn, not your piece, no legal move, capture is mandatory), and a compulsory capture is said in
// words under the board, not only by the rings. The last move is highlighted with the pieces it captured.
// Where no legal moves are known (an exercise or a puzzle: `compose`), a click on one of the pieces of the side to move
// and then on an empty square writes the move (`draughtsNotation`), and the server judges it.

import { GridBoard } from "./grid.js";
import { h, s, fill } from "../util.js";

/** @param {number} sq 1..50 → board row/col seen from White */
function rc(sq) {
  const row = Math.floor((sq - 1) / 5);
  const pos = (sq - 1) % 5;
  return { row, col: row % 2 === 0 ? 2 * pos + 1 : 2 * pos };
}

/**
 * The notation of a move a player clicked without the legal moves at hand: `from-to` when it can be a plain move (a
 * man one step forward, a king along a free diagonal), else `fromxto`. The rules read either separator, so this only
 * chooses how it reads; which move it is, and whether it is legal, the server decides.
 * @param {{square: number, white: boolean, king: boolean}[]} pieces @param {number} from @param {number} to
 */
export function draughtsNotation(pieces, from, to) {
  const p = pieces.find((x) => x.square === from);
  const a = rc(from);
  const b = rc(to);
  const dr = b.row - a.row;
  const dc = b.col - a.col;
  let plain = false;
  if (p && Math.abs(dr) === Math.abs(dc) && dr !== 0) {
    if (p.king) {
      plain = true;
      for (let k = 1; k < Math.abs(dr); k++) {
        const row = a.row + Math.sign(dr) * k;
        const col = a.col + Math.sign(dc) * k;
        const sq = row * 5 + Math.floor(col / 2) + 1;
        if (pieces.some((x) => x.square === sq)) plain = false;
      }
    } else {
      plain = Math.abs(dr) === 1 && dr === (p.white ? -1 : 1);
    }
  }
  return `${from}${plain ? "-" : "x"}${to}`;
}

export class DraughtsBoard extends GridBoard {
  /**
   * @param {HTMLElement} root
   * @param {HTMLElement} chooser  where ambiguous moves are offered
   * @param {import("./grid.js").Feedback} feedback
   */
  constructor(root, chooser, feedback) {
    super(root, "draughts", feedback);
    this.chooser = chooser;
    this.play = feedback.play;
    /** @type {number|undefined} */
    this.selected = undefined;
    /** @type {number[]} */
    this.partial = [];
    /** @type {any[]} */
    this.ambiguous = [];
    this.ctx = { state: undefined, legal: [], flip: false, lastMove: undefined, idle: "" };
    this.legalKey = "";
  }

  /** @param {number} sq */
  disp(sq) {
    const { row, col } = rc(sq);
    return this.ctx.flip ? { row: 9 - row, col: 9 - col } : { row, col };
  }

  /** @param {number} sq → overlay centre */
  centre(sq) {
    const d = this.disp(sq);
    return { x: d.col + 0.5, y: d.row + 0.5 };
  }

  /**
   * @param {{state: any, legal: any[], flip: boolean, lastMove: any, idle: string, compose?: boolean}} ctx  `idle`:
   *   why the viewer has no move now ("" when the legal moves are theirs); `compose`: no legal moves are known, clicks
   *   write the move for the server to judge
   */
  update(ctx) {
    const key = ctx.legal.map((m) => m.notation).join(" ") + "|" + (ctx.state?.ply ?? "");
    if (key !== this.legalKey) {
      this.legalKey = key;
      this.selected = undefined;
      this.partial = [];
      this.ambiguous = [];
    }
    this.ctx = ctx;
    /** @type {import("./grid.js").Cell[]} */
    const cells = [];
    for (let row = 0; row < 10; row++) {
      for (let col = 0; col < 10; col++) {
        const dark = (row + col) % 2 === 1;
        const sq = row * 5 + Math.floor(col / 2) + 1;
        const d = ctx.flip ? { row: 9 - row, col: 9 - col } : { row, col };
        cells.push({ key: dark ? String(sq) : `l${row},${col}`, row: d.row, col: d.col, active: dark, mark: dark ? String(sq) : undefined });
      }
    }
    this.layout(10, cells, ctx.flip ? "black" : "white");
    this.draw();
  }

  moves() {
    return this.ctx.legal.filter((m) => m.detail?.case === "draughts");
  }

  /** Moves of the selected piece that fit the path squares clicked so far. */
  candidates() {
    if (this.selected === undefined) return [];
    return this.moves().filter((m) => {
      const d = m.detail.value;
      if (d.from !== this.selected) return false;
      let at = -1;
      for (const p of this.partial) {
        const i = d.path.indexOf(p, at + 1);
        if (i < 0) return false;
        at = i;
      }
      return true;
    });
  }

  draw() {
    const board = this.ctx.state?.board?.case === "draughts" ? this.ctx.state.board.value : undefined;
    const pieces = new Map((board?.pieces ?? []).map((p) => [p.square, p]));
    const moves = this.moves();
    const froms = new Set(moves.map((m) => m.detail.value.from));
    const forced = moves.some((m) => m.detail.value.captured.length > 0);
    const cands = this.candidates();
    const targets = new Set(cands.map((m) => m.detail.value.to));
    const via = new Set(cands.flatMap((m) => m.detail.value.path.slice(0, -1)));
    const last = this.ctx.lastMove?.detail?.case === "draughts" ? this.ctx.lastMove.detail.value : undefined;
    const lastSquares = new Set(last ? [last.from, ...last.path] : []);
    const lastCaptured = new Set(last ? last.captured : []);
    for (let sq = 1; sq <= 50; sq++) {
      const p = pieces.get(sq);
      const classes = [];
      if (froms.has(sq)) classes.push(forced ? "forced" : "movable");
      if (sq === this.selected) classes.push("selected");
      if (targets.has(sq)) classes.push("target");
      else if (via.has(sq)) classes.push("via");
      if (lastSquares.has(sq)) classes.push("last");
      if (lastCaptured.has(sq) && !p) classes.push("last-captured");
      const what = p ? `${p.white ? "white" : "black"} ${p.king ? "king" : "man"}` : "empty";
      let label = `${sq}, ${what}`;
      if (lastCaptured.has(sq) && !p) label += ", captured by the last move";
      if (froms.has(sq)) label += forced ? ", must capture" : ", can move";
      if (targets.has(sq)) label += ", destination";
      this.decorate(String(sq), classes, label);
    }
    const o = this.clearOverlay();
    for (const sq of lastCaptured) {
      if (pieces.has(sq)) continue;
      const c = this.centre(sq);
      o.append(s("circle", { class: "ghost", cx: c.x, cy: c.y, r: 0.3 }));
    }
    for (const [sq, p] of pieces) {
      const c = this.centre(sq);
      const g = s("g", { class: "piece " + (p.white ? "white" : "black") + (p.king ? " king" : "") });
      g.append(s("circle", { cx: c.x, cy: c.y, r: 0.38, class: "disc" }));
      g.append(s("circle", { cx: c.x, cy: c.y, r: 0.27, class: "rim" }));
      if (p.king) {
        g.append(s("path", {
          class: "crown",
          d: `M${c.x - 0.2} ${c.y + 0.1} L${c.x - 0.22} ${c.y - 0.12} L${c.x - 0.1} ${c.y - 0.02} L${c.x} ${c.y - 0.16} L${c.x + 0.1} ${c.y - 0.02} L${c.x + 0.22} ${c.y - 0.12} L${c.x + 0.2} ${c.y + 0.1} Z`,
        }));
      }
      o.append(g);
    }
    for (const m of cands) {
      const d = m.detail.value;
      const pts = [d.from, ...d.path].map((x) => this.centre(x));
      o.append(s("polyline", { class: "path", points: pts.map((p) => `${p.x},${p.y}`).join(" ") }));
      const end = pts[pts.length - 1];
      o.append(s("circle", { class: "path-end", cx: end.x, cy: end.y, r: 0.12 }));
      for (const c of d.captured) {
        const p = this.centre(c);
        o.append(s("path", { class: "captured-mark", d: `M${p.x - 0.2} ${p.y - 0.2} L${p.x + 0.2} ${p.y + 0.2} M${p.x + 0.2} ${p.y - 0.2} L${p.x - 0.2} ${p.y + 0.2}` }));
      }
    }
    this.feedback.note(forced ? `Capture is mandatory: ${froms.size === 1 ? "1 piece can" : froms.size + " pieces can"} capture`
      + " (ringed); take the most pieces you can." : "");
    this.drawChooser();
  }

  drawChooser() {
    if (this.ambiguous.length < 2) {
      fill(this.chooser);
      this.chooser.hidden = true;
      return;
    }
    this.chooser.hidden = false;
    fill(this.chooser,
      h("p", {}, "Several captures go there; choose the path (or click a square on the way):"),
      h("div", { class: "choices" }, this.ambiguous.map((m) =>
        h("button", { type: "button", class: "choice", "data-notation": m.notation, onclick: () => this.play(m) }, m.notation))));
  }

  onPress(key) {
    const sq = Number(key);
    if (sq === this.selected) return false;
    if (this.ctx.compose ? this.ownPiece(sq) : this.moves().some((m) => m.detail.value.from === sq)) {
      this.select(sq);
      return true;
    }
    return false;
  }

  /** @param {number|undefined} sq */
  select(sq) {
    if (sq !== undefined) this.tell("");
    this.selected = sq;
    this.partial = [];
    this.ambiguous = [];
    this.draw();
  }

  /** Why a click on `sq` does not select it: not the viewer's turn, not their piece, no move, a capture elsewhere. */
  whyNot(sq) {
    if (this.ctx.idle) return this.ctx.idle;
    const board = this.ctx.state?.board?.case === "draughts" ? this.ctx.state.board.value : undefined;
    const p = (board?.pieces ?? []).find((x) => x.square === sq);
    const mine = board?.whiteToMove ? "White" : "Black";
    const moves = this.moves();
    const captures = moves.filter((m) => m.detail.value.captured.length > 0);
    const capturers = new Set(captures.map((m) => m.detail.value.from)).size;
    if (!p) return `Square ${sq} is empty: click one of your pieces (${mine}) first.`;
    if (p.white !== !!board?.whiteToMove) return `That is a ${p.white ? "white" : "black"} piece; you play ${mine}.`;
    if (captures.length) {
      return `Capture is mandatory: ${capturers === 1 ? "1 piece can" : capturers + " pieces can"} capture (ringed), and this one cannot.`;
    }
    return `The piece on ${sq} has no legal move.`;
  }

  onEscape() {
    this.select(undefined);
  }

  /** A piece of the side to move stands on `sq`. @param {number} sq */
  ownPiece(sq) {
    const board = this.ctx.state?.board?.case === "draughts" ? this.ctx.state.board.value : undefined;
    return (board?.pieces ?? []).some((x) => x.square === sq && x.white === !!board?.whiteToMove);
  }

  /** A click with no legal moves known: select a piece of the side to move, then the square it goes to. @param {number} sq */
  composeSquare(sq) {
    const board = this.ctx.state?.board?.case === "draughts" ? this.ctx.state.board.value : undefined;
    const pieces = board?.pieces ?? [];
    const mine = board?.whiteToMove ? "White" : "Black";
    if (this.ctx.idle) {
      this.tell(this.ctx.idle);
      return;
    }
    if (this.ownPiece(sq)) {
      this.select(sq === this.selected ? undefined : sq);
      return;
    }
    if (this.selected === undefined) {
      const p = pieces.find((x) => x.square === sq);
      this.tell(p ? `That is a ${p.white ? "white" : "black"} piece; you play ${mine}: click one of yours first.`
        : `Square ${sq} is empty: click one of your pieces (${mine}) first.`);
      return;
    }
    if (pieces.some((x) => x.square === sq)) {
      this.tell(`A piece ends its move on an empty square; ${sq} is taken.`);
      return;
    }
    const notation = draughtsNotation(pieces, this.selected, sq);
    this.select(undefined);
    this.play({ notation });
  }

  onSquare(key) {
    const sq = Number(key);
    if (!Number.isInteger(sq)) return;
    if (this.ctx.compose) {
      this.composeSquare(sq);
      return;
    }
    const movable = this.moves().some((m) => m.detail.value.from === sq);
    if (this.selected === undefined) {
      if (movable) this.select(sq);
      else this.tell(this.whyNot(sq));
      return;
    }
    if (sq === this.selected) {
      this.select(undefined);
      return;
    }
    const cands = this.candidates();
    const narrowed = cands.filter((m) => {
      const d = m.detail.value;
      const lastAt = this.partial.length ? d.path.indexOf(this.partial[this.partial.length - 1]) : -1;
      return d.path.indexOf(sq, lastAt + 1) >= 0;
    });
    if (narrowed.length === 0) {
      const from = this.selected;
      const board = this.ctx.state?.board?.case === "draughts" ? this.ctx.state.board.value : undefined;
      const own = (board?.pieces ?? []).some((x) => x.square === sq && x.white === !!board?.whiteToMove);
      this.select(movable ? sq : undefined);
      if (!movable) {
        const goes = [...new Set(cands.map((m) => m.detail.value.to))].join(", ");
        this.tell(own ? this.whyNot(sq) : `${from} cannot go to ${sq}; it can go to ${goes}.`);
      }
      return;
    }
    if (narrowed.length === 1) {
      this.play(narrowed[0]);
      return;
    }
    if (narrowed.every((m) => m.detail.value.to === sq)) {
      this.ambiguous = narrowed;
      this.draw();
      return;
    }
    this.partial.push(sq);
    this.ambiguous = [];
    this.draw();
  }
}
