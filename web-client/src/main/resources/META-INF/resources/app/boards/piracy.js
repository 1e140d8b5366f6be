// Piracy: an N×N sea (PiracyBoard.size; squares "x,y", 0-based, a1 = 0,0 at the bottom left, turned round
// for Silver), the four corner ports, the 2×2 island, the two ships (stern to bow, the bow an arrow in the
// heading), hits and turn run beside the board. The squares a legal move's bow would reach are marked with
// its turn letter: click one, or use the L / F / R buttons (enabled for the legal turns only).

import { GridBoard } from "./grid.js";
import { h, s, fill, colourOf } from "../util.js";

/** Heading 0..7 = E, NE, N, NW, W, SW, S, SE → [dx, dy] (y up). */
const HEADINGS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const HEADING_NAMES = ["E", "NE", "N", "NW", "W", "SW", "S", "SE"];

export class PiracyBoard extends GridBoard {
  /**
   * @param {HTMLElement} root
   * @param {HTMLElement} info   hits and turn runs
   * @param {(move: any) => void} play
   */
  constructor(root, info, play) {
    super(root, "piracy");
    this.info = info;
    this.play = play;
    this.ctx = { state: undefined, legal: [], flip: false, lastMove: undefined };
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
        const name = String.fromCharCode(97 + x) + (y + 1);
        let mark;
        if (row === n - 1 && col === 0) mark = name;
        else if (row === n - 1) mark = name[0];
        else if (col === 0) mark = name.slice(1);
        cells.push({ key: `${x},${y}`, row, col, active: true, mark });
      }
    }
    this.layout(n, cells, `${n}:${ctx.flip}`);
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
    const line = (name, ship) => {
      const col = colourOf(name);
      const text = !ship || ship.sunk ? "sunk"
        : `${ship.hits} hit${ship.hits === 1 ? "" : "s"} of 7, heading ${HEADING_NAMES[ship.heading & 7]}, turn run ${ship.run >= 0 ? "+" : ""}${ship.run}`;
      return h("li", { class: "ship-info", "data-ship": name },
        h("span", { class: "swatch", style: `background:${col.fill};color:${col.ink}` }, col.letter),
        ` ${name === "cook" ? "Cook" : "Silver"}: ${text}`);
    };
    fill(this.info,
      h("ul", { class: "ships" }, line("cook", b.cook), line("silver", b.silver)),
      b.survivalPhase ? h("p", { class: "survival" }, `Survival: ${b.survivalMovesLeft} move(s) left for the ship afloat.`) : null,
      h("p", { class: "ply" }, `Ply ${b.ply} of 490.`));
  }

  onSquare(key) {
    const m = this.moves().find((x) => !x.detail.value.aground && x.detail.value.bow
      && `${x.detail.value.bow.x},${x.detail.value.bow.y}` === key);
    if (m) this.play(m);
  }
}
