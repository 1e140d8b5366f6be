package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.GameRecord;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.PiracyOptions;
import com.plyyard.proto.v1.PiracySide;
import com.plyyard.proto.v1.RecordHeaders;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatLeaving;
import com.plyyard.proto.v1.VariantOptions;
import com.plyyard.proto.v1.WriteRecordRequest;
import com.plyyard.proto.v1.WriteRecordResponse;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WriteRecord over a real gRPC channel: for each game, a game played through the service is written, and the engine's
 * own reader reads the text back to the same moves and final position (the round trip); the headers land in their
 * tags; and every refusal has its status and sentence.
 */
@QuarkusTest
class WriteRecordTest {
    /** 2026-03-14T12:00:00Z */
    private static final long PI_DAY = 1_773_489_600_000L;

    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    /** A game from the variant's start: the first legal move (in the service's order) at every ply. */
    private record Played(List<String> moves, GameState end) {
    }

    private Played play(String variant, VariantOptions options, int plies) {
        GameState s = rules.newGame(NewGameRequest.newBuilder().setVariant(variant).setOptions(options).build());
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < plies; i++) {
            var legal = rules.legalMoves(LegalMovesRequest.newBuilder().setState(s).build()).getMovesList();
            if (legal.isEmpty()) {
                break;
            }
            var applied = rules.applyMove(ApplyMoveRequest.newBuilder().setState(s).setMove(legal.get(0).getNotation()).build());
            moves.add(applied.getMove().getNotation());
            s = applied.getState();
        }
        return new Played(moves, s);
    }

    private static WriteRecordRequest.Builder request(String variant, List<String> moves) {
        return WriteRecordRequest.newBuilder().setVariant(variant).addAllMoves(moves);
    }

    private static RecordHeaders.Builder headers(String... players) {
        return RecordHeaders.newBuilder().setEvent("Ply Yard match 0f1e").setSite("Ply Yard").setRound("-")
            .setDateEpochMillis(PI_DAY).addAllPlayers(List.of(players));
    }

    private static GameRecord readBack(String game, WriteRecordResponse written) {
        return Variants.module(game).readRecord(written.getText());
    }

    @Test
    void draughtsRoundTripsWithItsHeaders() {
        Played p = play("draughts:fmjd", VariantOptions.getDefaultInstance(), 14);
        Outcome resigned = Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(0).setReason(EndReason.RESIGNATION)
            .setDescription("White wins: Black resigned.").build();
        WriteRecordResponse w = rules.writeRecord(request("draughts:fmjd", p.moves())
            .setHeaders(headers("alice", "Ply Yard AI level 3").setResult(resigned)).build());

        assertEquals("PDN", w.getFormat());
        assertEquals("pdn", w.getFileExtension());
        assertEquals("application/x-pdn", w.getMediaType());
        assertEquals("*", w.getResult(), "a resignation is not the rules' result: the final position goes on");
        GameRecord back = readBack("draughts", w);
        assertEquals(p.moves(), back.moves());
        assertEquals(p.end().getPosition(), back.replay().notation());
        assertEquals("draughts:fmjd", back.rules().id());
        assertEquals("alice", back.tags().get("White"));
        assertEquals("Ply Yard AI level 3", back.tags().get("Black"));
        assertEquals("Ply Yard match 0f1e", back.tags().get("Event"));
        assertEquals("2026.03.14", back.tags().get("Date"));
        assertEquals("White wins: Black resigned.", back.tags().get("Termination"));
        assertTrue(w.getText().startsWith("[Event \"Ply Yard match 0f1e\"]\n[Site \"Ply Yard\"]\n[Date \"2026.03.14\"]\n"),
            w.getText());
        assertTrue(w.getText().contains("\n1. " + p.moves().get(0) + " " + p.moves().get(1) + " 2. "), w.getText());
        assertTrue(w.getText().endsWith(" *\n"), w.getText());
    }

    @Test
    void theRulesResultOfTheFinalPositionFromAGivenFirstPosition() {
        // White's only move takes Black's last man
        WriteRecordResponse w = rules.writeRecord(request("draughts:fmjd", List.of("28x19")).setPosition("W:W28:B23")
            .setHeaders(RecordHeaders.newBuilder().addPlayers("alice")).build());
        assertEquals("2-0", w.getResult());
        GameRecord back = readBack("draughts", w);
        assertEquals("2-0", back.result());
        assertTrue(back.replay().isOver());
        assertEquals("alice", back.tags().get("White"));
        assertEquals("?", back.tags().get("Black"), "a seat without a player");
        assertEquals("????.??.??", back.tags().get("Date"), "no date");
        assertFalse(back.tags().containsKey("Termination"), "no result given: no Termination tag");
        assertTrue(w.getText().contains("[FEN \"W:W28:B23\"]"), w.getText());
    }

    @Test
    void fourPlayerPloyRoundTrips() {
        Played p = play("ploy:3m:ffa", VariantOptions.getDefaultInstance(), 12);
        assertEquals(12, p.moves().size());
        WriteRecordResponse w = rules.writeRecord(request("ploy:3m:ffa", p.moves())
            .setHeaders(headers("gina", "rob", "yan", "Ply Yard AI level 5")).build());

        assertEquals("Ploy record", w.getFormat());
        assertEquals("ploy.txt", w.getFileExtension());
        assertEquals("text/plain", w.getMediaType());
        GameRecord back = readBack("ploy", w);
        assertEquals(p.moves(), back.moves());
        assertEquals(p.end().getPosition(), back.replay().notation());
        assertEquals(List.of("gina", "rob", "yan", "Ply Yard AI level 5"),
            List.of(back.tags().get("Green"), back.tags().get("Red"), back.tags().get("Yellow"), back.tags().get("Blue")));
        assertTrue(w.getText().contains("[Variant \"ploy:3m:ffa\"]"), w.getText());
        assertTrue(w.getText().contains("1. g:"), "four-player moves carry their mover: " + w.getText());
    }

    /** The first legal move of {@code s}, applied through the service; its notation is added to {@code moves}. */
    private GameState firstMove(GameState s, List<String> moves) {
        var legal = rules.legalMoves(LegalMovesRequest.newBuilder().setState(s).build()).getMovesList();
        var applied = rules.applyMove(ApplyMoveRequest.newBuilder().setState(s).setMove(legal.get(0).getNotation()).build());
        moves.add(applied.getMove().getNotation());
        return applied.getState();
    }

    private GameState leave(GameState s, int seat, EndReason reason) {
        return rules.removeSeat(RemoveSeatRequest.newBuilder().setState(s).setSeat(seat).setReason(reason).build());
    }

    private static SeatLeaving leaving(int afterMoves, int seat, EndReason reason) {
        return SeatLeaving.newBuilder().setAfterMoves(afterMoves).setSeat(seat).setReason(reason).build();
    }

    /**
     * A free-for-all in which Red resigned and Blue's flag fell while the game went on, as the lobby plays it (RemoveSeat
     * between the moves): the record says where they left, and the engine's reader replays it to the same position.
     */
    @Test
    void aFreeForAllWithSeatsThatLeftRoundTrips() {
        List<String> moves = new ArrayList<>();
        GameState s = rules.newGame(NewGameRequest.newBuilder().setVariant("ploy:3m:ffa").build());
        s = firstMove(s, moves); // Green
        s = firstMove(s, moves); // Red
        s = leave(s, 1, EndReason.RESIGNATION);
        s = firstMove(firstMove(firstMove(s, moves), moves), moves); // Yellow, Blue, Green
        s = leave(s, 3, EndReason.TIMEOUT); // Yellow to move: Blue's flag fell earlier, found now
        s = firstMove(firstMove(s, moves), moves); // Yellow, Green
        List<SeatLeaving> leavings = List.of(leaving(2, 1, EndReason.RESIGNATION), leaving(5, 3, EndReason.TIMEOUT));

        WriteRecordResponse w = rules.writeRecord(request("ploy:3m:ffa", moves).addAllLeavings(leavings)
            .setHeaders(headers("gina", "rob", "yan", "bea")).build());
        assertEquals("*", w.getResult());
        String line = w.getText().replace('\n', ' '); // the move text wraps at 79 characters
        assertTrue(line.contains(" r:" + moves.get(1) + " r:resigns y:" + moves.get(2) + " "), w.getText());
        assertTrue(line.contains(" g:" + moves.get(4) + " b:time y:" + moves.get(5) + " "), w.getText());
        GameRecord back = readBack("ploy", w);
        assertEquals(moves, back.moves());
        assertEquals(List.of(new com.plyyard.engine.SeatLeaving(2, 1, com.plyyard.engine.EndReason.RESIGNATION),
            new com.plyyard.engine.SeatLeaving(5, 3, com.plyyard.engine.EndReason.TIMEOUT)), back.leavings());
        assertEquals(s.getPosition(), back.replay().notation(), "the record replays to the service's final position");

        // the last leaving ends the game: the rules' result is the last player standing
        s = leave(s, 2, EndReason.RESIGNATION);
        assertEquals(com.plyyard.proto.v1.GameStatus.FINISHED, s.getStatus());
        List<SeatLeaving> all = new ArrayList<>(leavings);
        all.add(leaving(moves.size(), 2, EndReason.RESIGNATION));
        WriteRecordResponse ended = rules.writeRecord(request("ploy:3m:ffa", moves).addAllLeavings(all)
            .setHeaders(headers().setResult(s.getOutcome())).build());
        assertEquals("green", ended.getResult());
        assertTrue(ended.getText().replace('\n', ' ').endsWith(" y:resigns green "), ended.getText());
        assertEquals(s.getPosition(), readBack("ploy", ended).replay().notation());
    }

    @Test
    void leavingsThatCannotBeRecorded() {
        List<String> two = List.of("32-28", "19-23");
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.writeRecord(request("draughts:fmjd", two)
            .addLeavings(leaving(1, 1, EndReason.RESIGNATION)).build()));
        assertEquals("A draughts record cannot say that a seat left while the game went on: in draughts a seat's leaving "
            + "ends the game, which the record's result says.", d);
        List<String> none = List.of();
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.writeRecord(request("ploy:3m:ffa", none)
            .addLeavings(leaving(0, 4, EndReason.RESIGNATION)).build()));
        assertEquals("Leaving 1 of the record: seat 4 does not exist; ploy:3m:ffa has seats 0 to 3.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.writeRecord(request("ploy:3m:ffa", none)
            .addLeavings(leaving(1, 1, EndReason.RESIGNATION)).build()));
        assertEquals("Leaving 1 of the record: it comes after move 1, but the record has 0 moves.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.writeRecord(request("ploy:3m:ffa", none)
            .addLeavings(leaving(0, 1, EndReason.AGREEMENT)).build()));
        assertEquals("Leaving 1 of the record: a seat leaves by RESIGNATION or TIMEOUT, not AGREEMENT.", d);
        d = assertStatus(Status.Code.FAILED_PRECONDITION, () -> rules.writeRecord(request("ploy:3m:ffa", none)
            .addLeavings(leaving(0, 1, EndReason.RESIGNATION)).addLeavings(leaving(0, 1, EndReason.TIMEOUT)).build()));
        assertEquals("Leaving 2 (r:time): Red is already out of the game.", d);
    }

    @Test
    void piracyWithItsOptionsRoundTrips() {
        VariantOptions options = VariantOptions.newBuilder().setPiracy(PiracyOptions.newBuilder().setIslandSeed(42)
            .setFirst(PiracySide.SILVER)).build();
        Played p = play("piracy:classic", options, 10);
        WriteRecordResponse w = rules.writeRecord(request("piracy:classic", p.moves()).setOptions(options)
            .setHeaders(headers("cora", "sam")).build());

        assertEquals("Piracy record", w.getFormat());
        assertEquals("piracy.txt", w.getFileExtension());
        GameRecord back = readBack("piracy", w);
        assertEquals(p.moves().size(), back.moves().size());
        assertEquals(p.end().getPosition(), back.replay().notation(), "the same moves: the same final position");
        assertEquals(Variants.get("piracy:classic", back.rules().options()).start().notation(), back.first().notation(),
            "the options written make the same sea");
        assertEquals("cora", back.tags().get("Cook"));
        assertEquals("sam", back.tags().get("Silver"));
        assertTrue(w.getText().contains("[First \"silver\"]"), w.getText());
        assertTrue(w.getText().contains("1... "), "Silver starts: " + w.getText());
    }

    @Test
    void anEmptyGameIsARecordToo() {
        WriteRecordResponse w = rules.writeRecord(request("ploy:3m:2p", List.of()).build());
        GameRecord back = readBack("ploy", w);
        assertEquals(List.of(), back.moves());
        assertEquals("*", back.result());
        Position start = Variants.get("ploy:3m:2p").start();
        assertEquals(start.notation(), back.replay().notation());
    }

    // ---- refusals

    @Test
    void anIllegalMoveIsNamedByItsNumber() {
        String d = assertStatus(Status.Code.FAILED_PRECONDITION,
            () -> rules.writeRecord(request("draughts:fmjd", List.of("32-28", "19-23", "33-29")).build()));
        assertTrue(d.contains("2. 33-29"), d);
        assertTrue(d.contains("compulsory"), d);
    }

    @Test
    void aMoveAfterTheEnd() {
        String d = assertStatus(Status.Code.FAILED_PRECONDITION,
            () -> rules.writeRecord(request("draughts:fmjd", List.of("28x19", "1-6")).setPosition("W:W28:B23").build()));
        assertTrue(d.contains("1-6"), d);
    }

    @Test
    void malformedInput() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:russian", List.of()).build()));
        assertTrue(d.contains("draughts:russian"), d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.writeRecord(request("", List.of()).build()));
        d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:fmjd", List.of("32-28", "19-")).build()));
        assertTrue(d.contains("19-"), d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:fmjd", List.of("32-28", " ")).build()));
        assertEquals("Move 2 of the record is empty.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:fmjd", List.of()).setPosition("X:W28:B23").build()));
        assertTrue(d.contains("side to move"), d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("piracy:classic", List.of()).setHeaders(headers("a", "b", "c")).build()));
        assertEquals("3 players were given for the 2 seats of piracy:classic; give at most one a seat.", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.writeRecord(request("draughts:fmjd", List.of())
            .setHeaders(RecordHeaders.newBuilder().setDateEpochMillis(-1)).build()));
        assertTrue(d.contains("between 1970 and the end of 9999"), d);
    }

    @Test
    void theEdgeLimitsOfTheMoves() {
        // a move may be as long as a single move's field (256), not just the default 64: the engine reads it
        String longMove = "32-28" + "x".repeat(100);
        String d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:fmjd", List.of(longMove)).build()));
        assertFalse(d.contains("longer than"), "the engine's sentence, not the edge's: " + d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:fmjd", List.of("3".repeat(257))).build()));
        assertTrue(d.contains("'moves[0]' is longer than 256"), d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.writeRecord(request("draughts:fmjd", Collections.nCopies(1025, "32-28")).build()));
        assertTrue(d.contains("'moves' has 1025 elements"), d);
    }
}
