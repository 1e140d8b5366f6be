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
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MatchDraws} called as a bean: a draw needs every seat still in the game; a decline or any move withdraws every
 * agreement; each refusal has its sentence and leaves the stored match unchanged.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchDrawsServiceTest {
    private static final String DRAUGHTS = "draughts:fmjd";
    private static final String NO_OFFER_TO_ACCEPT = "There is no draw offer to accept.";
    private static final String NO_OFFER_TO_DECLINE = "There is no draw offer to decline.";

    @Inject
    MatchDraws draws;

    @Inject
    MatchMoves moves;

    @Inject
    MatchEndings endings;

    @Inject
    ManualClock clock;

    private final MatchFixtures fx = new MatchFixtures();

    private static boolean anyOffer(Match m) {
        return m.getSeatsList().stream().anyMatch(MatchSeat::getOffersDraw);
    }

    @Test
    void anAcceptedOfferDrawsTheGame() {
        Player w = fx.player("dr-w");
        Player b = fx.player("dr-b");
        Match m = fx.started(DRAUGHTS, clock(60, 0), w, b);
        String id = m.getId();
        Match offered = draws.offer(b, id, m.getVersion()); // out of turn is fine
        assertEquals(MatchStatus.MATCH_ACTIVE, offered.getStatus());
        assertEquals(m.getVersion() + 1, offered.getVersion());
        assertEquals(offered.getVersion(), fx.stateVersion(id), "an offer is game-changing");
        assertTrue(offered.getSeats(1).getOffersDraw());
        assertFalse(offered.getSeats(0).getOffersDraw());

        clock.advanceMillis(250);
        Match end = draws.accept(w, id, offered.getVersion());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals(EndReason.AGREEMENT, end.getResult().getReason());
        assertEquals("Drawn by agreement.", end.getResult().getDescription());
        assertEquals(List.of(), end.getResult().getWinnersList());
        assertEquals(GameStatus.FINISHED, end.getState().getStatus());
        assertEquals(60_000 - 250, end.getSeats(0).getClockMillis(), "White's running clock stops at the agreement");
        assertFalse(anyOffer(end), "the offers end with the match");
        assertNull(fx.deadline(id));
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "DRAW_OFFERED", "ENDED"), fx.eventTypes(id));
    }

    @Test
    void aDeclineWithdrawsTheOffer() {
        Player w = fx.player("dd-w");
        Player b = fx.player("dd-b");
        Match m = fx.started(DRAUGHTS, clock(0, 0), w, b);
        String id = m.getId();
        Match offered = draws.offer(w, id, m.getVersion());
        Match declined = draws.decline(b, id, offered.getVersion());
        assertEquals(MatchStatus.MATCH_ACTIVE, declined.getStatus());
        assertFalse(anyOffer(declined));
        assertEquals(offered.getVersion() + 1, declined.getVersion());
        assertEquals("DRAW_DECLINED", fx.eventTypes(id).get((int) declined.getVersion() - 1));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_ACCEPT, () -> draws.accept(b, id, declined.getVersion()));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_DECLINE, () -> draws.decline(b, id, declined.getVersion()));
    }

    @Test
    void aMoveWithdrawsEveryOffer() {
        Player w = fx.player("dm-w");
        Player b = fx.player("dm-b");
        Match m = fx.started(DRAUGHTS, clock(0, 0), w, b);
        String id = m.getId();
        // the opponent's move withdraws the offer
        Match offered = draws.offer(b, id, m.getVersion());
        Match moved = moves.submitMove(w, id, "32-28", offered.getVersion());
        assertFalse(anyOffer(moved));
        assertFalse(anyOffer(fx.get(id)), "stored too");
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_ACCEPT, () -> draws.accept(w, id, moved.getVersion()));
        // and so does the offerer's own
        Match again = draws.offer(b, id, moved.getVersion());
        Match answered = moves.submitMove(b, id, "19-23", again.getVersion());
        assertFalse(anyOffer(answered));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_ACCEPT, () -> draws.accept(w, id, answered.getVersion()));
        assertEquals(List.of("DRAW_OFFERED", "MOVE_PLAYED", "DRAW_OFFERED", "MOVE_PLAYED"),
            fx.eventTypes(id).subList((int) m.getVersion(), (int) answered.getVersion()), "no separate event withdraws them");
    }

    @Test
    void offeringTwiceAndAnsweringNoOfferAreRefused() {
        Player w = fx.player("dt-w");
        Player b = fx.player("dt-b");
        Match m = fx.started(DRAUGHTS, clock(0, 0), w, b);
        String id = m.getId();
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_ACCEPT, () -> draws.accept(b, id, m.getVersion()));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_DECLINE, () -> draws.decline(b, id, m.getVersion()));
        Match offered = draws.offer(w, id, m.getVersion());
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "You already offer a draw; the others may accept or decline it.",
            () -> draws.offer(w, id, offered.getVersion()));
        // one's own offer is no offer to accept or decline
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_ACCEPT, () -> draws.accept(w, id, offered.getVersion()));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, NO_OFFER_TO_DECLINE, () -> draws.decline(w, id, offered.getVersion()));
    }

    @Test
    void strangersStaleVersionsAndEndedMatchesAreRefused() {
        Player w = fx.player("ds-w");
        Player b = fx.player("ds-b");
        Player stranger = fx.player("ds-x");
        Match m = fx.started(DRAUGHTS, clock(0, 0), w, b);
        String id = m.getId();
        fx.refused(id, ErrorKind.PERMISSION_DENIED, "You do not hold a seat in this match; spectators can only watch.",
            () -> draws.offer(stranger, id, m.getVersion()));
        Match offered = draws.offer(w, id, m.getVersion());
        fx.refused(id, ErrorKind.ABORTED, "The match has changed since version " + m.getVersion()
            + "; the current version is " + offered.getVersion() + ".", () -> draws.accept(b, id, m.getVersion()));
        Match over = endings.resign(w, id, offered.getVersion());
        String ended = "The match is over; nothing can be played in it now.";
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, ended, () -> draws.offer(b, id, over.getVersion()));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, ended, () -> draws.accept(b, id, over.getVersion()));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, ended, () -> draws.decline(b, id, over.getVersion()));
    }

    /** Four players: the agreement of every player still in the game; those out of it have no say. */
    @Test
    void fourPlayersDrawWhenEveryoneStillInAgrees() {
        Player[] p = fx.players("d4", 4);
        Match m = fx.started("ploy:3m:ffa", clock(0, 0), p);
        String id = m.getId();
        Match out = endings.resign(p[0], id, m.getVersion());
        String outSentence = "You are out of this game; only the players still in it can do that.";
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, outSentence, () -> draws.offer(p[0], id, out.getVersion()));

        Match offered = draws.offer(p[1], id, out.getVersion());
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, outSentence, () -> draws.accept(p[0], id, offered.getVersion()));
        Match agreed = draws.accept(p[2], id, offered.getVersion());
        assertEquals(MatchStatus.MATCH_ACTIVE, agreed.getStatus(), "Blue has not agreed yet");
        assertTrue(agreed.getSeats(1).getOffersDraw() && agreed.getSeats(2).getOffersDraw());
        assertEquals("DRAW_OFFERED", fx.eventTypes(id).get((int) agreed.getVersion() - 1));
        fx.refused(id, ErrorKind.FAILED_PRECONDITION, "You already agreed to a draw; the other players have not yet.",
            () -> draws.accept(p[2], id, agreed.getVersion()));

        Match end = draws.accept(p[3], id, agreed.getVersion());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals(EndReason.AGREEMENT, end.getResult().getReason());
        assertEquals("Drawn by agreement of every player still in the game.", end.getResult().getDescription());
        assertEquals(List.of(0), end.getResult().getEliminationOrderList(), "who went out before the draw is kept");
    }

    /** The draw's result lists the seats in the order they went out (Outcome.elimination_order), not by seat. */
    @Test
    void aDrawKeepsTheOrderInWhichSeatsWentOut() {
        Player[] p = fx.players("d2", 4);
        Match m = fx.started("ploy:3m:ffa", clock(0, 0), p);
        String id = m.getId();
        m = endings.resign(p[3], id, m.getVersion()); // Blue first
        m = endings.resign(p[0], id, m.getVersion()); // then Green, on turn
        m = draws.offer(p[2], id, m.getVersion());
        Match end = draws.accept(p[1], id, m.getVersion());
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals(List.of(3, 0), end.getResult().getEliminationOrderList());
        assertEquals(end.getResult(), fx.get(id).getResult(), "stored as answered");
    }
}
