// The game view (#/match/<id>): follows WatchMatch (a snapshot, then live events; resumed from the last
// version seen after a lost connection, with backoff and a visible "reconnecting" state), draws the board of
// the match's game, offers the legal moves of the position (MatchService.ListLegalMoves) to the player whose
// turn it is, and the match actions: typed moves, draw offers, resign (confirmed in the page), abort, rematch,
// the game record. It says why a click did nothing, what the position demands (a mandatory capture, a ship that
// every move sinks), how the game ended, and offers the match's id and a link to watch it; the move list is numbered
// by moves, as the game's record is, with the latest move always in view; a short rules panel goes with each game.

import { $, h, fill, colourOf, capital, clockText, num, errorText, followStream, sleep, timeControlText, variantName, outcomeFor } from "./util.js";
import { downloadRecord, numbering, moverOf } from "./record.js";
import { MatchStatus, SeatKind } from "./gen/plyyard/v1/lobby_pb.js";
import { rulesPanel, rulesTitle, notationLegend, explainPiracyMove } from "./help.js";
import { DraughtsBoard } from "./boards/draughts.js";
import { PloyBoard } from "./boards/ploy.js";
import { PiracyBoard, sinksOwnShip, headingAfter, screenArrow, shipToMove, HEADING_NAMES } from "./boards/piracy.js";

const STATUS = {
  [MatchStatus.MATCH_STATUS_UNSPECIFIED]: "waiting",
  [MatchStatus.MATCH_WAITING]: "waiting",
  [MatchStatus.MATCH_ACTIVE]: "active",
  [MatchStatus.MATCH_FINISHED]: "finished",
  [MatchStatus.MATCH_ABORTED]: "aborted",
};
const LEVELS = ["", "beginner", "casual", "club", "expert", "max"];
const RULES_SEEN_KEY = "plyyard.rules-seen";

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
   * @param {(text: string) => void} gone  the match cannot be shown (unknown or malformed id): the server's sentence
   */
  constructor(api, me, announce, gone) {
    this.api = api;
    this.me = me;
    this.announce = announce;
    this.gone = gone;
    this.root = $("game");
    /** @type {any} */
    this.match = undefined;
    this.version = 0n;
    this.matchId = "";
    /** @type {any[]} */
    this.legal = [];
    this.legalSeq = 0;
    /** whether `legal` holds the moves of the position shown */
    this.legalLoaded = false;
    /** the match version `legal` was answered for */
    this.legalVersion = 0n;
    /** @type {{seq: number, version: bigint, moves: any[]}|undefined} moves answered for a version not yet seen */
    this.pendingLegal = undefined;
    this.flip = false;
    this.rulesKey = "";
    this.endSeen = false;
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
    this.movesShown = 0;
    this.wire();
  }

  wire() {
    const input = /** @type {HTMLInputElement} */ ($("move-input"));
    $("move-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text) this.submit(text, true);
    });
    // a refused move stays in the box, marked, until it is changed
    input.addEventListener("input", () => markInvalid(input, false));
    $("resign").addEventListener("click", () => this.confirmResign(true));
    $("resign-no").addEventListener("click", () => this.confirmResign(false));
    $("resign-yes").addEventListener("click", () => {
      this.confirmResign(false);
      this.action("resign", "You resigned.");
    });
    $("copy-link").addEventListener("click", () => this.copyLink());
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
    this.reset(id);
    this.setConnection("reconnecting");
    this.abort = new AbortController();
    this.follow(this.abort.signal);
    this.ticker = window.setInterval(() => this.tick(), 200);
  }

  /** Clears everything a previous match left in the view; until the snapshot comes only the id is shown. */
  reset(id) {
    this.matchId = id;
    this.match = undefined;
    this.version = 0n;
    this.legal = [];
    this.legalLoaded = false;
    this.legalVersion = 0n;
    this.pendingLegal = undefined;
    this.legalSeq++;   // answers still on their way belong to the previous match
    this.rematchWaiting = "";
    this.boardGame = "";
    this.board = undefined;
    this.rulesKey = "";
    this.endSeen = false;
    const board = $("board");
    fill(board);
    board.className = "board";
    fill($("moves"));
    fill($("moves-head"));
    this.movesShown = 0;
    $("moves-box").hidden = true;
    fill($("seats"));
    fill($("chooser"));
    fill($("piracy-info"));
    fill($("rules-body"));
    for (const el of ["result", "turn", "move-error", "board-error", "board-note", "rematch-status", "moves-legend", "draw-offer-text",
      "move-explain"]) {
      $(el).textContent = "";
    }
    for (const el of ["result", "board-note", "chooser", "piracy-controls", "piracy-info", "draw-offer", "resign-confirm", "move-form", "move-explain",
      "join", "offer-draw", "resign", "abort", "rematch", "download", "review-match", "rules"]) {
      show(el, false);
    }
    markInvalid(/** @type {HTMLInputElement} */ ($("move-input")), false);
    /** @type {HTMLInputElement} */ ($("move-input")).value = "";
    this.root.dataset.matchId = id;
    this.root.dataset.version = "0";
    this.root.dataset.status = "waiting";
    board.dataset.legalMoves = "";
    board.dataset.legalVersion = "";
    $("game-title").textContent = "Match " + id;
    $("match-id").textContent = id;
    /** @type {HTMLInputElement} */ ($("share-link")).value = `${location.origin}${location.pathname}#/match/${encodeURIComponent(id)}`;
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
      onState: (state) => { if (!signal.aborted) this.setConnection(state); },
      onError: (e) => {
        const code = e?.codeName;
        if (code === "NOT_FOUND" || code === "INVALID_ARGUMENT" || code === "PERMISSION_DENIED") {
          // no retry can help: say why, and go back to the lobby (the stream's stop leaves nothing behind)
          const id = this.matchId;
          this.close();
          this.reset("");
          this.gone(`The match "${id}" cannot be shown: ${errorText(e)}`);
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
        if (seat) { seat.kind = SeatKind.SEAT_PLAYER; seat.player = e.value.player; }
        break;
      }
      case "started":
        m.status = MatchStatus.MATCH_ACTIVE;
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
    const p = this.pendingLegal;
    if (p && p.seq === this.legalSeq && this.version >= p.version) {
      this.pendingLegal = undefined;
      this.applyLegal(p.moves, p.version);
    }
  }

  /** @param {any} match */
  snapshot(match) {
    const firstTime = !this.match;
    this.match = match;
    this.version = match.version;
    this.clocks = (match.seats ?? []).map((s) => num(s.clockMillis));
    this.clockAt = num(match.clockAtEpochMillis);
    if (firstTime && (match.status === MatchStatus.MATCH_FINISHED || match.status === MatchStatus.MATCH_ABORTED)) {
      this.endSeen = true;
      this.announce(this.endSentence());
    } else if (firstTime) {
      this.announce(`${this.mySeats().length ? "Playing" : "Watching"} ${variantName(match.variant?.id ?? "")}.`);
    }
    this.render(true);
  }

  /** How the game ended, for the status line. */
  endSentence() {
    const m = this.match;
    if (m.status === MatchStatus.MATCH_ABORTED) return "The match was aborted.";
    const mine = outcomeFor(m, this.mySeats());
    const you = mine === "won" ? "You won. " : mine === "lost" ? "You lost. " : "";
    return `Game over. ${you}${m.result?.description ?? ""}`.trim();
  }

  mySeats() {
    const me = this.me();
    if (!this.match || !me) return [];
    return this.match.seats.filter((s) => s.kind === SeatKind.SEAT_PLAYER && s.player?.id === me.id).map((s) => s.index);
  }

  /** The seat whose player makes the next move (a partner may play an out seat's turns). */
  mover() {
    const st = this.match?.state;
    if (!st) return -1;
    const seat = st.seats?.[st.toMove];
    return seat ? seat.playedBy : st.toMove;
  }

  myTurn() {
    return this.match?.status === MatchStatus.MATCH_ACTIVE && this.mySeats().includes(this.mover());
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
      this.legalLoaded = false;
      $("board-error").textContent = "";
      this.refreshLegal();
    }
    if ((status === "finished" || status === "aborted") && !this.endSeen) {
      this.endSeen = true;
      this.announce(this.endSentence());
    }
    this.renderSeats();
    this.renderMoves();
    this.renderBoard(game);
    this.renderActions(status, game);
    this.renderHelp();
    $("result").textContent = m.result?.description ?? "";
    $("result").hidden = !m.result?.description;
    this.tick();
  }

  /** The rules panel and the notation legend of the match's game (drawn again only when they change). */
  renderHelp() {
    const m = this.match;
    const key = `${m.id}|${m.variant?.id}|${this.flip}`;
    if (key === this.rulesKey) return;
    this.rulesKey = key;
    const game = m.variant?.id?.split(":")[0] ?? "";
    $("rules-title").textContent = rulesTitle(m);
    fill($("rules-body"), rulesPanel(m, this.flip));
    $("moves-legend").textContent = notationLegend(m);
    const details = /** @type {HTMLDetailsElement} */ ($("rules"));
    const sameMatch = details.dataset.match === m.id && !details.hidden;
    details.dataset.match = m.id;
    details.hidden = false;
    if (sameMatch) return;   // the board turned (a take-over): the panel stays open or closed as the player left it
    // open the first time this browser shows the game, closed afterwards (the player knows where it is)
    let seen = [];
    try {
      seen = JSON.parse(localStorage.getItem(RULES_SEEN_KEY) ?? "[]");
    } catch {
      seen = [];
    }
    if (!Array.isArray(seen)) seen = [];
    details.open = !seen.includes(game);
    if (!seen.includes(game)) localStorage.setItem(RULES_SEEN_KEY, JSON.stringify([...seen, game]));
  }

  /**
   * Asks the legal moves of the position shown. The answer names the version it is for: one for a version the stream
   * has not brought yet waits for it (the board must not offer the moves of a position it does not show), and one
   * overtaken by another change of position is dropped.
   */
  async refreshLegal() {
    const seq = ++this.legalSeq;
    this.pendingLegal = undefined;
    const m = this.match;
    if (!m || m.status !== MatchStatus.MATCH_ACTIVE) {
      this.applyLegal([], this.version);
      return;
    }
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const r = await this.api.match.listLegalMoves({ matchId: m.id });
        if (seq !== this.legalSeq) return;
        if (r.version > this.version) {
          this.pendingLegal = { seq, version: r.version, moves: r.moves ?? [] };
          return;
        }
        this.applyLegal(r.moves ?? [], r.version);
        return;
      } catch (e) {
        if (seq !== this.legalSeq) return;
        await sleep(300 * (attempt + 1));
      }
    }
  }

  /** @param {any[]} moves @param {bigint} version */
  applyLegal(moves, version) {
    this.legal = moves;
    this.legalLoaded = true;
    this.legalVersion = version;
    const game = this.match?.variant?.id?.split(":")[0] ?? "";
    if (!this.match) return;
    this.renderBoard(game);
    this.renderActions(STATUS[this.match.status] ?? "waiting", game);
  }

  renderSeats() {
    const m = this.match;
    const mine = this.mySeats();
    const mover = m.status === MatchStatus.MATCH_ACTIVE ? m.state?.toMove : -1;
    const ol = $("seats");
    const items = m.seats.map((s) => {
      const col = colourOf(s.colour);
      let who;
      if (s.kind === SeatKind.SEAT_PLAYER) who = s.player?.name ?? "?";
      else if (s.kind === SeatKind.SEAT_AI) who = `AI (${LEVELS[s.aiLevel] ?? "level " + s.aiLevel})`;
      else if (s.kind === SeatKind.SEAT_INVITED) who = `${s.player?.name ?? "?"} (invited)`;
      else who = "open seat";
      const stateSeat = m.state?.seats?.[s.index];
      const out = s.out || stateSeat?.out;
      const flags = [];
      if (mine.includes(s.index)) flags.push("you");
      if (s.kind === SeatKind.SEAT_PLAYER && !s.connected) flags.push("away");
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
    if (m.status === MatchStatus.MATCH_WAITING) text = "Waiting for players to take the open seats.";
    else if (m.status === MatchStatus.MATCH_ACTIVE) {
      const s = m.seats[m.state?.toMove ?? 0];
      const moverSeat = this.mover();
      const whoName = m.seats[moverSeat]?.kind === SeatKind.SEAT_AI ? "the AI" : m.seats[moverSeat]?.player?.name ?? "?";
      text = this.myTurn() ? `Your move (${capital(s?.colour ?? "")}).` : `${capital(s?.colour ?? "")} to move (${whoName}).`;
    } else if (m.status === MatchStatus.MATCH_FINISHED) {
      const o = outcomeFor(m, mine);
      text = o === "won" ? "Game over: you won." : o === "lost" ? "Game over: you lost." : o === "draw" ? "Game over: a draw." : "Game over.";
    } else if (m.status === MatchStatus.MATCH_ABORTED) {
      text = "The match was aborted.";
    }
    if (turn.textContent !== text) turn.textContent = text;
  }

  hasClock() {
    const tc = this.match?.timeControl;
    return !!tc && (tc.initialSeconds > 0 || tc.incrementSeconds > 0);
  }

  /**
   * The move list, numbered as the game's record numbers it (record.js `numbering`): one row per move number (a
   * round in four-player Ploy), one column per seat, so "1. 35-30 16-21" reads as in the record. New moves are
   * appended, the newest marked, and the list scrolls itself (not the page) to keep it in view.
   */
  renderMoves() {
    const m = this.match;
    const ol = $("moves");
    const box = $("moves-box");
    const moves = m.moves ?? [];
    const game = m.variant?.id?.split(":")[0] ?? "";
    const seats = m.seats ?? [];
    const cols = String(Math.max(2, seats.length));
    if (ol.style.getPropertyValue("--cols") !== cols) {
      ol.style.setProperty("--cols", cols);
      $("moves-head").style.setProperty("--cols", cols);
      fill($("moves-head"), h("span", { class: "move-no" }, ""), seats.map((s) => {
        const col = colourOf(s.colour);
        return h("span", { class: "head-cell", style: `grid-column:${s.index + 2}` },
          h("span", { class: "swatch small", style: `background:${col.fill};color:${col.ink}` }, col.letter), " ", capital(s.colour));
      }));
    }
    if (moves.length < (this.movesShown ?? 0)) {
      fill(ol);
      this.movesShown = 0;
    }
    const shown = this.movesShown ?? 0;
    if (moves.length === shown) return;
    const marks = numbering(m);
    const colours = seats.map((s) => s.colour);
    ol.querySelector(".ply.latest")?.classList.remove("latest");
    for (let i = shown; i < moves.length; i++) {
      const mm = moves[i];
      const startsRow = i === 0 || mm.seat <= moves[i - 1].seat;
      let row = /** @type {HTMLElement|null} */ (ol.lastElementChild);
      if (startsRow || !row) {
        const label = `${marks[i].number}${mm.seat === 0 || game === "ploy" ? "." : "..."}`;
        row = h("li", { class: "moves-row", "data-number": marks[i].number }, h("span", { class: "move-no" }, label));
        ol.append(row);
      }
      const mover = moverOf(mm);
      const col = colourOf(colours[mover] ?? "");
      const by = mover !== mm.seat ? h("span", { class: "by", title: `played by ${capital(colours[mover] ?? "")}` }, `${col.letter.toLowerCase()}:`) : null;
      const notation = mm.move?.notation ?? "?";
      // a Piracy move's signs in words (F~: the mover's own ship ran aground and sank)
      const said = game === "piracy" ? explainPiracyMove(notation, colours[mover]) : "";
      row.append(h("span", { class: "cell", style: `grid-column:${mm.seat + 2}` }, by,
        h("span", { class: "ply" + (i === moves.length - 1 ? " latest" : ""), "data-ply": mm.ply, "data-seat": mm.seat, "data-mover": mover,
          title: said || `${capital(colours[mover] ?? "")}, ply ${mm.ply}` }, notation)));
    }
    this.movesShown = moves.length;
    this.explainLatest(game, moves[moves.length - 1], colours);
    box.hidden = moves.length === 0;
    box.scrollTop = box.scrollHeight;
  }

  /**
   * Under the move list, the latest Piracy move in words when its signs say more than a turn: hits, a circle-rule hit,
   * the mover's own ship sunk (`~`, or its 7th hit), the enemy sunk.
   * @param {string} game @param {any} latest MatchMove @param {string[]} colours
   */
  explainLatest(game, latest, colours) {
    const el = $("move-explain");
    const notation = latest?.move?.notation ?? "";
    const mover = latest ? colours[moverOf(latest)] : "";
    const board = this.match?.state?.board?.case === "piracy" ? this.match.state.board.value : undefined;
    const ownSunk = !!board && !!mover && !!board[mover]?.sunk;
    const telling = game === "piracy" && (/[+!~#]/.test(notation) || ownSunk);
    el.textContent = telling ? explainPiracyMove(notation, mover, ownSunk) : "";
    el.hidden = !el.textContent;
  }

  /** @param {string} game */
  renderBoard(game) {
    const m = this.match;
    if (!m) return;
    if (this.boardGame !== game) {
      this.boardGame = game;
      const root = $("board");
      const chooser = $("chooser");
      /** @type {import("./boards/grid.js").Feedback} */
      const feedback = {
        play: (mv) => this.play(mv),
        tell: (text) => { $("board-error").textContent = text; },
        note: (text) => {
          const el = $("board-note");
          if (el.textContent !== text) el.textContent = text;
          show("board-note", !!text);
        },
      };
      this.board = game === "draughts" ? new DraughtsBoard(root, chooser, feedback)
        : game === "ploy" ? new PloyBoard(root, chooser, feedback)
          : new PiracyBoard(root, $("piracy-info"), feedback);
      chooser.hidden = true;
    }
    const mine = this.mySeats();
    const view = mine.length ? (mine.includes(this.mover()) ? this.mover() : mine[0]) : 0;
    const mode = m.variant?.mode || m.variant?.id?.split(":")[2];
    let flip = false;
    if (game === "draughts" || game === "piracy") flip = view === 1;
    else if (game === "ploy") flip = mode === "2p" ? view === 1 : mode === "ffa" ? view === 1 || view === 2 : view === 1 || view === 3;
    this.flip = flip;
    const legal = this.busy ? [] : this.myLegal();
    const board = $("board");
    board.dataset.legalMoves = this.myLegal().map((x) => x.notation).join(" ");
    board.dataset.legalVersion = this.myLegal().length ? this.legalVersion.toString() : "";
    const last = m.moves?.length ? m.moves[m.moves.length - 1].move : undefined;
    this.board?.update({ state: m.state, legal, flip, lastMove: last, colours: m.seats.map((s) => s.colour), idle: this.idleReason() });
  }

  /** Why the viewer cannot move now, in a sentence; "" when the board offers them their legal moves. */
  idleReason() {
    const m = this.match;
    if (!m) return "The match is loading…";
    if (m.status === MatchStatus.MATCH_FINISHED) return "The game is over.";
    if (m.status === MatchStatus.MATCH_ABORTED) return "The match was aborted.";
    if (m.status !== MatchStatus.MATCH_ACTIVE) return "The game starts when every seat is taken.";
    if (!this.mySeats().length) return "You are watching this match: only its players move.";
    if (!this.myTurn()) {
      const toMove = m.state?.toMove ?? 0;
      const moverSeat = m.seats[this.mover()];
      const who = moverSeat?.kind === SeatKind.SEAT_AI ? "the AI" : moverSeat?.player?.name ?? "?";
      return `Not your turn: ${capital(m.seats[toMove]?.colour ?? "")} (${who}) is to move.`;
    }
    if (this.busy) return "Your move is on its way…";
    if (!this.legalLoaded) return "The legal moves are loading…";
    return "";
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
    if (!(seated && active)) show("resign-confirm", false);
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
    const canJoin = !seated && status === "waiting" && m.seats.some((s) => s.kind === SeatKind.SEAT_OPEN
      || (s.kind === SeatKind.SEAT_INVITED && me && s.player?.name?.toLowerCase() === me.name.toLowerCase()));
    show("join", canJoin);
    show("download", true);   // once the match is known
    // any finished game with moves can be reviewed, by its players and by anyone watching
    show("review-match", status === "finished" && (m.moves?.length ?? 0) > 0);
    /** @type {HTMLAnchorElement} */ ($("review-match")).href = `#/review/${encodeURIComponent(m.id)}`;
    show("move-form", seated && active);
    const myTurn = this.myTurn();
    /** @type {HTMLInputElement} */ ($("move-input")).disabled = !myTurn || this.busy;
    /** @type {HTMLButtonElement} */ ($("move-submit")).disabled = !myTurn || this.busy;
    /** @type {HTMLInputElement} */ ($("move-input")).placeholder = myTurn ? moveHint(game) : "wait for your turn";
    show("piracy-controls", game === "piracy");
    show("piracy-info", game === "piracy");
    if (game === "piracy") this.renderTurnButtons();
    $("rematch-status").textContent = this.rematchWaiting;
  }

  /**
   * The L / F / R buttons: enabled exactly for the viewer's legal turns, each with the arrow of the heading it
   * leaves the ship with as it points on this screen, and marked when it sinks the viewer's own ship.
   */
  renderTurnButtons() {
    const st = this.match.state;
    const b = st?.board?.case === "piracy" ? st.board.value : undefined;
    const legal = this.myLegal().filter((x) => x.detail?.case === "piracy");
    for (const el of this.root.querySelectorAll("button[data-turn]")) {
      const button = /** @type {HTMLButtonElement} */ (el);
      const t = button.dataset.turn ?? "";
      const mv = legal.find((x) => x.detail.value.turn === t);
      const word = { L: "left", F: "forward", R: "right" }[t] ?? t;
      const sinks = mv && b ? sinksOwnShip(b, mv) : "";
      const heading = mv && b ? headingAfter(shipToMove(b), mv) : undefined;
      const arrow = heading === undefined ? "" : screenArrow(heading, this.flip);
      const key = `${t}|${mv?.notation ?? ""}|${arrow}|${sinks}`;
      if (button.dataset.key !== key) {
        button.dataset.key = key;
        fill(button, t, arrow ? h("span", { class: "arrow", "aria-hidden": "true" }, " " + arrow) : null,
          h("span", { class: "sub" }, sinks ? "sinks!" : word));
        button.dataset.sinks = sinks ? "true" : "false";
        button.classList.toggle("sinks", !!sinks);
        button.setAttribute("aria-label", `${capital(word)}${mv ? ` (${mv.notation}), heading ${HEADING_NAMES[heading ?? 0]}` : ""}${sinks ? `: sinks your ship, ${sinks}` : ""}`);
      }
      button.disabled = !mv || this.busy;
    }
  }

  /** Local ticking of the clocks between the server's corrections. */
  tick() {
    const m = this.match;
    if (!m || !this.hasClock()) return;
    const now = Date.now() + (this.serverOffset ?? 0);
    const running = m.status === MatchStatus.MATCH_ACTIVE ? m.state?.toMove : -1;
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
    this.submit(mv.notation, false);
  }

  /**
   * Sends a move in notation; a refused move shows the server's sentence. A refused typed move stays in the box,
   * selected and marked invalid, so that it can be corrected (typing replaces it); an accepted one is cleared.
   * @param {string} notation
   * @param {boolean} typed
   */
  async submit(notation, typed) {
    if (this.busy || !this.match) return;
    this.busy = true;
    $("move-error").textContent = "";
    const input = /** @type {HTMLInputElement} */ ($("move-input"));
    this.renderBoard(this.boardGame);
    let refused = false;
    try {
      const m = await this.api.match.submitMove({ matchId: this.match.id, move: notation, expectedVersion: this.version });
      if (typed && input.value.trim() === notation) input.value = "";
      markInvalid(input, false);
      if (m && m.id === this.matchId && m.version > this.version) this.snapshotFromCall(m);
    } catch (e) {
      $("move-error").textContent = errorText(e);
      refused = typed;
    } finally {
      this.busy = false;
      if (this.match) this.render(false);
    }
    if (refused) {
      markInvalid(input, true);
      input.focus();
      input.select();
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

  /** Shows or hides the in-page "resign?" question (a resignation cannot be taken back). @param {boolean} ask */
  confirmResign(ask) {
    show("resign-confirm", ask);
    $("resign").setAttribute("aria-expanded", String(ask));
    if (ask) $("resign-no").focus();
  }

  /** Copies the link to watch this match; where the clipboard is not offered, selects it for the user to copy. */
  async copyLink() {
    const input = /** @type {HTMLInputElement} */ ($("share-link"));
    try {
      await navigator.clipboard.writeText(input.value);
      this.announce("The link to watch this match is copied.");
    } catch {
      input.focus();
      input.select();
      this.announce("Copy the selected link to share this match.");
    }
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

  /** The match's record as the server writes it (GetMatchRecord), saved under the name the server gives. */
  async download() {
    if (!this.match) return;
    try {
      await downloadRecord(this.api.match, this.match.id);
    } catch (e) {
      $("move-error").textContent = errorText(e);
    }
  }
}

/** @param {string} id @param {boolean} visible */
function show(id, visible) {
  const el = $(id);
  if (el.hidden === visible) el.hidden = !visible;
}

/** Marks an input as holding a refused value (aria-invalid and its style), or clears the mark. */
function markInvalid(input, invalid) {
  if (invalid) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
  input.classList.toggle("invalid", invalid);
}

/** @param {string} game */
function moveHint(game) {
  return game === "draughts" ? "e.g. 32-28 or 28x19" : game === "ploy" ? "e.g. e2-e4, b1r2" : "L, F or R";
}
