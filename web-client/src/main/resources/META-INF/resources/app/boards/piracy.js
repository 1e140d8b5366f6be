// Piracy: an N×N sea (PiracyBoard.size; squares "x,y", 0-based, a1 = 0,0 at the bottom left, turned round
// for Silver), the four corner ports, the 2×2 island, the two ships (stern to bow, the bow an arrow in the
// heading), hits and turn run beside the board. The squares a legal move's bow would reach are marked with
// its turn letter: click one, or use the L / F / R buttons (enabled for the legal turns only). Headings are the
// board's compass directions (N towards row 8), each shown with an arrow as it points on this screen, beside a
// compass rose that turns with the board; moves that sink the mover's own ship are named before they are made.

import { GridBoard } from "./grid.js";
import { h, s, fill, colourOf } from "../util.js";

/** Heading 0..7 = E, NE, N, NW, W, SW, S, SE → [dx, dy] (y up). */
const HEADINGS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
export const HEADING_NAMES = ["E", "NE", "N", "NW", "W", "SW", "S", "SE"];
const HEADING_WORDS = ["east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east"];
/** Arrows by direction on the screen, in the headings' order (E, NE, N, … counter-clockwise). */
const ARROWS = ["→", "↗", "↑", "↖", "←", "↙", "↓", "↘"];
const SCREEN_WORDS = ["right", "up and right", "up", "up and left", "left", "down and left", "down", "down and right"];
/** Hits that sink a ship (rules: "A ship with ≥ 7 hits sinks"). */
export const SINKING_HITS = 7;

/** The arrow of heading `h` as it points on the screen (the board turned round for Silver). */
export function screenArrow(h, flip) {
  return ARROWS[((flip ? h + 4 : h) % 8 + 8) % 8];
}

/** "north-east, up and right on your screen". */
export function headingWords(h, flip) {
  return `${HEADING_WORDS[h & 7]}, ${SCREEN_WORDS[((flip ? h + 4 : h) % 8 + 8) % 8]} on your screen`;
}

/** The ship whose turn it is. @param {any} b a PiracyBoard */
export function shipToMove(b) {
  return b?.cookToMove ? b.cook : b?.silver;
}

/** The heading a legal move leaves the ship with (the turn's units added). */
export function headingAfter(ship, move) {
  return (((ship?.heading ?? 0) + (move.detail.value.units ?? 0)) % 8 + 8) % 8;
}

/**
 * How a legal move sinks the mover's own ship, or "" when it stays afloat — exact by the rules: a ship sinks when
 * it runs aground, or at its 7th hit, and the mover's only hits are its own circle-rule penalties (the move's
 * `penalties`; hits dealt go to the enemy).
 * @param {any} b a PiracyBoard @param {any} move a legal Move
 */
export function sinksOwnShip(b, move) {
  const d = move.detail.value;
  if (d.aground) return "runs aground";
  const ship = shipToMove(b);
  if ((ship?.hits ?? 0) + (d.penalties ?? 0) >= SINKING_HITS) return "takes its 7th hit (circle rule)";
  return "";
}

export class PiracyBoard extends GridBoard {
  /**
   * @param {HTMLElement} root
   * @param {HTMLElement} info   hits and turn runs
   * @param {import("./grid.js").Feedback} feedback
   */
  constructor(root, info, feedback) {
    super(root, "piracy", feedback, true);
    this.info = info;
    this.play = feedback.play;
    this.ctx = { state: undefined, legal: [], flip: false, lastMove: undefined, idle: "" };
    this.n = 8;
  }

  /** Display centre of square (x, y). */
  disp(x, y) {
    const n = this.n;
    return this.ctx.flip ? { x: n - 1 - x + 0.5, y: y + 0.5 } : { x: x + 0.5, y: n - 1 - y + 0.5 };
  }

  board() {
    return this.ctx.state?.board?.case === "piracy" ? this.ctx.state.board.value : undefined;
  }

  update(ctx) {
    this.ctx = ctx;
    const b = this.board();
    const n = b?.size || 8;
    this.n = n;
    const cells = [];
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const p = this.disp(x, y);
        const row = p.y - 0.5;
        const col = p.x - 0.5;
        cells.push({ key: `${x},${y}`, row, col, active: true });
      }
    }
    this.layout(n, cells, `${n}:${ctx.flip}`);
    const files = [...Array(n)].map((_, col) => String.fromCharCode(97 + (ctx.flip ? n - 1 - col : col)));
    const ranks = [...Array(n)].map((_, row) => String(ctx.flip ? row + 1 : n - row));
    this.setCoords(files, ranks);
    this.draw();
  }

  moves() {
    return this.ctx.legal.filter((m) => m.detail?.case === "piracy");
  }

  draw() {
    const b = this.board();
    const n = this.n;
    const island = b?.island ?? { x: -9, y: -9 };
    const byBow = new Map();
    for (const m of this.moves()) {
      const d = m.detail.value;
      if (!d.aground && d.bow) byBow.set(`${d.bow.x},${d.bow.y}`, m);
    }
    const shipAt = new Map();
    for (const [name, ship] of [["cook", b?.cook], ["silver", b?.silver]]) {
      if (!ship || ship.sunk) continue;
      shipAt.set(`${ship.bow?.x ?? 0},${ship.bow?.y ?? 0}`, `${name}'s bow`);
      shipAt.set(`${ship.stern?.x ?? 0},${ship.stern?.y ?? 0}`, `${name}'s stern`);
    }
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const key = `${x},${y}`;
        const name = String.fromCharCode(97 + x) + (y + 1);
        const classes = [];
        const land = x >= island.x && x < island.x + 2 && y >= island.y && y < island.y + 2;
        const port = (x === 0 || x === n - 1) && (y === 0 || y === n - 1);
        classes.push(land ? "island" : port ? "port" : "water");
        const mv = byBow.get(key);
        if (mv) classes.push("target");
        let label = `${name}, ${land ? "island" : port ? "port" : "water"}`;
        if (shipAt.has(key)) label += ", " + shipAt.get(key);
        if (mv) label += `, ${mv.notation} sails here`;
        this.decorate(key, classes, label);
      }
    }
    const o = this.clearOverlay();
    // island and ports
    if (b) {
      const a = this.disp(island.x, island.y);
      const c = this.disp(island.x + 1, island.y + 1);
      o.append(s("rect", {
        class: "island-shape", x: Math.min(a.x, c.x) - 0.45, y: Math.min(a.y, c.y) - 0.45, width: 1.9, height: 1.9, rx: 0.35,
      }));
      for (const [x, y] of [[0, 0], [n - 1, 0], [0, n - 1], [n - 1, n - 1]]) {
        const p = this.disp(x, y);
        o.append(s("text", { x: p.x, y: p.y + 0.05, class: "port-mark" }, "⚓"));
      }
    }
    for (const [name, ship] of [["cook", b?.cook], ["silver", b?.silver]]) {
      if (!ship || ship.sunk) continue;
      o.append(this.ship(name, ship));
    }
    for (const [key, m] of byBow) {
      const [x, y] = key.split(",").map(Number);
      const p = this.disp(x, y);
      o.append(s("circle", { class: "target-dot", cx: p.x, cy: p.y, r: 0.22 }));
      o.append(s("text", { class: "target-letter", x: p.x, y: p.y + 0.02 }, m.detail.value.turn));
    }
    this.drawInfo();
    this.feedback.note(this.warning());
  }

  /** What the viewer should know before choosing: the moves that sink their own ship, or the enemy's. */
  warning() {
    const b = this.board();
    const moves = this.moves();
    if (!b || !moves.length) return "";
    const sinking = moves.map((m) => [m, sinksOwnShip(b, m)]).filter(([, why]) => why);
    const enemy = b.cookToMove ? "Silver" : "Cook";
    const parts = [];
    if (sinking.length === moves.length) {
      parts.push(`Every move sinks your ship: ${sinking.map(([m, why]) => `${m.detail.value.turn} ${why}`).join(", ")}.`
        + " One of them must still be played.");
    } else if (sinking.length) {
      parts.push(`Careful: ${sinking.map(([m, why]) => `${m.detail.value.turn} sinks your ship (${why})`).join("; ")}.`);
    }
    const winners = moves.filter((m) => m.detail.value.sinksEnemy && !sinksOwnShip(b, m));
    if (winners.length) parts.push(`${winners.map((m) => m.detail.value.turn).join(" or ")} sinks ${enemy}'s ship.`);
    return parts.join(" ");
  }

  /** @param {string} name @param {any} ship */
  ship(name, ship) {
    const col = colourOf(name);
    const bow = this.disp(ship.bow?.x ?? 0, ship.bow?.y ?? 0);
    const stern = this.disp(ship.stern?.x ?? 0, ship.stern?.y ?? 0);
    const g = s("g", { class: "ship ship-" + name });
    g.append(s("line", { x1: stern.x, y1: stern.y, x2: bow.x, y2: bow.y, class: "hull", style: `stroke:${col.fill}` }));
    g.append(s("line", { x1: stern.x, y1: stern.y, x2: bow.x, y2: bow.y, class: "hull-inner" }));
    const [dx, dyUp] = HEADINGS[ship.heading & 7];
    let vx = dx;
    let vy = -dyUp;
    if (this.ctx.flip) { vx = -vx; vy = -vy; }
    const len = Math.hypot(vx, vy);
    vx /= len; vy /= len;
    const tip = { x: bow.x + vx * 0.42, y: bow.y + vy * 0.42 };
    const l = { x: bow.x - vy * 0.3 - vx * 0.1, y: bow.y + vx * 0.3 - vy * 0.1 };
    const r = { x: bow.x + vy * 0.3 - vx * 0.1, y: bow.y - vx * 0.3 - vy * 0.1 };
    g.append(s("path", { d: `M${tip.x} ${tip.y} L${l.x} ${l.y} L${r.x} ${r.y} Z`, class: "bow", style: `fill:${col.fill}` }));
    g.append(s("circle", { cx: stern.x, cy: stern.y, r: 0.3, class: "stern", style: `fill:${col.fill}` }));
    g.append(s("text", { x: stern.x, y: stern.y + 0.02, class: "ship-letter", style: `fill:${col.ink}` }, col.letter));
    if (ship.hits > 0) {
      g.append(s("text", { x: bow.x, y: bow.y + 0.03, class: "ship-hits" }, String(ship.hits)));
    }
    return g;
  }

  drawInfo() {
    const b = this.board();
    if (!b) {
      fill(this.info);
      return;
    }
    const flip = this.ctx.flip;
    const line = (name, ship) => {
      const col = colourOf(name);
      const h0 = (ship?.heading ?? 0) & 7;
      const body = !ship || ship.sunk
        ? [h("span", { class: "ship-stats" }, "sunk")]
        : [
          h("span", { class: "ship-stats" }, `${ship.hits} of ${SINKING_HITS} hits`),
          h("span", { class: "ship-stats" }, "heading ",
            h("span", { class: "heading", "data-heading": HEADING_NAMES[h0], "data-arrow": screenArrow(h0, flip),
              title: headingWords(h0, flip) }, `${HEADING_NAMES[h0]} ${screenArrow(h0, flip)}`),
            " · ", h("span", { class: "nowrap" }, `turn run ${ship.run >= 0 ? "+" : ""}${ship.run} of ±8`)),
        ];
      return h("li", { class: "ship-info", "data-ship": name },
        h("span", { class: "swatch", style: `background:${col.fill};color:${col.ink}`, "aria-hidden": "true" }, col.letter),
        h("span", { class: "ship-text" }, h("strong", {}, name === "cook" ? "Cook" : "Silver"), ": ", ...body));
    };
    // the compass rose as the board is shown: N at the top for Cook, at the bottom for Silver
    const at = (d) => ["top", "right", "bottom", "left"][((flip ? d + 2 : d) % 4)];
    const rose = h("div", { id: "piracy-compass", class: "rose", "data-north": flip ? "down" : "up", role: "img",
      "aria-label": flip ? "Compass: the board is turned, north is at the bottom of your screen"
        : "Compass: north is at the top of your screen" },
    ["N", "E", "S", "W"].map((d, i) => h("span", { class: "rose-" + at(i), "data-dir": d }, d)), h("span", { class: "rose-centre" }, "✦"));
    fill(this.info,
      h("div", { class: "piracy-info-row" }, rose,
        h("ul", { class: "ships" }, line("cook", b.cook), line("silver", b.silver))),
      b.survivalPhase ? h("p", { class: "survival" }, `Survival: the ship afloat must sail ${b.survivalMovesLeft} more move${b.survivalMovesLeft === 1 ? "" : "s"} to win.`) : null,
      h("p", { class: "ply note" }, `Ply ${b.ply} of 490.${flip ? " The board is turned for Silver: north is at the bottom." : ""}`));
  }

  onSquare(key) {
    if (this.ctx.compose) {
      // no legal moves known (an exercise, a puzzle): the turn is chosen with the buttons, and the server judges it
      this.tell(this.ctx.idle || "Choose the turn with the L, F and R buttons under the board.");
      return;
    }
    const m = this.moves().find((x) => !x.detail.value.aground && x.detail.value.bow
      && `${x.detail.value.bow.x},${x.detail.value.bow.y}` === key);
    if (m) {
      this.tell("");
      this.play(m);
      return;
    }
    this.tell(this.ctx.idle || "Your bow can only go to a square marked L, F or R; or use the L, F, R buttons"
      + " (a move that runs aground is only on the buttons).");
  }
}
