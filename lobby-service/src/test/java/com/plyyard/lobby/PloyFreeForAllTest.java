package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.OutcomeKind;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Four-player free-for-all Ploy through the API: a whole game, flags and resignations, draws by all remaining sides. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PloyFreeForAllTest extends LobbyTestBase {
    @Inject
    ManualClock clock;

    @Inject
    FlagCheck flagCheck;

    private TestPlayer[] four(String prefix) {
        return new TestPlayer[] {register(prefix + "-g"), register(prefix + "-r"), register(prefix + "-y"), register(prefix + "-b")};
    }

    /**
     * Every client plays its first capture, else its first legal move: the game ends after 107 plies with
     * Blue the last player standing (Green, Red and Yellow eliminated and taken over in that order).
     */
    @Test
    void aWholeGameWithTakeovers() {
        TestPlayer[] p = four("ffa");
        Match m = started("ploy:3m:ffa", clock(0, 0), p);
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertEquals(4, m.getSeatsCount());
        assertEquals(List.of("green", "red", "yellow", "blue"), m.getSeatsList().stream().map(s -> s.getColour()).toList());
        EventStream spectator = watch(register("ffa-spectator"), m.getId(), 0);
        int plies = 0;
        boolean sawTakeover = false;
        while (m.getState().getStatus() != GameStatus.FINISHED) {
            List<Move> legal = legalMoves(m.getState());
            Move choice = legal.stream().filter(x -> x.getNotation().contains("x")).findFirst().orElse(legal.get(0));
            int mover = m.getState().getSeats(m.getState().getToMove()).getPlayedBy();
            m = p[mover].move(m, choice.getNotation());
            plies++;
            sawTakeover |= m.getState().getSeatsList().stream().anyMatch(s -> s.getOut());
            assertTrue(plies < 400, "the game should have ended by now");
        }
        Match last = m;
        assertEquals(107, plies, () -> "ended: " + last.getResult() + "; moves: " + last.getMovesList().stream()
            .map(x -> x.getSeat() + ":" + x.getMove().getNotation()).toList());
        assertTrue(sawTakeover);
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        assertEquals(OutcomeKind.WIN, m.getResult().getKind());
        assertEquals(List.of(3), m.getResult().getWinnersList());
        assertEquals(EndReason.LAST_STANDING, m.getResult().getReason());
        assertEquals(List.of(0, 1, 2), m.getResult().getEliminationOrderList());
        assertTrue(m.getSeats(0).getOut() && m.getSeats(1).getOut() && m.getSeats(2).getOut() && !m.getSeats(3).getOut());
        MatchEvent end = spectator.until(MatchEvent::hasEnded, Duration.ofSeconds(20));
        assertEquals(m.getResult(), end.getEnded().getResult());
        // the spectator's snapshot is read when its stream starts, which may be after the first moves: it has those
        long inSnapshot = spectator.received().stream().filter(MatchEvent::hasSnapshot).findFirst().orElseThrow()
            .getSnapshot().getMovesCount();
        assertEquals(107, inSnapshot + spectator.received().stream().filter(MatchEvent::hasMovePlayed).count(),
            "every move in the snapshot or as an event, none twice");
    }

    /** Flags fall with nobody connected; a flagged or resigning player is out and the others play on. */
    @Test
    void flagsAndResignationsTakePlayersOut() {
        TestPlayer[] p = four("flag");
        Match m = started("ploy:3m:ffa", clock(2, 0), p);
        String id = m.getId();
        EventStream events = watch(register("flag-spectator"), id, 0);
        events.until(MatchEvent::hasSnapshot, Duration.ofSeconds(8)); // watching before the time runs out
        // nobody moves: Green's flag falls after 2 s, and Red's clock starts
        clock.advanceMillis(2000);
        flagCheck.checkNow();
        MatchEvent out = events.until(MatchEvent::hasSeatOut, Duration.ofSeconds(8));
        List<MatchEvent> log = events.received();
        assertEquals(0, out.getSeatOut().getSeat());
        assertEquals(EndReason.TIMEOUT, out.getSeatOut().getReason());
        assertTrue(log.get(log.size() - 2).hasClock(), "ClockUpdate, then SeatOut");
        assertEquals(0, log.get(log.size() - 2).getClock().getClockMillis(0));
        Match afterFlag = p[1].get(id);
        assertEquals(MatchStatus.MATCH_ACTIVE, afterFlag.getStatus());
        assertEquals(1, afterFlag.getState().getToMove());
        assertTrue(afterFlag.getSeats(0).getOut());
        assertEquals(0, afterFlag.getSeats(0).getClockMillis());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> p[0].move(afterFlag, "a1-a2"));
        // Red plays a move, then Blue resigns out of turn
        Move redMove = legalMoves(afterFlag.getState()).get(0);
        Match afterMove = p[1].move(afterFlag, redMove.getNotation());
        assertEquals(2, afterMove.getState().getToMove());
        Match afterResign = p[3].matches().resign(TestPlayer.action(afterMove));
        assertEquals(MatchStatus.MATCH_ACTIVE, afterResign.getStatus());
        assertTrue(afterResign.getSeats(3).getOut());
        assertTrue(afterResign.getState().getSeats(3).getOut());
        MatchEvent resigned = events.until(MatchEvent::hasSeatOut, Duration.ofSeconds(5));
        assertEquals(3, resigned.getSeatOut().getSeat());
        assertEquals(EndReason.RESIGNATION, resigned.getSeatOut().getReason());
        // Yellow never moves: its flag falls and Red, the last player standing, wins
        clock.advanceMillis(2000);
        flagCheck.checkNow();
        MatchEvent ended = events.until(MatchEvent::hasEnded, Duration.ofSeconds(8));
        assertEquals(List.of(1), ended.getEnded().getResult().getWinnersList());
        Match end = p[1].get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(List.of(0, 3, 2), end.getResult().getEliminationOrderList());
        assertEquals(1, count("SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND type = 'ENDED'", id));
        assertEquals(2, count("SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND type = 'SEAT_OUT'", id));
    }

    /** In a four-player game a draw needs every player still in it. */
    @Test
    void drawByAllRemainingSides() {
        TestPlayer[] p = four("draw");
        Match m = started("ploy:3m:ffa", clock(0, 0), p);
        m = p[0].matches().resign(TestPlayer.action(m));
        assertTrue(m.getSeats(0).getOut());
        Match beforeOut = m;
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> p[0].matches().offerDraw(TestPlayer.action(beforeOut)));
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> p[2].matches().acceptDraw(TestPlayer.action(beforeOut)));
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> p[2].matches().declineDraw(TestPlayer.action(beforeOut)));
        m = p[1].matches().offerDraw(TestPlayer.action(m));
        assertTrue(m.getSeats(1).getOffersDraw());
        Match offered = m;
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> p[1].matches().offerDraw(TestPlayer.action(offered)));
        m = p[2].matches().acceptDraw(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus(), "Blue has not agreed yet");
        m = p[3].matches().declineDraw(TestPlayer.action(m));
        assertFalse(m.getSeatsList().stream().anyMatch(s -> s.getOffersDraw()), "a decline clears every offer");
        m = p[2].matches().offerDraw(TestPlayer.action(m));
        m = p[3].matches().acceptDraw(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus(), "Red has not agreed to this offer");
        m = p[1].matches().acceptDraw(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        assertEquals(OutcomeKind.DRAW, m.getResult().getKind());
        assertEquals(EndReason.AGREEMENT, m.getResult().getReason());
        assertEquals(GameStatus.FINISHED, m.getState().getStatus());
        List<String> types = List.of("SEAT_OUT", "DRAW_OFFERED", "DRAW_OFFERED", "DRAW_DECLINED", "DRAW_OFFERED", "DRAW_OFFERED", "ENDED");
        assertEquals(types.size(), count("SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND version > 5", m.getId()));
    }
}
