// The game record of a match, written exactly as the terminal client's `./plyyard export` writes it
// (client/…/ExportCommand.java with the engine's DraughtsRecord, PloyRecord and PiracyRecord):
// PDN for draughts, the PGN-style Ploy and Piracy records.

import { capital, num } from "./util.js";

/** @typedef {any} Match  a plyyard.v1.Match (protobuf-es) */

/** Suggested file name and MIME type of a match's record. @param {Match} m */
export function recordFile(m) {
  const game = m.variant?.id?.split(":")[0] ?? "game";
  const ext = game === "draughts" ? "pdn" : game === "ploy" ? "ploy.txt" : "piracy.txt";
  return { name: `plyyard-${m.id}.${ext}`, type: game === "draughts" ? "application/x-pdn" : "text/plain" };
}

/** The record text of a match. @param {Match} m @returns {string} */
export function record(m) {
  const tags = new Map();
  tags.set("Event", "Ply Yard match " + m.id);
  tags.set("Site", "Ply Yard");
  tags.set("Date", date(num(m.createdAtEpochMillis)));
  tags.set("Round", "-");
  for (const s of m.seats ?? []) {
    const colour = s.colour ? capital(s.colour) : "Seat" + s.index;
    let who = "?";
    if (s.kind === 1 || s.kind === 4) who = s.player?.name ?? "?";   // SEAT_PLAYER, SEAT_INVITED
    else if (s.kind === 2) who = "Ply Yard AI level " + s.aiLevel;   // SEAT_AI
    tags.set(colour, who);
  }
  if (m.result?.description) tags.set("Termination", m.result.description);
  const game = m.variant?.id?.split(":")[0];
  if (game === "draughts") return draughts(m, tags);
  if (game === "ploy") return ploy(m, tags);
  return piracy(m, tags);
}

/** @param {number} epochMillis */
function date(epochMillis) {
  const d = new Date(epochMillis);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** End reasons the rules decide from the moves alone (a replay of the record reaches them too). */
const RULES_REASONS = new Set([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
const LAST_STANDING = 5;

/**
 * The rules' outcome of the final position, as the engine's record finds it by replaying the moves: a result the
 * moves do not decide (resignation, time, agreement, abort) leaves "*", as in `./plyyard export`.
 */
function outcome(m) {
  const st = m.state;
  const o = st && st.status === 2 && st.outcome ? st.outcome : m.result;
  if (!o || m.status !== 3) return undefined;   // MATCH_FINISHED
  const reason = m.result?.reason ?? o.reason;
  if (RULES_REASONS.has(reason)) return o;
  if (reason === LAST_STANDING) {
    // the last one standing by captures only: every seat that is out has nothing left on the board
    const seats = st?.seats ?? [];
    return seats.every((s) => !s.out || s.pieceCount === 0) ? o : undefined;
  }
  return undefined;
}

/**
 * The move numbers of a match's record, one entry a ply: `number`, the move number the ply belongs to, and `mark`,
 * what the record writes before it ("12.", "1..." or nothing), as the engine's records number them:
 * - draughts (DraughtsRecord): a number before White's move, and "1..." when Black makes the first move;
 * - Ploy (PloyRecord): a number starts each round, a round starting when the seat to move comes round again;
 * - Piracy (PiracyRecord): a number before each Cook move (repeated while Cook sails alone), "1..." when Silver
 *   starts; the number goes up after each Silver move.
 * The move list (game.js) and the record writers below use it, so the two always agree.
 * @param {Match} m
 * @returns {{number: number, mark: string}[]}
 */
export function numbering(m) {
  const game = m.variant?.id?.split(":")[0];
  const moves = m.moves ?? [];
  const colours = (m.seats ?? []).map((s) => s.colour);
  const out = [];
  if (game === "draughts") {
    const ruleSet = m.variant?.ruleSet || m.variant?.id?.split(":")[1];
    let white = moves.length ? moves[0].seat === 0 : ruleSet === "fmjd";
    let number = 1;
    moves.forEach((_, i) => {
      if (white) {
        out.push({ number, mark: `${number}.` });
      } else {
        out.push({ number, mark: i === 0 ? `${number}...` : "" });
        number++;
      }
      white = !white;
    });
  } else if (game === "ploy") {
    let round = 0;
    let lastTurn = Infinity;
    for (const mm of moves) {
      const starts = mm.seat <= lastTurn;
      if (starts) round++;
      out.push({ number: round, mark: starts ? `${round}.` : "" });
      lastTurn = mm.seat;
    }
  } else {
    let number = 1;
    moves.forEach((mm, i) => {
      const cook = colours[mm.seat] === "cook";
      out.push({ number, mark: cook ? `${number}.` : i === 0 ? `${number}...` : "" });
      if (!cook) number++;
    });
  }
  return out;
}

/** The record's move tokens: each ply's text after its mark. @param {Match} m @param {(mm: any) => string} text */
function numbered(m, text) {
  const marks = numbering(m);
  return (m.moves ?? []).map((mm, i) => (marks[i].mark ? `${marks[i].mark} ` : "") + text(mm));
}

/** The seat that made a move (a partner may make an out seat's move). @param {any} mm a MatchMove */
export function moverOf(mm) {
  const d = mm.move?.detail;
  return d?.case === "ploy" ? d.value.mover : mm.seat;
}

/** @param {Map<string,string>} out */
function writeTags(out) {
  let sb = "";
  for (const [k, v] of out) sb += `[${k} "${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]\n`;
  return sb;
}

/** Move-text tokens in lines of at most 79 characters. @param {string[]} tokens */
function wrap(tokens) {
  let sb = "";
  let line = "";
  for (const t of tokens) {
    if (line.length > 0 && line.length + 1 + t.length > 79) {
      sb += line + "\n";
      line = "";
    }
    if (line.length > 0) line += " ";
    line += t;
  }
  return sb + line + "\n";
}

/** Copies the tags that are not already in `out`, except `skip`. */
function rest(out, tags, skip = []) {
  for (const [k, v] of tags) if (!out.has(k) && !skip.includes(k)) out.set(k, v);
}

function draughts(m, tags) {
  const out = new Map();
  for (const t of ["Event", "Site", "Date", "Round", "White", "Black"]) {
    out.set(t, tags.get(t) ?? (t === "Date" ? "????.??.??" : "?"));
  }
  const o = outcome(m);
  const result = !o ? "*" : o.kind === 2 ? "1-1" : (o.winners ?? []).includes(0) ? "2-0" : "0-2";
  out.set("Result", result);
  const ruleSet = m.variant?.ruleSet || m.variant?.id?.split(":")[1];
  if (ruleSet === "fmjd") {
    out.set("GameType", "20");
  } else {
    out.set("Rules", "plyyard");
    const opts = m.variant?.options?.game;
    const plies = opts?.case === "draughts" ? opts.value.noCaptureDrawPlies : undefined;
    if (plies !== undefined && plies !== 50) out.set("DrawPlies", String(plies));
    out.set("FEN", m.variant?.startPosition ?? "");
  }
  rest(out, tags, ["GameType", "Rules", "DrawPlies", "FEN"]);
  const tokens = numbered(m, (mm) => mm.move?.notation ?? "?");
  tokens.push(result);
  return writeTags(out) + "\n" + wrap(tokens);
}

function ploy(m, tags) {
  const out = new Map();
  for (const t of ["Event", "Site", "Date", "Round"]) out.set(t, tags.get(t) ?? (t === "Date" ? "????.??.??" : "?"));
  const colours = (m.seats ?? []).map((s) => s.colour);
  for (const c of colours) out.set(capital(c), tags.get(capital(c)) ?? "?");
  const o = outcome(m);
  const result = !o ? "*" : o.kind === 2 ? "draw" : (o.winners ?? []).map((w) => colours[w]).join("+");
  out.set("Result", result);
  out.set("Variant", m.variant?.id ?? "?");
  const opts = m.variant?.options?.game;
  const p = opts?.case === "ploy" ? opts.value : {};
  const mode = m.variant?.mode || m.variant?.id?.split(":")[2];
  if (mode === "team" && p.partnership === 2) out.set("Partnership", "3m");
  if (p.repetitionDraw === false) out.set("RepetitionDraw", "false");
  if (p.noCaptureDrawPlies !== undefined && p.noCaptureDrawPlies !== 200) {
    out.set("NoCaptureDrawPlies", String(p.noCaptureDrawPlies));
  }
  rest(out, tags);
  const four = mode !== "2p";
  const tokens = numbered(m, (mm) => {
    const n = mm.move?.notation ?? "?";
    return four ? `${(colours[moverOf(mm)] ?? "?")[0]}:${n}` : n;
  });
  tokens.push(result);
  return writeTags(out) + "\n" + wrap(tokens);
}

/** "c3" for a 0-based square. @param {{x: number, y: number}} sq */
export function squareName(sq) {
  return String.fromCharCode(97 + sq.x) + (sq.y + 1);
}

/** The long form of a Piracy move: the turn, the new bow square (unless aground), the suffixes. */
export function piracyLong(move) {
  const n = move?.notation ?? "?";
  const d = move?.detail?.case === "piracy" ? move.detail.value : undefined;
  if (!d || d.aground || !d.bow) return n;
  return n[0] + squareName(d.bow) + n.slice(1);
}

function piracy(m, tags) {
  const out = new Map();
  for (const t of ["Event", "Site", "Date", "Round", "Cook", "Silver"]) {
    out.set(t, tags.get(t) ?? (t === "Date" ? "????.??.??" : "?"));
  }
  const colours = (m.seats ?? []).map((s) => s.colour);
  const o = outcome(m);
  const result = !o ? "*" : o.kind === 2 ? "draw" : colours[(o.winners ?? [])[0]] === "silver" ? "silver" : "cook";
  out.set("Result", result);
  out.set("Variant", m.variant?.id ?? "?");
  const opts = m.variant?.options?.game;
  const p = opts?.case === "piracy" ? opts.value : {};
  const board = m.state?.board?.case === "piracy" ? m.state.board.value : undefined;
  out.set("BoardSize", String(p.boardSize ?? board?.size ?? 8));
  const island = p.island ?? board?.island;
  out.set("Island", island ? squareName(island) : "?");
  if (p.islandSeed !== undefined) out.set("IslandSeed", BigInt.asUintN(64, BigInt(p.islandSeed)).toString());
  if (p.first === 2) out.set("First", "silver");
  if (p.circleRule === false) out.set("CircleRule", "false");
  if (p.survivorSinks === 2) out.set("SurvivorSinks", "loss");
  rest(out, tags);
  const tokens = numbered(m, (mm) => piracyLong(mm.move));
  tokens.push(result);
  return writeTags(out) + "\n" + wrap(tokens);
}
