package com.plyyard.ai;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.review.MoveClass;
import com.plyyard.engine.review.ReviewScale;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewStart;
import com.plyyard.proto.v1.ReviewSummary;
import com.plyyard.proto.v1.ReviewedMove;
import com.plyyard.proto.v1.SideReview;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** ReviewGame over a real channel: the start, a line per move in order, the summary; a bad game refused before any search. */
@QuarkusTest
class ReviewGameTest {
    private static final ProtoMapper MAPPER = ProtoMapper.standard();

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    /** {@code plies} moves from the start, chosen at random by {@code seed}. */
    private static List<String> game(VariantRules rules, int plies, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> moves = new ArrayList<>();
        Position p = rules.start();
        for (int i = 0; i < plies && !p.isOver(); i++) {
            List<? extends LegalMove> legal = p.legalMoves();
            LegalMove m = legal.get(random.nextInt(legal.size()));
            moves.add(m.notation());
            p = p.play(m);
        }
        return moves;
    }

    private List<ReviewProgress> review(ReviewGameRequest request) {
        List<ReviewProgress> all = new ArrayList<>();
        ai.reviewGame(request).forEachRemaining(all::add);
        return all;
    }

    /** The stream's shape and the classes' agreement with the losses, for a game of {@code moves}. */
    private static void checkReview(List<ReviewProgress> all, VariantRules rules, List<String> moves, int sides) {
        List<String> after = new ArrayList<>();
        Position p = rules.start();
        for (String m : moves) {
            p = p.play(m);
            after.add(p.notation());
        }
        assertEquals(moves.size() + 2, all.size(), "start, one line per move, summary");
        ReviewStart start = all.get(0).getStart();
        assertEquals(moves, start.getMovesList());
        assertEquals(sides, start.getSides());
        int[] perSide = new int[sides];
        for (int i = 0; i < moves.size(); i++) {
            ReviewedMove r = all.get(i + 1).getMove();
            assertEquals(i, r.getPly(), "in order");
            assertEquals(moves.get(i), r.getMove());
            assertEquals(r.getBest(), r.getBestLine(0), "the line starts with the engine's move");
            assertEquals(Math.max(0, r.getExpectedBest() - r.getExpectedPlayed()), r.getLoss(), 1, r.toString());
            MoveClass c = r.getMove().equals(r.getBest()) || r.getForced() ? MoveClass.BEST
                : MoveClass.of(Math.max(0.0, ReviewScale.of(start.getFirst().getVariant().getGame().name()
                    .toLowerCase(java.util.Locale.ROOT)).loss(r.getBestScore(), r.getPlayedScore())));
            assertEquals(c.ordinal() + 1, r.getClassificationValue(), r.toString());
            assertTrue(r.getDepth() > 0 && r.getEngine().equals("plyyard"), r.toString());
            assertEquals(after.get(i), r.getAfter().getPosition(), "the position after the move");
            boolean lost = r.getClassificationValue() >= com.plyyard.proto.v1.MoveClass.MOVE_CLASS_INACCURACY_VALUE;
            assertEquals(lost ? Math.min(8, r.getBestLineCount()) : 0, r.getBestLineStatesCount(), r.toString());
            perSide[r.getSide()]++;
        }
        ReviewSummary summary = all.get(all.size() - 1).getSummary();
        assertEquals(moves.size(), summary.getReviewed());
        assertEquals(moves.size(), summary.getPlies());
        assertEquals(sides, summary.getSidesCount());
        for (SideReview s : summary.getSidesList()) {
            assertEquals(perSide[s.getSide()], s.getMoves());
            assertEquals(s.getMoves(), s.getBest() + s.getGood() + s.getInaccuracies() + s.getMistakes() + s.getBlunders());
        }
    }

    @Test
    void aDraughtsGameIsReviewedMoveByMoveInOrder() {
        VariantRules rules = Variants.get("draughts:fmjd");
        List<String> moves = game(rules, 16, 3);
        checkReview(review(ReviewGameRequest.newBuilder().setFirst(MAPPER.state(rules.start())).addAllMoves(moves)
            .setMoveMillis(30).build()), rules, moves, 2);
    }

    @Test
    void aRecordIsReadInItsGamesFormat() {
        for (String variant : List.of("draughts:plyyard", "ploy:3m:2p", "ploy:3m:ffa")) {
            VariantRules rules = Variants.get(variant);
            List<String> moves = game(rules, 8, 5);
            String record = rules.module().record(rules.start(), moves, Map.of()).write();
            checkReview(review(ReviewGameRequest.newBuilder().setRecord(record).setRecordGame(rules.game())
                .setMoveMillis(20).build()), rules, moves, variant.endsWith("ffa") ? 4 : 2);
        }
    }

    @Test
    void aGameThatCannotBeReviewedIsRefusedWithItsReason() {
        VariantRules rules = Variants.get("draughts:fmjd");
        List<String> moves = new ArrayList<>(game(rules, 4, 1));
        moves.add(2, "1-2");
        String why = assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder()
            .setFirst(MAPPER.state(rules.start())).addAllMoves(moves).build()));
        assertTrue(why.startsWith("Move 3 (1-2): "), why);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder().build()));
        String record = rules.module().record(rules.start(), game(rules, 2, 1), Map.of()).write();
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder().setRecord(record)
            .setRecordGame("draughts").setFirst(MAPPER.state(rules.start())).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder().setRecord(record).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder().setRecord(record)
            .setRecordGame("chess").build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder()
            .setRecord("1. 99-98 *\n").setRecordGame("draughts").build()));
        String replay = assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder()
            .setRecord("[GameType \"20\"]\n\n1. 32-28 19-23 2. 11-12 *\n").setRecordGame("draughts").build()));
        assertTrue(replay.contains("11-12"), replay);
        String slow = assertStatus(Status.Code.INVALID_ARGUMENT, () -> review(ReviewGameRequest.newBuilder()
            .setFirst(MAPPER.state(rules.start())).setMoveMillis(-1).build()));
        assertTrue(slow.startsWith("The move time is at most"), slow);
    }
}
