package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.SeatKind;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * AI seats played by the real ai-service: a whole draughts game against the strongest level, four-player Ploy
 * with AI seats going on after moves, a resignation and flags. Every AI move goes through SubmitMove's path (the
 * rules check it, it gets its version and event) and is checked here against rules-service's legal moves.
 */
@Timeout(180)
@QuarkusTest
class AiSeatsIT extends LobbyTestBase {
    /** Polls until the match is finished or the predicate holds; fails after the time. */
    private Match await(TestPlayer who, String id, java.util.function.Predicate<Match> until, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (true) {
            Match m = who.get(id);
            if (until.test(m)) {
                return m;
            }
            assertTrue(System.nanoTime() < deadline, "not reached within " + max.toSeconds() + " s; moves " + m.getMovesCount()
                + ", status " + m.getStatus() + ", to move " + m.getState().getToMove());
            Processes.sleep(15);
        }
    }

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

    /**
     * Free-for-all Ploy, Green and Blue human, Red and Yellow AI, no clock: the AI seats answer each human move in
     * turn order, and go on after Green resigns on its turn (a seat out hands the turn to an AI seat).
     */
    @Test
    void freeForAllPloyGoesOnThroughMovesAndASeatOut() {
        TestPlayer green = register("ffa-ai-g");
        TestPlayer blue = register("ffa-ai-b");
        Match m = green.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("ploy:3m:ffa")
            .addSeats(me()).addSeats(ai(1)).addSeats(ai(2)).addSeats(invite(blue)).build());
        assertEquals(MatchStatus.MATCH_WAITING, m.getStatus());
        EventStream events = watch(register("ffa-ai-spectator"), m.getId(), 0);
        m = blue.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        GameState start = m.getState();
        String id = m.getId();
        TestPlayer[] humans = {green, null, null, blue};
        int greenMoves = 0;
        int blueMovesAfterResignation = 0;
        boolean resigned = false;
        while (blueMovesAfterResignation < 2) {
            m = await(green, id, x -> x.getStatus() != MatchStatus.MATCH_ACTIVE || humans[mover(x)] != null, Duration.ofSeconds(20));
            assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
            int seat = mover(m);
            if (seat == 0 && greenMoves == 1) {
                m = green.matches().resign(TestPlayer.action(m));
                resigned = true;
            } else {
                m = humans[seat].move(m, legalMoves(m.getState()).get(0).getNotation());
                if (seat == 0) {
                    greenMoves++;
                } else if (resigned) {
                    blueMovesAfterResignation++;
                }
            }
        }
        // the last blue move was answered by Red and Yellow: it is Blue's turn again
        m = await(blue, id, x -> mover(x) == 3, Duration.ofSeconds(20));
        assertTrue(m.getSeats(0).getOut());
        events.untilVersion(m.getVersion());
        List<Integer> order = new ArrayList<>();
        for (MatchEvent e : events.received()) {
            if (e.hasMovePlayed()) {
                order.add(e.getMovePlayed().getSeat());
            } else if (e.hasSeatOut()) {
                order.add(-1 - e.getSeatOut().getSeat());
            }
        }
        assertEquals(List.of(0, 1, 2, 3, -1, 1, 2, 3, 1, 2, 3, 1, 2), order, "seats of the moves, -1: Green out");
        assertLegalMoves(start, events.received());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus(), "waits for Blue, a person: nothing runs in the background");
    }

    /**
     * Free-for-all Ploy with one AI seat and one second on every clock: the humans never move. Green's flag hands
     * the turn to Red (AI), which moves at once; Yellow and Blue flag in turn, and Red is the last standing.
     */
    @Test
    void aFlagHandsTheTurnToAnAiSeat() {
        TestPlayer green = register("flag-ai-g");
        TestPlayer yellow = register("flag-ai-y");
        TestPlayer blue = register("flag-ai-b");
        Match m = green.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("ploy:3m:ffa").setTimeControl(clock(1, 0))
            .addSeats(me()).addSeats(ai(4)).addSeats(invite(yellow)).addSeats(invite(blue)).build());
        EventStream events = watch(register("flag-ai-spectator"), m.getId(), 0);
        yellow.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        m = blue.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        MatchEvent ended = events.until(MatchEvent::hasEnded, Duration.ofSeconds(15));
        List<String> story = new ArrayList<>();
        for (MatchEvent e : events.received()) {
            if (e.hasMovePlayed()) {
                story.add("move " + e.getMovePlayed().getSeat() + " " + e.getMovePlayed().getMove().getNotation());
            } else if (e.hasSeatOut()) {
                story.add("out " + e.getSeatOut().getSeat() + " " + e.getSeatOut().getReason());
            } else if (e.hasEnded()) {
                story.add("end " + e.getEnded().getResult().getDescription());
            }
        }
        assertEquals(List.of("out 0 TIMEOUT", "move 1", "out 2 TIMEOUT"), story.stream()
            .filter(x -> !x.startsWith("end")).map(x -> x.startsWith("move") ? x.substring(0, 6) : x).toList(), story::toString);
        assertEquals(List.of(1), ended.getEnded().getResult().getWinnersList());
        assertEquals(EndReason.LAST_STANDING, ended.getEnded().getResult().getReason());
        assertEquals(List.of(0, 2, 3), ended.getEnded().getResult().getEliminationOrderList());
        Match end = green.get(m.getId());
        assertNotEquals(0, end.getSeats(1).getClockMillis(), "the AI moved in time");
        assertTrue(end.getSeats(1).getClockMillis() < 1000, "and its clock ran while it thought");
    }
}
