package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Presence events from seated players' streams, the version rule around them, and ListMyMatches. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PresenceAndListsTest extends LobbyTestBase {
    @Inject
    ManualClock clock;

    @Test
    void seatedWatchersAreConnectedSpectatorsAreNot() {
        TestPlayer w = register("pres-w");
        TestPlayer b = register("pres-b");
        TestPlayer k = register("pres-k");
        Match m = started("draughts:fmjd", clock(0, 0), w, b);
        long v = m.getVersion();
        EventStream spectator = watch(k, m.getId(), v);
        EventStream first = watch(w, m.getId(), v);
        MatchEvent connected = spectator.next();
        assertEquals(MatchEvent.EventCase.PRESENCE, connected.getEventCase());
        assertEquals(0, connected.getPresence().getSeat());
        assertTrue(connected.getPresence().getConnected());
        assertTrue(w.get(m.getId()).getSeats(0).getConnected());
        EventStream second = watch(w, m.getId(), v);   // a second stream of the same player: no new event
        assertEquals(connected, second.next());
        spectator.assertQuiet(Duration.ofMillis(300));
        // presence does not invalidate an expected_version
        Match moved = w.move(m.getId(), "32-28", v);
        assertEquals(v + 2, moved.getVersion());
        assertTrue(spectator.next().hasMovePlayed());
        first.close();
        spectator.assertQuiet(Duration.ofMillis(300));
        second.close();
        MatchEvent gone = spectator.next();
        assertFalse(gone.getPresence().getConnected());
        assertEquals(0, gone.getPresence().getSeat());
        assertFalse(w.get(m.getId()).getSeats(0).getConnected());
        assertEquals(0, count("SELECT sum(connections) FROM seats WHERE match_id = ?::uuid", m.getId()));
    }

    @Test
    void listMyMatchesNewestFirst() {
        TestPlayer me = register("lister");
        TestPlayer other = register("other");
        Match a = me.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).build());
        clock.advanceMillis(5);
        Match invited = other.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("ploy:3m:ffa")
            .addSeats(me()).addSeats(invite(me)).build());
        clock.advanceMillis(5);
        Match c = started("draughts:plyyard", clock(0, 0), me, other);
        other.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).build());
        ListMatchesResponse all = me.matches().listMyMatches(ListMyMatchesRequest.getDefaultInstance());
        assertEquals(List.of(c.getId(), invited.getId(), a.getId()), all.getMatchesList().stream().map(Match::getId).toList());
        assertEquals(0, all.getMatches(0).getMovesCount(), "lists leave the move list out");
        ListMatchesResponse active = me.matches().listMyMatches(ListMyMatchesRequest.newBuilder()
            .setStatus(MatchStatus.MATCH_ACTIVE).build());
        assertEquals(List.of(c.getId()), active.getMatchesList().stream().map(Match::getId).toList());
        ListMatchesResponse one = me.matches().listMyMatches(ListMyMatchesRequest.newBuilder().setLimit(1).build());
        assertEquals(1, one.getMatchesCount());
    }
}
