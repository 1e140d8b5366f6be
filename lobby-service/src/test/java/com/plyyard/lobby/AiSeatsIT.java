package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.SeatKind;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An AI seat played by the real ai-service, the three services together: a whole draughts game against the strongest
 * level. Every AI move goes through SubmitMove's path (the rules check it, it gets its version and event) and is
 * checked here against rules-service's legal moves. The lobby's rules for AI seats (four players, a seat out, a flag
 * handing the turn to an AI) are checked on the seam, in AiSeatsTest.
 */
@QuarkusTest
class AiSeatsIT extends LobbyTestBase {
    /** Every MovePlayed of the stream was a legal move of the state before it, and plies count 1, 2, 3, … */
    private void assertLegalMoves(GameState start, List<MatchEvent> events) {
        GameState before = start;
        int ply = 0;
        for (MatchEvent e : events) {
            if (e.hasMovePlayed()) {
                String move = e.getMovePlayed().getMove().getNotation();
                assertTrue(legalMoves(before).stream().map(Move::getNotation).anyMatch(move::equals), move + " was legal");
                assertEquals(++ply, e.getMovePlayed().getPly());
                before = e.getMovePlayed().getState();
            } else if (e.hasSeatOut()) {
                before = e.getSeatOut().getState();
            }
        }
    }

    /**
     * AI (max level, White, moves first) against a client that always plays its first legal move, 10 s each on the
     * clock: the AI plays its first move as soon as the match starts, answers every move, and wins by the rules.
     */
    @Test
    void aDraughtsGameAgainstTheStrongestLevelToTheEnd() {
        TestPlayer human = register("vs-ai");
        Match m = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setTimeControl(clock(10, 0)).addSeats(ai(5)).addSeats(me()).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus(), "an AI seat needs nobody to join");
        assertEquals(SeatKind.SEAT_AI, m.getSeats(0).getKind());
        assertEquals(5, m.getSeats(0).getAiLevel());
        assertFalse(m.getSeats(0).hasPlayer());
        GameState start = m.getState();
        EventStream spectator = watch(register("vs-ai-spectator"), m.getId(), 0);
        int humanMoves = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (m.getStatus() == MatchStatus.MATCH_ACTIVE) {
            assertTrue(System.nanoTime() < deadline, "the game should be over by now");
            if (mover(m) == 1) {
                m = human.move(m, legalMoves(m.getState()).get(0).getNotation());
                humanMoves++;
            } else {
                Processes.sleep(10);
                m = human.get(m.getId());
            }
        }
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        assertEquals(OutcomeKind.WIN, m.getResult().getKind());
        assertEquals(List.of(0), m.getResult().getWinnersList(), m.getResult().getDescription());
        assertTrue(m.getResult().getReason() == EndReason.NO_PIECES || m.getResult().getReason() == EndReason.NO_LEGAL_MOVE,
            "won by the rules, not on time: " + m.getResult().getReason());
        assertTrue(m.getSeats(0).getClockMillis() > 0 && m.getSeats(0).getClockMillis() < 10_000, "the AI's clock ran");
        int plies = m.getMovesCount();
        assertEquals(plies - humanMoves, m.getMovesList().stream().filter(x -> x.getSeat() == 0).count());
        assertTrue(plies > 20, "a real game: " + plies + " plies");
        for (int i = 0; i < plies; i++) {
            assertEquals(i % 2, m.getMoves(i).getSeat(), "White (AI) and Black take turns, the AI first");
        }
        MatchEvent end = spectator.until(MatchEvent::hasEnded, Duration.ofSeconds(10));
        assertEquals(m.getResult(), end.getEnded().getResult());
        List<MatchEvent> events = spectator.received();
        for (int i = 2; i < events.size(); i++) {
            assertEquals(events.get(i - 1).getVersion() + 1, events.get(i).getVersion(), "no gaps, no duplicates");
        }
        assertLegalMoves(start, events);
        assertEquals(plies, events.stream().filter(MatchEvent::hasMovePlayed).count());
    }
}
