package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ScriptedEngine;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lobby's rules for AI seats, on the seam (the AI answers at once from {@link ScriptedEngine}; the clock moves by
 * hand): four-player Ploy with AI seats going on after moves and a resignation, and a flag that hands the turn to an AI
 * seat. Every AI move goes through SubmitMove's path (the rules check it, it gets its version and event) and is checked
 * here against the legal moves. AiSeatsIT plays a whole game against the real ai-service.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class AiSeatsTest extends LobbyTestBase {
    @Inject
    ManualClock clock;

    @Inject
    FlagCheck flagCheck;

    @Inject
    ScriptedEngine engine;

    @BeforeEach
    void workingEngine() {
        engine.reset();
    }

    /** Every MovePlayed of the stream was a legal move of the state before it, and plies count 1, 2, 3, … */
    private void assertLegalMoves(GameState start, List<MatchEvent> events) {
        GameState before = start;
        for (MatchEvent e : events) {
            if (e.hasMovePlayed()) {
                String move = e.getMovePlayed().getMove().getNotation();
                assertTrue(legalMoves(before).stream().map(Move::getNotation).anyMatch(move::equals), move + " was legal");
                before = e.getMovePlayed().getState();
            } else if (e.hasSeatOut()) {
                before = e.getSeatOut().getState();
            }
        }
    }

    /**
     * The match as soon as, after version {@code after}, it is a person's turn again (the AI seats answer on the lobby's
     * worker threads).
     */
    private Match awaitPersonToMove(TestPlayer who, EventStream events, Match after, TestPlayer[] people) {
        events.until(x -> x.getVersion() > after.getVersion()
            && (x.hasMovePlayed() || x.hasSeatOut() || x.hasEnded()) && turnOfPerson(x, people), Duration.ofSeconds(10));
        return who.get(after.getId());
    }

    private static boolean turnOfPerson(MatchEvent e, TestPlayer[] people) {
        if (e.hasEnded()) {
            return true;
        }
        GameState s = e.hasMovePlayed() ? e.getMovePlayed().getState() : e.getSeatOut().getState();
        return people[s.getSeats(s.getToMove()).getPlayedBy()] != null;
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
            assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
            int seat = mover(m);
            assertTrue(humans[seat] != null, "a person's turn: seat " + seat);
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
            if (humans[mover(m)] == null) {
                m = awaitPersonToMove(green, events, m, humans);
            }
        }
        assertEquals(3, mover(m), "the last blue move was answered by Red and Yellow: it is Blue's turn again");
        assertTrue(m.getSeats(0).getOut());
        if (events.lastVersion() < m.getVersion()) {
            events.untilVersion(m.getVersion());
        }
        assertEquals(m.getVersion(), events.lastVersion(), "the spectator has seen every event");
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
        assertEquals(MatchStatus.MATCH_ACTIVE, green.get(id).getStatus(), "waits for Blue, a person");
        assertEquals(8, engine.requests().size(), "the AI was asked once for each of its moves");
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
        clock.advanceMillis(999);
        flagCheck.checkNow();
        assertEquals(0, mover(green.get(m.getId())), "1 ms left: Green still to move");
        clock.advanceMillis(1);
        flagCheck.checkNow(); // Green out; Red (AI) moves at once, on a worker thread
        events.until(MatchEvent::hasMovePlayed, Duration.ofSeconds(10));
        clock.advanceMillis(1000);
        flagCheck.checkNow(); // Yellow out
        clock.advanceMillis(1000);
        flagCheck.checkNow(); // Blue out: Red is the last standing
        MatchEvent ended = events.until(MatchEvent::hasEnded, Duration.ofSeconds(10));
        List<String> story = new ArrayList<>();
        for (MatchEvent e : events.received()) {
            if (e.hasMovePlayed()) {
                story.add("move " + e.getMovePlayed().getSeat());
            } else if (e.hasSeatOut()) {
                story.add("out " + e.getSeatOut().getSeat() + " " + e.getSeatOut().getReason());
            }
        }
        assertEquals(List.of("out 0 TIMEOUT", "move 1", "out 2 TIMEOUT"), story);
        assertEquals(List.of(1), ended.getEnded().getResult().getWinnersList());
        assertEquals(EndReason.LAST_STANDING, ended.getEnded().getResult().getReason());
        assertEquals(List.of(0, 2, 3), ended.getEnded().getResult().getEliminationOrderList());
        Match end = green.get(m.getId());
        assertEquals(1000, end.getSeats(1).getClockMillis(), "the AI answered at once: no time passed on its clock");
        assertEquals(0, end.getSeats(2).getClockMillis());
        assertEquals(0, end.getSeats(3).getClockMillis());
    }
}
