// The help a first-time player needs beside the board: a short rules panel per game and a legend of the move
// notation under the move list. Written from the project's normative rules (/work/shared/rules in the project's
// workspace; docs/draughts.md, docs/ploy.md, docs/piracy.md), adjusted to the match's rule set and options; nothing
// here decides what is legal — the server's legal moves do.

import { h, capital } from "./util.js";
import { PiracySide, PiracySurvivorSinks, PloyPartnership } from "./gen/plyyard/v1/games_pb.js";

/** @typedef {any} Match  a plyyard.v1.Match (protobuf-es) */

/** @param {Match} m */
function gameOf(m) {
  return m.variant?.id?.split(":")[0] ?? "";
}

/** The panel's title. @param {Match} m */
export function rulesTitle(m) {
  const game = gameOf(m);
  return game === "draughts" ? "How to play draughts" : game === "ploy" ? "How to play Ploy" : "How to play Piracy";
}

/**
 * The rules panel's content for a match: a few short lists (goal, moves, end, notation).
 * @param {Match} m
 * @param {boolean} flip  whether the viewer sees the board turned round
 * @returns {HTMLElement[]}
 */
export function rulesPanel(m, flip) {
  const game = gameOf(m);
  if (game === "draughts") return draughts(m);
  if (game === "ploy") return ploy(m);
  return piracy(m, flip);
}

/** A short legend of the notation, shown under the move list. @param {Match} m */
export function notationLegend(m) {
  const game = gameOf(m);
  if (game === "draughts") return "32-28 a move, 28x19 a capture (from x to); 47x38x24 lists the landing squares when two captures share start and end.";
  if (game === "ploy") {
    const mode = m.variant?.mode || m.variant?.id?.split(":")[2];
    return "c2-c4 a move, c2xc4 a capture, b1r2 a turn in place, e3-e4r1 a Shield's move and turn; r1…r7 turn clockwise by 45°…315° (r2 a quarter turn right, r4 about-face, r6 a quarter turn left)."
      + (mode === "team" ? " A letter before a move (y:) names the partner who played that seat's turn." : "");
  }
  return "L, F, R: turn left, sail forward, turn right. + a hit dealt, ! a circle-rule hit taken, ~ ran aground: the mover's own ship sank, # the enemy sunk.";
}

/**
 * What a Piracy move did, in words, for a move list or a solution: "F~: Cook sailed forward and ran aground (~):
 * Cook's own ship sank." `~` is the mover's own ship lost, which the sign alone does not say.
 * @param {string} notation a move as written, short or long ("F~", "Lc3+!#")
 * @param {string} [mover] "cook" or "silver"; unknown: "the ship"
 * @param {boolean} [ownSunk] the mover's ship sank with this move (its 7th hit, from the circle rule, has no sign)
 */
export function explainPiracyMove(notation, mover, ownSunk = false) {
  const m = /^([LFR])([a-z]\d+)?([+!~#]*)$/i.exec(notation.trim());
  if (!m) return "";
  const marks = m[3];
  const count = (/** @type {string} */ c) => [...marks].filter((x) => x === c).length;
  const who = mover ? capital(mover) : "The ship";
  const whose = mover ? `${capital(mover)}'s own ship` : "its own ship";
  const enemy = mover ? (mover === "cook" ? "Silver" : "Cook") : "the enemy";
  const parts = [`${who} ${{ L: "turned left", F: "sailed straight on", R: "turned right" }[m[1].toUpperCase()]}`];
  const hits = count("+");
  const penalties = count("!");
  if (hits) parts.push(`hit ${enemy} ${hits === 1 ? "once" : `${hits} times`} (${"+".repeat(hits)})`);
  if (penalties) parts.push(`took ${penalties === 1 ? "a circle-rule hit" : `${penalties} circle-rule hits`} itself (${"!".repeat(penalties)})`);
  if (marks.includes("~")) parts.push(`ran aground (~): ${whose} sank`);
  else if (ownSunk) parts.push(`${whose} sank with its 7th hit`);
  if (marks.includes("#")) parts.push(`sank ${enemy}'s ship (#)`);
  const last = parts.pop();
  return `${notation.trim()}: ${parts.length ? `${parts.join(", ")} and ${last}` : last}.`;
}

/** @param {string} title @param {...(string|HTMLElement)[]} items */
function section(title, items) {
  return h("section", { class: "rules-section" }, h("h4", {}, title), h("ul", {}, items.map((i) => h("li", {}, i))));
}

/** `<code>` text. @param {string} t */
const c = (t) => h("code", {}, t);

/** @param {Match} m */
function draughts(m) {
  const fmjd = (m.variant?.ruleSet || m.variant?.id?.split(":")[1]) === "fmjd";
  const opts = m.variant?.options?.game;
  const drawPlies = opts?.case === "draughts" && opts.value.noCaptureDrawPlies !== undefined ? opts.value.noCaptureDrawPlies : 50;
  return [
    h("p", {}, fmjd ? "International draughts on a 10×10 board, FMJD rules; White moves first."
      : "International draughts on a 10×10 board, Ply Yard rules; Black moves first."),
    section("Moves", [
      "A man moves one square diagonally forward onto an empty square.",
      "A man captures by jumping an enemy piece next to it onto the empty square just behind — forwards and backwards.",
      h("span", {}, h("strong", {}, "Capturing is mandatory"), ", and you must take the most pieces possible (a king counts as one piece"
        + (fmjd ? "" : "; with equal counts, the capture taking more kings") + "). A capture goes on while it can: the whole sequence is one move."),
      fmjd ? "Captured pieces leave the board only when the sequence ends; none may be jumped twice."
        : "Captured pieces leave the board at once: the freed square may be crossed again in the same sequence.",
      "A man that ends its move on the far row becomes a king. A king flies: any distance along a diagonal, and it captures at a distance, landing on any empty square behind.",
    ]),
    section("End of the game", [
      "You win when your opponent has no pieces left or no legal move (or resigns, or runs out of time).",
      fmjd ? "Draws: by agreement, the third repetition of a position, 25 moves each of kings only (no man move, no capture), and the 16- and 5-move endgame rules."
        : drawPlies > 0 ? `Draws: by agreement, or after ${drawPlies} plies (half-moves) without a capture or a promotion.` : "Draws: by agreement.",
    ]),
    section("On this board", [
      "The 50 dark squares are numbered 1–50, row by row from Black's side; the numbers are in the corners.",
      "Click a piece, then where it goes (or drag it). The pieces that can move have dashed rings; when a capture is mandatory they are ringed in orange.",
      h("span", {}, "Type a move as ", c("32-28"), " or a capture as ", c("28x19"), "; when two captures share start and end, list the landing squares: ", c("47x38x24"), "."),
    ]),
  ];
}

/** @param {Match} m */
function ploy(m) {
  const ruleSet = m.variant?.ruleSet || m.variant?.id?.split(":")[1];
  const mode = m.variant?.mode || m.variant?.id?.split(":")[2];
  const imperium = ruleSet === "imperium";
  const opts = m.variant?.options?.game;
  const p = opts?.case === "ploy" ? opts.value : {};
  const noCapture = p.noCaptureDrawPlies !== undefined ? p.noCaptureDrawPlies : 200;
  const ends = mode === "2p" ? [
    "You win when your opponent is out: their Commander is captured, or they have no piece left but the Commander.",
  ] : mode === "ffa" ? [
    "A player is out when their Commander is captured, or when they have no piece left but the Commander (which is then removed).",
    "Whoever captures a Commander takes over every piece its player had. Out players are skipped; the last one standing wins.",
  ] : [
    "Green and Yellow play against Red and Blue; partners never capture or jump each other's pieces.",
    p.partnership === PloyPartnership.PLOY_PARTNERSHIP_3M
      ? "Pieces never change hands: a player without a Commander still moves their pieces; a seat with no pieces left is played by the partner."
      : "When a player is out (Commander captured, or nothing left but the Commander) the partner takes over their pieces and their turns, and may move any piece of the team. A team loses when both partners are out.",
  ];
  const draws = ["by agreement"];
  if (p.repetitionDraw !== false) draws.push("on the third repetition of a position with the same seat to move");
  if (noCapture > 0) draws.push(`after ${noCapture} plies without a capture`);
  return [
    h("p", {}, `Ploy on a 9×9 board of points, ${imperium ? "Imperium" : "3M"} rules, ${mode === "2p" ? "two players (Green starts)" : mode === "ffa" ? "four players each for themselves (Green, Red, Yellow, Blue in turn)" : "two teams of two"}.`),
    section("Pieces", [
      "Each piece moves only along the lines drawn on it, straight, never through another piece. A move onto an enemy piece captures it.",
      "Commander (octagon, 4 lines): 1 point. Lance (circle, 3 lines): 1 to 3 points. Probe (diamond, 2 lines): 1 to 2 points. Shield (square, 1 line): 1 point.",
    ]),
    section("Moves", [
      "A turn is one move of one piece: either a motion along one of its lines, or a turn in place"
        + (imperium ? " by 45° either way." : " to any other direction (multiples of 45°)."),
      "A Shield may also turn as part of its motion, captures included. No other piece moves and turns together.",
      "You must move: passing is not allowed.",
    ]),
    section("End of the game", [...ends, `Draws: ${draws.join(", ")}.`]),
    section("Notation", [
      h("span", {}, c("c2-c4"), " a motion, ", c("c2xc4"), " a capture, ", c("b1r2"), " a turn in place, ", c("e3-e4r1"), " a Shield's motion then turn."),
      h("span", {}, c("r1"), "…", c("r7"), ": turn clockwise by 1 to 7 steps of 45° — ", c("r2"), " a quarter turn right, ", c("r4"), " about-face, ", c("r6"), " a quarter turn left."),
      "On the board: click a piece, then a point it can reach; to turn it, click it and pick an arrow around it (or in the compass beside the board).",
    ]),
  ];
}

/** @param {Match} m @param {boolean} flip */
function piracy(m, flip) {
  const opts = m.variant?.options?.game;
  const p = opts?.case === "piracy" ? opts.value : {};
  const circle = p.circleRule !== false;
  const survivorLoses = p.survivorSinks === PiracySurvivorSinks.SURVIVOR_SINKS_LOSS;
  const silverFirst = p.first === PiracySide.SILVER;
  return [
    h("p", {}, `Two ships on a sea with an island: Cook starts in the port at a1, Silver in the port at the far corner. ${silverFirst ? "Silver" : "Cook"} moves first; then the sides take turns.`),
    section("Sailing", [
      h("span", {}, "Each move the ship sails one square: ", h("strong", {}, "L"), " turns 45° left and sails, ", h("strong", {}, "F"), " sails straight ahead, ",
        h("strong", {}, "R"), " turns 45° right and sails. In a port (a corner) only L or R, turning 90°."),
      "Sailing off the board or onto the island runs the ship aground (~): it sinks. Sailing onto the enemy ship (ramming) is not allowed; every other move is, even one that sinks you.",
      "Headings (N, NE, E, …) are the board's compass directions: N is towards row 8."
        + (flip ? " You play Silver, so the board is turned: north is at the bottom of your screen. The arrows show each heading as it points on your screen." : ""),
    ]),
    section("Hits", [
      "After your move, every enemy square next to your bow or stern (diagonally too) is a hit on the enemy (+). A ship with 7 hits sinks: \"3 of 7 hits\" means 4 more sink it.",
      circle ? "Circle rule — the \"turn run\": left turns count up (+1, +2 in a port), right turns count down; turning the other way starts the count again, F leaves it. At ±8 — a full circle — your own ship takes a hit (!) and the count goes back by 8. \"Turn run +3\": three left turns so far."
        : "The circle rule is off in this match: turning never costs a hit.",
    ]),
    section("End of the game", [
      `When one ship sinks (#), the other must make 7 more moves alone: still afloat after the 7th, it wins; if it sinks meanwhile, ${survivorLoses ? "the ship that sank first wins" : "the game is drawn"}.`,
      "Both ships sinking in the same move is a draw, and so is reaching 490 plies with both afloat.",
    ]),
    section("Notation", [
      h("span", {}, c("L"), " ", c("F"), " ", c("R"), " the turn; the record adds the new bow square (", c("Fc3"), "). Marks: ", c("+"), " a hit dealt (one per hit), ",
        c("!"), " a circle-rule hit taken, ", c("~"), " ran aground — the mover's own ship sank (", c("F~"), "), ", c("#"), " the enemy sunk."),
      "On the board: click a square marked L, F or R, or use the buttons under it; a move that runs aground is only on the buttons.",
    ]),
  ];
}
