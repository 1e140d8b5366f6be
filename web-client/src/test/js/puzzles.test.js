// app/puzzles.js: a finished puzzle's solution told move by move, the solver's moves apart from the replies; the
// positions a finished attempt steps through on its board (where the wrong move led, then the solution), the stepping
// kept among them, the frame it opens on, and the move marked on the board between two positions.

import { create } from "@bufbuild/protobuf";
import { GameStateSchema, GameStatus } from "../app/gen/plyyard/v1/games_pb.js";
import { PuzzleAttemptSchema, PuzzleRefutationSchema, PuzzleResult } from "../app/gen/plyyard/v1/learn_pb.js";
import { movedBetween, openingFrame, refutationText, replayFrames, solutionText, stepTo } from "../app/puzzles.js";
import { eq, test } from "./harness.js";

const SEATS = [{ index: 0, colour: "white" }, { index: 1, colour: "black" }];

/** A draughts position: its pieces as [square, "w" | "b" | "W" | "B"] (capitals for kings), White to move or not. */
function draughts(position, pieces, whiteToMove) {
  return create(GameStateSchema, { position, seats: SEATS, toMove: whiteToMove ? 0 : 1, status: GameStatus.ONGOING,
    board: { case: "draughts", value: { whiteToMove, pieces: pieces.map(([square, p]) => ({ square,
      white: p.toLowerCase() === "w", king: p === p.toUpperCase() })) } } });
}

// a puzzle's start and its line 32-28 23x32 37x28; the wrong 33-29 answered by 19-23
const start = draughts("start", [[32, "w"], [37, "w"], [33, "w"], [23, "b"], [19, "b"]], true);
const s1 = draughts("s1", [[28, "w"], [37, "w"], [33, "w"], [23, "b"], [19, "b"]], false);
const s2 = draughts("s2", [[37, "w"], [33, "w"], [32, "b"], [19, "b"]], true);
const s3 = draughts("s3", [[28, "w"], [33, "w"], [19, "b"]], false);
const wrong = draughts("wrong", [[32, "w"], [37, "w"], [29, "w"], [23, "b"], [19, "b"]], false);
const reply = draughts("reply", [[32, "w"], [37, "w"], [29, "w"], [23, "b"], [24, "b"]], true);
const failed = create(PuzzleAttemptSchema, { game: "draughts", result: PuzzleResult.FAILED, state: start,
  solution: ["32-28", "23x32", "37x28"], solutionStates: [start, s1, s2, s3] });
const refutation = create(PuzzleRefutationSchema, { move: "33-29", afterMove: wrong, reply: "19-24", afterReply: reply });

test("the solution: my moves and the replies between them", () => {
  eq(solutionText(["32-28", "23x32", "37x28"]), "you play 32-28, the reply is 23x32, you play 37x28");
  eq(solutionText(["F"]), "you play F");
});

test("a failed answer: where the wrong move led, then the solution from the start, a position per move", () => {
  const frames = replayFrames(failed, refutation, start);
  eq(frames.map((f) => f.key), ["wrong", "reply", "s0", "s1", "s2", "s3"]);
  eq(frames.map((f) => f.state.position), ["wrong", "reply", "start", "s1", "s2", "s3"], "the positions shown");
  eq(frames.map((f) => f.before?.position ?? ""), ["start", "wrong", "", "start", "s1", "s2"], "the positions before");
  eq(frames.map((f) => f.label), ["Your 33-29", "Black 19-24", "Start", "32-28", "23x32", "37x28"]);
  eq(frames.map((f) => f.mine), [true, false, false, true, false, true], "the solver's moves");
  eq(frames.map((f) => f.part), ["refutation", "refutation", "solution", "solution", "solution", "solution"]);
  eq(frames[0].caption, "After your 33-29; Black answers next.");
  eq(frames[1].caption, "After your 33-29, Black answers 19-24.");
  eq(frames[2].caption, "The solution, from the puzzle's start.");
  eq(frames[3].caption, "The solution, move 1 of 3: you play 32-28.");
  eq(frames[4].caption, "The solution, move 2 of 3: the reply is 23x32.");
  eq(openingFrame(frames, false), 0, "it opens where the wrong move led");
});

test("the refutation in one sentence: the reply named, the game's end, or no reply to be had", () => {
  eq(refutationText(refutation), "After your 33-29, Black answers 19-24.");
  const ended = create(PuzzleRefutationSchema, { move: "F~", afterMove: create(GameStateSchema, {
    seats: [{ colour: "cook" }, { colour: "silver" }], toMove: 1, status: GameStatus.FINISHED,
    outcome: { description: "Silver wins: Cook's ship sank." } }) });
  eq(refutationText(ended), "Your F~ ends the game: Silver wins: Cook's ship sank.");
  const noReply = create(PuzzleRefutationSchema, { move: "33-29", afterMove: wrong });
  eq(refutationText(noReply), "After your 33-29, Black is to move (the best answer could not be worked out just now).");
  eq(replayFrames(failed, noReply, start).map((f) => f.key), ["wrong", "s0", "s1", "s2", "s3"], "no reply, no frame");
  eq(replayFrames(failed, ended, start)[0].caption, "Your F~ ends the game: Silver wins: Cook's ship sank.");
});

test("a finished attempt opened again: the solution only, on the end when solved and on the start when not", () => {
  const frames = replayFrames(failed, undefined, undefined);
  eq(frames.map((f) => f.key), ["s0", "s1", "s2", "s3"]);
  eq(openingFrame(frames, false), 0);
  eq(openingFrame(frames, true), 3, "a solved puzzle stays on its final position");
  eq(openingFrame([], true), -1, "nothing to show");
  eq(replayFrames(create(PuzzleAttemptSchema, { result: PuzzleResult.FAILED }), undefined, undefined), [],
    "an attempt without its positions");
});

test("stepping: first, back, on and last, kept among the frames", () => {
  eq(stepTo(2, "next", 6), 3);
  eq(stepTo(2, "prev", 6), 1);
  eq(stepTo(0, "prev", 6), 0, "nothing before the first");
  eq(stepTo(5, "next", 6), 5, "nothing after the last");
  eq(stepTo(3, "first", 6), 0);
  eq(stepTo(1, "last", 6), 5);
  eq(stepTo(-1, "next", 6), 0, "from nothing shown, on to the first");
  eq(stepTo(0, "next", 0), -1, "no frames");
  // a walk through a failed attempt's frames, as the buttons do it
  const frames = replayFrames(failed, refutation, start);
  const seen = [];
  for (let at = openingFrame(frames, false), i = 0; i < 8; i++, at = stepTo(at, "next", frames.length)) {
    seen.push(frames[at].key);
  }
  eq(seen, ["wrong", "reply", "s0", "s1", "s2", "s3", "s3", "s3"]);
});

test("the move marked on the board: a draughts move's squares and what it captured", () => {
  eq(movedBetween(start, s1, "32-28")?.detail, { case: "draughts", value: { from: 32, to: 28, path: [28], captured: [],
    promotes: false } });
  eq(movedBetween(s1, s2, "23x32")?.detail.value.captured, [28], "the man taken on 28");
  eq(movedBetween(s1, s2, "23x32")?.detail.value.path, [32]);
  eq(movedBetween(undefined, start, ""), undefined, "the start: no move");
});

test("the move marked on the board: a Ploy piece's step, a capture and a turn in place; Piracy none", () => {
  const ploy = (pieces, toMove) => create(GameStateSchema, { board: { case: "ploy", value: { toMove,
    pieces: pieces.map(([point, controller, kind, mask]) => ({ point, owner: controller, controller, kind, mask })) } } });
  const before = ploy([["e2", 0, "lance", 1], ["e5", 1, "probe", 17], ["a1", 0, "shield", 1]], 0);
  const step = movedBetween(before, ploy([["e4", 0, "lance", 1], ["e5", 1, "probe", 17], ["a1", 0, "shield", 1]], 1), "e2-e4");
  eq([step?.detail.value.from, step?.detail.value.to, step?.detail.value.capture], ["e2", "e4", false]);
  const take = movedBetween(before, ploy([["e5", 0, "lance", 1], ["a1", 0, "shield", 1]], 1), "e2-e5");
  eq([take?.detail.value.from, take?.detail.value.to, take?.detail.value.capture], ["e2", "e5", true]);
  const turn = movedBetween(before, ploy([["e2", 0, "lance", 1], ["e5", 1, "probe", 17], ["a1", 0, "shield", 2]], 1), "a1-1");
  eq([turn?.detail.value.from, turn?.detail.value.to], ["a1", "a1"], "a turn in place");
  const sea = create(GameStateSchema, { board: { case: "piracy", value: {} } });
  eq(movedBetween(sea, sea, "F"), undefined);
});
