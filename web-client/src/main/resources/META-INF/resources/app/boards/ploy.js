// Ploy, 9×9 points a1..i9 (rank 1 at the bottom as Green sees it; turned round for a player whose home is
// at the top). Each piece is drawn in its controller's colour with its kind's letter and shape (Commander
// octagon C, Lance circle L, Probe diamond P, Shield square S) and one line from its centre per direction of
// its mask (bit 0 = N, clockwise). Click a piece, then a destination; to rotate, click one of the direction
// handles around the selected piece (or the compass beside the board): the handle is where the piece's
// heading will point. A Shield that moves may also turn: after its destination, pick a handle there, or click
// the destination again to move without turning. The coordinates are outside the board; a click that does nothing
// says why (not your turn, not your piece, or why the selected piece cannot go there).
// Where no legal moves are known (an exercise or a puzzle: `compose`), the same clicks write the move from the piece's
// lines and the points clicked (`composedMoves`), and the server judges it.

import { GridBoard } from "./grid.js";
import { h, s, fill, colourOf, capital } from "../util.js";

/** Board direction d (0 = N, clockwise) → [Δfile, Δrank]. */
const DIRS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
const DIR_NAMES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
/** Masks of each kind "pointing N" (rules §2). */
const BASES = { commander: [0x55], lance: [0x83, 0x45, 0x92], probe: [0x03, 0x82, 0x11], shield: [0x01] };
/** How far each kind moves (rules §2). */
const RANGE = { commander: 1, lance: 3, probe: 2, shield: 1 };

/** @param {number} m @param {number} k */
export function rotl(m, k) {
  k = ((k % 8) + 8) % 8;
  return ((m << k) | (m >> (8 - k))) & 0xff;
}

/** The heading (0..7) of a mask: the rotation of its kind's base shape that gives it. */
export function heading(kind, mask) {
  for (const b of BASES[kind] ?? []) for (let k = 0; k < 8; k++) if (rotl(b, k) === mask) return k;
  for (let k = 0; k < 8; k++) if (mask & (1 << k)) return k;
  return 0;
}

/**
 * The turns a piece of this mask can make, as clockwise steps of 45° (1..7), one per distinct mask (a Commander's
 * four lines look the same after a quarter turn: r2 is no turn for it), the smallest step for each.
 * @param {number} mask
 */
export function turnSteps(mask) {
  const seen = new Set([mask]);
  const out = [];
  for (let k = 1; k < 8; k++) {
    const m = rotl(mask, k);
    if (!seen.has(m)) {
      seen.add(m);
      out.push(k);
    }
  }
  return out;
}

/**
 * The moves a click on `from` (then on `to`) can mean, written without the legal moves: the piece's turns in place,
 * and with a destination the move there (a Shield's also with each turn after it). Move-shaped, so that the board's
 * compass, handles and chooser offer them as they offer legal ones; the server judges the one chosen.
 * @param {{point: string, kind: string, mask: number}} piece @param {string} [to]
 */
export function composedMoves(piece, to) {
  const from = piece.point;
  const mv = (/** @type {string} */ notation, /** @type {string} */ dest, /** @type {number} */ rotation) =>
    ({ notation, detail: { case: "ploy", value: { from, to: dest, rotation, capture: false, mover: 0 } } });
  const turns = turnSteps(piece.mask);
  const out = turns.map((k) => mv(`${from}r${k}`, from, k));
  if (to && to !== from) {
    out.push(mv(`${from}-${to}`, to, 0));
    if (piece.kind === "shield") for (const k of turns) out.push(mv(`${from}-${to}r${k}`, to, k));
  }
  return out;
}

/** @param {string} p "e4" → {f: 4, r: 3} */
function fr(p) {
  return { f: p.charCodeAt(0) - 97, r: Number(p.slice(1)) - 1 };
}

export class PloyBoard extends GridBoard {
  /**
   * @param {HTMLElement} root
   * @param {HTMLElement} chooser
   * @param {import("./grid.js").Feedback} feedback
   */
  constructor(root, chooser, feedback) {
    super(root, "ploy", feedback, true);
    this.chooser = chooser;
    this.play = feedback.play;
    /** @type {string|undefined} */
    this.selected = undefined;
    /** @type {string|undefined} */
    this.pendingTo = undefined;
    this.ctx = { state: undefined, legal: [], flip: false, lastMove: undefined, colours: [], idle: "" };
    this.legalKey = "";
  }

  /** Display position of a board point (fractional f/r allowed). */
  disp(f, r) {
    return this.ctx.flip ? { x: 8 - f + 0.5, y: r + 0.5 } : { x: f + 0.5, y: 8 - r + 0.5 };
  }

  /** Display vector of board direction d. */
  vec(d) {
    const [df, dr] = DIRS[d];
    return this.ctx.flip ? { x: -df, y: dr } : { x: df, y: -dr };
  }

  update(ctx) {
    const key = ctx.legal.map((m) => m.notation).join(" ") + "|" + (ctx.state?.ply ?? "");
    if (key !== this.legalKey) {
      this.legalKey = key;
      this.selected = undefined;
      this.pendingTo = undefined;
    }
    this.ctx = ctx;
    const cells = [];
    for (let r = 0; r < 9; r++) {
      for (let f = 0; f < 9; f++) {
        const p = this.disp(f, r);
        const row = p.y - 0.5;
        const col = p.x - 0.5;
        const name = String.fromCharCode(97 + f) + (r + 1);
        cells.push({ key: name, row, col, active: true });
      }
    }
    this.layout(9, cells, ctx.flip ? "top" : "bottom");
    const files = [...Array(9)].map((_, col) => String.fromCharCode(97 + (ctx.flip ? 8 - col : col)));
    const ranks = [...Array(9)].map((_, row) => String(ctx.flip ? row + 1 : 9 - row));
    this.setCoords(files, ranks);
    this.draw();
  }

  moves() {
    if (this.ctx.compose) {
      const piece = this.selected ? this.pieces().get(this.selected) : undefined;
      return piece ? composedMoves(piece, this.pendingTo) : [];
    }
    return this.ctx.legal.filter((m) => m.detail?.case === "ploy");
  }

  /** A piece the side to move controls stands on `key` (compose). @param {string} key */
  ownPiece(key) {
    const p = this.pieces().get(key);
    const b = this.ctx.state?.board?.case === "ploy" ? this.ctx.state.board.value : undefined;
    return !!p && p.controller === (b?.toMove ?? this.ctx.state?.toMove ?? 0);
  }

  /**
   * A click with no legal moves known: a piece of the side to move is selected (its turns in the compass); a point
   * it can reach by its lines makes the move (a Shield first offers its turn there); why it cannot go elsewhere is
   * said, as in a game. @param {string} key
   */
  composeSquare(key) {
    if (this.ctx.idle) {
      this.tell(this.ctx.idle);
      return;
    }
    if (this.ownPiece(key)) {
      this.select(key === this.selected && !this.pendingTo ? undefined : key);
      return;
    }
    if (!this.selected) {
      this.tell(this.whyNot(key));
      return;
    }
    if (this.pendingTo && key === this.pendingTo) {
      const plain = this.moves().find((m) => m.detail.value.to === key && m.detail.value.rotation === 0);
      if (plain) this.play(plain);
      return;
    }
    const why = this.whyNotTo(this.selected, key);
    if (why.includes(":")) {
      this.tell(why);
      return;
    }
    this.tell("");
    if (this.pieces().get(this.selected)?.kind === "shield") {
      this.pendingTo = key;
      this.draw();
      return;
    }
    this.play(composedMoves(/** @type {any} */ (this.pieces().get(this.selected)), key)
      .find((m) => m.detail.value.to === key && m.detail.value.rotation === 0));
  }

  pieces() {
    const b = this.ctx.state?.board?.case === "ploy" ? this.ctx.state.board.value : undefined;
    return new Map((b?.pieces ?? []).map((p) => [p.point, p]));
  }

  /**
   * Rotation handles: display direction → the move that turns the piece's heading there.
   * @returns {Map<number, any>} board direction → move
   */
  handles() {
    const out = new Map();
    if (!this.selected) return out;
    const piece = this.pieces().get(this.selected);
    if (!piece) return out;
    const pivot = this.pendingTo ?? this.selected;
    const hd = heading(piece.kind, piece.mask);
    const rotations = this.moves().filter((m) => m.detail.value.from === this.selected && m.detail.value.to === pivot
      && m.detail.value.rotation !== 0);
    for (let d = 0; d < 8; d++) {
      const target = rotl(piece.mask, d - hd);
      const mv = rotations.find((m) => rotl(piece.mask, m.detail.value.rotation) === target);
      if (mv) out.set(d, mv);
    }
    return out;
  }

  draw() {
    const pieces = this.pieces();
    const moves = this.moves();
    const froms = new Set(moves.map((m) => m.detail.value.from));
    const mine = this.selected ? moves.filter((m) => m.detail.value.from === this.selected) : [];
    const targets = new Set(mine.filter((m) => m.detail.value.to !== this.selected).map((m) => m.detail.value.to));
    const last = this.ctx.lastMove?.detail?.case === "ploy" ? this.ctx.lastMove.detail.value : undefined;
    const colours = this.ctx.colours;
    for (let r = 0; r < 9; r++) {
      for (let f = 0; f < 9; f++) {
        const name = String.fromCharCode(97 + f) + (r + 1);
        const p = pieces.get(name);
        const classes = [];
        if (froms.has(name)) classes.push("movable");
        if (name === this.selected) classes.push("selected");
        if (name === this.pendingTo) classes.push("pending");
        else if (targets.has(name)) classes.push(pieces.has(name) ? "target capture" : "target");
        if (last && (name === last.from || name === last.to)) classes.push("last");
        let label = name;
        if (p) {
          const dirs = DIR_NAMES.filter((_, i) => p.mask & (1 << i)).join(" ");
          label += `, ${colours[p.controller] ?? "?"} ${p.kind} pointing ${dirs}`;
          if (p.owner !== p.controller) label += ` (${colours[p.owner] ?? "?"}'s)`;
        } else label += ", empty";
        if (targets.has(name)) label += ", destination";
        this.decorate(name, classes, label);
      }
    }
    const o = this.clearOverlay();
    for (const p of pieces.values()) o.append(this.piece(p));
    if (this.selected) {
      const pivot = this.pendingTo ?? this.selected;
      const { f, r } = fr(pivot);
      const c = this.disp(f, r);
      for (const [d, mv] of this.handles()) {
        const v = this.vec(d);
        const len = Math.hypot(v.x, v.y);
        const ux = v.x / len;
        const uy = v.y / len;
        const hx = c.x + ux * 0.62;
        const hy = c.y + uy * 0.62;
        // a small arrow pointing outwards, clickable
        const tip = { x: hx + ux * 0.16, y: hy + uy * 0.16 };
        const l = { x: hx - uy * 0.12 - ux * 0.06, y: hy + ux * 0.12 - uy * 0.06 };
        const rr = { x: hx + uy * 0.12 - ux * 0.06, y: hy - ux * 0.12 - uy * 0.06 };
        const g = s("g", { class: "handle", "data-handle": mv.notation });
        g.append(s("circle", { cx: hx, cy: hy, r: 0.2, class: "handle-bg" }));
        g.append(s("path", { d: `M${tip.x} ${tip.y} L${l.x} ${l.y} L${rr.x} ${rr.y} Z`, class: "handle-arrow" }));
        g.append(s("title", {}, `turn to ${DIR_NAMES[d]} (${mv.notation})`));
        o.append(g);
      }
    }
    this.feedback.note("");
    this.drawChooser();
  }

  /** @param {any} p a PloyPiece */
  piece(p) {
    const { f, r } = fr(p.point);
    const c = this.disp(f, r);
    const col = colourOf(this.ctx.colours[p.controller] ?? "");
    const g = s("g", { class: "piece ploy-" + p.kind });
    for (let d = 0; d < 8; d++) {
      if (!(p.mask & (1 << d))) continue;
      const v = this.vec(d);
      g.append(s("line", { x1: c.x, y1: c.y, x2: c.x + v.x * 0.43, y2: c.y + v.y * 0.43, class: "dir" }));
      g.append(s("circle", { cx: c.x + v.x * 0.43, cy: c.y + v.y * 0.43, r: 0.055, class: "dir-end" }));
    }
    const style = `fill:${col.fill}`;
    if (p.kind === "commander") {
      const pts = [];
      for (let i = 0; i < 8; i++) {
        const a = (Math.PI / 8) * (2 * i + 1);
        pts.push(`${c.x + Math.cos(a) * 0.3},${c.y + Math.sin(a) * 0.3}`);
      }
      g.append(s("polygon", { points: pts.join(" "), class: "body", style }));
    } else if (p.kind === "lance") {
      g.append(s("circle", { cx: c.x, cy: c.y, r: 0.27, class: "body", style }));
    } else if (p.kind === "probe") {
      const k = 0.28;
      g.append(s("polygon", { points: `${c.x},${c.y - k} ${c.x + k},${c.y} ${c.x},${c.y + k} ${c.x - k},${c.y}`, class: "body", style }));
    } else {
      g.append(s("rect", { x: c.x - 0.19, y: c.y - 0.19, width: 0.38, height: 0.38, rx: 0.04, class: "body", style }));
    }
    g.append(s("text", { x: c.x, y: c.y + 0.01, class: "kind", style: `fill:${col.ink}` }, p.kind[0].toUpperCase()));
    if (p.owner !== p.controller) {
      const oc = colourOf(this.ctx.colours[p.owner] ?? "");
      g.append(s("circle", { cx: c.x + 0.3, cy: c.y + 0.3, r: 0.1, class: "owner", style: `fill:${oc.fill}` }));
    }
    return g;
  }

  drawChooser() {
    if (!this.selected) {
      fill(this.chooser);
      this.chooser.hidden = true;
      return;
    }
    const handles = this.handles();
    const mine = this.moves().filter((m) => m.detail.value.from === this.selected
      && (!this.pendingTo || m.detail.value.to === this.pendingTo));
    this.chooser.hidden = false;
    // compass laid out as the board is shown: display N at the top
    const layout = [[7, 0, 1], [6, -1, 2], [5, 4, 3]];
    const compass = h("div", { class: "compass", role: "group", "aria-label": "turn the piece" },
      layout.flat().map((dd) => {
        if (dd < 0) return h("span", { class: "compass-centre", "aria-hidden": "true" }, "turn");
        const d = this.ctx.flip ? (dd + 4) % 8 : dd;
        const mv = handles.get(d);
        return h("button", {
          type: "button", class: "compass-dir", disabled: !mv, "data-rotation": mv ? mv.detail.value.rotation : undefined,
          "aria-label": mv ? `turn to ${DIR_NAMES[dd]} (${mv.notation})` : `${DIR_NAMES[dd]}: not possible`,
          onclick: () => mv && this.play(mv),
        }, ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"][dd]);
      }));
    const plain = this.pendingTo ? mine.find((m) => m.detail.value.rotation === 0) : undefined;
    fill(this.chooser,
      h("p", {}, this.pendingTo ? `Move to ${this.pendingTo}: turn the Shield as well, or not.` : `${this.selected}: its moves`),
      plain ? h("button", { type: "button", class: "no-turn", "data-rotation": "0", "data-notation": plain.notation,
        onclick: () => this.play(plain) }, `Move without turning (${plain.notation})`) : null,
      h("div", { class: "chooser-row" }, handles.size ? compass : null,
        h("div", { class: "choices" }, mine.map((m) =>
          h("button", { type: "button", class: "choice", "data-notation": m.notation, onclick: () => this.play(m) }, m.notation)))));
  }

  onHandle(notation) {
    const mv = this.moves().find((m) => m.notation === notation);
    if (mv) this.play(mv);
  }

  onPress(key) {
    if (key === this.selected || this.pendingTo) return false;
    if (this.ctx.compose ? this.ownPiece(key) : this.moves().some((m) => m.detail.value.from === key)) {
      this.select(key);
      return true;
    }
    return false;
  }

  /** @param {string|undefined} key */
  select(key) {
    if (key) this.tell("");
    this.selected = key;
    this.pendingTo = undefined;
    this.draw();
  }

  /** Whether seat `a`'s pieces are friends of seat `b`'s (the same seat, or partners). */
  friends(a, b) {
    const seats = this.ctx.state?.seats ?? [];
    return a === b || (seats[a] !== undefined && seats[b] !== undefined && seats[a].team === seats[b].team);
  }

  /** Why a click on `key` selects nothing, with no piece selected. @param {string} key */
  whyNot(key) {
    if (this.ctx.idle) return this.ctx.idle;
    const p = this.pieces().get(key);
    const mover = this.ctx.state?.toMove ?? 0;
    const mine = capital(this.ctx.colours[mover] ?? "");
    if (!p) return `${key} is empty: click one of the pieces you move (${mine}) first.`;
    return `That ${p.kind} is ${capital(this.ctx.colours[p.controller] ?? "?")}'s; you move ${mine}'s pieces.`;
  }

  /**
   * Why the selected piece cannot go to `to`, from the rules' motion (rules §4.1): along one of its lines, within
   * its range, through empty points, onto an empty point or an enemy piece. Only an explanation: the legal moves
   * from the server are what the board offers.
   * @param {string} from @param {string} to
   */
  whyNotTo(from, to) {
    const pieces = this.pieces();
    const p = pieces.get(from);
    if (!p) return "";
    const a = fr(from);
    const b = fr(to);
    const df = b.f - a.f;
    const dr = b.r - a.r;
    const kind = capital(p.kind);
    const lines = DIR_NAMES.filter((_, i) => p.mask & (1 << i)).join(", ");
    const head = `The ${kind} on ${from} cannot go to ${to}`;
    if (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr)) return `${head}: a piece moves in straight lines only.`;
    const d = DIRS.findIndex(([x, y]) => x === Math.sign(df) && y === Math.sign(dr));
    if (!(p.mask & (1 << d))) return `${head}: it has no line pointing ${DIR_NAMES[d]} (its lines: ${lines}); turn it first.`;
    const dist = Math.max(Math.abs(df), Math.abs(dr));
    const range = RANGE[p.kind] ?? 1;
    if (dist > range) return `${head}: a ${kind} moves ${range === 1 ? "1 point" : `1 to ${range} points`}.`;
    for (let k = 1; k < dist; k++) {
      const at = String.fromCharCode(97 + a.f + Math.sign(df) * k) + (a.r + Math.sign(dr) * k + 1);
      if (pieces.has(at)) return `${head}: the piece on ${at} is in the way.`;
    }
    const there = pieces.get(to);
    if (there && this.friends(there.controller, p.controller)) return `${head}: a piece of your own side is there.`;
    return `${head}.`;
  }

  onEscape() {
    this.select(undefined);
  }

  onSquare(key) {
    if (this.ctx.compose) {
      this.composeSquare(key);
      return;
    }
    const moves = this.moves();
    const isFrom = moves.some((m) => m.detail.value.from === key);
    if (!this.selected) {
      if (isFrom) this.select(key);
      else this.tell(this.whyNot(key));
      return;
    }
    if (this.pendingTo) {
      if (key === this.pendingTo) {
        const plain = moves.find((m) => m.detail.value.from === this.selected && m.detail.value.to === key
          && m.detail.value.rotation === 0);
        if (plain) this.play(plain);
        return;
      }
      this.select(isFrom ? key : undefined);
      return;
    }
    if (key === this.selected) {
      this.select(undefined);
      return;
    }
    const cands = moves.filter((m) => m.detail.value.from === this.selected && m.detail.value.to === key);
    if (cands.length === 1) {
      this.play(cands[0]);
    } else if (cands.length > 1) {
      this.pendingTo = key;
      this.draw();
    } else {
      const from = this.selected;
      this.select(isFrom ? key : undefined);
      if (!isFrom) this.tell(this.whyNotTo(from, key));
    }
  }
}
