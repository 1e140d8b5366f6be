package com.plyyard.ai;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.ploy.PloyPosition;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.EvaluateRequest;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Evaluate over a real gRPC channel: a seat's standing from its own view, whether or not it is to move (BestMove's score
 * for the mover, its negation for the other side of a two-sided game, the leader of a free-for-all ahead of the others),
 * and the refusals with their sentences.
 */
@QuarkusTest
class EvaluateTest {
    private static final ProtoMapper MAPPER = ProtoMapper.standard();
    private static final SearchLimits.Builder DEPTH_2 = SearchLimits.newBuilder().setDepth(2);

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    private EvaluateResponse evaluate(GameState state, int seat, SearchLimits.Builder limits) {
        return ai.evaluate(EvaluateRequest.newBuilder().setState(state).setSeat(seat).setLimits(limits).build());
    }

    @Test
    void bothSidesOfADraughtsPositionWeighTheSameSearch() {
        // White to move, a man up
        GameState s = MAPPER.state(Variants.get("draughts:fmjd").parse("W:W28,33,34:B3,4"));
        int best = ai.bestMove(BestMoveRequest.newBuilder().setState(s).setLimits(DEPTH_2).build()).getScore();
        EvaluateResponse white = evaluate(s, 0, DEPTH_2);
        EvaluateResponse black = evaluate(s, 1, DEPTH_2);
        assertEquals(best, white.getScore(), "the mover's standing is BestMove's score");
        assertEquals(-best, black.getScore(), "the other side's is its negation");
        assertTrue(white.getScore() > 50, "White stands better: " + white.getScore());
        assertEquals(2, white.getDepth());
        assertTrue(white.getNodes() > 0 && white.getPvCount() > 0, white::toString);
    }

    @Test
    void inAFreeForAllASeatNotToMoveIsWeighedAgainstAllTheOthers() {
        // Red has left: its pieces are gone, so Yellow and Blue stand no better than Green, who is to move
        PloyPosition p = ((PloyPosition) Variants.get("ploy:3m:ffa").start()).withoutSeat(1);
        GameState s = MAPPER.state(p);
        int green = evaluate(s, 0, DEPTH_2).getScore();
        int yellow = evaluate(s, 2, DEPTH_2).getScore();
        int blue = evaluate(s, 3, DEPTH_2).getScore();
        assertTrue(Math.abs(green - yellow) < 300 && Math.abs(green - blue) < 300,
            "three equal armies stand about alike: " + green + " " + yellow + " " + blue);
        assertTrue(evaluate(s, 2, SearchLimits.newBuilder().setMoveTimeMillis(50)).getDepth() >= 1, "a time budget");
        assertTrue(evaluate(s, 3, SearchLimits.newBuilder().setLevel(Level.BEGINNER)).getDepth() >= 1, "a level");
    }

    @Test
    void refusals() {
        GameState s = MAPPER.state(Variants.get("draughts:fmjd").start());
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> evaluate(s, 2, DEPTH_2));
        assertEquals("Seat 2 does not exist; draughts:fmjd has seats 0 to 1.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> evaluate(s, -1, DEPTH_2));
        assertEquals("Seat 4294967295 does not exist; draughts:fmjd has seats 0 to 1.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> evaluate(s, 0, SearchLimits.newBuilder()));
        assertEquals("Give a depth, a node count, a move time or a level.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> ai.evaluate(EvaluateRequest.newBuilder().setSeat(0)
            .setLimits(DEPTH_2).build()));
        assertTrue(d.contains("no game state"), d);
        GameState over = MAPPER.state(Variants.get("draughts:fmjd").parse("B:W28:B"));
        d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> evaluate(over, 0, DEPTH_2));
        assertTrue(d.startsWith("The game is over") && d.endsWith("; there is no standing left to weigh."), d);
        GameState redGone = MAPPER.state(((PloyPosition) Variants.get("ploy:3m:ffa").start()).withoutSeat(1));
        d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> evaluate(redGone, 1, DEPTH_2));
        assertEquals("Red is out of the game; only a seat still in it has a standing to weigh.", d);
    }
}
