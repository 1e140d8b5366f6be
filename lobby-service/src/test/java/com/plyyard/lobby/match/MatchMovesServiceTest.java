package com.plyyard.lobby.match;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.GroupedWork;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.rules.MoveJudge;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.lobby.support.InProcessRules;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatSpec;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link MatchMoves} called as a bean (no gRPC): what a move changes, each refusal's kind and sentence in the order
 * docs/lobby.md gives ("Transactions: one unit of work", step 2), and that no refusal changes the stored match.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchMovesServiceTest {
    private static final String DRAUGHTS = "draughts:fmjd";
    private static final String NOT_YOUR_SEAT = "You do not hold a seat in this match; spectators can only watch.";
    private static final String OVER = "The match is over; nothing can be played in it now.";

    @Inject
    MatchMoves moves;

    @Inject
    MatchEndings endings;

    @Inject
    MatchCreation creation;

    @Inject
    MatchPresence presence;

    @Inject
    FlagCheck flagCheck;

    @Inject
    ManualClock clock;

    @Inject
    Rules rules;

    @Inject
    InProcessRules rulesCalls;

    @Inject
    MoveStore store;

    @Inject
    MoveWriter writer;

    @Inject
    MoveJudge judge;

    private final MatchFixtures fx = new MatchFixtures();

    private static String staleSentence(String expected, long current) {
        return "The match has changed since version " + expected + "; the current version is " + current + ".";
    }

    @Test
    void aLegalMoveAdvancesTheVersionTheTurnAndTheClocks() {
        Player w = fx.player("mv-w");
        Player b = fx.player("mv-b");
        Match m = fx.started(DRAUGHTS, clock(60, 2), w, b);
        String id = m.getId();
        long v = m.getVersion();
        long start = fx.turnStartedAt(id);
        assertEquals(start + 60_000, fx.deadline(id), "White's whole time from the start");

        clock.advanceMillis(1500);
        Match after = moves.submitMove(w, id, "32-28", v);

        assertEquals(v + 1, after.getVersion());
        assertEquals(v + 1, fx.stateVersion(id), "a move is game-changing");
        assertEquals(1, after.getState().getToMove(), "Black to move");
        assertEquals(60_000 - 1500 + 2000, after.getSeats(0).getClockMillis(), "the time used is charged, the increment added");
        assertEquals(60_000, after.getSeats(1).getClockMillis(), "Black's clock has not run yet");
        assertEquals(start + 1500, after.getClockAtEpochMillis(), "Black's clock runs from the move");
        assertEquals(start + 1500 + 60_000, fx.deadline(id), "Black's deadline is its whole time from the move");
        assertEquals(1, after.getMovesCount());
        assertEquals(0, after.getMoves(0).getSeat());
        assertEquals(v + 1, after.getMoves(0).getVersion());
        assertEquals(60_500, after.getMoves(0).getClockMillisAfter());
        assertEquals("MOVE_PLAYED", fx.eventTypes(id).get((int) v));
        assertEquals(after, fx.get(id), "the answer is the match as stored");
    }

    @Test
    void aStaleExpectedVersionIsAbortedButPresenceDoesNotMakeItStale() {
        Player w = fx.player("st-w");
        Player b = fx.player("st-b");
        Match m = fx.started(DRAUGHTS, clock(0, 0), w, b);
        String id = m.getId();
        long v = m.getVersion();
        moves.submitMove(w, id, "32-28", v);

        fx.refused(id, ErrorKind.ABORTED, staleSentence(Long.toString(v), v + 1), () -> moves.submitMove(b, id, "19-23", v));
        fx.refused(id, ErrorKind.ABORTED, staleSentence(Long.toString(v + 7), v + 1),
            () -> moves.submitMove(b, id, "19-23", v + 7));
        fx.refused(id, ErrorKind.ABORTED, staleSentence("18446744073709551615", v + 1),
            () -> moves.submitMove(b, id, "19-23", -1L)); // a uint64 on the wire: far beyond, not negative

        // a presence event adds a version that is not game-changing: the version seen before it is still good
        presence.streamChanged(UUID.fromString(id), 0, true);
        assertEquals(v + 2, fx.get(id).getVersion());
        assertEquals(v + 1, fx.stateVersion(id));
        Match after = moves.submitMove(b, id, "19-23", v + 1);
        assertEquals(v + 3, after.getVersion());
        presence.streamChanged(UUID.fromString(id), 0, false);
    }

    @Test
    void notYourTurn() {
        Player w = fx.player("turn-w");
        Player b = fx.player("turn-b");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        fx.refused(m.getId(), ErrorKind.FAILED_PRECONDITION, "It is not your turn; White (seat 0) is to move.",
            () -> moves.submitMove(b, m.getId(), "19-23", m.getVersion()));
        Match after = moves.submitMove(w, m.getId(), "32-28", m.getVersion());
        fx.refused(m.getId(), ErrorKind.FAILED_PRECONDITION, "It is not your turn; Black (seat 1) is to move.",
            () -> moves.submitMove(w, m.getId(), "31-27", after.getVersion()));
    }

    @Test
    void onlySeatedPlayersMove() {
        Player w = fx.player("seat-w");
        Player b = fx.player("seat-b");
        Player stranger = fx.player("seat-x");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        fx.refused(m.getId(), ErrorKind.PERMISSION_DENIED, NOT_YOUR_SEAT,
            () -> moves.submitMove(stranger, m.getId(), "32-28", m.getVersion()));

        // an invited player holds no seat until they join; the creator cannot move before the match starts
        Player host = fx.player("seat-host");
        Player invited = fx.player("seat-inv");
        Match waiting = creation.create(host, CreateMatchRequest.newBuilder().setVariant(DRAUGHTS)
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(invited.getName())).build());
        fx.refused(waiting.getId(), ErrorKind.PERMISSION_DENIED, NOT_YOUR_SEAT,
            () -> moves.submitMove(invited, waiting.getId(), "32-28", waiting.getVersion()));
        fx.refused(waiting.getId(), ErrorKind.FAILED_PRECONDITION,
            "The match is still waiting for players; nothing can be played in it now.",
            () -> moves.submitMove(host, waiting.getId(), "32-28", waiting.getVersion()));
    }

    @Test
    void theRulesRefusalPassesThroughWithItsSentence() {
        Player w = fx.player("ill-w");
        Player b = fx.player("ill-b");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        String id = m.getId();
        // what the rules themselves say about these moves in this position
        LobbyException illegal = assertThrows(LobbyException.class, () -> rules.applyMove(m.getState(), "46-41"));
        LobbyException garbage = assertThrows(LobbyException.class, () -> rules.applyMove(m.getState(), "hello"));
        assertEquals(ErrorKind.FAILED_PRECONDITION, illegal.kind());
        assertEquals(ErrorKind.INVALID_ARGUMENT, garbage.kind());
        assertTrue(illegal.sentence().contains("46-41"), illegal.sentence());

        fx.refused(id, ErrorKind.FAILED_PRECONDITION, illegal.sentence(), () -> moves.submitMove(w, id, "46-41", m.getVersion()));
        fx.refused(id, ErrorKind.INVALID_ARGUMENT, garbage.sentence(), () -> moves.submitMove(w, id, "hello", m.getVersion()));
        int calls = rulesCalls.calls();
        fx.refused(id, ErrorKind.INVALID_ARGUMENT, "No move given.", () -> moves.submitMove(w, id, "  ", m.getVersion()));
        assertEquals(calls, rulesCalls.calls(), "a blank move never reaches the rules");
        assertEquals(m.getState(), fx.get(id).getState());
    }

    @Test
    void endedMatchesTakeNoMoves() {
        Player w = fx.player("end-w");
        Player b = fx.player("end-b");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        Match over = endings.resign(b, m.getId(), m.getVersion());
        fx.refused(m.getId(), ErrorKind.FAILED_PRECONDITION, OVER,
            () -> moves.submitMove(w, m.getId(), "32-28", over.getVersion()));

        Match other = fx.started(DRAUGHTS, clock(60, 0), w, b);
        Match aborted = endings.abort(w, other.getId(), other.getVersion());
        fx.refused(other.getId(), ErrorKind.FAILED_PRECONDITION, "The match is aborted; nothing can be played in it now.",
            () -> moves.submitMove(w, other.getId(), "32-28", aborted.getVersion()));
    }

    /** docs/lobby.md: version, then seat, then status, then turn, then the clock, then the rules. */
    @Test
    void theChecksComeInTheDocumentedOrder() {
        Player w = fx.player("ord-w");
        Player b = fx.player("ord-b");
        Player stranger = fx.player("ord-x");
        Match m = fx.started(DRAUGHTS, clock(1, 0), w, b);
        String id = m.getId();
        long v = m.getVersion();
        fx.refused(id, ErrorKind.ABORTED, staleSentence(Long.toString(v - 1), v),
            () -> moves.submitMove(stranger, id, "32-28", v - 1)); // stale before not seated
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "It is not your turn; White (seat 0) is to move.",
            () -> moves.submitMove(b, id, "46-41", v)); // the turn before the rules
        flagCheck.pause();
        try {
            clock.advanceMillis(1000);
            fx.refused(id, ErrorKind.FAILED_PRECONDITION, "Your time is up; the flag falls and the move cannot be played.",
                () -> moves.submitMove(w, id, "46-41", v)); // the clock before the rules
        } finally {
            flagCheck.resume();
        }
        flagCheck.checkNow();
        Match over = fx.get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, over.getStatus());
        fx.refused(id, ErrorKind.PERMISSION_DENIED, NOT_YOUR_SEAT,
            () -> moves.submitMove(stranger, id, "32-28", over.getVersion())); // not seated before the status
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, OVER,
            () -> moves.submitMove(b, id, "19-23", over.getVersion())); // the status before the turn
    }

    @Test
    void aMoveAfterTheTimeRanOutIsRefusedAndTheFlagCheckEndsTheMatch() {
        Player w = fx.player("out-w");
        Player b = fx.player("out-b");
        Match m = fx.started(DRAUGHTS, clock(1, 0), w, b);
        String id = m.getId();
        flagCheck.pause();
        try {
            clock.advanceMillis(1000);
            fx.refused(id, ErrorKind.FAILED_PRECONDITION, "Your time is up; the flag falls and the move cannot be played.",
                () -> moves.submitMove(w, id, "32-28", m.getVersion()));
            assertEquals(MatchStatus.MATCH_ACTIVE, fx.get(id).getStatus(), "refusing the move does not flag");
        } finally {
            flagCheck.resume();
        }
        flagCheck.checkNow();
        Match end = fx.get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(EndReason.TIMEOUT, end.getResult().getReason());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals("Black wins: White ran out of time.", end.getResult().getDescription());
        assertEquals(0, end.getSeats(0).getClockMillis());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "CLOCK", "ENDED"), fx.eventTypes(id));
        assertNull(fx.deadline(id));
    }

    @Test
    void aMoveWithOneMillisecondLeftIsPlayed() {
        Player w = fx.player("ms-w");
        Player b = fx.player("ms-b");
        Match m = fx.started(DRAUGHTS, clock(1, 1), w, b);
        clock.advanceMillis(999);
        Match after = moves.submitMove(w, m.getId(), "32-28", m.getVersion());
        assertEquals(1 + 1000, after.getSeats(0).getClockMillis(), "1 ms left + the 1 s increment");
        assertEquals(after.getClockAtEpochMillis() + 1000, fx.deadline(m.getId()));
    }

    @Test
    void unknownAndMalformedMatchIds() {
        Player w = fx.player("id-w");
        String unknown = "6f1c1a2e-0000-4000-8000-00000000beef";
        LobbyException none = assertThrows(LobbyException.class, () -> moves.submitMove(w, unknown, "32-28", 1));
        assertEquals(ErrorKind.NOT_FOUND, none.kind());
        assertEquals("There is no match " + unknown + ".", none.sentence());
        LobbyException bad = assertThrows(LobbyException.class, () -> moves.submitMove(w, "42", "32-28", 1));
        assertEquals(ErrorKind.INVALID_ARGUMENT, bad.kind());
        assertEquals("'42' is not a match id (a UUID).", bad.sentence());
    }

    @Test
    void oneStatementWritesABatchAndAMoveWhoseMatchChangedWritesNothing() {
        Player[] p = fx.players("batch", 6);
        List<Match> started = List.of(fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]),
            fx.started(DRAUGHTS, clock(60, 0), p[2], p[3]), fx.started(DRAUGHTS, clock(60, 0), p[4], p[5]));
        List<MoveStore.Snapshot> reads = started.stream().map(m -> store.read(UUID.fromString(m.getId()))).toList();
        String changed = started.get(1).getId();
        moves.submitMove(p[2], changed, "32-28", started.get(1).getVersion()); // after its read: its write is stale
        String changedRows = fx.stored(changed);

        Instant at = Instant.ofEpochSecond(1_900_000_000L, 123_456_000); // microseconds must survive the trip
        List<MoveStore.Write> writes = new ArrayList<>();
        for (MoveStore.Snapshot read : reads) {
            MatchEntity row = read.row();
            long readVersion = row.version;
            row.plies++;
            row.turnStartedAt = at;
            row.deadlineAt = at.plusSeconds(60);
            read.seats().get(0).clockMillis = 12_345;
            MatchEvent event = MatchEventLog.stamp(row, MatchEvent.newBuilder()
                .setMovePlayed(MovePlayed.newBuilder().setPly(row.plies)), at.toEpochMilli());
            row.updatedAt = at;
            writes.add(new MoveStore.Write(row, read.seats(), readVersion, event));
        }

        Set<UUID> written = store.write(writes);

        assertEquals(Set.of(UUID.fromString(started.get(0).getId()), UUID.fromString(started.get(2).getId())), written,
            "the moves whose matches were still at their read version, and only they");
        assertEquals(changedRows, fx.stored(changed), "the stale move changed nothing of its match");
        for (Match m : List.of(started.get(0), started.get(2))) {
            UUID id = UUID.fromString(m.getId());
            long version = m.getVersion() + 1;
            assertEquals(version, fx.get(m.getId()).getVersion());
            assertEquals(1, fx.count("SELECT count(*) FROM matches WHERE id = ? AND plies = 1"
                + " AND turn_started_at = TIMESTAMPTZ '2030-03-17 17:46:40.123456+00'"
                + " AND deadline_at = TIMESTAMPTZ '2030-03-17 17:47:40.123456+00'"
                + " AND updated_at = TIMESTAMPTZ '2030-03-17 17:46:40.123456+00'", id), "the row, to the microsecond");
            assertEquals(12_345, fx.count("SELECT clock_millis FROM seats WHERE match_id = ? AND idx = 0", id));
            assertEquals(1, fx.count("SELECT count(*) FROM match_events WHERE match_id = ? AND version = ?"
                + " AND type = 'MOVE_PLAYED' AND created_at = TIMESTAMPTZ '2030-03-17 17:46:40.123456+00'", id, version));
        }
    }

    @Test
    void movesOfManyMatchesSubmittedAtOnceAreEachWrittenOnce() throws Exception {
        int n = 16;
        List<Player[]> pairs = new ArrayList<>();
        List<Match> started = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Player[] pair = fx.players("many" + i, 2);
            pairs.add(pair);
            started.add(fx.started(DRAUGHTS, clock(60, 0), pair[0], pair[1]));
        }
        int judgedBefore = rulesCalls.batches().stream().mapToInt(Integer::intValue).sum();
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Match>> answers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Match m = started.get(i);
                Player white = pairs.get(i)[0];
                answers.add(pool.submit(() -> {
                    go.await();
                    return moves.submitMove(white, m.getId(), "32-28", m.getVersion());
                }));
            }
            go.countDown();
            for (int i = 0; i < n; i++) {
                Match answer = answers.get(i).get(30, TimeUnit.SECONDS);
                String id = started.get(i).getId();
                assertEquals(started.get(i).getVersion() + 1, answer.getVersion());
                assertEquals(List.of("32-28"), answer.getMovesList().stream().map(x -> x.getMove().getNotation()).toList());
                assertEquals(answer.getVersion(), fx.get(id).getVersion(), "the answer is what was committed");
                assertEquals(1, fx.count("SELECT count(*) FROM match_events WHERE match_id = ? AND type = 'MOVE_PLAYED'",
                    UUID.fromString(id)));
            }
            assertEquals(n, rulesCalls.batches().stream().mapToInt(Integer::intValue).sum() - judgedBefore,
                "each move judged once, by ApplyMoves calls shared with the others");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMoveThatBreaksItsBatchFailsAloneAndTheOthersAreWritten() {
        Player[] p = fx.players("breaks", 6);
        List<Match> started = List.of(fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]),
            fx.started(DRAUGHTS, clock(60, 0), p[2], p[3]), fx.started(DRAUGHTS, clock(60, 0), p[4], p[5]));
        String broken = started.get(1).getId();
        String brokenRows = fx.stored(broken);
        List<GroupedWork.Item<MoveStore.Write, Boolean>> batch = new ArrayList<>();
        for (Match m : started) {
            MoveStore.Snapshot read = store.read(UUID.fromString(m.getId()));
            MatchEntity row = read.row();
            long readVersion = row.version;
            row.plies++;
            if (m.getId().equals(broken)) {
                row.state = null; // NOT NULL in the schema: this row fails the whole statement
            }
            MatchEvent event = MatchEventLog.stamp(row, MatchEvent.newBuilder()
                .setMovePlayed(MovePlayed.newBuilder().setPly(row.plies)), read.now());
            batch.add(GroupedWork.Item.of(new MoveStore.Write(row, read.seats(), readVersion, event)));
        }

        writer.write(batch);

        assertEquals(true, batch.get(0).answer().join(), "the first move is written all the same");
        assertEquals(true, batch.get(2).answer().join(), "the last move is written all the same");
        ExecutionException failure = assertThrows(ExecutionException.class, () -> batch.get(1).answer().get());
        assertTrue(failure.getCause().getMessage() != null, "its mover learns why");
        assertEquals(brokenRows, fx.stored(broken), "the broken move wrote nothing");
        for (int i : new int[] {0, 2}) {
            assertEquals(started.get(i).getVersion() + 1, fx.get(started.get(i).getId()).getVersion());
        }
    }

    @Test
    void aResignationListsTheMovesThisInstanceMade() {
        Player[] p = fx.players("views-own", 2);
        Match m = fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]);
        Match after = moves.submitMove(p[0], m.getId(), "32-28", m.getVersion());
        after = moves.submitMove(p[1], m.getId(), "19-23", after.getVersion());

        Match resigned = endings.resign(p[0], m.getId(), after.getVersion());

        assertEquals(after.getMovesList(), resigned.getMovesList(), "the moves as the last move's answer listed them");
        assertEquals(MatchStatus.MATCH_FINISHED, resigned.getStatus());
    }

    @Test
    void aResignationListsEveryMoveEvenOneThisInstanceDidNotMake() {
        Player[] p = fx.players("views", 2);
        Match m = fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]);
        Match after = moves.submitMove(p[0], m.getId(), "32-28", m.getVersion());
        after = moves.submitMove(p[1], m.getId(), "19-23", after.getVersion());
        // a third move written behind this instance's back, as another lobby instance would write it
        MoveStore.Snapshot read = store.read(UUID.fromString(m.getId()));
        MatchEntity row = read.row();
        long readVersion = row.version;
        row.plies++;
        MatchEvent event = MatchEventLog.stamp(row, MatchEvent.newBuilder().setMovePlayed(MovePlayed.newBuilder()
            .setPly(row.plies).setSeat(0).setMove(Move.newBuilder().setNotation("28x19"))), read.now());
        assertTrue(writer.write(row, read.seats(), readVersion, event));

        Match resigned = endings.resign(p[1], m.getId(), event.getVersion());

        assertEquals(List.of("32-28", "19-23", "28x19"),
            resigned.getMovesList().stream().map(mv -> mv.getMove().getNotation()).toList(),
            "the held list of two moves is not the game's three");
    }

    @Test
    void aMoverInterruptedWhileItsMoveIsWrittenIsAnsweredWithWhatWasCommitted() {
        // a cancelled gRPC call interrupts its worker: the move may be in the batch being committed, so the mover must
        // still learn the outcome, not fail INTERNAL (seen during a PostgreSQL restart), and keep the interrupt
        Player[] p = fx.players("interrupted", 2);
        Match m = fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]);
        MoveStore.Snapshot read = store.read(UUID.fromString(m.getId()));
        MatchEntity row = read.row();
        long readVersion = row.version;
        row.plies++;
        MatchEvent event = MatchEventLog.stamp(row, MatchEvent.newBuilder()
            .setMovePlayed(MovePlayed.newBuilder().setPly(row.plies)), read.now());

        Thread.currentThread().interrupt();
        boolean written;
        boolean stillInterrupted;
        try {
            written = writer.write(row, read.seats(), readVersion, event);
        } finally {
            stillInterrupted = Thread.interrupted(); // clears it for the tests after this one
        }

        assertTrue(written, "the move was written and its mover told so");
        assertTrue(stillInterrupted, "the interrupt is kept for the caller");
        assertEquals(m.getVersion() + 1, fx.get(m.getId()).getVersion());
    }

    @Test
    void movesJudgedTogetherAreAnsweredEachWithItsOwnJudgement() {
        Player[] p = fx.players("judged", 4);
        Match a = fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]);
        Match b = fx.started("ploy:3m:2p", clock(60, 0), p[2], p[3]);
        GameState draughts = MatchBeingChanged.stateOf(store.read(UUID.fromString(a.getId())).row());
        GameState ploy = MatchBeingChanged.stateOf(store.read(UUID.fromString(b.getId())).row());
        List<GroupedWork.Item<ApplyMoveRequest, Rules.Judged>> batch = List.of(
            pending(draughts, "32-28"), pending(draughts, "19-23"), pending(ploy, "x9-x8"), pending(ploy,
                rules.legalMoves(ploy).getMoves(0).getNotation()));

        judge.judge(batch);

        ApplyMoveResponse first = batch.get(0).answer().join().orThrow();
        assertEquals("32-28", first.getMove().getNotation());
        assertEquals(rules.legalMoves(first.getState()).getMovesList(), first.getLegalMovesList(),
            "the next position's moves come along");
        LobbyException notWhites = assertThrows(LobbyException.class, () -> batch.get(1).answer().join().orThrow());
        assertEquals(ErrorKind.FAILED_PRECONDITION, notWhites.kind());
        assertEquals(refusalOf(draughts, "19-23"), notWhites.getMessage(), "the sentence ApplyMove alone gives");
        LobbyException malformed = assertThrows(LobbyException.class, () -> batch.get(2).answer().join().orThrow());
        assertEquals(ErrorKind.INVALID_ARGUMENT, malformed.kind());
        assertEquals(refusalOf(ploy, "x9-x8"), malformed.getMessage());
        assertEquals(rules.applyMove(ploy, batch.get(3).work().getMove()), batch.get(3).answer().join().orThrow());
    }

    @Test
    void whenTheRulesCannotBeReachedEveryMoverOfTheCallIsToldSo() {
        Player[] p = fx.players("judged-down", 2);
        Match a = fx.started(DRAUGHTS, clock(60, 0), p[0], p[1]);
        GameState draughts = MatchBeingChanged.stateOf(store.read(UUID.fromString(a.getId())).row());
        List<GroupedWork.Item<ApplyMoveRequest, Rules.Judged>> batch = List.of(pending(draughts, "32-28"), pending(draughts, "33-28"));
        rulesCalls.goDown();
        try {
            judge.judge(batch);
        } finally {
            rulesCalls.comeBack();
        }
        for (GroupedWork.Item<ApplyMoveRequest, Rules.Judged> m : batch) {
            CompletionException e = assertThrows(CompletionException.class, () -> m.answer().join());
            assertEquals(ErrorKind.UNAVAILABLE, ((LobbyException) e.getCause()).kind());
        }
    }

    private static GroupedWork.Item<ApplyMoveRequest, Rules.Judged> pending(GameState state, String move) {
        return GroupedWork.Item.of(ApplyMoveRequest.newBuilder().setState(state).setMove(move).setWithLegalMoves(true)
            .build());
    }

    private String refusalOf(GameState state, String move) {
        return assertThrows(LobbyException.class, () -> rules.applyMove(state, move)).getMessage();
    }
}
