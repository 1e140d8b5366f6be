// app/record.js: the download of the server's record, and the move numbers the move list shares with the records.

import { create } from "@bufbuild/protobuf";
import { MatchRecordSchema, MatchSchema } from "../app/gen/plyyard/v1/lobby_pb.js";
import { Code, RpcError } from "../app/api/grpc-web.js";
import { downloadRecord, moverOf, numbering } from "../app/record.js";
import { eq, ok, rejects, test } from "./harness.js";

/** A match of `variant` whose moves were made by these seats (the seat whose turn it was). */
function match(variant, seats, colours, movers = seats) {
  return create(MatchSchema, {
    id: "m1",
    variant: { id: variant },
    seats: colours.map((colour, index) => ({ index, colour })),
    moves: seats.map((seat, i) => ({
      ply: i + 1, seat, move: { notation: "x" + i, detail: { case: "ploy", value: { mover: movers[i] } } },
    })),
  });
}

const marks = (m) => numbering(m).map((n) => n.mark);

test("numbering: draughts, White first (FMJD) and Black first (Ply Yard rules)", () => {
  eq(marks(match("draughts:fmjd", [0, 1, 0, 1, 0], ["white", "black"])), ["1.", "", "2.", "", "3."]);
  eq(numbering(match("draughts:fmjd", [0, 1, 0], ["white", "black"])).map((n) => n.number), [1, 1, 2]);
  eq(marks(match("draughts:plyyard", [1, 0, 1, 0], ["white", "black"])), ["1...", "2.", "", "3."]);
});

test("numbering: Ploy numbers rounds, a round starting when the turn comes round again (out seats skipped)", () => {
  const colours = ["green", "red", "yellow", "blue"];
  eq(marks(match("ploy:3m:ffa", [0, 1, 2, 3, 0, 2, 3, 0], colours)), ["1.", "", "", "", "2.", "", "", "3."]);
  eq(marks(match("ploy:3m:2p", [0, 1, 0], ["green", "red"])), ["1.", "", "2."]);
});

test("numbering: Piracy numbers Cook's moves, '1...' when Silver starts, repeated while Cook sails alone", () => {
  eq(marks(match("piracy:classic", [1, 0, 1, 0], ["cook", "silver"])), ["1...", "2.", "", "3."]);
  eq(marks(match("piracy:classic", [0, 0, 0], ["cook", "silver"])), ["1.", "1.", "1."]);
});

test("moverOf: a Ploy move's mover (a partner), else the seat whose turn it was", () => {
  const m = match("ploy:3m:team", [1, 2], ["green", "red", "yellow", "blue"], [3, 2]);
  eq(m.moves.map(moverOf), [3, 2]);
  const d = create(MatchSchema, { moves: [{ seat: 1, move: { notation: "19-23" } }] });
  eq(moverOf(d.moves[0]), 1);
});

test("downloadRecord: asks GetMatchRecord for the match and saves the server's text under the server's name", async () => {
  const asked = [];
  const saved = [];
  const record = create(MatchRecordSchema, {
    matchId: "m1", text: "[Event \"Ply Yard match m1\"]\n\n1. 32-28 *\n", fileName: "plyyard-m1.pdn",
    mediaType: "application/x-pdn", format: "PDN",
  });
  const client = { getMatchRecord: async (r) => { asked.push(r); return record; } };
  const answer = await downloadRecord(client, "m1", (...args) => saved.push(args));
  eq(asked, [{ matchId: "m1" }]);
  eq(saved, [[record.text, "plyyard-m1.pdn", "application/x-pdn"]]);
  ok(answer === record, "the record saved is answered");
});

test("downloadRecord: a refusal is the call's error, and nothing is saved", async () => {
  const saved = [];
  const client = { getMatchRecord: async () => { throw new RpcError(Code.NOT_FOUND, "There is no match m2."); } };
  const e = await rejects(downloadRecord(client, "m2", (...args) => saved.push(args)), "an unknown match");
  eq([e.codeName, e.message], ["NOT_FOUND", "There is no match m2."]);
  eq(saved, []);
});
