// The game view (#/match/<id>): follows WatchMatch (a snapshot, then live events; resumed from the last
// version seen after a lost connection, with backoff and a visible "reconnecting" state), draws the board of
// the match's game, offers the legal moves of the position (MatchService.ListLegalMoves) to the player whose
// turn it is, and the match actions: typed moves, draw offers, resign, abort, rematch, the game record.

import { $, h, fill, colourOf, capital, clockText, num, errorText, followStream, sleep, timeControlText, variantName } from "./util.js";
import { record, recordFile } from "./record.js";
import { DraughtsBoard } from "./boards/draughts.js";
import { PloyBoard } from "./boards/ploy.js";
import { PiracyBoard } from "./boards/piracy.js";

const STATUS = { 0: "waiting", 1: "waiting", 2: "active", 3: "finished", 4: "aborted" };
const SEAT_PLAYER = 1;
const SEAT_AI = 2;
const SEAT_OPEN = 3;
const SEAT_INVITED = 4;
const LEVELS = ["", "beginner", "casual", "club", "expert", "max"];

/**
 * @typedef Api
 * @property {any} lobby  LobbyService client
 * @property {any} match  MatchService client
 * @property {any} mm     MatchmakingService client
 */

export class GameView {
  /**
   * @param {Api} api
   * @param {() => ({id: string, name: string} | undefined)} me
   * @param {(text: string) => void} announce  polite status line
   */
  constructor(api, me, announce) {
    this.api = api;
    this.me = me;
    this.announce = announce;
    this.root = $("game");
    /** @type {any} */
    this.match = undefined;
    this.version = 0n;
    this.matchId = "";
    /** @type {any[]} */
    this.legal = [];
    this.legalSeq = 0;
    /** @type {number[]} */
    this.clocks = [];
    this.clockAt = 0;
    this.serverOffset = undefined;
    /** @type {AbortController|undefined} */
    this.abort = undefined;
    this.board = undefined;
    this.boardGame = "";
    this.busy = false;
    this.ticker = 0;
    this.rematchWaiting = "";
    this.wire();
  }

  wire() {
    $("move-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = /** @type {HTMLInputElement} */ ($("move-input"));
      const text = input.value.trim();
      if (text) this.submit(text, () => { input.value = ""; });
    });
    $("resign").addEventListener("click", () => this.action("resign", "You resigned."));
    $("offer-draw").addEventListener("click", () => this.action("offerDraw", "Draw offered."));
    $("accept-draw").addEventListener("click", () => this.action("acceptDraw", "Draw accepted."));
    $("decline-draw").addEventListener("click", () => this.action("declineDraw", "Draw declined."));
    $("abort").addEventListener("click", () => this.action("abort", "Match aborted."));
    $("join").addEventListener("click", () => this.join());
    $("rematch").addEventListener("click", () => this.rematch());
    $("download").addEventListener("click", () => this.download());
    for (const b of this.root.querySelectorAll("button[data-turn]")) {
      b.addEventListener("click", () => {
        const turn = /** @type {HTMLElement} */ (b).dataset.turn;
        const mv = this.myLegal().find((m) => m.detail?.case === "piracy" && m.detail.value.turn === turn);
        if (mv) this.play(mv);
      });
    }
  }

  /** Starts following a match (a reload starts from a snapshot). @param {string} id */
  open(id) {
    if (this.matchId === id && this.abort) return;
    this.close();
    this.matchId = id;
    this.match = undefined;
    this.version = 0n;
    this.legal = [];
    this.rematchWaiting = "";
    this.boardGame = "";
    this.board = undefined;
    fill($("board"));
    fill($("moves"));
    fill($("seats"));
    $("result").textContent = "";
    $("move-error").textContent = "";
    $("rematch-status").textContent = "";
    this.root.dataset.matchId = id;
    this.root.dataset.version = "0";
    this.root.dataset.status = "waiting";
    $("board").dataset.legalMoves = "";
    $("game-title").textContent = "Match " + id;
    this.setConnection("reconnecting");
    this.abort = new AbortController();
    this.follow(this.abort.signal);
    this.ticker = window.setInterval(() => this.tick(), 200);
  }

  close() {
    this.abort?.abort();
    this.abort = undefined;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = 0;
    this.matchId = "";
  }

  /** @param {"live"|"reconnecting"} state */
  setConnection(state) {
    const el = $("connection");
    if (el.textContent !== state) el.textContent = state;
    el.className = "connection " + state;
  }

  /**
   * WatchMatch with resumption: from a snapshot the first time, then from the last version applied.
   * @param {AbortSignal} signal
   */
  async follow(signal) {
    await followStream({
      open: () => this.api.match.watchMatch({ matchId: this.matchId, fromVersion: this.match ? this.version : 0n },
        { signal }),
      onMessage: (ev) => this.apply(ev),
      onState: (state) => this.setConnection(state),
      onError: (e) => {
        const code = e?.codeName;
        if (code === "NOT_FOUND" || code === "INVALID_ARGUMENT" || code === "PERMISSION_DENIED") {
          $("move-error").textContent = errorText(e);
          $("game-title").textContent = "Match " + this.matchId + " cannot be shown";
          return true;
        }
        if (code === "UNAUTHENTICATED") {
          $("move-error").textContent = errorText(e) + " Register again to watch.";
          window.dispatchEvent(new CustomEvent("plyyard:unauthenticated"));
          return true;
        }
        return false;
      },
    }, signal);
  }

  /** @param {any} ev a MatchEvent */
  apply(ev) {
    const at = num(ev.atEpochMillis);
    if (at > 0) {
      const offset = at - Date.now();
      // the freshest event gives the best estimate (older ones arrive late)
      this.serverOffset = this.serverOffset === undefined ? offset : Math.max(this.serverOffset - 50, offset);
    }
    const e = ev.event;
    if (e?.case === "snapshot") {
      this.snapshot(e.value);
      return;
    }
    const m = this.match;
    if (!m || ev.version <= this.version) return;
    let positionChanged = false;
    switch (e?.case) {
      case "seatJoined": {
        const seat = m.seats[e.value.seat];
        if (seat) { seat.kind = SEAT_PLAYER; seat.player = e.value.player; }
        break;
      }
      case "started":
        m.status = 2;
        this.clockAt = at;
        positionChanged = true;
        break;
      case "movePlayed": {
        const mp = e.value;
        m.moves.push({ ply: mp.ply, seat: mp.seat, move: mp.move, version: ev.version, atEpochMillis: ev.atEpochMillis });
        if (mp.state) m.state = mp.state;
        if (mp.clockMillis?.length) this.clocks = mp.clockMillis.map(num);
        this.clockAt = at;
        for (const s of m.seats) s.offersDraw = false;
        positionChanged = true;
        break;
      }
      case "clock":
        if (e.value.clockMillis?.length) this.clocks = e.value.clockMillis.map(num);
        this.clockAt = at;
        break;
      case "drawOffered": {
        const seat = m.seats[e.value.seat];
        if (seat) seat.offersDraw = true;
        break;
      }
      case "drawDeclined":
        for (const s of m.seats) s.offersDraw = false;
        break;
      case "ended":
        m.status = e.value.status;
        m.result = e.value.result;
        if (e.value.state) m.state = e.value.state;
        for (const s of m.seats) s.offersDraw = false;
        positionChanged = true;
        break;
      case "presence": {
        const seat = m.seats[e.value.seat];
        if (seat) seat.connected = e.value.connected;
        break;
      }
      case "seatOut": {
        const seat = m.seats[e.value.seat];
        if (seat) seat.out = true;
        if (e.value.state) m.state = e.value.state;
        this.clockAt = at;
        positionChanged = true;
        break;
      }
      default:
        break;
    }
    this.version = ev.version;
    m.version = ev.version;
    this.render(positionChanged);
  }

  /** @param {any} match */
  snapshot(match) {
    const firstTime = !this.match;
    this.match = match;
    this.version = match.version;
    this.clocks = (match.seats ?? []).map((s) => num(s.clockMillis));
    this.clockAt = num(match.clockAtEpochMillis);
    if (firstTime) {
      this.announce(`${this.mySeats().length ? "Playing" : "Watching"} ${variantName(match.variant?.id ?? "")}.`);
    }
    this.render(true);
  }

  mySeats() {
    const me = this.me();
    if (!this.match || !me) return [];
    return this.match.seats.filter((s) => s.kind === SEAT_PLAYER && s.player?.id === me.id).map((s) => s.index);
  }

  /** The seat whose player makes the next move (a partner may play an out seat's turns). */
  mover() {
    const st = this.match?.state;
    if (!st) return -1;
    const seat = st.seats?.[st.toMove];
    return seat ? seat.playedBy : st.toMove;
  }

  myTurn() {
    return this.match?.status === 2 && this.mySeats().includes(this.mover());
  }

  /** The legal moves the viewer may make now. */
  myLegal() {
    return this.myTurn() ? this.legal : [];
  }

  /** @param {boolean} positionChanged */
  render(positionChanged) {
    const m = this.match;
    if (!m) return;
    const status = STATUS[m.status] ?? "waiting";
    this.root.dataset.version = m.version.toString();
    this.root.dataset.status = status;
    const game = m.variant?.id?.split(":")[0] ?? "";
    $("game-title").textContent = `${variantName(m.variant?.id ?? "")} · ${timeControlText(m.timeControl)}${m.rated ? " · rated" : ""}`;
    if (positionChanged) {
      this.legal = [];
      this.refreshLegal();
    }
    this.renderSeats();
    this.renderMoves();
    this.renderBoard(game);
    this.renderActions(status, game);
    $("result").textContent = m.result?.description ?? "";
    $("result").hidden = !m.result?.description;
    this.tick();
  }

  async refreshLegal() {
    const seq = ++this.legalSeq;
    const m = this.match;
    if (!m || m.status !== 2) {
      this.applyLegal([]);
      return;
    }
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const r = await this.api.match.listLegalMoves({ matchId: m.id });
        if (seq !== this.legalSeq) return;
        this.applyLegal(r.moves ?? []);
        return;
      } catch (e) {
        if (seq !== this.legalSeq) return;
        await sleep(300 * (attempt + 1));
      }
    }
  }

  /** @param {any[]} moves */
  applyLegal(moves) {
    this.legal = moves;
    const game = this.match?.variant?.id?.split(":")[0] ?? "";
    this.renderBoard(game);
    this.renderActions(STATUS[this.match?.status] ?? "waiting", game);
  }

  renderSeats() {
    const m = this.match;
    const mine = this.mySeats();
    const mover = m.status === 2 ? m.state?.toMove : -1;
    const ol = $("seats");
    const items = m.seats.map((s) => {
      const col = colourOf(s.colour);
      let who;
      if (s.kind === SEAT_PLAYER) who = s.player?.name ?? "?";
      else if (s.kind === SEAT_AI) who = `AI (${LEVELS[s.aiLevel] ?? "level " + s.aiLevel})`;
      else if (s.kind === SEAT_INVITED) who = `${s.player?.name ?? "?"} (invited)`;
      else who = "open seat";
      const stateSeat = m.state?.seats?.[s.index];
      const out = s.out || stateSeat?.out;
      const flags = [];
      if (mine.includes(s.index)) flags.push("you");
      if (s.kind === SEAT_PLAYER && !s.connected) flags.push("away");
      if (out) flags.push("out");
      if (s.offersDraw) flags.push("offers a draw");
      if (stateSeat && stateSeat.playedBy !== s.index && !out) flags.push(`played by ${capital(m.seats[stateSeat.playedBy]?.colour ?? "")}`);
      return h("li", {
        class: "seat" + (s.index === mover ? " to-move" : "") + (out ? " out" : ""),
        "data-seat": s.index, "aria-current": s.index === mover ? "true" : undefined,
      },
      h("span", { class: "swatch", style: `background:${col.fill};color:${col.ink}`, "aria-hidden": "true" }, col.letter),
      h("span", { class: "seat-name" }, h("strong", {}, capital(s.colour)), " ", who, flags.length ? ` — ${flags.join(", ")}` : ""),
      h("span", { class: "clock", "data-clock": s.index, hidden: !this.hasClock() }, ""));
    });
    fill(ol, items);
    const turn = $("turn");
    let text = "";
    if (m.status === 1) text = "Waiting for players to take the open seats.";
    else if (m.status === 2) {
      const s = m.seats[m.state?.toMove ?? 0];
      const moverSeat = this.mover();
      const whoName = m.seats[moverSeat]?.kind === SEAT_AI ? "the AI" : m.seats[moverSeat]?.player?.name ?? "?";
      text = this.myTurn() ? `Your move (${capital(s?.colour ?? "")}).` : `${capital(s?.colour ?? "")} to move (${whoName}).`;
    }
    if (turn.textContent !== text) turn.textContent = text;
  }

  hasClock() {
    const tc = this.match?.timeControl;
    return !!tc && (tc.initialSeconds > 0 || tc.incrementSeconds > 0);
  }

  renderMoves() {
    const ol = $("moves");
    const moves = this.match.moves ?? [];
    const colours = this.match.seats.map((s) => s.colour);
    // append only what is new (keeps the scroll position and screen readers calm)
    if (ol.children.length > moves.length) fill(ol);
    for (let i = ol.children.length; i < moves.length; i++) {
      const mm = moves[i];
      const d = mm.move?.detail;
      const moverSeat = d?.case === "ploy" ? d.value.mover : mm.seat;
      const col = colourOf(colours[moverSeat] ?? "");
      ol.append(h("li", { "data-ply": mm.ply, "data-seat": moverSeat, style: `--seat:${col.fill}`, title: capital(colours[moverSeat] ?? "") },
        mm.move?.notation ?? "?"));
    }
    if (moves.length) ol.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }

  /** @param {string} game */
  renderBoard(game) {
    const m = this.match;
    if (!m) return;
    if (this.boardGame !== game) {
      this.boardGame = game;
      const root = $("board");
      const chooser = $("chooser");
      const play = (mv) => this.play(mv);
      this.board = game === "draughts" ? new DraughtsBoard(root, chooser, play)
        : game === "ploy" ? new PloyBoard(root, chooser, play)
          : new PiracyBoard(root, $("piracy-info"), play);
      chooser.hidden = true;
    }
    const mine = this.mySeats();
    const view = mine.length ? (mine.includes(this.mover()) ? this.mover() : mine[0]) : 0;
    const mode = m.variant?.mode || m.variant?.id?.split(":")[2];
    let flip = false;
    if (game === "draughts" || game === "piracy") flip = view === 1;
    else if (game === "ploy") flip = mode === "2p" ? view === 1 : mode === "ffa" ? view === 1 || view === 2 : view === 1 || view === 3;
    const legal = this.busy ? [] : this.myLegal();
    $("board").dataset.legalMoves = this.myLegal().map((x) => x.notation).join(" ");
    const last = m.moves?.length ? m.moves[m.moves.length - 1].move : undefined;
    this.board?.update({ state: m.state, legal, flip, lastMove: last, colours: m.seats.map((s) => s.colour) });
  }

  /** @param {string} status @param {string} game */
  renderActions(status, game) {
    const m = this.match;
    const mine = this.mySeats();
    const seated = mine.length > 0;
    const active = status === "active";
    const others = m.seats.filter((s) => !mine.includes(s.index) && s.offersDraw);
    const iOffer = m.seats.some((s) => mine.includes(s.index) && s.offersDraw);
    show("resign", seated && active);
    show("offer-draw", seated && active && !iOffer);
    $("offer-draw").textContent = iOffer ? "Draw offered" : "Offer draw";
    show("draw-offer", seated && active && others.length > 0 && !iOffer);
    $("draw-offer-text").textContent = others.length
      ? `${others.map((s) => capital(s.colour)).join(", ")} offer${others.length === 1 ? "s" : ""} a draw.` : "";
    show("accept-draw", seated && active && others.length > 0 && !iOffer);
    show("decline-draw", seated && active && others.length > 0 && !iOffer);
    show("abort", seated && (status === "waiting" || (active && (m.moves?.length ?? 0) === 0)));
    show("rematch", seated && (status === "finished" || status === "aborted"));
    const me = this.me();
    const canJoin = !seated && status === "waiting" && m.seats.some((s) => s.kind === SEAT_OPEN
      || (s.kind === SEAT_INVITED && me && s.player?.name?.toLowerCase() === me.name.toLowerCase()));
    show("join", canJoin);
    show("download", true);
    show("move-form", seated && active);
    const myTurn = this.myTurn();
    /** @type {HTMLInputElement} */ ($("move-input")).disabled = !myTurn || this.busy;
    /** @type {HTMLButtonElement} */ ($("move-submit")).disabled = !myTurn || this.busy;
    /** @type {HTMLInputElement} */ ($("move-input")).placeholder = myTurn ? moveHint(game) : "wait for your turn";
    show("piracy-controls", game === "piracy");
    show("piracy-info", game === "piracy");
    const turns = new Set(this.myLegal().filter((x) => x.detail?.case === "piracy").map((x) => x.detail.value.turn));
    for (const b of this.root.querySelectorAll("button[data-turn]")) {
      const t = /** @type {HTMLElement} */ (b).dataset.turn ?? "";
      /** @type {HTMLButtonElement} */ (b).disabled = !turns.has(t) || this.busy;
      const mv = this.myLegal().find((x) => x.detail?.case === "piracy" && x.detail.value.turn === t);
      b.setAttribute("aria-label", `${{ L: "Left", F: "Forward", R: "Right" }[t]}${mv ? " (" + mv.notation + ")" : ""}`);
    }
    $("rematch-status").textContent = this.rematchWaiting;
  }

  /** Local ticking of the clocks between the server's corrections. */
  tick() {
    const m = this.match;
    if (!m || !this.hasClock()) return;
    const now = Date.now() + (this.serverOffset ?? 0);
    const running = m.status === 2 ? m.state?.toMove : -1;
    for (const el of this.root.querySelectorAll("[data-clock]")) {
      const i = Number(/** @type {HTMLElement} */ (el).dataset.clock);
      let ms = this.clocks[i] ?? 0;
      if (i === running && this.clockAt > 0) ms -= Math.max(0, now - this.clockAt);
      const text = clockText(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("running", i === running);
      el.classList.toggle("low", ms < 20_000);
    }
  }

  /** A move chosen on the board (always one of the legal moves). @param {any} mv */
  play(mv) {
    if (!this.myLegal().some((x) => x.notation === mv.notation)) return;
    this.submit(mv.notation);
  }

  /**
   * Sends a move in notation; a refused move shows the server's sentence.
   * @param {string} notation
   * @param {() => void} [onDone]
   */
  async submit(notation, onDone) {
    if (this.busy || !this.match) return;
    this.busy = true;
    $("move-error").textContent = "";
    this.renderBoard(this.boardGame);
    try {
      const m = await this.api.match.submitMove({ matchId: this.match.id, move: notation, expectedVersion: this.version });
      onDone?.();
      if (m && m.id === this.matchId && m.version > this.version) this.snapshotFromCall(m);
    } catch (e) {
      $("move-error").textContent = errorText(e);
    } finally {
      this.busy = false;
      if (this.match) this.render(false);
    }
  }

  /** A Match answered by a call, newer than what the stream gave: apply it like a snapshot. @param {any} m */
  snapshotFromCall(m) {
    this.match = m;
    this.version = m.version;
    this.clocks = (m.seats ?? []).map((s) => num(s.clockMillis));
    this.clockAt = num(m.clockAtEpochMillis);
    this.render(true);
  }

  /**
   * @param {"resign"|"offerDraw"|"acceptDraw"|"declineDraw"|"abort"} method
   * @param {string} done
   */
  async action(method, done) {
    if (!this.match) return;
    $("move-error").textContent = "";
    try {
      const m = await this.api.match[method]({ matchId: this.match.id, expectedVersion: this.version });
      this.announce(done);
      if (m && m.id === this.matchId && m.version > this.version) this.snapshotFromCall(m);
    } catch (e) {
      $("move-error").textContent = errorText(e);
    }
  }

  async join() {
    try {
      const m = await this.api.match.joinMatch({ matchId: this.matchId });
      this.announce("You took a seat.");
      if (m && m.version > this.version) this.snapshotFromCall(m);
    } catch (e) {
      $("move-error").textContent = errorText(e);
    }
  }

  async rematch() {
    $("move-error").textContent = "";
    try {
      const r = await this.api.mm.requestRematch({ matchId: this.matchId });
      this.onRematch(r);
    } catch (e) {
      $("move-error").textContent = errorText(e);
    }
  }

  /** A Rematch from the call or the lobby stream. @param {any} r */
  onRematch(r) {
    if (!r) return;
    if (r.previousMatchId !== this.matchId) {
      // from the lobby: a rematch I asked for has started
      if (!this.matchId && r.matchId && (r.requestedBy ?? []).some((p) => p.id === this.me()?.id)) {
        location.hash = "#/match/" + r.matchId;
      }
      return;
    }
    if (r.matchId) {
      this.announce("Rematch: opening the new match.");
      location.hash = "#/match/" + r.matchId;
      return;
    }
    const waiting = (r.waitingFor ?? []).map((p) => p.name).join(", ");
    const asked = (r.requestedBy ?? []).map((p) => p.name).join(", ");
    this.rematchWaiting = `Rematch asked by ${asked || "?"}${waiting ? "; waiting for " + waiting : ""}.`;
    $("rematch-status").textContent = this.rematchWaiting;
  }

  download() {
    if (!this.match) return;
    const text = record(this.match);
    const { name, type } = recordFile(this.match);
    const url = URL.createObjectURL(new Blob([text], { type: type + ";charset=utf-8" }));
    const a = h("a", { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** @param {string} id @param {boolean} visible */
function show(id, visible) {
  const el = $(id);
  if (el.hidden === visible) el.hidden = !visible;
}

/** @param {string} game */
function moveHint(game) {
  return game === "draughts" ? "e.g. 32-28 or 28x19" : game === "ploy" ? "e.g. e2-e4, b1r2" : "L, F or R";
}
