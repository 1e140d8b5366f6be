package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.lobby.ai.AiTurns;
import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.matchmaking.MatchmakingSweeper;
import com.plyyard.lobby.matchmaking.Pairer;
import com.plyyard.lobby.rating.TimeClass;
import com.plyyard.lobby.support.InProcessRules;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GetMatchRecordRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.ListLegalMovesRequest;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.RematchRequest;
import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WatchLobbyRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every refusal of every RPC the lobby serves (LobbyService, OperatorService, MatchService, MatchmakingService) that
 * the other in-process tests do not already check with its code and sentence: the exact gRPC status code, the exact
 * sentence, and every stored row about the players involved exactly as before ({@link #refused}). The table-like tests
 * go over every RPC (no or a malformed header, an unknown token), every id-taking RPC (no id, not a UUID, no such
 * thing), every name-taking one, every versioned match action, and every RPC that asks the rules while they are down;
 * the others take the refusals of one RPC each that only a particular state reaches.
 *
 * <p>Where else refusals are checked with their sentences: MatchErrorsTest and MatchmakingErrorsTest (the refusals of
 * each call in their ordinary states), AuthTest (Register, revoked tokens), LegalMovesTest, ChallengesTest (expiry),
 * RatingsTest, HostileInputTest (the input limits of every RPC), TokenLifetimeTest (expired tokens, every RPC),
 * OperatorKeyCheckTest (a lobby without an operator key).
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class EveryRefusalTest extends EdgeTestBase {
    private static final String RULES_DOWN = "rules-service is not reachable right now; nothing was changed, try again in a "
        + "moment.";
    private static final String OUT = "You are out of this game; only the players still in it can do that.";
    private static final String WAITING = "The match is still waiting for players; nothing can be played in it now.";

    @Inject
    ManualClock clock;

    @Inject
    FlagCheck flagCheck;

    @Inject
    MatchmakingSweeper sweeper;

    @Inject
    Pairer pairer;

    @Inject
    InProcessRules rules;

    // ------------------------------------------------------------------------------------------- every RPC

    /**
     * Every RPC but Register, about a player's match, seek, party, ticket and challenge, without a token, with a header
     * that is no bearer token, and with a token nobody was given: UNAUTHENTICATED, saying what to send, and nothing of
     * the player's changed. The list of RPCs is checked against the services' descriptors, so a new RPC fails here until
     * it is added.
     */
    @Test
    void everyRpcRefusesACallerWithoutAKnownToken() {
        World w = world("auth");
        List<Rpc> rpcs = everyRpc(w);
        assertEquals(methodsNeedingAToken(), rpcs.stream().map(Rpc::method).collect(Collectors.toCollection(TreeSet::new)),
            "every RPC of the services the lobby serves, Register aside");
        for (Rpc rpc : rpcs) {
            String missing = rpc.operator() ? NO_OPERATOR_KEY : NO_TOKEN;
            String unknown = rpc.operator() ? NOT_THE_OPERATOR_KEY : UNKNOWN_TOKEN;
            about(rpc + " without a header", () -> refused(Status.Code.UNAUTHENTICATED, missing,
                rpc.call().apply(sending(null)), w.p(), w.q()));
            about(rpc + " with basic authentication", () -> refused(Status.Code.UNAUTHENTICATED, missing,
                rpc.call().apply(sending("Basic cGxheWVyOnNlY3JldA==")), w.p(), w.q()));
            about(rpc + " with 'Bearer' and no token", () -> refused(Status.Code.UNAUTHENTICATED, missing,
                rpc.call().apply(sending("Bearer")), w.p(), w.q()));
            about(rpc + " with an unknown token", () -> refused(Status.Code.UNAUTHENTICATED, unknown,
                rpc.call().apply(sending("Bearer not-a-token-anybody-was-given")), w.p(), w.q()));
        }
    }

    /** The operator key is the bearer token of OperatorService: a player's token, or a near miss, is not it. */
    @Test
    void operatorServiceRefusals() {
        TestPlayer target = register("op-target");
        RevokeTokensRequest request = RevokeTokensRequest.newBuilder().setPlayerName(target.name()).build();
        String key = ServiceTestProfile.OPERATOR_KEY;
        for (String wrong : List.of(target.token(), key.toUpperCase(), key + "x", key.substring(1))) {
            refused(Status.Code.UNAUTHENTICATED, NOT_THE_OPERATOR_KEY, () -> operator(wrong).revokeTokens(request), target);
        }
        for (String blank : List.of("", "   ")) {
            refused(Status.Code.INVALID_ARGUMENT, "player_name is required: the player whose tokens to revoke.",
                () -> operator(key).revokeTokens(RevokeTokensRequest.newBuilder().setPlayerName(blank).build()), target);
        }
        assertEquals(target.player(), target.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "the token still works");
    }

    private OperatorServiceGrpc.OperatorServiceBlockingStub operator(String key) {
        return OperatorServiceGrpc.newBlockingStub(sending("Bearer " + key));
    }

    /** One id-taking RPC: what its id names ("match", "seek", ...), how a missing one is called, and the call. */
    private record IdRpc(String name, String what, String thing, boolean blankMeansNone, Function<String, Executable> call) {
    }

    /**
     * Every RPC that takes an id: none given, one that is not a UUID, and a UUID of nothing (in capitals: the sentence
     * names the canonical id). INVALID_ARGUMENT and NOT_FOUND, and nothing changed.
     */
    @Test
    void everyIdIsCheckedAndLookedUp() {
        TestPlayer c = register("ids");
        MatchServiceGrpc.MatchServiceBlockingStub m = c.matches();
        MatchmakingServiceGrpc.MatchmakingServiceBlockingStub mm = c.mm();
        GameSpec team = spec("ploy:3m:team", freshClock(), false);
        List<IdRpc> rpcs = List.of(
            new IdRpc("JoinMatch", "match", "match", false, id -> () -> m.joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build())),
            new IdRpc("GetMatch", "match", "match", false, id -> () -> m.getMatch(GetMatchRequest.newBuilder().setMatchId(id).build())),
            new IdRpc("ListLegalMoves", "match", "match", false,
                id -> () -> m.listLegalMoves(ListLegalMovesRequest.newBuilder().setMatchId(id).build())),
            new IdRpc("GetMatchRecord", "match", "match", false,
                id -> () -> m.getMatchRecord(GetMatchRecordRequest.newBuilder().setMatchId(id).build())),
            new IdRpc("SubmitMove", "match", "match", false, id -> () -> m.submitMove(SubmitMoveRequest.newBuilder().setMatchId(id)
                .setMove("32-28").setExpectedVersion(3).build())),
            new IdRpc("Resign", "match", "match", false, id -> () -> m.resign(action(id))),
            new IdRpc("OfferDraw", "match", "match", false, id -> () -> m.offerDraw(action(id))),
            new IdRpc("AcceptDraw", "match", "match", false, id -> () -> m.acceptDraw(action(id))),
            new IdRpc("DeclineDraw", "match", "match", false, id -> () -> m.declineDraw(action(id))),
            new IdRpc("Abort", "match", "match", false, id -> () -> m.abort(action(id))),
            new IdRpc("ClaimTimeout", "match", "match", false, id -> () -> m.claimTimeout(action(id))),
            new IdRpc("WatchMatch", "match", "match", false, id -> () -> watchMatch(c, id, 0)),
            new IdRpc("RequestRematch", "match", "match", false,
                id -> () -> mm.requestRematch(RematchRequest.newBuilder().setMatchId(id).build())),
            new IdRpc("CancelSeek", "seek", "seek", false, id -> () -> mm.cancelSeek(SeekRequest.newBuilder().setSeekId(id).build())),
            new IdRpc("AcceptSeek", "seek", "seek", false,
                id -> () -> mm.acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(id).build())),
            new IdRpc("JoinParty", "party", "party", false, id -> () -> mm.joinParty(PartyRequest.newBuilder().setPartyId(id).build())),
            new IdRpc("LeaveParty", "party", "party", false,
                id -> () -> mm.leaveParty(PartyRequest.newBuilder().setPartyId(id).build())),
            // an empty party_id queues alone: not a refusal
            new IdRpc("JoinPool", "party", "party", true,
                id -> () -> mm.joinPool(JoinPoolRequest.newBuilder().setGame(team).setPartyId(id).build())),
            new IdRpc("LeavePool", "ticket", "pool ticket", false,
                id -> () -> mm.leavePool(PoolTicketRequest.newBuilder().setTicketId(id).build())),
            new IdRpc("AcceptChallenge", "challenge", "challenge", false,
                id -> () -> mm.acceptChallenge(ChallengeRequest.newBuilder().setChallengeId(id).build())),
            new IdRpc("DeclineChallenge", "challenge", "challenge", false,
                id -> () -> mm.declineChallenge(ChallengeRequest.newBuilder().setChallengeId(id).build())),
            new IdRpc("CancelChallenge", "challenge", "challenge", false,
                id -> () -> mm.cancelChallenge(ChallengeRequest.newBuilder().setChallengeId(id).build())));
        for (IdRpc rpc : rpcs) {
            if (!rpc.blankMeansNone()) {
                about(rpc.name() + " without an id", () -> refused(Status.Code.INVALID_ARGUMENT, "No " + rpc.what() + " id given.",
                    rpc.call().apply(""), c));
            }
            about(rpc.name() + " with a malformed id", () -> refused(Status.Code.INVALID_ARGUMENT,
                "'42' is not a " + rpc.what() + " id (a UUID).", rpc.call().apply(" 42 "), c));
            UUID nothing = UUID.randomUUID();
            about(rpc.name() + " with an unknown id", () -> refused(Status.Code.NOT_FOUND,
                "There is no " + rpc.thing() + " " + nothing + ".", rpc.call().apply(nothing.toString().toUpperCase()), c));
        }
    }

    /** Every RPC that takes a player's name: NOT_FOUND naming it as given (without its surrounding spaces). */
    @Test
    void everyNameIsLookedUp() {
        TestPlayer c = register("names");
        String nobody = "nobody-" + UUID.randomUUID().toString().substring(0, 8);
        String given = "  " + nobody.toUpperCase() + " ";
        String sentence = "No player is called '" + nobody.toUpperCase() + "'.";
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        about("CreateMatch", () -> refused(Status.Code.NOT_FOUND, sentence, () -> c.matches().createMatch(
            CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).addSeats(
                com.plyyard.proto.v1.SeatSpec.newBuilder().setInvite(given)).build()), c));
        about("CreateParty", () -> refused(Status.Code.NOT_FOUND, sentence,
            () -> c.mm().createParty(CreatePartyRequest.newBuilder().addInvite(given).build()), c));
        about("CreateChallenge", () -> refused(Status.Code.NOT_FOUND, sentence,
            () -> c.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(given).build()), c));
        about("GetRatings", () -> refused(Status.Code.NOT_FOUND, sentence,
            () -> c.mm().getRatings(GetRatingsRequest.newBuilder().setPlayer(given).build()), c));
        about("RevokeTokens", () -> refused(Status.Code.NOT_FOUND, sentence, () -> operator(ServiceTestProfile.OPERATOR_KEY)
            .revokeTokens(RevokeTokensRequest.newBuilder().setPlayerName(given).build()), c));
    }

    /**
     * Every versioned match action with a version the match has moved on from, one it has not reached, and the largest
     * uint64: ABORTED with the current version, before any other check (a spectator learns the version too).
     */
    @Test
    void everyVersionedActionRefusesAStaleVersion() {
        TestPlayer white = register("ver-w");
        TestPlayer black = register("ver-b");
        TestPlayer spectator = register("ver-s");
        Match started = started("draughts:fmjd", clock(0, 0), white, black);
        Match m = white.move(started, "32-28");
        long v = m.getVersion();
        String id = m.getId();
        for (long stale : new long[] {v - 1, v + 1, -1L}) {
            String sentence = "The match has changed since version " + Long.toUnsignedString(stale) + "; the current version is "
                + v + ".";
            MatchActionRequest action = MatchActionRequest.newBuilder().setMatchId(id).setExpectedVersion(stale).build();
            for (TestPlayer who : List.of(black, spectator)) {
                List<Executable> calls = List.of(
                    () -> who.move(id, "19-23", stale),
                    () -> who.matches().resign(action),
                    () -> who.matches().offerDraw(action),
                    () -> who.matches().acceptDraw(action),
                    () -> who.matches().declineDraw(action),
                    () -> who.matches().abort(action),
                    () -> who.matches().claimTimeout(action));
                for (Executable call : calls) {
                    refused(Status.Code.ABORTED, sentence, call, white, black, spectator);
                }
            }
        }
    }

    /**
     * Every RPC that asks the rules, while they cannot be reached: UNAVAILABLE naming the service (not its address), and
     * nothing stored — also where the change had begun (a flag claimed, a seat resigned) before the rules were asked.
     */
    @Test
    void everyRpcThatAsksTheRulesRefusesWhileTheyAreDown() {
        TestPlayer a = register("down-a");
        TestPlayer b = register("down-b");
        TestPlayer c = register("down-c");
        TestPlayer d = register("down-d");
        TestPlayer e = register("down-e");
        Match m = started("draughts:fmjd", clock(0, 0), a, b);
        Match finished = b.matches().resign(TestPlayer.action(started("draughts:fmjd", clock(0, 0), a, b)));
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        Seek seek = e.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game).build());
        Challenge challenge = e.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(a.name())
            .build());
        flagCheck.pause();
        try {
            Match flagged = started("draughts:fmjd", clock(1, 0), c, d);
            clock.advanceMillis(1000); // White's flag falls; nobody has noticed yet
            rules.goDown();
            try {
                about("CreateMatch", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.matches().createMatch(
                    CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).addSeats(invite(b)).build()), a, b));
                about("SubmitMove", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.move(m, "32-28"), a, b));
                about("ListLegalMoves", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.matches().listLegalMoves(
                    ListLegalMovesRequest.newBuilder().setMatchId(m.getId()).build()), a, b));
                about("GetMatchRecord", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.matches().getMatchRecord(
                    GetMatchRecordRequest.newBuilder().setMatchId(m.getId()).build()), a, b));
                about("Resign", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN,
                    () -> b.matches().resign(TestPlayer.action(m)), a, b));
                about("ClaimTimeout", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN,
                    () -> d.matches().claimTimeout(TestPlayer.action(flagged)), c, d));
                about("CreateSeek", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.mm().createSeek(
                    CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build()), a));
                about("AcceptSeek", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.mm().acceptSeek(
                    AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build()), a, e));
                about("JoinPool", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.mm().joinPool(
                    JoinPoolRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build()), a));
                about("CreateChallenge", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.mm().createChallenge(
                    CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.name()).build()), a, b));
                about("AcceptChallenge", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.mm().acceptChallenge(
                    ChallengeRequest.newBuilder().setChallengeId(challenge.getId()).build()), a, e));
                about("RequestRematch", () -> refused(Status.Code.UNAVAILABLE, RULES_DOWN, () -> a.mm().requestRematch(
                    RematchRequest.newBuilder().setMatchId(finished.getId()).build()), a, b));
            } finally {
                rules.comeBack();
            }
        } finally {
            flagCheck.resume();
        }
    }

    // ------------------------------------------------------------------------------------------- MatchService

    @Test
    void createMatchAndListMyMatchesRefusals() {
        TestPlayer a = register("cm");
        refused(Status.Code.INVALID_ARGUMENT, "A clock has at most 604800 s initial time and 3600 s increment.",
            () -> a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .setTimeControl(clock(7 * 24 * 3600 + 1, 0)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "A clock has at most 604800 s initial time and 3600 s increment.",
            () -> a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .setTimeControl(clock(60, -1)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "The status filter is not a known match status.",
            () -> a.matches().listMyMatches(ListMyMatchesRequest.newBuilder().setStatusValue(99).build()), a);
    }

    /**
     * A lobby whose AI seats are switched off (plyyard.lobby.ai.enabled=false, played here by a mock of the AI turns that
     * says so) refuses them, in CreateMatch and in a pool's AI fill, with the lobby's own sentence.
     */
    @Test
    void aiSeatsSwitchedOff() {
        QuarkusMock.installMockForType(new AiTurns() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public void onTurn(UUID matchId) {
            }
        }, AiTurns.class);
        String why = "AI seats are switched off on this lobby (plyyard.lobby.ai.enabled=false).";
        TestPlayer a = register("no-ai");
        refused(Status.Code.FAILED_PRECONDITION, why, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(ai(3)).build()), a);
        refused(Status.Code.FAILED_PRECONDITION, why, () -> a.mm().joinPool(JoinPoolRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setAllowAiFill(true).build()), a);
    }

    @Test
    void submitMoveWhenTheTimeIsUp() {
        TestPlayer w = register("late-w");
        TestPlayer b = register("late-b");
        flagCheck.pause();
        try {
            Match m = started("draughts:fmjd", clock(1, 0), w, b);
            clock.advanceMillis(1000);
            refused(Status.Code.FAILED_PRECONDITION, "Your time is up; the flag falls and the move cannot be played.",
                () -> w.move(m, "32-28"), w, b);
        } finally {
            flagCheck.resume();
        }
    }

    /** The actions of a match that has not started, or was aborted: nothing can be done in it. */
    @Test
    void actionsOnAWaitingOrAbortedMatch() {
        TestPlayer a = register("wait-a");
        TestPlayer b = register("wait-b");
        Match waiting = a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setTimeControl(clock(60, 0)).addSeats(me()).addSeats(invite(b)).build());
        MatchActionRequest w = TestPlayer.action(waiting);
        refused(Status.Code.FAILED_PRECONDITION, "The match has not started; abort it instead of resigning.",
            () -> a.matches().resign(w), a, b);
        refused(Status.Code.FAILED_PRECONDITION, WAITING, () -> a.matches().offerDraw(w), a, b);
        refused(Status.Code.FAILED_PRECONDITION, WAITING, () -> a.matches().acceptDraw(w), a, b);
        refused(Status.Code.FAILED_PRECONDITION, WAITING, () -> a.matches().declineDraw(w), a, b);
        refused(Status.Code.FAILED_PRECONDITION, WAITING, () -> a.matches().claimTimeout(w), a, b);

        Match aborted = a.matches().abort(w);
        assertEquals(MatchStatus.MATCH_ABORTED, aborted.getStatus());
        MatchActionRequest x = TestPlayer.action(aborted);
        String over = "The match is aborted; nothing can be played in it now.";
        refused(Status.Code.FAILED_PRECONDITION, "The match is aborted; there is nothing to abort.", () -> a.matches().abort(x), a, b);
        refused(Status.Code.FAILED_PRECONDITION, over, () -> a.matches().resign(x), a, b);
        refused(Status.Code.FAILED_PRECONDITION, over, () -> a.matches().offerDraw(x), a, b);
        refused(Status.Code.FAILED_PRECONDITION, over, () -> a.matches().claimTimeout(x), a, b);
        refused(Status.Code.FAILED_PRECONDITION, over, () -> a.move(aborted, "32-28"), a, b);
        refused(Status.Code.FAILED_PRECONDITION, "The match is aborted; only a waiting match can be joined.",
            () -> b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(aborted.getId()).build()), a, b);
    }

    /** Draw offers, answers, aborts and flag claims of a two-player match under way. */
    @Test
    void drawAbortAndClaimRefusalsInAMatchUnderWay() {
        TestPlayer w = register("under-w");
        TestPlayer b = register("under-b");
        Match m = started("draughts:fmjd", clock(60, 0), w, b);
        refused(Status.Code.FAILED_PRECONDITION, "There is no draw offer to accept.", () -> b.matches().acceptDraw(TestPlayer.action(m)),
            w, b);
        refused(Status.Code.FAILED_PRECONDITION, "There is no draw offer to decline.",
            () -> b.matches().declineDraw(TestPlayer.action(m)), w, b);
        refused(Status.Code.FAILED_PRECONDITION, "Your own clock is running; only an opponent's fallen flag can be claimed.",
            () -> w.matches().claimTimeout(TestPlayer.action(m)), w, b);
        refused(Status.Code.FAILED_PRECONDITION, "No clock has run out: White has 60.0 s left.",
            () -> b.matches().claimTimeout(TestPlayer.action(m)), w, b);

        Match offered = w.matches().offerDraw(TestPlayer.action(m));
        refused(Status.Code.FAILED_PRECONDITION, "You already offer a draw; the others may accept or decline it.",
            () -> w.matches().offerDraw(TestPlayer.action(offered)), w, b);
        refused(Status.Code.FAILED_PRECONDITION, "There is no draw offer to accept.",
            () -> w.matches().acceptDraw(TestPlayer.action(offered)), w, b);
        refused(Status.Code.FAILED_PRECONDITION, "There is no draw offer to decline.",
            () -> w.matches().declineDraw(TestPlayer.action(offered)), w, b);

        Match moved = w.move(b.matches().declineDraw(TestPlayer.action(offered)), "32-28");
        refused(Status.Code.FAILED_PRECONDITION, "A match can be aborted only before the first move; resign instead.",
            () -> b.matches().abort(TestPlayer.action(moved)), w, b);

        Match untimed = started("draughts:fmjd", clock(0, 0), register("untimed-w"), b);
        refused(Status.Code.FAILED_PRECONDITION, "This match is played without a clock; no time can run out.",
            () -> b.matches().claimTimeout(TestPlayer.action(untimed)), w, b);
    }

    /**
     * A free-for-all player who is out (here: resigned) may do nothing but watch; a draw needs every player still in,
     * and each agrees once.
     */
    @Test
    void aPlayerOutOfAFreeForAllAndItsDrawAgreements() {
        TestPlayer[] p = {register("ffa-0"), register("ffa-1"), register("ffa-2"), register("ffa-3")};
        Match m = p[0].matches().resign(TestPlayer.action(started("ploy:3m:ffa", clock(0, 0), p)));
        MatchActionRequest now = TestPlayer.action(m);
        refused(Status.Code.FAILED_PRECONDITION, OUT, () -> p[0].matches().resign(now), p);
        refused(Status.Code.FAILED_PRECONDITION, OUT, () -> p[0].matches().offerDraw(now), p);
        refused(Status.Code.FAILED_PRECONDITION, OUT, () -> p[0].matches().acceptDraw(now), p);
        refused(Status.Code.FAILED_PRECONDITION, OUT, () -> p[0].matches().declineDraw(now), p);
        refused(Status.Code.FAILED_PRECONDITION, OUT, () -> p[0].matches().claimTimeout(now), p);
        refused(Status.Code.FAILED_PRECONDITION, "It is not your turn; Red (seat 1) is to move.",
            () -> p[0].move(m, "a1-a2"), p);

        Match offered = p[1].matches().offerDraw(now);
        Match agreed = p[2].matches().acceptDraw(TestPlayer.action(offered));
        assertEquals(MatchStatus.MATCH_ACTIVE, agreed.getStatus(), "Blue has not agreed");
        refused(Status.Code.FAILED_PRECONDITION, "You already agreed to a draw; the other players have not yet.",
            () -> p[2].matches().acceptDraw(TestPlayer.action(agreed)), p);
        refused(Status.Code.FAILED_PRECONDITION, OUT, () -> p[0].matches().declineDraw(TestPlayer.action(agreed)), p);
    }

    /** A stream from a version the match has not reached: refused before it counts as a connection of the seat. */
    @Test
    void watchMatchBeyondItsVersion() {
        TestPlayer w = register("far-w");
        TestPlayer b = register("far-b");
        Match m = started("draughts:fmjd", clock(0, 0), w, b);
        long v = m.getVersion();
        for (long from : new long[] {v + 1, -1L}) {
            refused(Status.Code.INVALID_ARGUMENT, "Version " + Long.toUnsignedString(from) + " is beyond this match's current "
                + "version " + v + ".", () -> watchMatch(w, m.getId(), from), w, b);
        }
    }

    // ------------------------------------------------------------------------------------------- MatchmakingService

    @Test
    void seekRefusalsOfFilledCancelledAndRatedSeeks() {
        TestPlayer owner = register("sk-owner");
        TestPlayer taker = register("sk-taker");
        TestPlayer late = register("sk-late");
        Seek filled = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false))
            .build());
        taker.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(filled.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, "The seek is filled; there is nothing to cancel.",
            () -> owner.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(filled.getId()).build()), owner, taker);
        refused(Status.Code.FAILED_PRECONDITION, "The seek is filled; only an open seek can be accepted.",
            () -> late.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(filled.getId()).build()), owner, taker, late);

        TestPlayer poster = register("sk-poster");
        Seek cancelled = poster.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false))
            .build());
        poster.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(cancelled.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, "The seek is cancelled; there is nothing to cancel.",
            () -> poster.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(cancelled.getId()).build()), poster);
        refused(Status.Code.FAILED_PRECONDITION, "The seek is cancelled; only an open seek can be accepted.",
            () -> late.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(cancelled.getId()).build()), poster, late);

        int seconds = freshClock();
        String where = "draughts:fmjd " + TimeClass.of(seconds * 1000L, 0);
        for (RatingRange range : List.of(RatingRange.newBuilder().setMin(1600).build(), RatingRange.newBuilder().setMax(1400).build(),
            RatingRange.newBuilder().setMin(1550).setMax(1700).build())) {
            Seek rated = poster.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", seconds, true))
                .setRatingRange(range).build());
            String words = range.getMin() > 0 && range.getMax() > 0 ? range.getMin() + " to " + range.getMax()
                : range.getMin() > 0 ? "at least " + range.getMin() : "at most " + range.getMax();
            refused(Status.Code.FAILED_PRECONDITION, "This seek is for players rated " + words + " in " + where
                + "; your rating there is 1500.", () -> late.mm().acceptSeek(AcceptSeekRequest.newBuilder()
                .setSeekId(rated.getId()).build()), poster, late);
            poster.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(rated.getId()).build());
        }
    }

    /** The seek's owner started a match with a clock meanwhile (not through matchmaking): taking the last seat waits. */
    @Test
    void acceptingTheLastSeatOfABusyOwnersSeek() {
        TestPlayer owner = register("busy-owner");
        TestPlayer rival = register("busy-rival");
        TestPlayer taker = register("busy-taker");
        Seek seek = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false))
            .build());
        Match playing = started("draughts:fmjd", clock(300, 0), owner, rival);
        refused(Status.Code.FAILED_PRECONDITION, owner.name() + " is playing match " + playing.getId()
            + " (draughts:fmjd), which has a clock; try again when it is over.",
            () -> taker.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build()), owner, rival, taker);
    }

    @Test
    void partyRefusalsOfMembersAndDisbandedParties() {
        TestPlayer lead = register("pt-lead");
        TestPlayer mate = register("pt-mate");
        TestPlayer other = register("pt-other");
        refused(Status.Code.INVALID_ARGUMENT, mate.name() + " is invited twice.", () -> lead.mm().createParty(
            CreatePartyRequest.newBuilder().addInvite(mate.name()).addInvite(mate.name().toUpperCase()).build()), lead, mate);
        Party party = lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(mate.name()).build());
        PartyRequest ref = PartyRequest.newBuilder().setPartyId(party.getId()).build();
        mate.mm().joinParty(ref);
        refused(Status.Code.FAILED_PRECONDITION, "You are already a member of this party.", () -> mate.mm().joinParty(ref), lead, mate);

        Party second = other.mm().createParty(CreatePartyRequest.newBuilder().addInvite(mate.name()).build());
        refused(Status.Code.FAILED_PRECONDITION, "You are already in a party; leave it first.",
            () -> mate.mm().joinParty(PartyRequest.newBuilder().setPartyId(second.getId()).build()), lead, mate, other);

        // mate waits alone in a team pool; the party cannot queue there too
        GameSpec team = spec("ploy:3m:team", freshClock(), false);
        join(mate, team);
        refused(Status.Code.FAILED_PRECONDITION, mate.name() + " already waits in this pool.", () -> lead.mm().joinPool(
            JoinPoolRequest.newBuilder().setGame(team).setPartyId(party.getId()).build()), lead, mate);

        lead.mm().leaveParty(ref); // the leader leaves: the party is disbanded
        refused(Status.Code.FAILED_PRECONDITION, "The party has been disbanded already.", () -> mate.mm().leaveParty(ref), lead, mate);
        refused(Status.Code.FAILED_PRECONDITION, "The party has been disbanded already.", () -> lead.mm().leaveParty(ref), lead, mate);
        refused(Status.Code.FAILED_PRECONDITION, "The party has been disbanded; it cannot queue.", () -> lead.mm().joinPool(
            JoinPoolRequest.newBuilder().setGame(spec("ploy:3m:team", freshClock(), false)).setPartyId(party.getId()).build()),
            lead, mate);

        Party invited = lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(other.name()).build());
        PartyRequest invitation = PartyRequest.newBuilder().setPartyId(invited.getId()).build();
        lead.mm().leaveParty(invitation);
        other.mm().leaveParty(PartyRequest.newBuilder().setPartyId(second.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, "The party has been disbanded; it cannot be joined.",
            () -> other.mm().joinParty(invitation), lead, other);
    }

    /** A ticket that was paired, or superseded by a pairing elsewhere, is no longer there to leave. */
    @Test
    void leavingATicketThatIsNoLongerWaiting() {
        TestPlayer a = register("tk-a");
        TestPlayer b = register("tk-b");
        TestPlayer c = register("tk-c");
        GameSpec pool = spec("draughts:fmjd", freshClock(), false);
        PoolTicket waiting = join(a, spec("draughts:fmjd", freshClock(), false));
        Seek seek = c.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        a.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build()); // a is paired through the seek
        refused(Status.Code.FAILED_PRECONDITION, "The ticket is no longer waiting (superseded); there is nothing to leave.",
            () -> a.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(waiting.getId()).build()), a, c);

        TestPlayer d = register("tk-d");
        PoolTicket paired = join(b, pool);
        join(d, pool);
        pairer.waveNow();
        await("the pool pairs b and d", () -> "TICKET_PAIRED".equals(ticketStatus(paired.getId())), Duration.ofSeconds(10));
        refused(Status.Code.FAILED_PRECONDITION, "The ticket is no longer waiting (paired); there is nothing to leave.",
            () -> b.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(paired.getId()).build()), b, d);
    }

    @Test
    void challengeRefusalsOfOwnClosedAndExpiredChallenges() {
        TestPlayer a = register("chl-a");
        TestPlayer b = register("chl-b");
        TestPlayer x = register("chl-x");
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        Challenge named = a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.name()).build());
        refused(Status.Code.FAILED_PRECONDITION, "You cannot accept your own challenge; wait for your opponent, or cancel it.",
            () -> a.mm().acceptChallenge(ref(named)), a, b);
        Challenge link = a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).build());
        refused(Status.Code.FAILED_PRECONDITION, "You cannot accept your own challenge; wait for someone to accept the link, or "
            + "cancel it.", () -> a.mm().acceptChallenge(ref(link)), a);

        a.mm().cancelChallenge(ref(named));
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is cancelled; it cannot be accepted any more.",
            () -> b.mm().acceptChallenge(ref(named)), a, b);
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is cancelled; it cannot be declined any more.",
            () -> b.mm().declineChallenge(ref(named)), a, b);
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is cancelled; it cannot be cancelled any more.",
            () -> a.mm().cancelChallenge(ref(named)), a, b);

        Challenge declined = a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.name()).build());
        b.mm().declineChallenge(ref(declined));
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is declined; it cannot be cancelled any more.",
            () -> a.mm().cancelChallenge(ref(declined)), a, b);
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is declined; it cannot be declined any more.",
            () -> b.mm().declineChallenge(ref(declined)), a, b);

        x.mm().acceptChallenge(ref(link));
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is accepted; it cannot be accepted any more.",
            () -> b.mm().acceptChallenge(ref(link)), a, b, x);
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is accepted; it cannot be cancelled any more.",
            () -> a.mm().cancelChallenge(ref(link)), a, x);

        TestPlayer c = register("chl-c");
        Challenge brief = c.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.name())
            .setExpiresInSeconds(1).build());
        sweeper.pause();
        try {
            clock.advanceMillis(1000); // its expiry, before the sweeper has marked it
            refused(Status.Code.FAILED_PRECONDITION, "The challenge has expired; it cannot be declined any more.",
                () -> b.mm().declineChallenge(ref(brief)), b, c);
            refused(Status.Code.FAILED_PRECONDITION, "The challenge has expired; it cannot be cancelled any more.",
                () -> c.mm().cancelChallenge(ref(brief)), b, c);
            sweeper.sweepNow(); // now marked
        } finally {
            sweeper.resume();
        }
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is expired; it cannot be cancelled any more.",
            () -> c.mm().cancelChallenge(ref(brief)), b, c);
        refused(Status.Code.FAILED_PRECONDITION, "The challenge is expired; it cannot be accepted any more.",
            () -> b.mm().acceptChallenge(ref(brief)), b, c);
    }

    private static ChallengeRequest ref(Challenge c) {
        return ChallengeRequest.newBuilder().setChallengeId(c.getId()).build();
    }

    @Test
    void rematchRefusals() {
        TestPlayer a = register("rm-a");
        TestPlayer b = register("rm-b");
        TestPlayer c = register("rm-c");
        Match going = started("draughts:fmjd", clock(0, 0), a, b);
        refused(Status.Code.FAILED_PRECONDITION, "The match is not finished; a rematch follows a finished match.",
            () -> a.mm().requestRematch(RematchRequest.newBuilder().setMatchId(going.getId()).build()), a, b);
        Match over = b.matches().resign(TestPlayer.action(going));
        RematchRequest again = RematchRequest.newBuilder().setMatchId(over.getId()).build();
        b.mm().requestRematch(again);
        Match busy = started("draughts:fmjd", clock(300, 0), b, c); // b is busy now
        refused(Status.Code.FAILED_PRECONDITION, b.name() + " is playing match " + busy.getId()
            + " (draughts:fmjd), which has a clock; try again when it is over.",
            () -> a.mm().requestRematch(again), a, b, c);
    }

    /** A lobby stream from a version the lobby has not reached: refused before the player counts as present. */
    @Test
    void watchLobbyBeyondItsVersion() {
        TestPlayer p = register("lobby-far");
        for (long far : new long[] {1L << 40, -1L}) {
            // the lobby's version is everybody's: should another test's leftovers move it meanwhile, look again
            for (int attempt = 1; ; attempt++) {
                String current = text("SELECT version FROM lobby_log");
                try {
                    refused(Status.Code.INVALID_ARGUMENT, "Version " + Long.toUnsignedString(far) + " is beyond the lobby's "
                        + "current version " + current + ".", () -> watchLobby(p, far), p);
                    break;
                } catch (AssertionError e) {
                    if (attempt == 3 || current.equals(text("SELECT version FROM lobby_log"))) {
                        throw e;
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------- helpers

    private static MatchActionRequest action(String matchId) {
        return MatchActionRequest.newBuilder().setMatchId(matchId).setExpectedVersion(3).build();
    }

    /** A WatchMatch stream until its first message or its end; a refusal throws its status. */
    private static void watchMatch(TestPlayer who, String matchId, long from) {
        MatchServiceGrpc.newBlockingStub(who.lobby().getChannel()).withDeadlineAfter(10, TimeUnit.SECONDS)
            .watchMatch(WatchMatchRequest.newBuilder().setMatchId(matchId).setFromVersion(from).build()).hasNext();
    }

    private static void watchLobby(TestPlayer who, long from) {
        MatchmakingServiceGrpc.newBlockingStub(who.lobby().getChannel()).withDeadlineAfter(10, TimeUnit.SECONDS)
            .watchLobby(WatchLobbyRequest.newBuilder().setFromVersion(from).build()).hasNext();
    }

    /** Runs a check, naming the case in its failure. */
    private static void about(String what, Executable check) {
        try {
            check.execute();
        } catch (AssertionError e) {
            throw new AssertionError(what + ": " + e.getMessage(), e);
        } catch (Throwable t) {
            throw new AssertionError(what + ": " + t, t);
        }
    }
}
