package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RemoveSeat: resignation and time, for every kind of game. */
@QuarkusTest
class RemoveSeatTest {
    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    private GameState start(String variant) {
        return rules.newGame(NewGameRequest.newBuilder().setVariant(variant).build());
    }

    private GameState remove(GameState s, int seat, EndReason reason) {
        return rules.removeSeat(RemoveSeatRequest.newBuilder().setState(s).setSeat(seat).setReason(reason).build());
    }

    @Test
    void twoSidedGamesEnd() {
        GameState s = remove(start("draughts:fmjd"), 1, EndReason.TIMEOUT);
        assertEquals(GameStatus.FINISHED, s.getStatus());
        assertEquals(OutcomeKind.WIN, s.getOutcome().getKind());
        assertEquals(List.of(0), s.getOutcome().getWinnersList());
        assertEquals(EndReason.TIMEOUT, s.getOutcome().getReason());
        assertEquals("White wins: Black ran out of time.", s.getOutcome().getDescription());
        GameState team = remove(start("ploy:3m:team"), 2, EndReason.RESIGNATION);
        assertEquals(List.of(1, 3), team.getOutcome().getWinnersList());
        assertEquals("Red and Blue win: Yellow resigned.", team.getOutcome().getDescription());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> remove(s, 0, EndReason.RESIGNATION));
        assertTrue(d.contains("over"), d);
    }

    @Test
    void aFreeForAllGoesOn() {
        GameState s = remove(start("ploy:3m:ffa"), 0, EndReason.TIMEOUT);
        assertEquals(GameStatus.ONGOING, s.getStatus());
        assertTrue(s.getSeats(0).getOut());
        assertEquals(1, s.getToMove());
        assertEquals(27, s.getPloy().getPiecesCount());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> remove(s, 0, EndReason.RESIGNATION));
        GameState end = remove(remove(s, 1, EndReason.RESIGNATION), 3, EndReason.TIMEOUT);
        assertEquals(GameStatus.FINISHED, end.getStatus());
        assertEquals(List.of(2), end.getOutcome().getWinnersList());
        assertEquals(List.of(0, 1, 3), end.getOutcome().getEliminationOrderList());
    }

    @Test
    void badRequests() {
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> remove(start("piracy:classic"), 2, EndReason.TIMEOUT));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> remove(start("piracy:classic"), 0, EndReason.AGREEMENT));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.removeSeat(RemoveSeatRequest.getDefaultInstance()));
    }
}
