package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PloyBoard;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.PloyPartnership;
import com.plyyard.proto.v1.PloyPiece;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ploy through RulesService over a real gRPC channel. */
@QuarkusTest
class PloyServiceTest {
    /** Free-for-all, Green to move: Green's lance on a7 can take Red's Commander on a9. */
    static final String FFA = "r551r105y55/9/g838/9/9/9/y388/6y102/g551g013b011b55 g ffa 3m";

    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    private GameState parse(String variant, String ppn) {
        return rules.parsePosition(ParsePositionRequest.newBuilder().setVariant(variant).setPosition(ppn).build());
    }

    private ApplyMoveResponse apply(GameState state, String move) {
        return rules.applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move).build());
    }

    private static PloyPiece at(GameState s, String point) {
        return s.getPloy().getPiecesList().stream().filter(p -> p.getPoint().equals(point)).findFirst().orElseThrow();
    }

    @Test
    void newFreeForAllGame() {
        GameState s = rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:ffa").build());
        assertEquals(4, s.getSeatsCount());
        assertEquals(List.of("green", "red", "yellow", "blue"), s.getSeatsList().stream().map(x -> x.getColour()).toList());
        assertEquals(36, s.getPloy().getPiecesCount());
        assertEquals(0, s.getToMove());
        assertEquals("PPN", s.getVariant().getNotation());
        assertEquals(200, s.getVariant().getOptions().getPloy().getNoCaptureDrawPlies());
        assertTrue(s.getVariant().getOptions().getPloy().getRepetitionDraw());
        assertEquals(81, rules.legalMoves(LegalMovesRequest.newBuilder().setState(s).build()).getMovesCount());
        PloyPiece a1 = at(s, "a1");
        assertEquals("commander", a1.getKind());
        assertEquals(0x55, a1.getMask());
    }

    @Test
    void typedOptions() {
        GameState s = rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:imperium:team")
            .setOptions(VariantOptions.newBuilder().setPloy(PloyOptions.newBuilder()
                .setPartnership(PloyPartnership.PLOY_PARTNERSHIP_3M).setNoCaptureDrawPlies(80)))
            .build());
        assertEquals(PloyPartnership.PLOY_PARTNERSHIP_3M, s.getVariant().getOptions().getPloy().getPartnership());
        assertEquals(80, s.getDrawCounters(0).getLimit());
        assertEquals(List.of(0, 1, 0, 1), s.getSeatsList().stream().map(x -> x.getTeam()).toList());
    }

    @Test
    void takeoverThroughTheService() {
        GameState s = parse("ploy:3m:ffa", FFA);
        ApplyMoveResponse r = apply(s, "a7xa9");
        GameState after = r.getState();
        assertEquals("a7xa9", r.getMove().getNotation());
        assertTrue(r.getMove().getPloy().getCapture());
        assertTrue(after.getSeats(1).getOut());
        PloyPiece c9 = at(after, "c9");
        assertEquals(1, c9.getOwner());
        assertEquals(0, c9.getController());
        assertEquals(2, after.getToMove(), "Red is skipped");
        assertTrue(after.getPosition().contains("out=r"), after.getPosition());
        // the state goes back and forth through the client without losing the takeover
        GameState again = apply(after, "a3xa1").getState();
        assertEquals(2, at(again, "c9").getController());
        assertEquals(1, at(again, "c9").getOwner());
    }

    @Test
    void aWinReportsTheEliminationOrder() {
        GameState end = apply(apply(apply(apply(parse("ploy:3m:ffa", FFA), "a7xa9").getState(), "a3xa1").getState(),
            "i1r1").getState(), "g2xg1").getState();
        assertEquals(GameStatus.FINISHED, end.getStatus());
        assertEquals(OutcomeKind.WIN, end.getOutcome().getKind());
        assertEquals(List.of(2), end.getOutcome().getWinnersList());
        assertEquals(EndReason.LAST_STANDING, end.getOutcome().getReason());
        assertEquals(List.of(1, 0, 3), end.getOutcome().getEliminationOrderList());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(end, "a1r1"));
        assertTrue(d.contains("over"), d);
    }

    @Test
    void formatFromAStructuredBoard() {
        PloyBoard board = PloyBoard.newBuilder()
            .addPieces(PloyPiece.newBuilder().setPoint("e1").setOwner(0).setController(0).setMask(0xAA))
            .addPieces(PloyPiece.newBuilder().setPoint("d1").setOwner(0).setController(0).setMask(0x01))
            .addPieces(PloyPiece.newBuilder().setPoint("e9").setOwner(1).setController(1).setMask(0xAA))
            .addPieces(PloyPiece.newBuilder().setPoint("e8").setOwner(1).setController(1).setMask(0x10))
            .setToMove(1)
            .build();
        String ppn = rules.formatPosition(FormatPositionRequest.newBuilder().setVariant("ploy:3m:2p").setPloy(board).build())
            .getPosition();
        assertEquals("4rAA4/4r104/9/9/9/9/9/9/3g01gAA4 r 2p 3m", ppn);
    }

    @Test
    void perft() {
        assertEquals(19321, rules.perft(PerftRequest.newBuilder().setVariant("ploy:3m:2p").setDepth(2).build()).getNodes());
    }

    // ---- invalid input

    @Test
    void malformedPpn() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("ploy:3m:2p", "9/9/9 g 2p 3m"));
        assertTrue(d.contains("9 ranks"), d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("ploy:3m:2p", FFA));
    }

    @Test
    void aPieceTheMoverDoesNotControl() {
        GameState start = rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:2p").build());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(start, "e9r1"));
        assertTrue(d.contains("controlled by Red"), d);
    }

    @Test
    void rotationToTheSameMask() {
        GameState start = rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:2p").build());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(start, "e1r2"));
        assertTrue(d.contains("direction mask"), d);
    }

    @Test
    void malformedMoveAndBadOptions() {
        GameState start = rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:2p").build());
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(start, "e1-"));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:2p")
            .setOptions(VariantOptions.newBuilder().setPloy(PloyOptions.newBuilder()
                .setPartnership(PloyPartnership.PLOY_PARTNERSHIP_3M))).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:2p")
            .setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(3)))
            .build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:5m:2p")
            .build()));
    }
}
