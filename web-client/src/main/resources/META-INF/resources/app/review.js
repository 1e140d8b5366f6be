// Game review (#/review/<match id>, and #/review for a record pasted in): the AI's review streamed as it is computed
// (LearnService.ReviewMatch, ReviewRecord), or at once when stored. A graph of the evaluation over the game (the first
// side's expected result in two-sided games, each side's own otherwise), every move with its class, and a board that
// steps through the game and, where a move lost value, through the engine's better line.

import { $, h, s, fill, errorText, capital } from "./util.js";
import { ShownBoard } from "./boards/shown.js";
import { MoveClass } from "./gen/plyyard/v1/engine_pb.js";

const WORDS = {
  [MoveClass.BEST]: "best", [MoveClass.GOOD]: "good", [MoveClass.INACCURACY]: "inaccuracy",
  [MoveClass.MISTAKE]: "mistake", [MoveClass.BLUNDER]: "blunder",
};
const GRAPH = { width: 600, height: 160, pad: 8 };
/** A line per side in games of more than two sides: the seats' own colours are the page's. */
const SIDE_STROKES = ["#2f6fb0", "#b0452f", "#3c9a4a", "#a08a1c"];

/** "1 mistake", "2 mistakes". @param {number} n @param {string} one @param {string} [many] */
function count(n, one, many) {
  return `${n} ${n === 1 ? one : many ?? one + "s"}`;
}

export class ReviewView {
  /**
   * @param {{learn: any}} api
   * @param {(text: string) => void} announce
   */
  constructor(api, announce) {
    this.api = api;
    this.announce = announce;
    /** @type {any} the ReviewStart */
    this.start = undefined;
    /** @type {any[]} the ReviewedMoves so far */
    this.moves = [];
    this.selected = -1;
    this.lineStep = 0;
    /** @type {AbortController | undefined} */
    this.abort = undefined;
    /** @type {Map<number, Element>} the graph's line per side ({@link frame}) */
    this.lines = new Map();
    /** @type {Element | undefined} */
    this.lineLayer = undefined;
    /** @type {Element | undefined} */
    this.pointLayer = undefined;
    /** @type {Element | undefined} */
    this.cursor = undefined;
    this.shown = new ShownBoard({ board: $("review-board"), chooser: $("review-chooser"),
      piracyInfo: $("review-piracy-info"), note: $("review-board-note") });
    $("review-first").addEventListener("click", () => this.select(-1));
    $("review-prev").addEventListener("click", () => this.select(this.selected - 1));
    $("review-next").addEventListener("click", () => this.select(this.selected + 1));
    $("review-last").addEventListener("click", () => this.select(this.moves.length - 1));
    $("review-line-prev").addEventListener("click", () => this.stepLine(-1));
    $("review-line-next").addEventListener("click", () => this.stepLine(1));
    $("review-record-box").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = /** @type {HTMLTextAreaElement} */ ($("review-record")).value;
      const game = /** @type {HTMLSelectElement} */ ($("review-game")).value;
      this.run((signal) => this.api.learn.reviewRecord({ record: text, game }, { signal }));
    });
    document.addEventListener("keydown", (e) => {
      if ($("review").hidden || !this.start || /^(INPUT|TEXTAREA|SELECT)$/.test(/** @type {any} */ (e.target)?.tagName)) return;
      if (e.key === "ArrowLeft") this.select(this.selected - 1);
      else if (e.key === "ArrowRight") this.select(this.selected + 1);
      else return;
      e.preventDefault();
    });
  }

  /** The review of a finished match. @param {string} matchId */
  open(matchId) {
    $("review-record-box").hidden = true;
    this.run((signal) => this.api.learn.reviewMatch({ matchId }, { signal }));
  }

  /** The form for a record brought from elsewhere. */
  openRecordForm() {
    this.close();
    this.reset();
    $("review-record-box").hidden = false;
    $("review-body").hidden = true;
  }

  close() {
    this.abort?.abort();
    this.abort = undefined;
  }

  reset() {
    this.start = undefined;
    this.moves = [];
    this.selected = -1;
    this.lineStep = 0;
    $("review-error").textContent = "";
    $("review").dataset.reviewId = "";
    $("review").dataset.done = "false";
    $("review").dataset.reviewed = "0";
    fill($("review-moves"));
    fill($("review-summary"));
    fill($("review-graph"));
    this.cursor = undefined;
    $("review-progress-text").textContent = "";
  }

  /** Streams a review into the page. @param {(signal: AbortSignal) => AsyncIterable<any>} call */
  async run(call) {
    this.close();
    this.reset();
    const abort = new AbortController();
    this.abort = abort;
    $("review-body").hidden = true;
    $("review-progress-text").textContent = "Asking for the review…";
    try {
      for await (const p of call(abort.signal)) {
        if (abort.signal.aborted) return;
        if (p.update.case === "start") this.begin(p.update.value);
        else if (p.update.case === "move") this.add(p.update.value);
        else if (p.update.case === "summary") this.finish(p.update.value);
      }
    } catch (err) {
      if (!abort.signal.aborted) {
        $("review-error").textContent = errorText(err);
        $("review-progress-text").textContent = "";
      }
    }
  }

  /** @param {any} start ReviewStart */
  begin(start) {
    this.start = start;
    const r = $("review");
    r.dataset.reviewId = start.reviewId;
    r.dataset.plies = String(start.moves.length);
    $("review-title").textContent = `Review · ${start.first.variant?.id ?? ""}`
      + (start.matchId ? "" : " · a record");
    $("review-body").hidden = false;
    $("review-back").hidden = !start.matchId;
    /** @type {HTMLAnchorElement} */ ($("review-back")).href = start.matchId ? `#/match/${start.matchId}` : "#/";
    /** @type {HTMLProgressElement} */ ($("review-progress")).max = Math.max(1, start.moves.length);
    this.frame();
    this.progress();
    this.select(-1);
  }

  /** @param {any} m ReviewedMove */
  add(m) {
    this.moves[m.ply] = m;
    $("review-moves").append(this.row(m));
    $("review").dataset.reviewed = String(this.moves.length);
    this.progress();
    this.plot(m);
    if (this.selected === this.moves.length - 2) this.select(this.moves.length - 1); // follow the review as it goes
  }

  progress() {
    const n = this.start?.moves.length ?? 0;
    /** @type {HTMLProgressElement} */ ($("review-progress")).value = this.moves.length;
    $("review-progress-text").textContent = this.moves.length < n
      ? `Reviewing: ${this.moves.length} of ${n} moves…` : `${n} moves reviewed.`;
  }

  /** @param {any} summary ReviewSummary */
  finish(summary) {
    $("review").dataset.done = "true";
    $("review-progress-text").textContent = `${summary.reviewed} moves reviewed.`;
    fill($("review-summary"), ...summary.sides.map((/** @type {any} */ side) => h("li", { "data-side": side.side },
      h("strong", {}, side.seats.map((/** @type {number} */ seat) => capital(this.colour(seat))).join(" & ")), ": ",
      `${count(side.moves, "move")} · ${side.best} best · ${side.good} good · `
      + `${count(side.inaccuracies, "inaccuracy", "inaccuracies")} · ${count(side.mistakes, "mistake")} · `
      + `${count(side.blunders, "blunder")} · average loss ${(side.averageLoss / 10).toFixed(1)} %`)));
    this.announce("The review is complete.");
  }

  /** @param {number} seat */
  colour(seat) {
    return this.start?.first.seats?.[seat]?.colour ?? `seat ${seat}`;
  }

  /** A move's row: number, seat, move, class, and where it lost value the better move. @param {any} m */
  row(m) {
    const word = WORDS[m.classification] ?? "?";
    const lost = m.bestLineStates.length > 0;
    return h("li", { "data-ply": m.ply, "data-class": word },
      h("button", { type: "button", class: "review-row", onclick: () => this.select(m.ply) },
        `${m.ply + 1}. ${capital(this.colour(m.seat))} ${m.move}`, " ",
        h("span", { class: `review-class ${word}` }, word),
        m.loss > 0 ? ` −${(m.loss / 10).toFixed(1)} %` : "",
        lost ? ` · better ${m.best}` : ""));
  }

  /**
   * The graph's frame, drawn once per review: the even line and the cursor. Each move then adds its own point and
   * segment ({@link plot}), so a long game costs no redrawing.
   */
  frame() {
    const { width, height, pad } = GRAPH;
    const svg = $("review-graph");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    /** @type {Map<number, Element>} a line per side */
    this.lines = new Map();
    this.lineLayer = s("g", {});
    this.pointLayer = s("g", {});
    this.cursor = s("line", { y1: pad, y2: height - pad, class: "review-cursor", visibility: "hidden" });
    fill(svg, s("line", { x1: pad, x2: width - pad, y1: this.y(500), y2: this.y(500), class: "review-even" }),
      this.lineLayer, this.pointLayer, this.cursor);
  }

  /** @param {number} ply */
  x(ply) {
    const { width, pad } = GRAPH;
    return pad + (width - 2 * pad) * (ply + 1) / Math.max(1, this.start?.moves.length ?? 1);
  }

  /** @param {number} expected the expected result, 0..1000 */
  y(expected) {
    const { height, pad } = GRAPH;
    return pad + (height - 2 * pad) * (1 - expected / 1000);
  }

  /** A move's point (its class's colour) and its segment of its side's line. @param {any} m ReviewedMove */
  plot(m) {
    const two = this.start.sides === 2;
    const first = this.start.first.seats?.[0]?.team ?? 0;
    const side = two ? 0 : m.side;
    const e = two ? (m.side === first ? m.expectedPlayed : 1000 - m.expectedPlayed) : m.expectedPlayed;
    let line = this.lines.get(side);
    if (!line) {
      line = s("polyline", { points: `${this.x(-1)},${this.y(two ? 500 : e)}`, class: "review-line",
        stroke: two ? "currentColor" : SIDE_STROKES[side % SIDE_STROKES.length] });
      this.lines.set(side, line);
      this.lineLayer.append(line);
    }
    line.setAttribute("points", `${line.getAttribute("points")} ${this.x(m.ply)},${this.y(e)}`);
    const point = s("circle", { cx: this.x(m.ply), cy: this.y(e), r: 3.5,
      class: `review-point ${WORDS[m.classification] ?? ""}`, dataset: { ply: m.ply } },
      s("title", {}, `${m.ply + 1}. ${m.move}: ${WORDS[m.classification] ?? ""}`));
    point.addEventListener("click", () => this.select(m.ply));
    this.pointLayer.append(point);
  }

  /** The cursor at the selected move; hidden before the first. */
  placeCursor() {
    if (!this.cursor) return;
    const at = this.selected >= 0 ? this.x(this.selected) : 0;
    this.cursor.setAttribute("x1", String(at));
    this.cursor.setAttribute("x2", String(at));
    this.cursor.setAttribute("visibility", this.selected >= 0 ? "visible" : "hidden");
  }

  /** Shows the position after move {@code ply} (-1: before the first). @param {number} ply */
  select(ply) {
    if (!this.start) return;
    const p = Math.max(-1, Math.min(ply, this.moves.length - 1));
    this.selected = p;
    this.lineStep = 0;
    $("review").dataset.selected = String(p);
    for (const li of $("review-moves").children) {
      li.classList.toggle("selected", Number(/** @type {any} */ (li).dataset.ply) === p);
    }
    const m = p >= 0 ? this.moves[p] : undefined;
    this.shown.show(m ? m.after : this.start.first, "");
    if (!m) {
      $("review-move").textContent = "The start of the game.";
      $("review-line").hidden = true;
    } else {
      const word = WORDS[m.classification] ?? "?";
      $("review-move").textContent = `${m.ply + 1}. ${capital(this.colour(m.seat))} played ${m.move}: ${word}`
        + (m.forced ? " (the only move)" : "") + (m.loss > 0 ? `, giving away ${(m.loss / 10).toFixed(1)} % of the expected result`
        : "") + ".";
      const lost = m.bestLineStates.length > 0;
      $("review-line").hidden = !lost;
      if (lost) $("review-line-text").textContent = `Better was ${m.best}: ${m.bestLine.join(" ")}`;
      this.lineButtons();
    }
    this.placeCursor();
  }

  /** Steps through the better line of the selected move (0: the game's position). @param {number} by */
  stepLine(by) {
    const m = this.moves[this.selected];
    if (!m || !m.bestLineStates.length) return;
    this.lineStep = Math.max(0, Math.min(m.bestLineStates.length, this.lineStep + by));
    $("review").dataset.lineStep = String(this.lineStep);
    // step k shows the better line after its k-th move, from the position before the move played
    this.shown.show(this.lineStep === 0 ? m.after : m.bestLineStates[this.lineStep - 1], "");
    $("review-line-at").textContent = this.lineStep === 0 ? "As played."
      : `Better line, move ${this.lineStep}: ${m.bestLine[this.lineStep - 1]}`;
    this.lineButtons();
  }

  lineButtons() {
    const m = this.moves[this.selected];
    const n = m?.bestLineStates.length ?? 0;
    /** @type {HTMLButtonElement} */ ($("review-line-prev")).disabled = this.lineStep <= 0;
    /** @type {HTMLButtonElement} */ ($("review-line-next")).disabled = this.lineStep >= n;
    if (this.lineStep === 0) $("review-line-at").textContent = "As played.";
    $("review").dataset.lineStep = String(this.lineStep);
  }
}
