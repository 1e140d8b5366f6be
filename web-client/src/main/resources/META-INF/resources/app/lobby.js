// The lobby (#/): the live lobby from MatchmakingService.WatchLobby (open seeks, pool sizes, my waiting
// tickets with how many players wait in their pool, my challenges, pairings and rematches addressed to me), my
// matches (MatchService.ListMyMatches), my ratings (MatchmakingService.GetRatings, and my puzzle ratings from
// LearnService.PuzzleHistory), and the forms: quick-pairing pools for every variant, a party of two for team Ploy, a
// game against the AI, seeks and challenges, casual or rated. A pairing (pool ticket, seek, challenge or rematch) opens
// its match at once.

import { $, h, fill, VARIANTS, variantName, options, TIME_CONTROLS, timeControl, timeControlText, errorText, followStream, capital, outcomeFor } from "./util.js";
import { MatchStatus, SeatKind } from "./gen/plyyard/v1/lobby_pb.js";
import { ChallengeStatus, SeekStatus, TicketStatus } from "./gen/plyyard/v1/matchmaking_pb.js";

const MATCH_STATUS = {
  [MatchStatus.MATCH_WAITING]: "waiting",
  [MatchStatus.MATCH_ACTIVE]: "active",
  [MatchStatus.MATCH_FINISHED]: "finished",
  [MatchStatus.MATCH_ABORTED]: "aborted",
};
/** My matches in this order: my games going on first, then those waiting, then the ended ones. */
const MATCH_ORDER = {
  [MatchStatus.MATCH_ACTIVE]: 0,
  [MatchStatus.MATCH_WAITING]: 1,
  [MatchStatus.MATCH_FINISHED]: 2,
  [MatchStatus.MATCH_ABORTED]: 3,
};
const OUTCOME_WORDS = { won: "Won", lost: "Lost", draw: "Draw", aborted: "Aborted" };

/** Pool key of a GameSpec: variant, clock, rated. @param {any} g */
function poolKey(g) {
  return `${g?.variant}|${g?.timeControl?.initialSeconds ?? 0}+${g?.timeControl?.incrementSeconds ?? 0}|${!!g?.rated}`;
}

/**
 * How many wait in a pool, for the ticket's line: "2 of 4 players here, 2 more to come", or, with a game's worth or
 * more waiting (the pairer is choosing by rating), "5 players waiting; a game takes 4".
 * @param {number} waiting players waiting in the pool, me included @param {number} seats the game's seats
 */
export function waitingText(waiting, seats) {
  if (waiting <= 0) return "";
  if (waiting < seats) {
    const more = seats - waiting;
    return `${waiting} of ${seats} player${seats === 1 ? "" : "s"} here, ${more} more to come`;
  }
  return `${waiting} players waiting; a game takes ${seats}`;
}

const TIME_CLASSES = ["bullet", "blitz", "rapid", "classical", "correspondence"];

/**
 * A rating as the lobby lists it: "1523" ("1523?" while provisional) and how many games it comes from.
 * @param {{rating: number, provisional: boolean, games: number}} r
 */
export function ratingText(r) {
  return `${Math.round(r.rating)}${r.provisional ? "?" : ""} (${r.games} game${r.games === 1 ? "" : "s"})`;
}

export class LobbyView {
  /**
   * @param {import("./game.js").Api} api
   * @param {() => ({id: string, name: string} | undefined)} me
   * @param {(text: string) => void} announce
   * @param {(r: any) => void} onRematch
   */
  constructor(api, me, announce, onRematch) {
    this.api = api;
    this.me = me;
    this.announce = announce;
    this.onRematch = onRematch;
    /** @type {Map<string, any>} */ this.seeks = new Map();
    /** @type {Map<string, number>} */ this.pools = new Map();
    /** @type {Map<string, any>} */ this.tickets = new Map();
    /** @type {Map<string, any>} */ this.challenges = new Map();
    /** @type {any} */ this.party = undefined;
    this.version = 0n;
    this.snapshotSeen = false;
    /** @type {AbortController|undefined} */ this.abort = undefined;
    this.matchesTimer = 0;
    this.build();
  }

  build() {
    const variantOptions = VARIANTS.map((v) => ({ value: v.id, label: v.name }));
    for (const id of ["ai-variant", "seek-variant", "challenge-variant"]) fill($(id), options(variantOptions));
    fill($("ai-level"), options([1, 2, 3, 4, 5].map((n) => ({
      value: String(n), label: `${n} · ${["beginner", "casual", "club", "expert", "max"][n - 1]}`,
    })), "3"));
    fill($("ai-time"), options(TIME_CONTROLS, ""));
    for (const id of ["pool-time", "seek-time", "challenge-time"]) fill($(id), options(TIME_CONTROLS, "5+3"));
    const fillSeats = () => {
      const v = VARIANTS.find((x) => x.id === /** @type {HTMLSelectElement} */ ($("ai-variant")).value);
      fill($("ai-seat"), options((v?.seats ?? []).map((c, i) => ({ value: String(i), label: capital(c) })), "0"));
    };
    $("ai-variant").addEventListener("change", fillSeats);
    fillSeats();
    fill($("pools"), VARIANTS.map((v) => h("button", { type: "button", class: "pool", "data-pool": v.id, onclick: () => this.joinPool(v.id) },
      h("span", { class: "pool-name" }, v.name), h("span", { class: "pool-count", "aria-label": "players waiting" }, ""))));
    $("pool-time").addEventListener("change", () => this.renderPools());
    $("ai-create").addEventListener("click", () => this.createAi());
    $("seek-create").addEventListener("click", () => this.createSeek());
    $("challenge-create").addEventListener("click", () => this.createChallenge());
    $("party-create").addEventListener("click", () => this.createParty());
    $("party-join").addEventListener("click", () => this.joinParty(/** @type {HTMLInputElement} */ ($("party-id")).value.trim()));
    $("watch-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const id = /** @type {HTMLInputElement} */ ($("watch-id")).value.trim();
      if (id) location.hash = "#/match/" + encodeURIComponent(id);
    });
    $("refresh-matches").addEventListener("click", () => this.refreshMatches());
    $("pool-rated").addEventListener("change", () => this.renderPools());
  }

  /** @param {string} text */
  error(text) {
    $("lobby-error").textContent = text;
  }

  /** Starts the lobby stream (idempotent). */
  start() {
    if (this.abort) return;
    this.abort = new AbortController();
    this.follow(this.abort.signal);
    this.refreshMatches();
    this.refreshRatings();
    this.matchesTimer = window.setInterval(() => { if (!$("lobby").hidden) this.refreshMatches(); }, 15_000);
  }

  stop() {
    this.abort?.abort();
    this.abort = undefined;
    clearInterval(this.matchesTimer);
    this.seeks.clear(); this.pools.clear(); this.tickets.clear(); this.challenges.clear();
    this.party = undefined;
    this.version = 0n;
    this.snapshotSeen = false;
    this.render();
    fill($("my-ratings"));
    $("puzzle-ratings").textContent = "";
  }

  /** @param {"live"|"reconnecting"} state */
  setConnection(state) {
    const el = $("lobby-connection");
    el.textContent = state;
    el.className = "connection " + state;
  }

  /** @param {AbortSignal} signal */
  async follow(signal) {
    await followStream({
      open: () => this.api.mm.watchLobby({ fromVersion: this.snapshotSeen ? this.version : 0n }, { signal }),
      onMessage: (ev) => this.apply(ev),
      onState: (state) => this.setConnection(state),
      onError: (e) => {
        if (e?.codeName === "UNAUTHENTICATED") {
          window.dispatchEvent(new CustomEvent("plyyard:unauthenticated"));
          return true;
        }
        if (e?.codeName === "INVALID_ARGUMENT") this.snapshotSeen = false;   // our version is unknown: start over
        return false;
      },
    }, signal);
  }

  /** @param {any} ev a LobbyEvent */
  apply(ev) {
    const e = ev.event;
    if (e?.case === "snapshot") {
      this.seeks.clear(); this.pools.clear(); this.tickets.clear(); this.challenges.clear();
      for (const s of e.value.seeks ?? []) this.seeks.set(s.id, s);
      for (const p of e.value.pools ?? []) this.pools.set(poolKey(p.game), p.playersWaiting);
      for (const t of e.value.myTickets ?? []) this.tickets.set(t.id, t);
      for (const c of e.value.myChallenges ?? []) this.challenges.set(c.id, c);
      // the party I lead or joined first, else one I am invited to (so a reload keeps it)
      const parties = (e.value.myParties ?? []).filter((p) => !p.disbanded);
      this.party = parties.find((p) => this.isMember(p)) ?? parties[0];
      this.version = ev.snapshotVersion ?? 0n;
      this.snapshotSeen = true;
      this.render();
      return;
    }
    if (ev.version <= this.version) return;
    this.version = ev.version;
    switch (e?.case) {
      case "seek":
        if (e.value.status === SeekStatus.SEEK_OPEN) this.seeks.set(e.value.id, e.value);
        else this.seeks.delete(e.value.id);
        break;
      case "pool":
        this.pools.set(poolKey(e.value.game), e.value.playersWaiting);
        break;
      case "paired":
        this.paired(e.value);
        break;
      case "challenge":
        if (e.value.status === ChallengeStatus.CHALLENGE_OPEN) this.challenges.set(e.value.id, e.value);
        else this.challenges.delete(e.value.id);
        break;
      case "party":
        this.onParty(e.value);
        break;
      case "rematch":
        this.onRematch(e.value);
        if (e.value.matchId) this.refreshMatches();
        break;
      default:
        break;
    }
    this.render();
  }

  /** @param {any} p a Party */
  isMember(p) {
    const me = this.me()?.id;
    return p.leader?.id === me || (p.members ?? []).some((m) => m.id === me);
  }

  /** A party of mine changed (created, joined, left, disbanded): show it as it is now, or forget it. */
  onParty(p) {
    const me = this.me()?.id;
    const concernsMe = this.isMember(p) || (p.invited ?? []).some((m) => m.id === me);
    if (p.disbanded || !concernsMe) {
      if (this.party?.id === p.id) {
        this.party = undefined;
        this.announce(p.disbanded ? "The party was disbanded." : "You left the party.");
      }
      return;
    }
    if (!this.party || this.party.id === p.id || !this.isMember(this.party)) {
      const joinedNow = this.party?.id === p.id && (p.members?.length ?? 0) > (this.party.members?.length ?? 0);
      this.party = p;
      if (joinedNow) this.announce(`${p.members[p.members.length - 1]?.name ?? "A player"} joined the party.`);
    }
  }

  /** @param {any} p a Paired */
  paired(p) {
    // a pairing supersedes every other waiting ticket of mine
    this.tickets.clear();
    this.announce("Paired: opening the match.");
    this.refreshMatches();
    location.hash = "#/match/" + p.matchId;
  }

  render() {
    this.renderPools();
    this.renderTickets();
    this.renderSeeks();
    this.renderChallenges();
    this.renderParty();
  }

  renderPools() {
    const tc = timeControl(/** @type {HTMLSelectElement} */ ($("pool-time")).value);
    const rated = /** @type {HTMLInputElement} */ ($("pool-rated")).checked;
    for (const b of $("pools").querySelectorAll("button[data-pool]")) {
      const id = /** @type {HTMLElement} */ (b).dataset.pool;
      const n = this.pools.get(poolKey({ variant: id, timeControl: tc, rated })) ?? 0;
      const count = b.querySelector(".pool-count");
      if (count) count.textContent = n ? `${n} waiting` : "";
      b.classList.toggle("queued", [...this.tickets.values()].some((t) => t.game?.variant === id));
    }
  }

  renderTickets() {
    fill($("my-tickets"), [...this.tickets.values()].map((t) => {
      const seats = VARIANTS.find((v) => v.id === t.game?.variant)?.seats.length ?? 2;
      // the pool's count comes with the lobby stream; my own ticket's players are waiting at least
      const waiting = Math.max(this.pools.get(poolKey(t.game)) ?? 0, t.players?.length ?? 1);
      return h("li", { "data-ticket-id": t.id, "data-waiting": waiting, "data-seats": seats },
        `Waiting for a ${variantName(t.game?.variant)} game (${timeControlText(t.game?.timeControl)}${t.game?.rated ? ", rated" : ""})`,
        (t.players?.length ?? 0) > 1 ? ` with ${t.players.map((p) => p.name).join(" + ")}` : "",
        h("span", { class: "waiting" }, `: ${waitingText(waiting, seats)}.`), " ",
        h("button", { type: "button", class: "leave", onclick: () => this.leavePool(t.id) }, "Leave pool"));
    }));
    $("my-tickets").hidden = this.tickets.size === 0;
  }

  renderSeeks() {
    const me = this.me();
    const list = [...this.seeks.values()].sort((a, b) => Number(a.createdAtEpochMillis - b.createdAtEpochMillis));
    fill($("seeks"), list.map((s) => {
      const mine = s.owner?.id === me?.id;
      const seated = (s.seats ?? []).some((x) => x.player?.id === me?.id);
      const filled = (s.seats ?? []).filter((x) => x.player).length;
      return h("li", { "data-seek-id": s.id, class: mine ? "mine" : "" },
        h("span", {}, `${s.owner?.name ?? "?"}: ${variantName(s.game?.variant)}, ${timeControlText(s.game?.timeControl)}${s.game?.rated ? ", rated" : ""} — ${filled}/${s.seats?.length ?? 0} seats`),
        " ",
        h("button", { type: "button", class: "accept", hidden: mine || seated, onclick: () => this.acceptSeek(s.id) }, "Accept"),
        h("button", { type: "button", class: "cancel", hidden: !mine, onclick: () => this.cancelSeek(s.id) }, "Cancel"),
        seated && !mine ? h("span", { class: "note" }, " (you are seated; waiting for the others)") : null);
    }));
    $("seeks-empty").hidden = this.seeks.size > 0;
  }

  renderChallenges() {
    const me = this.me();
    fill($("challenges"), [...this.challenges.values()].map((c) => {
      const mine = c.challenger?.id === me?.id;
      const toMe = c.opponent?.id === me?.id;
      const open = !c.opponent;
      const link = `${location.origin}${location.pathname}#/challenge/${c.id}`;
      return h("li", { "data-challenge-id": c.id },
        h("span", {}, mine
          ? `You challenge ${open ? "anyone with the link" : c.opponent.name}: `
          : `${c.challenger?.name ?? "?"} challenges ${toMe ? "you" : open ? "anyone" : c.opponent?.name}: `,
        `${variantName(c.game?.variant)}, ${timeControlText(c.game?.timeControl)}`), " ",
        h("button", { type: "button", class: "accept", hidden: mine, onclick: () => this.acceptChallenge(c.id) }, "Accept"),
        h("button", { type: "button", class: "decline", hidden: mine || !toMe, onclick: () => this.answerChallenge(c.id, "declineChallenge") }, "Decline"),
        h("button", { type: "button", class: "cancel", hidden: !mine, onclick: () => this.answerChallenge(c.id, "cancelChallenge") }, "Cancel"),
        mine && open ? h("span", { class: "note" }, " link: ", h("a", { href: link }, link)) : null);
    }));
    $("challenges-empty").hidden = this.challenges.size > 0;
  }

  renderParty() {
    const p = this.party;
    const el = $("party");
    if (!p) {
      fill(el, h("p", { class: "note" }, "No party. A party of two queues together for team Ploy as partners."));
      return;
    }
    const link = `${location.origin}${location.pathname}#/party/${p.id}`;
    const me = this.me();
    fill(el,
      h("p", { "data-party-id": p.id }, `Party led by ${p.leader?.name ?? "?"}: `,
        (p.members ?? []).map((m) => m.name).join(", ") || "nobody yet",
        (p.invited ?? []).length ? ` (invited: ${p.invited.map((m) => m.name).join(", ")})` : ""),
      h("p", { class: "note" }, "Party id ", h("code", {}, p.id), " — the invited player joins with it, or with ", h("a", { href: link }, "this link"), "."),
      p.leader?.id === me?.id ? h("p", { class: "note" }, "Queue with a team Ploy pool button above: the party is queued as one team.") : null,
      // an invitation: join it from here (the lobby stream told us of it)
      !this.isMember(p) ? h("button", { type: "button", id: "party-accept", onclick: () => this.joinParty(p.id) }, "Join this party") : null,
      h("button", { type: "button", id: "party-leave", onclick: () => this.leaveParty() }, this.isMember(p) ? "Leave party" : "Decline"));
  }

  async refreshMatches() {
    if (!this.me()) return;
    try {
      const r = await this.api.match.listMyMatches({ limit: 30 });
      this.renderMatches(r.matches ?? []);
    } catch (e) {
      // the stream's state tells about the connection; keep the last list
    }
  }

  /** My game ratings (every variant and time class I have played rated) and my puzzle ratings. */
  async refreshRatings() {
    if (!this.me()) return;
    try {
      const [games, puzzles] = await Promise.all([this.api.mm.getRatings({ player: "" }),
        this.api.learn.puzzleHistory({ game: "", limit: 1 })]);
      this.renderRatings(games.ratings ?? [], puzzles.ratings ?? []);
    } catch (e) {
      // as for the matches: the stream's state tells about the connection; keep the last list
    }
  }

  /** @param {any[]} ratings Rating @param {any[]} puzzleRatings PuzzleRating */
  renderRatings(ratings, puzzleRatings) {
    const order = (/** @type {any} */ r) => {
      const v = VARIANTS.findIndex((x) => x.id === r.variant);
      return (v < 0 ? 99 : v) * 10 + Math.max(0, TIME_CLASSES.indexOf(r.timeClass));
    };
    const sorted = [...ratings].sort((a, b) => order(a) - order(b));
    fill($("my-ratings"), sorted.map((r) => h("li", { "data-variant": r.variant, "data-time-class": r.timeClass,
      "data-rating": String(Math.round(r.rating)) },
    `${variantName(r.variant)} · ${r.timeClass}: `, h("strong", { class: "rating" }, ratingText(r)))));
    $("ratings-empty").hidden = sorted.length > 0;
    const games = { draughts: "draughts", ploy: "Ploy", piracy: "Piracy" };
    $("puzzle-ratings").textContent = puzzleRatings.length
      ? "Puzzles: " + puzzleRatings.map((p) => `${games[p.game] ?? p.game} ${p.rating}${p.provisional ? "?" : ""}`
        + ` (${p.solved} of ${p.attempts} solved)`).join(", ") + "."
      : "";
  }

  /** @param {any[]} matches */
  renderMatches(matches) {
    const me = this.me();
    const sorted = [...matches].sort((a, b) => (MATCH_ORDER[a.status] ?? 9) - (MATCH_ORDER[b.status] ?? 9));
    fill($("my-matches"), sorted.map((m) => {
      const others = (m.seats ?? []).filter((s) => s.player?.id !== me?.id)
        .map((s) => s.kind === SeatKind.SEAT_AI ? "AI" : s.kind === SeatKind.SEAT_OPEN ? "open" : s.player?.name ?? "?").join(", ");
      const toMove = m.state?.toMove;
      const moverSeat = m.state?.seats?.[toMove]?.playedBy ?? toMove;
      const myTurn = m.status === MatchStatus.MATCH_ACTIVE && m.seats?.[moverSeat]?.player?.id === me?.id;
      const status = MATCH_STATUS[m.status] ?? "?";
      const mySeats = (m.seats ?? []).filter((s) => s.kind === SeatKind.SEAT_PLAYER && s.player?.id === me?.id).map((s) => s.index);
      // a finished match says how it went for me (won, lost, draw) and how it ended (the result's sentence)
      const outcome = outcomeFor(m, mySeats);
      const how = m.result?.description ?? "";
      return h("li", { class: "match " + status + (myTurn ? " my-turn" : ""), "data-outcome": outcome || undefined },
        h("a", { href: "#/match/" + m.id, "data-match-id": m.id },
          `${variantName(m.variant?.id)} vs ${others || "—"}`), " ",
        outcome ? h("strong", { class: "outcome " + outcome }, OUTCOME_WORDS[outcome]) : null,
        m.status === MatchStatus.MATCH_FINISHED && ((m.moves?.length ?? 0) > 0 || (m.state?.ply ?? 0) > 0)
          ? h("a", { href: "#/review/" + m.id, class: "review-link", "data-review": m.id }, " review") : null,
        h("span", { class: "note" }, outcome
          ? (how ? ` — ${how}` : "")
          : ` ${status}${myTurn ? ", your move" : ""}${how ? " — " + how : ""}`));
    }));
    $("matches-empty").hidden = matches.length > 0;
  }

  /** @param {string} variant @param {string} timeId @param {string} ratedId */
  spec(variant, timeId, ratedId) {
    return { variant, timeControl: timeControl(/** @type {HTMLSelectElement} */ ($(timeId)).value),
      rated: /** @type {HTMLInputElement} */ ($(ratedId)).checked };
  }

  /** @param {string} variant */
  async joinPool(variant) {
    this.error("");
    const team = VARIANTS.find((v) => v.id === variant)?.team;
    const me = this.me();
    const partyId = team && this.party && this.party.leader?.id === me?.id ? this.party.id : "";
    const aiFill = /** @type {HTMLInputElement} */ ($("pool-ai-fill")).checked;
    try {
      const t = await this.api.mm.joinPool({ game: this.spec(variant, "pool-time", "pool-rated"), partyId, allowAiFill: aiFill });
      if (t.status === TicketStatus.TICKET_PAIRED && t.matchId) {
        this.paired({ matchId: t.matchId });
        return;
      }
      this.tickets.set(t.id, t);
      this.announce(`Waiting in the ${variantName(variant)} pool${partyId ? " with your party" : ""}…`);
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  /** @param {string} id */
  async leavePool(id) {
    this.error("");
    try {
      await this.api.mm.leavePool({ ticketId: id });
      this.tickets.delete(id);
      this.announce("You left the pool.");
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  async createAi() {
    this.error("");
    const variant = /** @type {HTMLSelectElement} */ ($("ai-variant")).value;
    const level = Number(/** @type {HTMLSelectElement} */ ($("ai-level")).value);
    const mySeat = Number(/** @type {HTMLSelectElement} */ ($("ai-seat")).value || 0);
    const v = VARIANTS.find((x) => x.id === variant);
    const seats = (v?.seats ?? ["a", "b"]).map((_, i) => i === mySeat
      ? { kind: { case: "me", value: true } } : { kind: { case: "aiLevel", value: level } });
    try {
      const m = await this.api.match.createMatch({
        variant, timeControl: timeControl(/** @type {HTMLSelectElement} */ ($("ai-time")).value), seats, rated: false,
      });
      location.hash = "#/match/" + m.id;
    } catch (e) {
      this.error(errorText(e));
    }
  }

  async createSeek() {
    this.error("");
    const variant = /** @type {HTMLSelectElement} */ ($("seek-variant")).value;
    try {
      const s = await this.api.mm.createSeek({ game: this.spec(variant, "seek-time", "seek-rated") });
      this.seeks.set(s.id, s);
      this.announce("Seek posted; the match opens when someone accepts.");
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  /** @param {string} id */
  async acceptSeek(id) {
    this.error("");
    try {
      const s = await this.api.mm.acceptSeek({ seekId: id });
      if (s.matchId) location.hash = "#/match/" + s.matchId;
      else this.announce("You took a seat; the match starts when every seat is taken.");
    } catch (e) {
      this.error(errorText(e));
    }
  }

  /** @param {string} id */
  async cancelSeek(id) {
    this.error("");
    try {
      await this.api.mm.cancelSeek({ seekId: id });
      this.seeks.delete(id);
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  async createChallenge() {
    this.error("");
    const opponent = /** @type {HTMLInputElement} */ ($("challenge-opponent")).value.trim();
    const variant = /** @type {HTMLSelectElement} */ ($("challenge-variant")).value;
    try {
      const c = await this.api.mm.createChallenge({ game: this.spec(variant, "challenge-time", "challenge-rated"), opponent });
      this.challenges.set(c.id, c);
      this.announce(opponent ? `Challenge sent to ${opponent}.` : "Open challenge created; share its link.");
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  /** @param {string} id */
  async acceptChallenge(id) {
    this.error("");
    try {
      const c = await this.api.mm.acceptChallenge({ challengeId: id });
      this.challenges.delete(id);
      this.render();
      if (c.matchId) location.hash = "#/match/" + c.matchId;
    } catch (e) {
      this.error(errorText(e));
    }
  }

  /** @param {string} id @param {"declineChallenge"|"cancelChallenge"} method */
  async answerChallenge(id, method) {
    this.error("");
    try {
      await this.api.mm[method]({ challengeId: id });
      this.challenges.delete(id);
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  async createParty() {
    this.error("");
    const invite = /** @type {HTMLInputElement} */ ($("party-invite")).value.split(/[\s,]+/).filter(Boolean);
    try {
      this.party = await this.api.mm.createParty({ invite });
      this.announce("Party created.");
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  /** @param {string} id */
  async joinParty(id) {
    this.error("");
    if (!id) return;
    try {
      this.party = await this.api.mm.joinParty({ partyId: id });
      this.announce(`You joined ${this.party.leader?.name ?? "the"}'s party.`);
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }

  async leaveParty() {
    this.error("");
    if (!this.party) return;
    try {
      await this.api.mm.leaveParty({ partyId: this.party.id });
      this.party = undefined;
      this.render();
    } catch (e) {
      this.error(errorText(e));
    }
  }
}
