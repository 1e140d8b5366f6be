// app/boards: the Piracy helpers that say what a move does to the ships, and Ploy's masks and headings.

import { create } from "@bufbuild/protobuf";
import { MoveSchema, PiracyBoardSchema } from "../app/gen/plyyard/v1/games_pb.js";
import { headingAfter, headingWords, screenArrow, shipToMove, sinksOwnShip } from "../app/boards/piracy.js";
import { heading, rotl } from "../app/boards/ploy.js";
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
