// app/util.js: clocks, time controls, variant names, BigInt care and a match's outcome for a player.

import { create } from "@bufbuild/protobuf";
import { OutcomeKind } from "../app/gen/plyyard/v1/games_pb.js";
import { MatchSchema, MatchStatus } from "../app/gen/plyyard/v1/lobby_pb.js";
import { capital, clockText, errorText, num, outcomeFor, timeControl, timeControlText, variantName, VARIANTS } from "../app/util.js";
import { eq, test } from "./harness.js";

test("clockText: minutes and seconds, hours, tenths under ten seconds, never negative", () => {
  eq(clockText(299_000), "4:59");
  eq(clockText(299_001), "5:00", "a started second counts");
  eq(clockText(3_723_000), "1:02:03");
  eq(clockText(9_340), "0:09.3");
  eq(clockText(10_000), "0:10");
  eq(clockText(-5), "0:00.0");
});

test("timeControl and timeControlText: the forms' '5+3' and back", () => {
  eq(timeControl("5+3"), { initialSeconds: 300, incrementSeconds: 3 });
  eq(timeControl("1+0"), { initialSeconds: 60, incrementSeconds: 0 });
  eq(timeControl(""), { initialSeconds: 0, incrementSeconds: 0 }, "no clock");
  eq(timeControlText({ initialSeconds: 600, incrementSeconds: 5 }), "10+5");
  eq(timeControlText({ initialSeconds: 0, incrementSeconds: 0 }), "no clock");
  eq(timeControlText(undefined), "no clock");
});

test("variantName: every offered variant has its name; an unknown id stays as it is", () => {
  eq(VARIANTS.length, 9);
  eq(variantName("ploy:3m:ffa"), "Ploy 3M, 4-player free-for-all");
  eq(variantName("piracy:classic"), "Piracy");
  eq(variantName("chess:fide"), "chess:fide");
});

test("num and capital: BigInt clocks as numbers, colours as names", () => {
  eq(num(12345n), 12345);
  eq(num(undefined), 0);
  eq(capital("silver"), "Silver");
  eq(capital(""), "");
});

test("errorText: an error's message, or the thing itself", () => {
  eq(errorText(new Error("There is no match x.")), "There is no match x.");
  eq(errorText("plain"), "plain");
});

test("outcomeFor: won, lost, draw, aborted for a player's seats; nothing while playing or for a spectator", () => {
  const finished = (result) => create(MatchSchema, { status: MatchStatus.MATCH_FINISHED, result });
  const won0 = finished({ kind: OutcomeKind.WIN, winners: [0] });
  eq(outcomeFor(won0, [0]), "won");
  eq(outcomeFor(won0, [1]), "lost");
  eq(outcomeFor(won0, []), "", "a spectator of a decided game");
  const team = finished({ kind: OutcomeKind.WIN, winners: [1, 3] });
  eq(outcomeFor(team, [3]), "won", "a partner of the winning team");
  eq(outcomeFor(finished({ kind: OutcomeKind.DRAW }), [1]), "draw");
  eq(outcomeFor(finished({ kind: OutcomeKind.DRAW }), []), "draw", "a draw is a draw for anyone");
  eq(outcomeFor(create(MatchSchema, { status: MatchStatus.MATCH_ABORTED }), [0]), "aborted");
  eq(outcomeFor(create(MatchSchema, { status: MatchStatus.MATCH_ACTIVE }), [0]), "");
});
