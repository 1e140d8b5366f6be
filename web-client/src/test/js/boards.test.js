// app/boards: the Piracy helpers that say what a move does to the ships, and Ploy's masks and headings.

import { create } from "@bufbuild/protobuf";
import { MoveSchema, PiracyBoardSchema } from "../app/gen/plyyard/v1/games_pb.js";
import { headingAfter, headingWords, screenArrow, shipToMove, sinksOwnShip } from "../app/boards/piracy.js";
import { composedMoves, heading, rotl, turnSteps } from "../app/boards/ploy.js";
import { draughtsNotation } from "../app/boards/draughts.js";
import { eq, test } from "./harness.js";

const board = (init) => create(PiracyBoardSchema, init);
const move = (value) => create(MoveSchema, { notation: "F", detail: { case: "piracy", value } });

test("Piracy: the ship to move, and the heading a move leaves it with", () => {
  const b = board({ cookToMove: false, cook: { heading: 1 }, silver: { heading: 5, hits: 2 } });
  eq(shipToMove(b).heading, 5, "Silver's turn");
  eq(headingAfter(shipToMove(b), move({ units: 1 })), 6, "L: 45° to the left");
  eq(headingAfter({ heading: 0 }, move({ units: -1 })), 7, "R from east: south-east");
  eq(headingAfter({ heading: 7 }, move({ units: 2 })), 1, "a port's 90° turn wraps round");
});

test("Piracy: a move sinks its own ship when it runs aground or takes the 7th hit", () => {
  const b = board({ cookToMove: true, cook: { hits: 6 }, silver: { hits: 0 } });
  eq(sinksOwnShip(b, move({ aground: true })), "runs aground");
  eq(sinksOwnShip(b, move({ penalties: 1 })), "takes its 7th hit (circle rule)");
  eq(sinksOwnShip(b, move({ hitsDealt: 3 })), "", "hits dealt go to the enemy");
  eq(sinksOwnShip(board({ cookToMove: true, cook: { hits: 5 } }), move({ penalties: 1 })), "", "the 6th hit");
});

test("Piracy: headings as they point on the screen, turned round for Silver", () => {
  eq(screenArrow(2, false), "↑", "north, unturned");
  eq(screenArrow(2, true), "↓", "north on a turned board");
  eq(screenArrow(0, true), "←");
  eq(headingWords(1, true), "north-east, down and left on your screen");
});

test("Ploy: masks rotate left within 8 bits, and a mask's heading is its base shape's rotation", () => {
  eq(rotl(0x01, 1), 0x02);
  eq(rotl(0x80, 1), 0x01, "wraps round");
  eq(rotl(0x83, -1), 0xc1, "a negative turn");
  eq(heading("shield", 0x04), 2, "a Shield pointing east");
  eq(heading("commander", 0xaa), 1, "the diagonal Commander");
  eq(heading("lance", rotl(0x45, 3)), 3);
});

test("draughts by clicks: a plain move reads from-to, anything else fromxto (the server decides which move it is)", () => {
  const pieces = [{ square: 32, white: true, king: false }, { square: 28, white: false, king: false },
    { square: 50, white: true, king: true }, { square: 19, white: false, king: false }];
  eq(draughtsNotation(pieces, 32, 27), "32-27", "a man one step forward");
  eq(draughtsNotation(pieces, 32, 23), "32x23", "over the black man on 28");
  eq(draughtsNotation(pieces, 28, 33), "28-33", "Black's men go down the board");
  eq(draughtsNotation(pieces, 28, 22), "28x22", "a man does not go back");
  eq(draughtsNotation(pieces, 50, 33), "50-33", "a king along a free diagonal");
  eq(draughtsNotation(pieces.concat([{ square: 39, white: false, king: false }]), 50, 33), "50x33", "a piece in the way");
  eq(draughtsNotation(pieces, 32, 12), "32x12", "not one diagonal: a capture of several pieces");
});

test("Ploy by clicks: a piece's turns, one per distinct look, and the moves a click writes", () => {
  eq(turnSteps(0x01), [1, 2, 3, 4, 5, 6, 7], "a Shield's one line can point anywhere");
  eq(turnSteps(0x55), [1], "a Commander's four lines: only the diagonal turn changes it");
  eq(turnSteps(0x11), [1, 2, 3], "a Probe's opposite lines: a half turn looks the same");
  eq(composedMoves({ point: "e2", kind: "commander", mask: 0x55 }).map((m) => m.notation), ["e2r1"]);
  eq(composedMoves({ point: "e2", kind: "probe", mask: 0x11 }, "e4").map((m) => m.notation), ["e2r1", "e2r2", "e2r3", "e2-e4"]);
  const shield = composedMoves({ point: "c3", kind: "shield", mask: 0x01 }, "c4").filter((m) => m.detail.value.to === "c4");
  eq(shield.map((m) => m.notation), ["c3-c4", "c3-c4r1", "c3-c4r2", "c3-c4r3", "c3-c4r4", "c3-c4r5", "c3-c4r6", "c3-c4r7"],
    "a Shield may turn after its move");
  eq(shield[2].detail.value.rotation, 2);
});
