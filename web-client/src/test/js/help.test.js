// app/help.js: the rules panel follows the match's rule set and options (typed with the generated enums).

import { create } from "@bufbuild/protobuf";
import { PiracySide, PiracySurvivorSinks, PloyPartnership } from "../app/gen/plyyard/v1/games_pb.js";
import { MatchSchema } from "../app/gen/plyyard/v1/lobby_pb.js";
import { explainPiracyMove, notationLegend, rulesPanel, rulesTitle } from "../app/help.js";
import { eq, ok, test } from "./harness.js";

/** The panel's text for a match of `variant` with these options (a VariantOptions init). */
function panel(variant, options = {}, flip = false) {
  const m = create(MatchSchema, { variant: { id: variant, options } });
  return rulesPanel(m, flip).map((el) => el.textContent).join("\n");
}

test("the title names the game", () => {
  eq(rulesTitle(create(MatchSchema, { variant: { id: "ploy:3m:2p" } })), "How to play Ploy");
  eq(rulesTitle(create(MatchSchema, { variant: { id: "draughts:plyyard" } })), "How to play draughts");
});

test("draughts: who starts and the draw rule follow the rule set and the option", () => {
  ok(panel("draughts:fmjd").includes("White moves first"), "FMJD");
  ok(panel("draughts:plyyard").includes("Black moves first"), "Ply Yard rules");
  ok(panel("draughts:plyyard").includes("after 50 plies"), "the default threshold");
  const off = panel("draughts:plyyard", { game: { case: "draughts", value: { noCaptureDrawPlies: 0 } } });
  ok(off.includes("Draws: by agreement.") && !off.includes("plies"), "the rule switched off: " + off);
});

test("Ploy teams: the partnership option decides what happens to an out player's pieces", () => {
  const seed = panel("ploy:3m:team", { game: { case: "ploy", value: { partnership: PloyPartnership.PLOY_PARTNERSHIP_SEED } } });
  ok(seed.includes("the partner takes over their pieces"), seed);
  const threeM = panel("ploy:3m:team", { game: { case: "ploy", value: { partnership: PloyPartnership.PLOY_PARTNERSHIP_3M } } });
  ok(threeM.includes("Pieces never change hands"), threeM);
  ok(panel("ploy:imperium:ffa").includes("the last one standing wins"), "free-for-all");
});

test("Piracy: who starts, the survivor option, the circle rule and the turned board", () => {
  const defaults = panel("piracy:classic");
  ok(defaults.includes("Cook moves first"), defaults);
  ok(defaults.includes("the game is drawn"), "survivor sinks: draw by default");
  const options = panel("piracy:classic", { game: { case: "piracy", value: {
    first: PiracySide.SILVER, survivorSinks: PiracySurvivorSinks.SURVIVOR_SINKS_LOSS, circleRule: false } } }, true);
  ok(options.includes("Silver moves first"), options);
  ok(options.includes("the ship that sank first wins"), options);
  ok(options.includes("The circle rule is off"), options);
  ok(options.includes("north is at the bottom of your screen"), "Silver's board is turned");
});

test("the notation's legend: a partner's letter only in team Ploy", () => {
  const legend = (variant) => notationLegend(create(MatchSchema, { variant: { id: variant } }));
  ok(legend("ploy:3m:team").includes("(y:)"), legend("ploy:3m:team"));
  ok(!legend("ploy:3m:ffa").includes("(y:)"), legend("ploy:3m:ffa"));
  ok(legend("draughts:fmjd").includes("28x19 a capture"), legend("draughts:fmjd"));
});

test("Piracy: a move's signs in words, ~ above all (the mover's own ship sank)", () => {
  eq(explainPiracyMove("F~", "cook"), "F~: Cook sailed straight on and ran aground (~): Cook's own ship sank.");
  eq(explainPiracyMove("Lc3++#", "silver"), "Lc3++#: Silver turned left, hit Cook 2 times (++) and sank Cook's ship (#).");
  eq(explainPiracyMove("R!", "cook", true), "R!: Cook turned right, took a circle-rule hit itself (!) and Cook's own ship"
    + " sank with its 7th hit.");
  eq(explainPiracyMove("F+"), "F+: The ship sailed straight on and hit the enemy once (+).", "no mover known");
  eq(explainPiracyMove("F", "cook"), "F: Cook sailed straight on.");
  eq(explainPiracyMove("32-28", "cook"), "", "not a Piracy move");
  ok(notationLegend({ variant: { id: "piracy:classic" } }).includes("~ ran aground: the mover's own ship sank"), "the legend");
});
