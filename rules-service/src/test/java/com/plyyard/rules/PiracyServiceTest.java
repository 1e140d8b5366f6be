package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PiracyBoard;
import com.plyyard.proto.v1.PiracyOptions;
import com.plyyard.proto.v1.PiracyShip;
import com.plyyard.proto.v1.PiracySide;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.Square;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Piracy through RulesService over a real gRPC channel. */
@QuarkusTest
class PiracyServiceTest {
    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    private GameState newGame(PiracyOptions options) {
        return rules.newGame(NewGameRequest.newBuilder().setVariant("piracy:classic")
            .setOptions(VariantOptions.newBuilder().setPiracy(options)).build());
    }

    private ApplyMoveResponse apply(GameState state, String move) {
        return rules.applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move).build());
    }

    private GameState parse(String position) {
        return rules.parsePosition(ParsePositionRequest.newBuilder().setVariant("piracy:classic").setPosition(position).build());
    }

    @Test
    void newGameWithAnIsland() {
        GameState s = newGame(PiracyOptions.newBuilder().setIsland(Square.newBuilder().setX(3).setY(3)).build());
        assertEquals("8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -", s.getPosition());
        assertEquals(List.of("cook", "silver"), s.getSeatsList().stream().map(x -> x.getColour()).toList());
        PiracyBoard b = s.getPiracy();
        assertEquals(8, b.getSize());
        assertEquals(Square.newBuilder().setX(3).setY(3).build(), b.getIsland());
        assertEquals(Square.newBuilder().setX(1).setY(1).build(), b.getCook().getBow());
        assertEquals(Square.newBuilder().setX(0).setY(0).build(), b.getCook().getStern());
        assertEquals(1, b.getCook().getHeading());
        assertTrue(b.getCookToMove());
        List<Move> moves = rules.legalMoves(LegalMovesRequest.newBuilder().setState(s).build()).getMovesList();
        assertEquals(List.of("F", "L", "R"), moves.stream().map(Move::getNotation).toList());
        assertEquals(Square.newBuilder().setX(2).setY(2).build(), moves.get(0).getPiracy().getBow());
        assertEquals(1, moves.get(1).getPiracy().getUnits());
    }

    @Test
    void seedAndOptionsAreEchoed() {
        GameState s = newGame(PiracyOptions.newBuilder().setIslandSeed(42).setFirst(PiracySide.SILVER)
            .setCircleRule(false).build());
        assertEquals("8 d3 b2NE:0:+0 g7SW:0:+0 s 0 -", s.getPosition());
        PiracyOptions effective = s.getVariant().getOptions().getPiracy();
        assertEquals(42, effective.getIslandSeed());
        assertEquals(PiracySide.SILVER, effective.getFirst());
        assertEquals(false, effective.getCircleRule());
        assertEquals(1, s.getToMove());
    }

    @Test
    void aHitSinkingAndTheSurvivalPhase() {
        ApplyMoveResponse r = apply(parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -"), "L");
        assertEquals("L+#", r.getMove().getNotation());
        assertEquals(1, r.getMove().getPiracy().getHitsDealt());
        assertTrue(r.getMove().getPiracy().getSinksEnemy());
        GameState after = r.getState();
        assertTrue(after.getPiracy().getSilver().getSunk());
        assertTrue(after.getPiracy().getSurvivalPhase());
        assertEquals(7, after.getPiracy().getSurvivalMovesLeft());
        assertTrue(after.getSeats(1).getOut());
        GameState drawn = apply(apply(parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -"), "F").getState(), "F").getState();
        assertEquals(GameStatus.FINISHED, drawn.getStatus());
        assertEquals(EndReason.SURVIVOR_SANK, drawn.getOutcome().getReason());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(drawn, "L"));
        assertTrue(d.contains("over"), d);
    }

    @Test
    void formatFromAStructuredBoard() {
        PiracyBoard board = PiracyBoard.newBuilder().setSize(8).setIsland(Square.newBuilder().setX(3).setY(3))
            .setCook(PiracyShip.newBuilder().setBow(Square.newBuilder().setX(1).setY(3)).setHeading(2).setHits(2).setRun(-3))
            .setSilver(PiracyShip.newBuilder().setSunk(true))
            .setCookToMove(true).setPly(77).setSurvivalPhase(true).setSurvivalMovesLeft(5)
            .build();
        String text = rules.formatPosition(FormatPositionRequest.newBuilder().setVariant("piracy:classic").setPiracy(board)
            .build()).getPosition();
        assertEquals("8 d4 b4N:2:-3 - c 77 5", text);
    }

    @Test
    void perft() {
        long d3 = rules.perft(PerftRequest.newBuilder().setVariant("piracy:classic").setDepth(3).build()).getNodes();
        assertTrue(d3 > 0 && d3 <= 27, "at most three moves a ply: " + d3);
    }

    // ---- invalid input

    @Test
    void badOptionsAndPositions() {
        String size = assertStatus(Status.Code.INVALID_ARGUMENT, () -> newGame(PiracyOptions.newBuilder().setBoardSize(5).build()));
        assertTrue(size.contains("between 6 and 26"), size);
        String island = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> newGame(PiracyOptions.newBuilder().setIsland(Square.newBuilder().setX(1).setY(3)).build()));
        assertTrue(island.contains("two free squares on every side"), island);
        assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> newGame(PiracyOptions.newBuilder().setIsland(Square.newBuilder().setX(5).setY(3)).build()));
        String malformed = assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("8 d4 b2NE g7SW c 0 -"));
        assertTrue(malformed.contains("Malformed Piracy position"), malformed);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("8 d4 b2NE:0:+0 g7SW:0:+0 c 0"));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder().setVariant("piracy:modern")
            .build()));
        // an option of another game is an unknown option here
        String other = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder()
            .setVariant("piracy:classic").setOptions(VariantOptions.newBuilder()
                .setPloy(com.plyyard.proto.v1.PloyOptions.newBuilder().setNoCaptureDrawPlies(3))).build()));
        assertTrue(other.contains("ploy"), other);
    }

    @Test
    void illegalMoves() {
        String ram = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(parse("8 d4 b4N:0:+0 c6N:0:+0 c 0 -"), "R"));
        assertTrue(ram.contains("ram"), ram);
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(parse("8 d4 a1W:0:+0 g7SW:0:+0 c 0 -"), "F"));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(parse("8 d4 a1W:0:+0 g7SW:0:+0 c 0 -"), "Q"));
    }
}
