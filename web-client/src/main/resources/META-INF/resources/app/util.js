// Small helpers shared by the page's modules: DOM building, variants, seat colours, BigInt care.

import { OutcomeKind } from "./gen/plyyard/v1/games_pb.js";
import { MatchStatus } from "./gen/plyyard/v1/lobby_pb.js";

/**
 * Creates an element: `h("button", {class: "x", onclick: f}, "text", child)`.
 * Attributes starting with "on" become listeners; `hidden`, `disabled` etc. are set as properties when boolean.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|number|null|undefined|false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

/** @param {Element} el @param {any[]} children */
function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Creates an SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "dataset") for (const [dk, dv] of Object.entries(v)) el.setAttribute("data-" + dk, String(dv));
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

/** @param {string} id @returns {HTMLElement} */
export function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error("missing #" + id);
  return el;
}

/** Replaces an element's children. @param {Element} el @param {...any} children */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** The playable variants, in the order the page offers them. */
export const VARIANTS = [
  { id: "draughts:fmjd", name: "Draughts (FMJD)", seats: ["white", "black"] },
  { id: "draughts:plyyard", name: "Draughts (Ply Yard rules)", seats: ["white", "black"] },
  { id: "ploy:3m:2p", name: "Ploy 3M, 2 players", seats: ["green", "red"] },
  { id: "ploy:imperium:2p", name: "Ploy Imperium, 2 players", seats: ["green", "red"] },
  { id: "ploy:3m:ffa", name: "Ploy 3M, 4-player free-for-all", seats: ["green", "red", "yellow", "blue"] },
  { id: "ploy:imperium:ffa", name: "Ploy Imperium, 4-player free-for-all", seats: ["green", "red", "yellow", "blue"] },
  { id: "ploy:3m:team", name: "Ploy 3M, teams (party of two)", seats: ["green", "red", "yellow", "blue"], team: true },
  { id: "ploy:imperium:team", name: "Ploy Imperium, teams (party of two)", seats: ["green", "red", "yellow", "blue"], team: true },
  { id: "piracy:classic", name: "Piracy", seats: ["cook", "silver"] },
];

/** @param {string} id */
export function variantName(id) {
  return VARIANTS.find((v) => v.id === id)?.name ?? id;
}

/**
 * Seat colours: the Okabe–Ito palette (safe for the common colour-vision deficiencies), plus a letter and a
 * symbol per colour so colour is never the only cue.
 * @type {Record<string, {fill: string, ink: string, letter: string, symbol: string}>}
 */
export const COLOURS = {
  white: { fill: "#f7f7f2", ink: "#000", letter: "W", symbol: "○" },
  black: { fill: "#222222", ink: "#fff", letter: "B", symbol: "●" },
  green: { fill: "#009E73", ink: "#fff", letter: "G", symbol: "▲" },
  red: { fill: "#D55E00", ink: "#fff", letter: "R", symbol: "■" },
  yellow: { fill: "#F0E442", ink: "#000", letter: "Y", symbol: "◆" },
  blue: { fill: "#0072B2", ink: "#fff", letter: "B", symbol: "●" },
  cook: { fill: "#56B4E9", ink: "#000", letter: "C", symbol: "▲" },
  silver: { fill: "#CC79A7", ink: "#000", letter: "S", symbol: "■" },
};

/** @param {string} colour */
export function colourOf(colour) {
  return COLOURS[colour] ?? { fill: "#999", ink: "#000", letter: "?", symbol: "?" };
}

/** @param {string} s */
export function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * A BigInt or number as a Number (clock millis, epoch millis); undefined → 0.
 * @param {bigint|number|undefined} x
 */
export function num(x) {
  return x === undefined || x === null ? 0 : Number(x);
}

/**
 * Millis as a clock face: "4:59", "0:09.3" under ten seconds.
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return "0:0" + (Math.floor(t / 100) / 10).toFixed(1);
  const total = Math.ceil(t / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Time controls offered in the forms ("" = no clock). */
export const TIME_CONTROLS = [
  { value: "", label: "No clock" },
  { value: "1+0", label: "1+0 bullet" },
  { value: "3+2", label: "3+2 blitz" },
  { value: "5+3", label: "5+3 blitz" },
  { value: "10+5", label: "10+5 rapid" },
  { value: "30+20", label: "30+20 classical" },
];

/**
 * "5+3" → {initialSeconds: 300, incrementSeconds: 3}; "" → no clock.
 * @param {string} text
 */
export function timeControl(text) {
  if (!text) return { initialSeconds: 0, incrementSeconds: 0 };
  const [m, inc] = text.split("+").map((x) => Number(x));
  return { initialSeconds: m * 60, incrementSeconds: inc || 0 };
}

/** @param {{initialSeconds?: number, incrementSeconds?: number}|undefined} tc */
export function timeControlText(tc) {
  if (!tc || (!tc.initialSeconds && !tc.incrementSeconds)) return "no clock";
  return `${tc.initialSeconds / 60}+${tc.incrementSeconds}`;
}

/**
 * A match's outcome for the player in `seats` (their seat indices): "won", "lost", "draw", "aborted", or "" while it
 * is not over (or for a spectator of a decided game).
 * @param {any} m a Match @param {number[]} seats
 */
export function outcomeFor(m, seats) {
  if (m?.status === MatchStatus.MATCH_ABORTED) return "aborted";
  if (m?.status !== MatchStatus.MATCH_FINISHED || !m.result) return "";
  if (m.result.kind === OutcomeKind.DRAW) return "draw";
  if (!seats.length) return "";
  return (m.result.winners ?? []).some((w) => seats.includes(w)) ? "won" : "lost";
}

/** @param {unknown} e @returns {string} */
export function errorText(e) {
  if (e && typeof e === "object" && "message" in e && e.message) return String(e.message);
  return String(e);
}

/** @param {number} ms */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => { clearTimeout(t); resolve(undefined); }, { once: true });
  });
}

/** Options for a <select>. @param {{value: string, label: string}[]} items @param {string} [selected] */
export function options(items, selected) {
  return items.map((o) => h("option", { value: o.value, selected: o.value === selected }, o.label));
}

/**
 * Follows a server stream for as long as `signal` lives: opens it with `open()` (which resumes from whatever the
 * caller has applied so far), hands each message to `onMessage`, and when the stream fails or ends reopens it with
 * backoff (0.5 s doubling to 10 s, ±25 %), telling `onState` "live" or "reconnecting". An idle stream sends nothing,
 * so one that has stayed open 1.5 s counts as live. `onError` sees each failure first and returns true to stop.
 * @param {{ open: () => AsyncIterable<any>, onMessage: (m: any) => void,
 *           onState: (s: "live"|"reconnecting") => void, onError?: (e: any) => boolean }} how
 * @param {AbortSignal} signal
 */
export async function followStream(how, signal) {
  let delay = 500;
  while (!signal.aborted) {
    let liveTimer = 0;
    try {
      const stream = how.open();
      liveTimer = window.setTimeout(() => { if (!signal.aborted) how.onState("live"); }, 1500);
      for await (const message of stream) {
        if (signal.aborted) return;
        how.onState("live");
        delay = 500;
        how.onMessage(message);
      }
    } catch (e) {
      if (signal.aborted) return;
      if (how.onError?.(e)) {
        how.onState("reconnecting");
        return;
      }
    } finally {
      clearTimeout(liveTimer);
    }
    if (signal.aborted) return;
    how.onState("reconnecting");
    await sleep(delay * (0.75 + Math.random() * 0.5), signal);
    delay = Math.min(delay * 2, 10_000);
  }
}
