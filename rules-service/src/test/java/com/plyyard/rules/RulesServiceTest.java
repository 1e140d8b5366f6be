package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.grpc.testing.GrpcAssertions;
import com.plyyard.grpc.testing.ServingProbe;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.DraughtsBoard;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.DraughtsPiece;
import com.plyyard.proto.v1.DrawCounter;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.Game;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.ListVariantsRequest;
import com.plyyard.proto.v1.ListVariantsResponse;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.PerftDivide;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PerftResponse;
import com.plyyard.proto.v1.PloyBoard;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
class RulesServiceTest {
    private static final String START_FEN_BODY = ":W" + range(31, 50) + ":B" + range(1, 20);

    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    @GrpcClient("rules")
    Channel channel;

    @Inject
    PerftLimits perftLimits;

    private static String range(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    private GameState newGame(String variant) {
        return rules.newGame(NewGameRequest.newBuilder().setVariant(variant).build());
    }

    private GameState parse(String variant, String fen) {
        return rules.parsePosition(ParsePositionRequest.newBuilder().setVariant(variant).setPosition(fen).build());
    }

    private ApplyMoveResponse apply(GameState state, String move) {
        return rules.applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move).build());
    }

    private List<String> moves(GameState state) {
        LegalMovesResponse r = rules.legalMoves(LegalMovesRequest.newBuilder().setState(state).build());
        return r.getMovesList().stream().map(Move::getNotation).toList();
    }

    // ---- valid input

    @Test
    void listVariants() {
        ListVariantsResponse all = rules.listVariants(ListVariantsRequest.getDefaultInstance());
        assertEquals(List.of("draughts:fmjd", "draughts:plyyard", "ploy:3m:2p", "ploy:3m:ffa", "ploy:3m:team",
            "ploy:imperium:2p", "ploy:imperium:ffa", "ploy:imperium:team", "piracy:classic"),
            all.getVariantsList().stream().map(Variant::getId).toList());
        Variant fmjd = all.getVariants(0);
        assertEquals(Game.DRAUGHTS, fmjd.getGame());
        assertEquals("fmjd", fmjd.getRuleSet());
        assertEquals("2p", fmjd.getMode());
        assertEquals(2, fmjd.getSeatCount());
        assertEquals("FEN", fmjd.getNotation());
        assertEquals("W" + START_FEN_BODY, fmjd.getStartPosition());
        assertEquals(VariantOptions.GameCase.DRAUGHTS, fmjd.getOptions().getGameCase());
        assertFalse(fmjd.getOptions().getDraughts().hasNoCaptureDrawPlies());
        GrpcAssertions.assertSentence(fmjd.getDescription());
        Variant plyyard = all.getVariants(1);
        assertEquals("B" + START_FEN_BODY, plyyard.getStartPosition());
        assertEquals(50, plyyard.getOptions().getDraughts().getNoCaptureDrawPlies());

        assertEquals(2, rules.listVariants(ListVariantsRequest.newBuilder().setGame(Game.DRAUGHTS).build()).getVariantsCount());
        assertEquals(6, rules.listVariants(ListVariantsRequest.newBuilder().setGame(Game.PLOY).build()).getVariantsCount());
    }

    @Test
    void newGamePlyyardHasBlackToMoveWithNineMoves() {
        GameState s = newGame("draughts:plyyard");
        assertEquals("B" + START_FEN_BODY, s.getPosition());
        assertEquals(1, s.getToMove());
        assertEquals(GameStatus.ONGOING, s.getStatus());
        assertEquals(0, s.getPly());
        assertEquals(2, s.getSeatsCount());
        assertEquals("white", s.getSeats(0).getColour());
        assertEquals("black", s.getSeats(1).getColour());
        assertFalse(s.getSeats(0).getToMove());
        assertTrue(s.getSeats(1).getToMove());
        assertEquals(20, s.getSeats(0).getPieceCount());
        assertEquals(20, s.getSeats(1).getPieceCount());
        assertEquals(List.of(DrawCounter.newBuilder().setRule("no-capture").setPlies(0).setLimit(50).build()),
            s.getDrawCountersList());
        assertEquals(1, s.getRepetitionKeysCount());
        assertEquals(GameState.BoardCase.DRAUGHTS, s.getBoardCase());
        assertFalse(s.getDraughts().getWhiteToMove());
        assertEquals(40, s.getDraughts().getPiecesCount());
        assertEquals(1, s.getDraughts().getPieces(0).getSquare());
        assertFalse(s.getDraughts().getPieces(0).getWhite());

        List<String> moves = moves(s);
        assertEquals(List.of("16-21", "17-21", "17-22", "18-22", "18-23", "19-23", "19-24", "20-24", "20-25"), moves);
    }

    @Test
    void newGameWithTypedOptions() {
        GameState s = rules.newGame(NewGameRequest.newBuilder().setVariant("draughts:plyyard")
            .setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(60)))
            .build());
        assertEquals(60, s.getVariant().getOptions().getDraughts().getNoCaptureDrawPlies());
        assertEquals(60, s.getDrawCounters(0).getLimit());
        assertTrue(s.getVariant().getDescription().contains("60 plies"));
    }

    @Test
    void applyQuietMoveUnderFmjd() {
        GameState start = newGame("draughts:fmjd");
        assertEquals(0, start.getToMove());
        ApplyMoveResponse r = apply(start, "32-28");
        assertEquals("32-28", r.getMove().getNotation());
        assertEquals(32, r.getMove().getDraughts().getFrom());
        assertEquals(28, r.getMove().getDraughts().getTo());
        assertEquals(List.of(28), r.getMove().getDraughts().getPathList());
        assertEquals(0, r.getMove().getDraughts().getCapturedCount());
        GameState s = r.getState();
        assertEquals("B:W28,31," + range(33, 50) + ":B" + range(1, 20), s.getPosition());
        assertEquals(1, s.getToMove());
        assertEquals(1, s.getPly());
        assertEquals(GameStatus.ONGOING, s.getStatus());

        // the returned state goes straight back in
        GameState s2 = apply(s, "19-23").getState();
        assertEquals(2, s2.getPly());
        assertEquals(0, s2.getToMove());
        assertTrue(moves(s2).contains("28x19"), "the capture 28x19 is compulsory now");
        assertEquals(List.of("28x19"), moves(s2));
    }

    @Test
    void applyCaptureAndLongMoveSpelling() {
        GameState s = parse("draughts:fmjd", "W:W28,40:B23,5");
        assertEquals(List.of("28x19"), moves(s));
        ApplyMoveResponse r = apply(s, "28-19"); // either separator is accepted; the answer is canonical
        assertEquals("28x19", r.getMove().getNotation());
        assertEquals(List.of(23), r.getMove().getDraughts().getCapturedList());
        assertEquals(List.of(19), r.getMove().getDraughts().getPathList());
        assertEquals("B:W19,40:B5", r.getState().getPosition());
        assertEquals(1, r.getState().getSeats(1).getPieceCount());
    }

    @Test
    void applyMoveAnswersTheNextLegalMovesWhenAsked() {
        for (String variant : List.of("draughts:fmjd", "draughts:plyyard", "ploy:3m:2p", "ploy:imperium:ffa",
            "piracy:classic")) {
            GameState state = newGame(variant);
            for (int ply = 0; ply < 6; ply++) {
                LegalMovesResponse legal = rules.legalMoves(LegalMovesRequest.newBuilder().setState(state).build());
                String move = legal.getMoves(ply % legal.getMovesCount()).getNotation();
                ApplyMoveResponse plain = apply(state, move);
                assertEquals(0, plain.getLegalMovesCount(), "not asked for, not sent");
                ApplyMoveResponse with = rules.applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move)
                    .setWithLegalMoves(true).build());
                assertEquals(plain.getState(), with.getState());
                assertEquals(plain.getMove(), with.getMove());
                assertEquals(rules.legalMoves(LegalMovesRequest.newBuilder().setState(with.getState()).build())
                    .getMovesList(), with.getLegalMovesList(), variant + ": exactly LegalMoves of the new state");
                state = with.getState();
            }
        }
        ApplyMoveResponse last = rules.applyMove(ApplyMoveRequest.newBuilder().setState(parse("draughts:fmjd", "W:W28:B23"))
            .setMove("28x19").setWithLegalMoves(true).build());
        assertEquals(GameStatus.FINISHED, last.getState().getStatus());
        assertEquals(0, last.getLegalMovesCount(), "none once the game ended");
    }

    @Test
    void applyMovesJudgesEachMoveOnItsOwnInOrder() {
        GameState draughts = newGame("draughts:fmjd");
        GameState ploy = newGame("ploy:3m:2p");
        GameState over = apply(parse("draughts:fmjd", "W:W28:B23"), "28x19").getState();
        List<ApplyMoveRequest> moves = List.of(
            ApplyMoveRequest.newBuilder().setState(draughts).setMove("32-28").setWithLegalMoves(true).build(),
            ApplyMoveRequest.newBuilder().setState(draughts).setMove("32-27x").build(),      // malformed
            ApplyMoveRequest.newBuilder().setState(draughts).setMove("19-23").build(),       // not White's piece
            ApplyMoveRequest.newBuilder().setState(over).setMove("19-14").build(),           // the game is over
            ApplyMoveRequest.newBuilder().setState(ploy).setMove(moves(ploy).get(0)).build());
        com.plyyard.proto.v1.ApplyMovesResponse answer = rules.applyMoves(com.plyyard.proto.v1.ApplyMovesRequest.newBuilder()
            .addAllMoves(moves).build());
        assertEquals(moves.size(), answer.getResultsCount());
        for (int i = 0; i < moves.size(); i++) {
            com.plyyard.proto.v1.ApplyMoveResult result = answer.getResults(i);
            ApplyMoveRequest move = moves.get(i);
            StatusRuntimeException alone = null;
            ApplyMoveResponse applied = null;
            try {
                applied = rules.applyMove(move);
            } catch (StatusRuntimeException e) {
                alone = e;
            }
            if (alone == null) {
                assertEquals(applied, result.getApplied(), "move " + i + " as ApplyMove answers it");
            } else {
                assertTrue(result.hasRefused(), "move " + i + " refused, as ApplyMove refuses it");
                assertEquals(alone.getStatus().getCode().value(), result.getRefused().getCode());
                assertEquals(alone.getStatus().getDescription(), result.getRefused().getDescription());
            }
        }
        assertTrue(answer.getResults(0).getApplied().getLegalMovesCount() > 0);
        assertEquals(Status.Code.INVALID_ARGUMENT.value(), answer.getResults(1).getRefused().getCode());
        assertEquals(Status.Code.FAILED_PRECONDITION.value(), answer.getResults(2).getRefused().getCode());
        assertEquals(Status.Code.FAILED_PRECONDITION.value(), answer.getResults(3).getRefused().getCode());
        assertTrue(answer.getResults(4).hasApplied());

        assertEquals(0, rules.applyMoves(com.plyyard.proto.v1.ApplyMovesRequest.getDefaultInstance()).getResultsCount());
        com.plyyard.proto.v1.ApplyMovesRequest.Builder tooMany = com.plyyard.proto.v1.ApplyMovesRequest.newBuilder();
        for (int i = 0; i < 65; i++) {
            tooMany.addMoves(moves.get(0));
        }
        assertEquals("ApplyMoves takes at most 64 moves, not 65.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.applyMoves(tooMany.build())));
    }

    @Test
    void captureThatEndsTheGame() {
        ApplyMoveResponse r = apply(parse("draughts:fmjd", "W:W28:B23"), "28x19");
        GameState s = r.getState();
        assertEquals("B:W19:B", s.getPosition());
        assertEquals(GameStatus.FINISHED, s.getStatus());
        Outcome o = s.getOutcome();
        assertEquals(OutcomeKind.WIN, o.getKind());
        assertEquals(List.of(0), o.getWinnersList());
        assertEquals(EndReason.NO_PIECES, o.getReason());
        GrpcAssertions.assertSentence(o.getDescription());
        assertTrue(s.getSeats(1).getOut());
        assertEquals(List.of(), moves(s));
    }

    @Test
    void parsePositionWithRanges() {
        GameState s = parse("draughts:fmjd", "W:W31-50:B1-20");
        assertEquals("W" + START_FEN_BODY, s.getPosition());
        assertEquals(0, s.getToMove());
        assertEquals(40, s.getDraughts().getPiecesCount());
        assertEquals(3, parse("draughts:fmjd", "W:WK10,31:BK45").getDraughts().getPiecesCount());
    }

    @Test
    void formatPositionFromText() {
        String fen = rules.formatPosition(FormatPositionRequest.newBuilder().setVariant("draughts:fmjd")
            .setPosition("W:B1-20:W31-50").build()).getPosition();
        assertEquals("W" + START_FEN_BODY, fen);
    }

    @Test
    void formatPositionFromStructuredBoard() {
        DraughtsBoard board = DraughtsBoard.newBuilder()
            .setWhiteToMove(false)
            .addPieces(DraughtsPiece.newBuilder().setSquare(45).setWhite(true).setKing(true))
            .addPieces(DraughtsPiece.newBuilder().setSquare(28).setWhite(true))
            .addPieces(DraughtsPiece.newBuilder().setSquare(19).setWhite(false).setKing(true))
            .build();
        String fen = rules.formatPosition(FormatPositionRequest.newBuilder().setVariant("draughts:plyyard")
            .setDraughts(board).build()).getPosition();
        assertEquals("B:W28,K45:BK19", fen);
    }

    @Test
    void perftFromTheStartWithDivide() {
        PerftResponse plain = rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(4).build());
        assertEquals(4265, plain.getNodes());
        assertEquals(0, plain.getDivideCount());

        PerftResponse divided = rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd")
            .setPosition("W:W31-50:B1-20").setDepth(4).setDivide(true).build());
        assertEquals(4265, divided.getNodes());
        assertEquals(9, divided.getDivideCount());
        assertEquals(4265, divided.getDivideList().stream().mapToLong(PerftDivide::getNodes).sum());
        assertEquals(moves(newGame("draughts:fmjd")), divided.getDivideList().stream().map(PerftDivide::getMove).toList(),
            "divide entries come in legal-move order");

        assertEquals(9, rules.perft(PerftRequest.newBuilder().setVariant("draughts:plyyard").setDepth(1).build()).getNodes());
    }

    @Test
    void healthAndReflectionServeTheRulesService() throws Exception {
        ServingProbe.assertServingAndListed(channel, "plyyard.v1.RulesService");
    }

    @Test
    void perftStopsWhenTheClientGivesUp() throws Exception {
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> rules.withDeadlineAfter(300, TimeUnit.MILLISECONDS)
                .perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(12).build()));
        assertEquals(Status.Code.DEADLINE_EXCEEDED, e.getStatus().getCode());
        long until = System.currentTimeMillis() + 8000; // far below the 20 s budget: only cancellation stops it
        while (perftLimits.running() > 0 && System.currentTimeMillis() < until) {
            Thread.sleep(20);
        }
        assertEquals(0, perftLimits.running(), "the server kept counting for a departed client");
        // and the server still answers
        assertEquals(81, rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(2).build()).getNodes());
    }

    // ---- invalid input

    @Test
    void malformedFen() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("draughts:fmjd", "X:W31-50:B1-20"));
        assertTrue(d.contains("side to move"), d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("draughts:fmjd", "W:W31-50"));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("draughts:fmjd", "W:W51:B1"));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("draughts:fmjd", ""));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.formatPosition(FormatPositionRequest.newBuilder()
            .setVariant("draughts:fmjd").setPosition("W:W5:B1").build())); // a white man on its crowning row
    }

    @Test
    void malformedMove() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(newGame("draughts:fmjd"), "32-"));
        assertTrue(d.contains("32-"), d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(newGame("draughts:fmjd"), ""));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(newGame("draughts:fmjd"), "32-99"));
    }

    @Test
    void illegalMove() {
        // under plyyard Black moves first: White's 32-27 is not legal at the start
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(newGame("draughts:plyyard"), "32-27"));
        assertTrue(d.contains("32-27"), d);
        // a white man blocked by its own pieces
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(newGame("draughts:fmjd"), "46-41"));
    }

    @Test
    void quietMoveWhenACaptureIsCompulsory() {
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(parse("draughts:fmjd", "W:W28,40:B23,5"), "40-34"));
        assertTrue(d.contains("compulsory"), d);
    }

    @Test
    void moveAfterTheGameEnded() {
        GameState over = parse("draughts:fmjd", "B:W28:B");
        assertEquals(GameStatus.FINISHED, over.getStatus());
        assertEquals(EndReason.NO_PIECES, over.getOutcome().getReason());
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(over, "1-6"));
        assertTrue(d.toLowerCase().contains("over"), d);
    }

    @Test
    void moveAfterADrawByAgreementRecordedByTheLobby() {
        GameState agreed = newGame("draughts:fmjd").toBuilder()
            .setStatus(GameStatus.FINISHED)
            .setOutcome(Outcome.newBuilder().setKind(OutcomeKind.DRAW).setReason(EndReason.AGREEMENT)
                .setDescription("Draw by agreement."))
            .build();
        String d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> apply(agreed, "32-28"));
        assertTrue(d.contains("over"), d);
        assertEquals(List.of(), moves(agreed));
    }

    @Test
    void unknownOrMissingVariant() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> newGame("draughts:russian"));
        assertTrue(d.contains("draughts:russian"), d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> newGame(""));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> parse("chess", "W:W31-50:B1-20"));
    }

    @Test
    void badOptions() {
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder().setVariant("draughts:plyyard")
            .setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(200_000)))
            .build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder().setVariant("draughts:plyyard")
            .setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(-1)))
            .build())); // uint32 4294967295
        String fmjd = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder()
            .setVariant("draughts:fmjd")
            .setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(40)))
            .build()));
        assertTrue(fmjd.contains("fmjd"), fmjd);
        String other = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.newGame(NewGameRequest.newBuilder()
            .setVariant("draughts:fmjd")
            .setOptions(VariantOptions.newBuilder().setPloy(PloyOptions.newBuilder().setRepetitionDraw(false)))
            .build()));
        assertTrue(other.contains("ploy"), other);
    }

    @Test
    void badStates() {
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.applyMove(ApplyMoveRequest.newBuilder().setMove("32-28").build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.legalMoves(LegalMovesRequest.getDefaultInstance()));
        GameState start = newGame("draughts:fmjd");
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(start.toBuilder().clearVariant().build(), "32-28"));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> apply(start.toBuilder()
            .addDrawCounters(DrawCounter.newBuilder().setRule("no-capture").setPlies(3)).build(), "32-28"));
        // the structured board is ignored on input: the position text is authoritative
        GameState bogusBoard = start.toBuilder().setDraughts(DraughtsBoard.getDefaultInstance()).build();
        assertEquals("32-28", apply(bogusBoard, "32-28").getMove().getNotation());
    }

    @Test
    void formatPositionErrors() {
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.formatPosition(FormatPositionRequest.newBuilder()
            .setVariant("draughts:fmjd").build()));
        String ploy = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.formatPosition(FormatPositionRequest.newBuilder()
            .setVariant("draughts:fmjd").setPloy(PloyBoard.getDefaultInstance()).build()));
        assertTrue(ploy.contains("A ploy board was given, but draughts:fmjd is a draughts variant"), ploy);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.formatPosition(FormatPositionRequest.newBuilder()
            .setVariant("draughts:fmjd").setDraughts(DraughtsBoard.newBuilder()
                .addPieces(DraughtsPiece.newBuilder().setSquare(28).setWhite(true))
                .addPieces(DraughtsPiece.newBuilder().setSquare(28))).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.formatPosition(FormatPositionRequest.newBuilder()
            .setVariant("draughts:fmjd").setDraughts(DraughtsBoard.newBuilder()
                .addPieces(DraughtsPiece.newBuilder().setSquare(51).setWhite(true))).build()));
    }

    @Test
    void perftDepthOutOfRange() {
        String zero = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(0).build()));
        assertTrue(zero.contains("between 1 and 12"), zero);
        assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(13).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setPosition("W:W31-50").setDepth(2).build()));
    }
}
