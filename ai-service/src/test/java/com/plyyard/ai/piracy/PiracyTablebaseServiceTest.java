package com.plyyard.ai.piracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.ai.tablebase.Tablebases;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.piracy.PiracyPosition;
import com.plyyard.engine.piracy.PiracyRules;
import com.plyyard.engine.piracy.PiracyTablebase;
import com.plyyard.engine.piracy.PiracyTablebase.MoveValue;
import com.plyyard.engine.piracy.PiracyTablebase.Outcome;
import com.plyyard.engine.search.Score;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.MoveClass;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewedMove;
import com.plyyard.proto.v1.SearchLimits;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The MAX level plays Piracy from the tablebase once the sea's table is ready, built in the background on first
 * demand (here an 8x8 sea without the circle rule, whose table takes a second; the test profile builds nothing
 * larger, so the classic sea stays with the search).
 */
@QuarkusTest
class PiracyTablebaseServiceTest {
    private static final ProtoMapper MAPPER = ProtoMapper.standard();
    private static final PiracyRules RULES = (PiracyRules) Variants.get("piracy:classic",
        Map.of("island", "d4", "circle-rule", "false"));
    /** The same table, solved here to check the service against. */
    private static PiracyTablebase expected;

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    @BeforeAll
    static void solve() {
        expected = PiracyTablebase.build(RULES, 2, done -> { });
    }

    private BestMoveResponse max(PiracyPosition p) {
        return ai.bestMove(BestMoveRequest.newBuilder().setState(MAPPER.state(p))
            .setLimits(SearchLimits.newBuilder().setLevel(Level.MAX).setClockMillis(20_000).setSeed(1)).build());
    }

    /** Asks until the table answers (the first requests start its build and get the search's move). */
    private BestMoveResponse fromTable(PiracyPosition p) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            BestMoveResponse r = max(p);
            if (r.getEngine().equals(Tablebases.ENGINE)) {
                return r;
            }
            assertEquals("plyyard", r.getEngine(), "until the table is ready the search answers");
            Thread.sleep(200);
        }
        throw new AssertionError("the tablebase was not ready after 120 s");
    }

    @Test
    void theMaxLevelPlaysTheTablesBestMoveWithItsExactValue() throws Exception {
        // the spec's kamikaze finish: L and R win at once, F runs into a dead end (a draw)
        PiracyPosition kamikaze = RULES.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -");
        BestMoveResponse r = fromTable(kamikaze);
        List<String> winning = expected.bestMoves(kamikaze).stream().map(m -> m.move().notation()).toList();
        assertEquals(2, winning.size(), "L and R: " + winning);
        assertTrue(winning.contains(r.getMove().getNotation()), r.getMove().getNotation());
        assertEquals(Score.WIN - 1, r.getScore());
        assertEquals(0, r.getNodes());
        assertEquals(r.getPvCount(), r.getDepth());
        // along random games, every answer keeps the position's exact value
        SplittableRandom random = new SplittableRandom(3);
        for (int game = 0; game < 6; game++) {
            PiracyPosition p = RULES.start();
            for (int ply = 0; ply < 30 && p.outcome().isEmpty(); ply++) {
                BestMoveResponse answer = fromTable(p);
                List<MoveValue> best = expected.bestMoves(p);
                String move = answer.getMove().getNotation();
                assertTrue(best.stream().anyMatch(m -> m.move().notation().equals(move)), p.notation() + ": " + move
                    + " is not among " + best);
                assertEquals(expected.value(p).score(), answer.getScore(), p.notation());
                Outcome outcome = best.get(0).value().outcome();
                if (outcome != Outcome.DRAW) {
                    assertEquals(best.get(0).move().notation(), move, "fastest win, slowest loss first");
                }
                List<com.plyyard.engine.piracy.PiracyMove> moves = p.legalMoves();
                p = p.play(moves.get(random.nextInt(moves.size())));
            }
        }
    }

    @Test
    void amongDrawingMovesTheOneThatLeavesTheOpponentTheMostWaysToLose() throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        int checked = 0;
        for (int game = 0; game < 40 && checked < 10; game++) {
            PiracyPosition p = RULES.start();
            while (p.outcome().isEmpty() && checked < 10) {
                List<MoveValue> best = expected.bestMoves(p);
                if (best.size() > 1 && best.get(0).value().outcome() == Outcome.DRAW) {
                    PiracyPosition here = p;
                    int most = best.stream().mapToInt(m -> expected.opponentMistakes(here, m.move())).max().orElseThrow();
                    String move = fromTable(p).getMove().getNotation();
                    MoveValue played = best.stream().filter(m -> m.move().notation().equals(move)).findFirst()
                        .orElseThrow(() -> new AssertionError(move + " does not keep the draw in " + here.notation()));
                    assertEquals(most, expected.opponentMistakes(p, played.move()), p.notation());
                    checked++;
                }
                List<com.plyyard.engine.piracy.PiracyMove> moves = p.legalMoves();
                p = p.play(moves.get(random.nextInt(moves.size())));
            }
        }
        assertTrue(checked > 0, "found drawn positions with a choice");
    }

    @Test
    void analyzeReportsTheExactValue() throws Exception {
        PiracyPosition kamikaze = RULES.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -");
        fromTable(kamikaze); // the table is ready
        PiracyPosition start = RULES.start();
        Iterator<AnalysisLine> lines = ai.analyze(BestMoveRequest.newBuilder().setState(MAPPER.state(start))
            .setLimits(SearchLimits.newBuilder().setDepth(4)).build());
        List<AnalysisLine> all = new ArrayList<>();
        lines.forEachRemaining(all::add);
        assertEquals(1, all.size(), "one exact line: " + all);
        assertEquals(expected.value(start).score(), all.get(0).getScore());
        assertFalse(all.get(0).getPvList().isEmpty());
    }

    @Test
    void aReviewWeighsEveryMoveExactlyFromTheTable() throws Exception {
        fromTable(RULES.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -")); // the table is ready
        SplittableRandom random = new SplittableRandom(5);
        PiracyPosition p = RULES.start();
        List<String> moves = new ArrayList<>();
        List<PiracyPosition> before = new ArrayList<>();
        for (int ply = 0; ply < 24 && p.outcome().isEmpty(); ply++) {
            List<com.plyyard.engine.piracy.PiracyMove> legal = p.legalMoves();
            com.plyyard.engine.piracy.PiracyMove m = legal.get(random.nextInt(legal.size()));
            before.add(p);
            moves.add(m.notation());
            p = p.play(m);
        }
        List<ReviewProgress> all = new ArrayList<>();
        ai.reviewGame(ReviewGameRequest.newBuilder().setFirst(MAPPER.state(RULES.start())).addAllMoves(moves).build())
            .forEachRemaining(all::add);
        assertEquals(moves.size() + 2, all.size(), "start, a line per move, summary");
        for (int i = 0; i < moves.size(); i++) {
            ReviewedMove r = all.get(i + 1).getMove();
            PiracyPosition at = before.get(i);
            assertEquals(Tablebases.ENGINE, r.getEngine());
            assertEquals(expected.value(at).score(), r.getBestScore(), at.notation());
            int played = expected.moves(at).stream().filter(v -> v.move().notation().equals(r.getMove())).findFirst()
                .orElseThrow().value().score();
            assertEquals(played, r.getPlayedScore(), at.notation() + " " + r.getMove());
            boolean keeps = Integer.signum(played) == Integer.signum(r.getBestScore());
            if (!keeps) {
                assertEquals(MoveClass.MOVE_CLASS_BLUNDER, r.getClassification(), "a result thrown away: " + r);
            }
        }
    }

    @Test
    void aSeaTooLargeForAnyTableIsPlayedByTheSearch() {
        // 26x26 has more positions per layer than a table can index: the search answers, the request is not refused
        GameState huge = MAPPER.state(Variants.get("piracy:classic", Map.of("board-size", "26")).start());
        BestMoveResponse r = ai.bestMove(BestMoveRequest.newBuilder().setState(huge)
            .setLimits(SearchLimits.newBuilder().setLevel(Level.MAX).setClockMillis(3000).setSeed(1)).build());
        assertEquals("plyyard", r.getEngine());
        assertFalse(r.getMove().getNotation().isEmpty());
    }

    @Test
    void theClassicSeaIsNotBuiltInTheTestsAndTheSearchAnswers() {
        GameState classic = MAPPER.state(Variants.get("piracy:classic").start());
        BestMoveResponse r = ai.bestMove(BestMoveRequest.newBuilder().setState(classic)
            .setLimits(SearchLimits.newBuilder().setLevel(Level.MAX).setClockMillis(3000).setSeed(1)).build());
        assertEquals("plyyard", r.getEngine());
        assertTrue(r.getNodes() > 0);
    }
}
