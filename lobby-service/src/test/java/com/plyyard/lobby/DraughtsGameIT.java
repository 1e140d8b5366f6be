package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameStatus;
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

/**
 * A whole draughts game through the API: two clients play it (each choosing the first legal move, which
 * ends the FMJD game in 94 plies with Black's win), a spectator sees every event in order, and a client
 * that drops out and reconnects with its last version gets exactly what it missed.
 */
@QuarkusTest
class DraughtsGameIT extends LobbyTestBase {
    @Test
    void aWholeGameWatchedAndResumed() {
        TestPlayer white = register("white");
        TestPlayer black = register("black");
        TestPlayer spectator = register("spectator");
        TestPlayer flaky = register("flaky");

        Match m = white.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(invite(black)).build());
        assertEquals(MatchStatus.MATCH_WAITING, m.getStatus());
        assertEquals(SeatKind.SEAT_PLAYER, m.getSeats(0).getKind());
        assertEquals(SeatKind.SEAT_INVITED, m.getSeats(1).getKind());
        assertEquals(black.player(), m.getSeats(1).getPlayer());
        assertEquals("white", m.getSeats(0).getColour());
        assertEquals(1, m.getVersion(), "SeatJoined of the creator");

        EventStream all = watch(spectator, m.getId(), 0);
        MatchEvent snapshot = all.next();
        assertTrue(snapshot.hasSnapshot());
        assertEquals(0, snapshot.getVersion());
        assertEquals(1, snapshot.getSnapshot().getVersion());
        assertEquals(m.getId(), snapshot.getSnapshot().getId());
        EventStream dropping = watch(flaky, m.getId(), 0);
        assertTrue(dropping.next().hasSnapshot());

        m = black.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertEquals(3, m.getVersion(), "SeatJoined, MatchStarted");

        TestPlayer[] bySeat = {white, black};
        List<String> played = new ArrayList<>();
        long droppedAt = -1;
        while (m.getState().getStatus() != GameStatus.FINISHED) {
            List<Move> legal = legalMoves(m.getState());
            String move = legal.get(0).getNotation();
            TestPlayer mover = bySeat[m.getState().getToMove()];
            Match after = mover.move(m, move);
            boolean over = after.getStatus() == MatchStatus.MATCH_FINISHED;
            assertEquals(m.getVersion() + (over ? 2 : 1), after.getVersion(), "MovePlayed (and MatchEnded)");
            played.add(after.getMoves(after.getMovesCount() - 1).getMove().getNotation());
            m = after;
            if (played.size() == 10) {
                dropping.untilVersion(m.getVersion());
                droppedAt = dropping.lastVersion();
                dropping.close();
            }
            assertTrue(played.size() <= 200, "the game should have ended by now");
        }
        assertEquals(94, played.size());
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        assertEquals(OutcomeKind.WIN, m.getResult().getKind());
        assertEquals(List.of(1), m.getResult().getWinnersList());
        assertEquals(EndReason.NO_PIECES, m.getResult().getReason());
        assertEquals(94, m.getMovesCount());
        assertEquals(3 + 94 + 1, m.getVersion(), "94 moves and the end");

        // the spectator: every event after the snapshot, versions 2.., in order, ending with the result
        MatchEvent end = all.until(MatchEvent::hasEnded, Duration.ofSeconds(20));
        List<MatchEvent> seen = all.received();
        for (int i = 1; i < seen.size(); i++) {
            assertEquals(i + 1, seen.get(i).getVersion(), "no gap, no duplicate");
        }
        assertTrue(seen.get(1).hasSeatJoined());
        assertTrue(seen.get(2).hasStarted());
        List<String> streamed = seen.stream().filter(MatchEvent::hasMovePlayed)
            .map(e -> e.getMovePlayed().getMove().getNotation()).toList();
        assertEquals(played, streamed);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getEnded().getStatus());
        assertEquals(m.getResult(), end.getEnded().getResult());
        assertEquals(m.getVersion(), end.getVersion());

        // the reconnecting client: exactly the events after its last version, then live
        try (EventStream resumed = flaky.watch(m.getId(), droppedAt)) {
            List<MatchEvent> missed = new ArrayList<>();
            for (long v = droppedAt + 1; v <= m.getVersion(); v++) {
                MatchEvent e = resumed.next();
                assertEquals(v, e.getVersion());
                missed.add(e);
            }
            resumed.assertQuiet(Duration.ofMillis(300));
            assertEquals(seen.subList((int) droppedAt, seen.size()), missed);
        }

        // the stored log agrees
        assertEquals(m.getVersion(), count("SELECT count(*) FROM match_events WHERE match_id = ?::uuid", m.getId()));
        assertEquals(m.getVersion(), count("SELECT max(version) FROM match_events WHERE match_id = ?::uuid", m.getId()));
        Match fetched = spectator.get(m.getId());
        assertEquals(94, fetched.getMovesCount());
        assertEquals(played.get(93), fetched.getMoves(93).getMove().getNotation());
        assertEquals(94, fetched.getMoves(93).getPly());
        assertEquals(1, fetched.getMoves(93).getSeat());
    }
}
