package com.plyyard.ai;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Score;
import com.plyyard.grpc.testing.ServingProbe;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.DrawCounter;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.Channel;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * BestMove over a real gRPC channel. Every answer is checked against the engine itself: the move is one of
 * the position's legal moves, in canonical notation, with its structured detail.
 */
@QuarkusTest
class EngineServiceTest {
    private static final ProtoMapper MAPPER = ProtoMapper.standard();

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    @GrpcClient("ai")
    Channel channel;

    static List<String> variants() {
        return Variants.ids();
    }

    static GameState start(String variant) {
        return MAPPER.state(Variants.get(variant).start());
    }

    static GameState parse(String variant, String position) {
        return MAPPER.state(Variants.get(variant).parse(position));
    }

    private BestMoveResponse best(GameState state, SearchLimits.Builder limits) {
        return ai.bestMove(BestMoveRequest.newBuilder().setState(state).setLimits(limits).build());
    }

    /** The answer is a legal move of the state, with canonical notation, detail and a PV starting with it. */
    private static LegalMove assertLegal(GameState state, BestMoveResponse r) {
        Position p = MAPPER.position(state);
        Move move = r.getMove();
        LegalMove legal = p.parseMove(move.getNotation());
        assertTrue(p.legalMoves().contains(legal), move.getNotation());
        assertEquals(legal.notation(), move.getNotation(), "canonical notation");
        assertEquals(MAPPER.move(legal, p.rules()), move, "the structured detail of the mapping");
        assertEquals(move.getNotation(), r.getPv(0), "the principal variation starts with the move");
        assertTrue(r.getDepth() >= 1, "depth " + r.getDepth());
        assertTrue(r.getNodes() > 0, "nodes " + r.getNodes());
        return legal;
    }

    // ---- limits

    @ParameterizedTest
    @MethodSource("variants")
    void aLegalMoveFromEveryStartByEveryKindOfLimit(String variant) {
        GameState s = start(variant);
        BestMoveResponse byDepth = best(s, SearchLimits.newBuilder().setDepth(3));
        assertLegal(s, byDepth);
        assertTrue(byDepth.getDepth() <= 3, "depth " + byDepth.getDepth());
        BestMoveResponse byNodes = best(s, SearchLimits.newBuilder().setNodes(2000));
        assertLegal(s, byNodes);
        assertTrue(byNodes.getNodes() <= 2000 + 1024 || byNodes.getDepth() == 1, "nodes " + byNodes.getNodes());
        BestMoveResponse byTime = best(s, SearchLimits.newBuilder().setMoveTimeMillis(100));
        assertLegal(s, byTime);
        assertTrue(byTime.getMillis() <= 100 + 250, "engine time " + byTime.getMillis());
        assertLegal(s, best(s, SearchLimits.newBuilder().setLevel(Level.BEGINNER).setSeed(1)));
        // max strength with a 3-second clock: about 100 ms
        assertLegal(s, best(s, SearchLimits.newBuilder().setLevel(Level.MAX).setClockMillis(3000).setSeed(1)));
    }

    @ParameterizedTest
    @MethodSource("variants")
    void aLegalMoveFromARandomPositionOfEveryVariant(String variant) {
        Random random = new Random(variant.hashCode());
        Position p = Variants.get(variant).start();
        for (int i = 0; i < 12; i++) {
            List<? extends LegalMove> moves = p.legalMoves();
            Position next = p.play(moves.get(random.nextInt(moves.size())));
            if (next.isOver()) {
                break;
            }
            p = next;
        }
        GameState s = MAPPER.state(p);
        assertLegal(s, best(s, SearchLimits.newBuilder().setDepth(2)));
        assertLegal(s, best(s, SearchLimits.newBuilder().setLevel(Level.BEGINNER).setSeed(7)));
    }

    @Test
    void nodeLimit() {
        GameState s = start("draughts:fmjd");
        BestMoveResponse r = best(s, SearchLimits.newBuilder().setNodes(3000));
        assertLegal(s, r);
        // the searcher looks at its budget every 1024 nodes (and always finishes depth 1)
        assertTrue(r.getNodes() <= 3000 + 1024, "nodes " + r.getNodes());
    }

    @Test
    void moveTimeIsHonoured() {
        GameState s = start("ploy:3m:2p");
        long t0 = System.nanoTime();
        BestMoveResponse r = best(s, SearchLimits.newBuilder().setMoveTimeMillis(400));
        long wall = (System.nanoTime() - t0) / 1_000_000;
        assertLegal(s, r);
        assertTrue(r.getMillis() <= 400 + 250, "engine time " + r.getMillis());
        assertTrue(wall < 400 + 1500, "answered after " + wall + " ms");
        assertTrue(r.getDepth() >= 2, "some depth in 400 ms: " + r.getDepth());
    }

    @Test
    void everyLevelPlaysALegalMove() {
        GameState s = start("draughts:fmjd");
        for (Level level : new Level[] {Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT, Level.MAX}) {
            long t0 = System.nanoTime();
            // a 3-second clock: the engine spends a small share of it (clock / 30 + 3/4 of the increment)
            BestMoveResponse r = best(s, SearchLimits.newBuilder().setLevel(level).setClockMillis(3000)
                .setIncrementMillis(0).setSeed(11));
            long wall = (System.nanoTime() - t0) / 1_000_000;
            assertLegal(s, r);
            assertTrue(wall < 2000, level + " took " + wall + " ms with a 3 s clock");
        }
        // without a clock a level uses its own budget (beginner: a shallow depth cap and a fraction of a second)
        assertLegal(s, best(s, SearchLimits.newBuilder().setLevel(Level.BEGINNER)));
    }

    @Test
    void theSameSeedGivesTheSameChoice() {
        GameState s = start("ploy:3m:2p");
        SearchLimits.Builder limits = SearchLimits.newBuilder().setLevel(Level.BEGINNER).setSeed(42);
        Move first = best(s, limits).getMove();
        for (int i = 0; i < 3; i++) {
            assertEquals(first, best(s, limits).getMove());
        }
    }

    @Test
    void aForcedWinIsFoundAndScoredAsAWin() {
        // Red's Commander on a9 is walled in by its own Shields: Green's lance takes b8, then a9 (engine test vector)
        GameState s = parse("ploy:3m:2p", "r55r017/r01r017/9/9/4gC14/9/9/9/4gAA4 g 2p 3m");
        BestMoveResponse r = best(s, SearchLimits.newBuilder().setDepth(4));
        assertLegal(s, r);
        assertEquals("e5xb8", r.getMove().getNotation());
        assertTrue(r.getScore() > 29000, "a forced win scores above 29000: " + r.getScore());
        assertEquals(3, Score.pliesToEnd(r.getScore()));
    }

    // ---- refusals

    @Test
    void aFinishedGameIsAFailedPrecondition() {
        GameState noPieces = parse("draughts:fmjd", "B:W28:B");
        assertEquals(GameStatus.FINISHED, noPieces.getStatus());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> best(noPieces, SearchLimits.newBuilder().setDepth(2)));
        assertTrue(d.startsWith("The game is over"), d);
        // the rules ended it, but the client says ONGOING: still over
        GameState claimedOngoing = noPieces.toBuilder().setStatus(GameStatus.ONGOING).clearOutcome().build();
        d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> best(claimedOngoing, SearchLimits.newBuilder().setDepth(2)));
        assertTrue(d.startsWith("The game is over"), d);
        // ended outside the rules (the lobby recorded a resignation)
        GameState resigned = start("draughts:fmjd").toBuilder().setStatus(GameStatus.FINISHED).setOutcome(Outcome.newBuilder()
            .setKind(OutcomeKind.WIN).addWinners(1).setReason(EndReason.RESIGNATION).setDescription("Black wins: White resigned."))
            .build();
        d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> best(resigned, SearchLimits.newBuilder().setLevel(Level.MAX)));
        assertEquals("The game is over (Black wins: White resigned); the engine has no move to make.", d);
    }

    @Test
    void malformedStatesAreInvalidArguments() {
        SearchLimits.Builder depth = SearchLimits.newBuilder().setDepth(2);
        GameState s = start("draughts:fmjd");
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s.toBuilder().setPosition("X:W31-50:B1-20").build(), depth));
        assertTrue(d.contains("side to move"), "the engine's sentence: " + d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s.toBuilder().setPosition("").build(), depth));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s.toBuilder().clearVariant().build(), depth));
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s.toBuilder()
            .setVariant(s.getVariant().toBuilder().setId("chess:classic")).build(), depth));
        assertTrue(d.contains("chess:classic"), d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s.toBuilder()
            .addDrawCounters(DrawCounter.newBuilder().setRule("no-such-rule").setPlies(3)).build(), depth));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(start("ploy:3m:ffa").toBuilder().setPosition("9/9/9 g").build(), depth));
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> ai.bestMove(BestMoveRequest.newBuilder()
            .setLimits(depth).build()));
        assertTrue(d.contains("no game state"), d);
    }

    @Test
    void badLimitsAreInvalidArguments() {
        GameState s = start("draughts:fmjd");
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s, SearchLimits.newBuilder()));
        assertEquals("Give a depth, a node count, a move time or a level.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> ai.bestMove(BestMoveRequest.newBuilder().setState(s).build()));
        assertEquals("Give a depth, a node count, a move time or a level.", d);
        // clock and seed alone are not a limit
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s, SearchLimits.newBuilder().setClockMillis(5000).setSeed(3)));
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s, SearchLimits.newBuilder().setDepth(101)));
        assertTrue(d.contains("100"), d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s, SearchLimits.newBuilder().setMoveTimeMillis(20001)));
        assertTrue(d.contains("20000 ms"), "the server maximum (test profile): " + d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> best(s, SearchLimits.newBuilder().setLevelValue(9)));
        assertTrue(d.contains("level"), d);
        // the maximum itself and the deepest depth are fine (the depth search stops at the server's time limit)
        assertLegal(s, best(s, SearchLimits.newBuilder().setDepth(100).setNodes(2000)));
    }

    // ---- health and reflection

    @Test
    void healthAndReflectionServeTheEngineService() throws Exception {
        ServingProbe.assertServingAndListed(channel, "plyyard.v1.EngineService");
    }

    @Test
    void metricsAreExported() throws Exception {
        best(start("piracy:classic"), SearchLimits.newBuilder().setDepth(2));
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:17072/q/metrics")).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("plyyard_ai_searches_total"), "search counter exported");
        assertTrue(r.body().contains("plyyard_ai_searches_running"), "running gauge exported");
        assertFalse(r.body().isBlank());
        assertNotEquals(-1, r.body().indexOf("method=\"BestMove\""));
    }
}
