package com.plyyard.lobby.match;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.VariantOptions;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link MatchEndings} called as a bean: resignation (two players, teams, free-for-all), abort before the first move,
 * and the move that ends the game, which writes the result (and the ratings) in its own transaction.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchEndingsServiceTest {
    private static final String DRAUGHTS = "draughts:fmjd";
    private static final String NOT_YOUR_SEAT = "You do not hold a seat in this match; spectators can only watch.";

    @Inject
    MatchEndings endings;

    @Inject
    MatchMoves moves;

    @Inject
    FlagCheck flagCheck;

    @Inject
    ManualClock clock;

    private final MatchFixtures fx = new MatchFixtures();

    @Test
    void resigningOnTurnEndsTheGameAndChargesTheClock() {
        Player w = fx.player("rs-w");
        Player b = fx.player("rs-b");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        clock.advanceMillis(400);
        Match end = endings.resign(w, m.getId(), m.getVersion());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(m.getVersion() + 1, end.getVersion());
        assertEquals(OutcomeKind.WIN, end.getResult().getKind());
        assertEquals(EndReason.RESIGNATION, end.getResult().getReason());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals("Black wins: White resigned.", end.getResult().getDescription());
        assertEquals(GameStatus.FINISHED, end.getState().getStatus());
        assertEquals(60_000 - 400, end.getSeats(0).getClockMillis(), "White's thinking time is charged");
        assertEquals(60_000, end.getSeats(1).getClockMillis());
        assertNull(fx.deadline(m.getId()), "no clock runs after the end");
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "ENDED"), fx.eventTypes(m.getId()));
        assertEquals(end, fx.get(m.getId()));
    }

    @Test
    void resigningOutOfTurnChargesTheMoversClock() {
        Player w = fx.player("ro-w");
        Player b = fx.player("ro-b");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        m = moves.submitMove(w, m.getId(), "32-28", m.getVersion());
        clock.advanceMillis(700);
        Match end = endings.resign(w, m.getId(), m.getVersion()); // Black is thinking
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals(60_000, end.getSeats(0).getClockMillis());
        assertEquals(60_000 - 700, end.getSeats(1).getClockMillis(), "Black's running clock stops at the resignation");
    }

    @Test
    void resignRefusals() {
        Player w = fx.player("rr-w");
        Player b = fx.player("rr-b");
        Player stranger = fx.player("rr-x");
        Match waiting = fx.waiting(DRAUGHTS, clock(60, 0), w);
        fx.refused(waiting.getId(), ErrorKind.FAILED_PRECONDITION, "The match has not started; abort it instead of resigning.",
            () -> endings.resign(w, waiting.getId(), waiting.getVersion()));

        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        String id = m.getId();
        Match moved = moves.submitMove(w, id, "32-28", m.getVersion());
        fx.refused(id, ErrorKind.ABORTED, "The match has changed since version " + m.getVersion()
            + "; the current version is " + moved.getVersion() + ".", () -> endings.resign(b, id, m.getVersion()));
        fx.refused(id, ErrorKind.PERMISSION_DENIED, NOT_YOUR_SEAT, () -> endings.resign(stranger, id, moved.getVersion()));
        Match over = endings.resign(b, id, moved.getVersion());
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "The match is over; nothing can be played in it now.",
            () -> endings.resign(w, id, over.getVersion()));
    }

    /** Teams: one player's resignation ends the game for the team (Ploy seats 0 + 2 against 1 + 3). */
    @Test
    void aTeamLosesWhenOneOfItsPlayersResigns() {
        Player[] p = fx.players("rt", 4);
        Match m = fx.started("ploy:3m:team", clock(0, 0), p);
        Match end = endings.resign(p[1], m.getId(), m.getVersion()); // Red, out of turn
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(EndReason.RESIGNATION, end.getResult().getReason());
        assertEquals(List.of(0, 2), end.getResult().getWinnersList());
        assertEquals("Green and Yellow win: Red resigned.", end.getResult().getDescription());
        assertTrue(end.getSeats(1).getOut() && end.getSeats(3).getOut(), "the losing team is out");
        assertFalse(end.getSeats(0).getOut() || end.getSeats(2).getOut());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "SEAT_JOINED", "SEAT_JOINED", "STARTED", "ENDED"),
            fx.eventTypes(m.getId()));
    }

    /** Free-for-all: a resigning player leaves, the others play on; the last one standing wins. */
    @Test
    void aFreeForAllGoesOnWithoutTheResigner() {
        Player[] p = fx.players("rf", 4);
        Match m = fx.started("ploy:3m:ffa", clock(60, 0), p);
        String id = m.getId();
        clock.advanceMillis(500);
        Match after = endings.resign(p[0], id, m.getVersion()); // Green, on turn
        assertEquals(MatchStatus.MATCH_ACTIVE, after.getStatus());
        assertTrue(after.getSeats(0).getOut());
        assertEquals(60_000 - 500, after.getSeats(0).getClockMillis(), "Green's time is charged up to the resignation");
        assertEquals(1, after.getState().getToMove(), "Red's turn");
        assertEquals(60_000, after.getSeats(1).getClockMillis());
        assertEquals(after.getClockAtEpochMillis() + 60_000, fx.deadline(id), "Red's clock starts now");
        assertEquals("SEAT_OUT", fx.eventTypes(id).get((int) after.getVersion() - 1));

        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "You are out of this game; only the players still in it can do that.",
            () -> endings.resign(p[0], id, after.getVersion())); // the lobby refuses it itself, as the draw calls do

        Match two = endings.resign(p[3], id, after.getVersion()); // Blue, out of turn: Red keeps thinking
        assertEquals(MatchStatus.MATCH_ACTIVE, two.getStatus());
        assertEquals(1, two.getState().getToMove());
        Match end = endings.resign(p[2], id, two.getVersion());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals(EndReason.LAST_STANDING, end.getResult().getReason());
        assertEquals("Red wins: the last player standing.", end.getResult().getDescription());
        assertEquals(List.of(0, 3, 2), end.getResult().getEliminationOrderList());
        assertEquals(List.of("SEAT_OUT", "SEAT_OUT", "ENDED"), fx.eventTypes(id).subList((int) m.getVersion(), (int) end.getVersion()));
        assertNull(fx.deadline(id));
    }

    @Test
    void abortBeforeTheFirstMoveStopsTheClockAndRatesNothing() {
        Player w = fx.player("ab-w");
        Player b = fx.player("ab-b");
        Match m = fx.started(CreateMatchRequest.newBuilder().setVariant(DRAUGHTS).setTimeControl(clock(1, 0)).setRated(true), w, b);
        String id = m.getId();
        Match aborted = endings.abort(b, id, m.getVersion()); // either player, whoever's turn
        assertEquals(MatchStatus.MATCH_ABORTED, aborted.getStatus());
        assertEquals(EndReason.ABORTED, aborted.getResult().getReason());
        assertEquals(List.of(), aborted.getResult().getWinnersList());
        assertEquals("Aborted by " + b.getName() + " before the first move.", aborted.getResult().getDescription());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "ENDED"), fx.eventTypes(id));
        assertNull(fx.deadline(id));
        assertEquals(0, fx.count("SELECT count(*) FROM rating_changes WHERE match_id = ?", UUID.fromString(id)),
            "an abort is never rated");
        String stored = fx.stored(id);
        clock.advanceMillis(2000);
        flagCheck.checkNow();
        assertEquals(stored, fx.stored(id), "an aborted match's flag never falls");

        Match waiting = fx.waiting(DRAUGHTS, clock(0, 0), w);
        assertEquals(MatchStatus.MATCH_ABORTED, endings.abort(w, waiting.getId(), waiting.getVersion()).getStatus(),
            "a waiting match can be aborted by its creator");
    }

    @Test
    void abortRefusals() {
        Player w = fx.player("ar-w");
        Player b = fx.player("ar-b");
        Player stranger = fx.player("ar-x");
        Match m = fx.started(DRAUGHTS, clock(0, 0), w, b);
        String id = m.getId();
        fx.refused(id, ErrorKind.PERMISSION_DENIED, NOT_YOUR_SEAT, () -> endings.abort(stranger, id, m.getVersion()));
        Match moved = moves.submitMove(w, id, "32-28", m.getVersion());
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "A match can be aborted only before the first move; resign instead.",
            () -> endings.abort(b, id, moved.getVersion()));
        fx.refused(id, ErrorKind.ABORTED, "The match has changed since version " + m.getVersion()
            + "; the current version is " + moved.getVersion() + ".", () -> endings.abort(b, id, m.getVersion()));
        Match over = endings.resign(b, id, moved.getVersion());
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "The match is over; there is nothing to abort.",
            () -> endings.abort(w, id, over.getVersion()));

        Match other = fx.started(DRAUGHTS, clock(0, 0), w, b);
        Match aborted = endings.abort(w, other.getId(), other.getVersion());
        fx.refused(other.getId(), ErrorKind.FAILED_PRECONDITION, "The match is aborted; there is nothing to abort.",
            () -> endings.abort(b, other.getId(), aborted.getVersion()));
    }

    /**
     * Two-player Ploy drawn after 1 ply without a capture: the very first move ends the game, so it takes the locked
     * path that writes the result, and the rated draw changes both ratings in the same transaction.
     */
    @Test
    void theMoveThatEndsTheGameWritesTheResult() {
        Player g = fx.player("fin-g");
        Player r = fx.player("fin-r");
        Match m = fx.started(CreateMatchRequest.newBuilder().setVariant("ploy:3m:2p").setTimeControl(clock(60, 0)).setRated(true)
            .setOptions(VariantOptions.newBuilder().setPloy(PloyOptions.newBuilder().setNoCaptureDrawPlies(1))), g, r);
        String id = m.getId();
        String first = fx.legalMoves(id).get(0);
        clock.advanceMillis(300);
        Match end = moves.submitMove(g, id, first, m.getVersion());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(m.getVersion() + 2, end.getVersion(), "the move, then the end");
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals(EndReason.NO_CAPTURE_LIMIT, end.getResult().getReason());
        assertEquals("Draw: 1 plies without a capture.", end.getResult().getDescription());
        assertEquals(GameStatus.FINISHED, end.getState().getStatus());
        assertEquals(1, end.getMovesCount());
        assertEquals(60_000 - 300, end.getSeats(0).getClockMillis(), "the last move is charged like any other");
        assertEquals(List.of("MOVE_PLAYED", "ENDED"), fx.eventTypes(id).subList((int) m.getVersion(), (int) end.getVersion()));
        assertNull(fx.deadline(id));
        assertEquals(end, fx.get(id));
        assertEquals(2, fx.count("SELECT count(*) FROM rating_changes WHERE match_id = ?", UUID.fromString(id)),
            "a rated draw changes both ratings with the result");
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "The match is over; nothing can be played in it now.",
            () -> moves.submitMove(r, id, "a1-a2", end.getVersion()));
    }
}
