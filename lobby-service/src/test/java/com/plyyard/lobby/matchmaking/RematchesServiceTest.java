package com.plyyard.lobby.matchmaking;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.match.MatchEndings;
import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rematch;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link Rematches} called as a bean: once every person of a finished match asked, the same game starts again with the
 * colours swapped (two seats) or every seat moved on by one (four); the refusals and the busy rule leave nothing stored.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class RematchesServiceTest {
    private static final String DRAUGHTS = "draughts:fmjd";

    @Inject
    Rematches rematches;

    @Inject
    MatchEndings endings;

    private final MatchFixtures fx = new MatchFixtures();

    private long requests(Match previous) {
        return fx.count("SELECT count(*) FROM rematch_requests WHERE previous_match_id = ?", UUID.fromString(previous.getId()));
    }

    private long created(Match previous) {
        return fx.count("SELECT count(*) FROM rematches WHERE previous_match_id = ? AND match_id IS NOT NULL",
            UUID.fromString(previous.getId()));
    }

    /** Asserts the refusal's kind and sentence, and that no request and no match were stored for {@code previous}. */
    private void refused(Match previous, ErrorKind kind, String sentence, Executable call) {
        long asked = requests(previous);
        LobbyException e = assertThrows(LobbyException.class, call);
        assertEquals(kind, e.kind(), e.sentence());
        assertEquals(sentence, e.sentence());
        assertEquals(asked, requests(previous), "a refused request is not stored");
        assertEquals(0, created(previous), "no rematch started");
    }

    private Match resigned(Match m, Player who) {
        Match end = endings.resign(who, m.getId(), m.getVersion());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        return end;
    }

    @Test
    void bothAskAndTheColoursSwap() {
        Player w = fx.player("rm-w");
        Player b = fx.player("rm-b");
        Match m = fx.started(CreateMatchRequest.newBuilder().setVariant(DRAUGHTS).setTimeControl(clock(300, 2)).setRated(true), w, b);
        Match over = resigned(m, w);

        Rematch asked = rematches.request(b, over.getId());
        assertEquals(over.getId(), asked.getPreviousMatchId());
        assertEquals(List.of(b), asked.getRequestedByList());
        assertEquals(List.of(w), asked.getWaitingForList());
        assertTrue(asked.getMatchId().isEmpty());
        assertEquals(asked, rematches.request(b, over.getId()), "asking again changes nothing");
        assertEquals(1, requests(over));

        Rematch done = rematches.request(w, over.getId());
        assertEquals(List.of(w, b), done.getRequestedByList());
        assertEquals(List.of(), done.getWaitingForList());
        assertFalse(done.getMatchId().isEmpty());
        Match next = fx.get(done.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, next.getStatus());
        assertEquals(b, next.getSeats(0).getPlayer(), "colours swapped: Black plays White");
        assertEquals(w, next.getSeats(1).getPlayer());
        assertEquals(m.getVariant(), next.getVariant());
        assertEquals(m.getTimeControl(), next.getTimeControl());
        assertTrue(next.getRated());
        assertEquals(m.getState(), next.getState(), "the same start position");
        assertEquals(300_000, next.getSeats(0).getClockMillis());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED"), fx.eventTypes(next.getId()));

        assertEquals(done, rematches.request(b, over.getId()), "the rematch exists: asking again answers it");
        assertEquals(1, fx.count("SELECT count(*) FROM rematches WHERE previous_match_id = ?", UUID.fromString(over.getId())));
    }

    @Test
    void refusals() {
        Player w = fx.player("rr-w");
        Player b = fx.player("rr-b");
        Player stranger = fx.player("rr-x");
        String unknown = "6f1c1a2e-0000-4000-8000-0000000bee75";
        LobbyException none = assertThrows(LobbyException.class, () -> rematches.request(w, unknown));
        assertEquals(ErrorKind.NOT_FOUND, none.kind());
        assertEquals("There is no match " + unknown + ".", none.sentence());
        LobbyException bad = assertThrows(LobbyException.class, () -> rematches.request(w, "42"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, bad.kind());
        assertEquals("'42' is not a match id (a UUID).", bad.sentence());

        String notFinished = "The match is not finished; a rematch follows a finished match.";
        String notPlayed = "You did not play in this match; only its players can ask for a rematch.";
        Match active = fx.started(DRAUGHTS, clock(0, 0), w, b);
        refused(active, ErrorKind.FAILED_PRECONDITION, notFinished, () -> rematches.request(w, active.getId()));
        refused(active, ErrorKind.PERMISSION_DENIED, notPlayed, () -> rematches.request(stranger, active.getId()));

        Match aborted = fx.started(DRAUGHTS, clock(0, 0), w, b);
        endings.abort(w, aborted.getId(), aborted.getVersion());
        refused(aborted, ErrorKind.FAILED_PRECONDITION, notFinished, () -> rematches.request(b, aborted.getId()));

        Match over = resigned(fx.started(DRAUGHTS, clock(0, 0), w, b), b);
        refused(over, ErrorKind.PERMISSION_DENIED, notPlayed, () -> rematches.request(stranger, over.getId()));
    }

    /** docs/lobby.md "Paired once": a player in an active match with a clock is busy; a completing rematch waits. */
    @Test
    void aBusyPlayerHoldsUpTheRematch() {
        Player w = fx.player("rb-w");
        Player b = fx.player("rb-b");
        Player other = fx.player("rb-o");
        Match over = resigned(fx.started(DRAUGHTS, clock(60, 0), w, b), w);
        rematches.request(b, over.getId());
        Match elsewhere = fx.started(DRAUGHTS, clock(60, 0), b, other);
        refused(over, ErrorKind.FAILED_PRECONDITION, SeeksServiceTest.busyOther(b, elsewhere),
            () -> rematches.request(w, over.getId()));
        resigned(elsewhere, b);
        Rematch done = rematches.request(w, over.getId());
        assertFalse(done.getMatchId().isEmpty(), "once that game is over, the rematch starts");
        resigned(fx.get(done.getMatchId()), w);

        Match second = resigned(fx.started(DRAUGHTS, clock(60, 0), w, other), other);
        rematches.request(other, second.getId());
        Match busy = fx.started(DRAUGHTS, clock(60, 0), w, b);
        refused(second, ErrorKind.FAILED_PRECONDITION, SeeksServiceTest.busyMe(busy), () -> rematches.request(w, second.getId()));
        assertEquals(MatchStatus.MATCH_ACTIVE, fx.get(busy.getId()).getStatus());
    }

    /** A game without a clock makes nobody busy (correspondence: many at once). */
    @Test
    void aGameWithoutAClockDoesNotHoldUpTheRematch() {
        Player w = fx.player("rc-w");
        Player b = fx.player("rc-b");
        Player other = fx.player("rc-o");
        Match over = resigned(fx.started(DRAUGHTS, clock(60, 0), w, b), b);
        Match correspondence = fx.started(DRAUGHTS, clock(0, 0), b, other);
        rematches.request(w, over.getId());
        Rematch done = rematches.request(b, over.getId());
        assertFalse(done.getMatchId().isEmpty());
        assertEquals(MatchStatus.MATCH_ACTIVE, fx.get(correspondence.getId()).getStatus());
    }

    /** Four seats: the player of seat i takes seat i + 1, the last takes seat 0. */
    @Test
    void fourPlayersMoveOnBySeat() {
        Player[] p = fx.players("r4", 4);
        Match m = fx.started("ploy:3m:ffa", clock(0, 0), p);
        m = endings.resign(p[0], m.getId(), m.getVersion());
        m = endings.resign(p[1], m.getId(), m.getVersion());
        Match over = resigned(m, p[2]);
        Rematch r = null;
        for (int i = 0; i < 4; i++) {
            r = rematches.request(p[i], over.getId());
            assertEquals(i + 1, r.getRequestedByCount());
            assertEquals(3 - i, r.getWaitingForCount());
            assertEquals(i == 3, !r.getMatchId().isEmpty(), "the match starts with the last request");
        }
        Match next = fx.get(r.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, next.getStatus());
        for (int seat = 0; seat < 4; seat++) {
            assertEquals(p[seat], next.getSeats((seat + 1) % 4).getPlayer(), "seat " + seat + " moves on by one");
        }
    }
}
