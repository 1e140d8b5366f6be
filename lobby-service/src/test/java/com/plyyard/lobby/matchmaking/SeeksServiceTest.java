package com.plyyard.lobby.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.support.MatchmakingFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.ListSeeksRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekStatus;
import com.plyyard.proto.v1.TicketStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeks through the bean: posting, taking seats, the match on the last seat, cancelling, expiry by the lobby's clock,
 * and every refusal (kind, sentence, nothing stored changed).
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class SeeksServiceTest extends MatchmakingFixtures {
    /** The refusal of a busy player: the match that keeps them busy, named, and how to go back to it. */
    static String busyMe(Match m) {
        return "You are playing match " + m.getId() + " (" + m.getVariant().getId() + "), which has a clock; resume it with "
            + "./plyyard play --match " + m.getId() + " or on the web page, and finish it before looking for another.";
    }

    /** The refusal when another player is busy: who, and in which match. */
    static String busyOther(Player p, Match m) {
        return p.getName() + " is playing match " + m.getId() + " (" + m.getVariant().getId() + "), which has a clock; "
            + "try again when it is over.";
    }

    @Inject
    Seeks seeks;

    @Inject
    Pools pools;

    @Inject
    LobbyPresence presence;

    private Seek post(Player owner, GameSpec game) {
        return seeks.create(owner, CreateSeekRequest.newBuilder().setGame(game).build());
    }

    private Seek post(Player owner, GameSpec game, int seat) {
        return seeks.create(owner, CreateSeekRequest.newBuilder().setGame(game).setSeat(seat).build());
    }

    private Seek take(Player who, Seek s) {
        return seeks.accept(who, AcceptSeekRequest.newBuilder().setSeekId(s.getId()).build());
    }

    private Seek take(Player who, Seek s, int seat) {
        return seeks.accept(who, AcceptSeekRequest.newBuilder().setSeekId(s.getId()).setSeat(seat).build());
    }

    private boolean listed(Seek s) {
        return seeks.list(ListSeeksRequest.getDefaultInstance()).getSeeksList().stream().anyMatch(x -> x.getId().equals(s.getId()));
    }

    @Test
    void aTwoPlayerSeekIsFilledByItsSecondPlayerAndTheMatchStarts() {
        Player owner = register("sk-owner");
        Player taker = register("sk-taker");
        Player onlooker = register("sk-look");
        GameSpec game = fresh("draughts:fmjd", false);
        long v0 = lobbyVersion();
        Seek seek = post(owner, game, 1);
        assertEquals(SeekStatus.SEEK_OPEN, seek.getStatus());
        assertEquals(owner, seek.getOwner());
        assertEquals(2, seek.getSeatsCount());
        assertEquals(owner, seek.getSeats(1).getPlayer(), "the owner sits where they asked");
        assertFalse(seek.getSeats(0).hasPlayer());
        assertEquals(clock.nowMillis(), seek.getCreatedAtEpochMillis(), "created at the lobby's clock");
        assertTrue(listed(seek));
        List<LobbyEvent> posted = eventsFor(onlooker, v0).stream()
            .filter(e -> e.hasSeek() && e.getSeek().getId().equals(seek.getId())).toList();
        assertEquals(1, posted.size(), "one Seek event, for everyone: " + posted);
        assertEquals(seek, posted.get(0).getSeek());

        long v1 = lobbyVersion();
        Seek filled = take(taker, seek);
        assertEquals(SeekStatus.SEEK_FILLED, filled.getStatus());
        assertEquals(taker, filled.getSeats(0).getPlayer(), "the free seat");
        assertFalse(listed(seek), "a filled seek is no longer listed");
        Match m = matches.get(filled.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus(), "the last seat starts the match");
        assertEquals(taker, m.getSeats(0).getPlayer());
        assertEquals(owner, m.getSeats(1).getPlayer());
        assertEquals(game.getTimeControl(), m.getTimeControl());
        assertFalse(m.getRated());
        assertEquals(filled.getMatchId(), text("SELECT match_id FROM seeks WHERE id = ?::uuid", seek.getId()));

        LobbyEvent ownerPaired = pairedEvents(owner, v1).get(0);
        assertEquals(filled.getMatchId(), ownerPaired.getPaired().getMatchId());
        assertEquals(1, ownerPaired.getPaired().getSeat());
        assertEquals(seek.getId(), ownerPaired.getPaired().getSeekId());
        List<LobbyEvent> takerPaired = pairedEvents(taker, v1);
        assertEquals(1, takerPaired.size());
        assertEquals(0, takerPaired.get(0).getPaired().getSeat());
        List<LobbyEvent> seen = eventsFor(onlooker, v1);
        assertTrue(seen.stream().noneMatch(LobbyEvent::hasPaired), "pairings are private: " + seen);
        assertTrue(seen.stream().anyMatch(e -> e.hasSeek() && e.getSeek().equals(filled)), "everyone sees the seek filled");
    }

    @Test
    void aFourPlayerSeekTakesItsSeatsOneByOne() {
        Player owner = register("sk4-own");
        Player a = register("sk4-a");
        Player b = register("sk4-b");
        Player c = register("sk4-c");
        Seek seek = post(owner, fresh("ploy:3m:ffa", false), 2);
        assertEquals(4, seek.getSeatsCount());
        Seek one = take(a, seek, 0);
        assertEquals(SeekStatus.SEEK_OPEN, one.getStatus(), "three of four seats: still open");
        assertEquals(a, one.getSeats(0).getPlayer());
        refused(ErrorKind.FAILED_PRECONDITION, "You already hold seat 0 of this seek.", () -> take(a, seek), owner, a);
        refused(ErrorKind.FAILED_PRECONDITION, "Seat 2 of this seek is taken.", () -> take(b, seek, 2), owner, a, b);
        refused(ErrorKind.INVALID_ARGUMENT, "Seat 4 does not exist; this seek has seats 0 to 3.", () -> take(b, seek, 4),
            owner, a, b);
        Seek two = take(b, seek);
        assertEquals(b, two.getSeats(1).getPlayer(), "without a wish, the first free seat");
        assertEquals(SeekStatus.SEEK_OPEN, two.getStatus());
        assertEquals("", two.getMatchId());
        Player late = register("sk4-late");
        Seek full = take(c, seek);
        assertEquals(SeekStatus.SEEK_FILLED, full.getStatus());
        Match m = matches.get(full.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertEquals(List.of(a, b, owner, c), m.getSeatsList().stream().map(s -> s.getPlayer()).toList());
        refused(ErrorKind.FAILED_PRECONDITION, "The seek is filled; only an open seek can be accepted.",
            () -> take(late, seek), owner, a, b, c, late);
    }

    @Test
    void theOwnerCancelsAndASeatedPlayerGivesTheSeatBack() {
        Player owner = register("skc-own");
        Player sitter = register("skc-sit");
        Player stranger = register("skc-str");
        Seek seek = post(owner, fresh("ploy:3m:ffa", false), 0);
        take(sitter, seek, 3);
        refused(ErrorKind.PERMISSION_DENIED, "Only the seek's owner can cancel it.", () -> seeks.cancel(stranger, seek.getId()),
            owner, sitter, stranger);
        Seek left = seeks.cancel(sitter, seek.getId());
        assertEquals(SeekStatus.SEEK_OPEN, left.getStatus(), "a seated player leaving does not cancel the seek");
        assertFalse(left.getSeats(3).hasPlayer(), "the seat is free again");
        assertEquals(owner, left.getSeats(0).getPlayer());
        long v = lobbyVersion();
        Seek cancelled = seeks.cancel(owner, seek.getId());
        assertEquals(SeekStatus.SEEK_CANCELLED, cancelled.getStatus());
        assertEquals(List.of(cancelled), eventsFor(stranger, v).stream().filter(LobbyEvent::hasSeek).map(LobbyEvent::getSeek)
            .toList(), "everyone sees it cancelled");
        assertFalse(listed(seek));
        refused(ErrorKind.FAILED_PRECONDITION, "The seek is cancelled; there is nothing to cancel.",
            () -> seeks.cancel(owner, seek.getId()), owner);
        refused(ErrorKind.FAILED_PRECONDITION, "The seek is cancelled; only an open seek can be accepted.",
            () -> take(sitter, seek), owner, sitter);
    }

    @Test
    void aSeekWithoutItsOwnerExpiresTheFirstMomentAfterTheGrace() {
        Player owner = register("ske-own");
        Player taker = register("ske-take");
        Seek seek = post(owner, fresh("draughts:fmjd", false));
        long grace = config.seekGrace().toMillis();
        clock.advanceMillis(grace);
        sweeper.sweepNow();
        assertEquals("SEEK_OPEN", seekStatus(seek.getId()), "not older than the grace yet");
        long v = lobbyVersion();
        clock.advanceMillis(1);
        sweeper.sweepNow();
        assertEquals("SEEK_EXPIRED", seekStatus(seek.getId()));
        assertEquals(grace + 1, count("SELECT (extract(epoch FROM updated_at - created_at) * 1000)::bigint FROM seeks "
            + "WHERE id = ?::uuid", seek.getId()), "expired at the lobby's clock");
        assertTrue(eventsFor(taker, v).stream().anyMatch(e -> e.hasSeek() && e.getSeek().getId().equals(seek.getId())
            && e.getSeek().getStatus() == SeekStatus.SEEK_EXPIRED), "everyone sees it expire");
        refused(ErrorKind.FAILED_PRECONDITION, "The seek is expired; only an open seek can be accepted.", () -> take(taker, seek),
            owner, taker);
        refused(ErrorKind.FAILED_PRECONDITION, "The seek is expired; there is nothing to cancel.",
            () -> seeks.cancel(owner, seek.getId()), owner);
    }

    /** Only the owner's presence counts; the grace period runs from their last presence. */
    @Test
    void anOwnerInTheLobbyKeepsTheSeekAndTheGraceRunsFromTheirLastPresence() {
        Player owner = register("skp-own");
        long grace = config.seekGrace().toMillis();
        presence.opened(id(owner));
        Seek seek = post(owner, fresh("draughts:fmjd", false));
        // steps of one heartbeat (each sweep refreshes the presence of open streams), three times the grace in all
        long step = config.presenceHeartbeat().toMillis();
        for (long waited = 0; waited <= 3 * grace; waited += step) {
            clock.advanceMillis(step);
            sweeper.sweepNow();
        }
        assertEquals("SEEK_OPEN", seekStatus(seek.getId()), "kept while its owner watches the lobby");
        presence.closed(id(owner));
        clock.advanceMillis(grace);
        sweeper.sweepNow();
        assertEquals("SEEK_OPEN", seekStatus(seek.getId()), "the grace runs from the owner's last presence");
        clock.advanceMillis(1);
        sweeper.sweepNow();
        assertEquals("SEEK_EXPIRED", seekStatus(seek.getId()));
    }

    @Test
    void busyPlayersCanNeitherPostNorTake() {
        Player a = register("skb-a");
        Player b = register("skb-b");
        Player owner = register("skb-own");
        Match m = clockedMatch(a, b);
        GameSpec game = fresh("draughts:fmjd", false);
        refused(ErrorKind.FAILED_PRECONDITION, busyMe(m), () -> post(a, game), a);
        Seek seek = post(owner, game);
        refused(ErrorKind.FAILED_PRECONDITION, busyMe(m), () -> take(b, seek), b, owner);
        resign(a, m.getId());
        assertEquals(SeekStatus.SEEK_FILLED, take(b, seek).getStatus(), "free again once the game is over");
        Seek mine = post(a, fresh("draughts:fmjd", false));
        assertEquals(SeekStatus.SEEK_OPEN, mine.getStatus());
    }

    /** A clocked match started outside matchmaking leaves the owner's seek open, but it cannot fill while they play. */
    @Test
    void aSeekCannotFillWhileItsOwnerPlaysAClockedMatch() {
        Player owner = register("sko-own");
        Player rival = register("sko-riv");
        Player taker = register("sko-take");
        Seek seek = post(owner, fresh("draughts:fmjd", false));
        Match m = clockedMatch(owner, rival);
        refused(ErrorKind.FAILED_PRECONDITION, busyOther(owner, m), () -> take(taker, seek), owner, taker);
        resign(rival, m.getId());
        assertEquals(SeekStatus.SEEK_FILLED, take(taker, seek).getStatus());
    }

    @Test
    void ownSeeksAndRatingRanges() {
        Player owner = register("skr-own");
        Player weak = register("skr-weak");
        Player elsewhere = register("skr-else");
        Player fit = register("skr-fit");
        GameSpec game = fresh("draughts:fmjd", true);
        Seek seek = seeks.create(owner, CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(1600).setMax(1800)).build());
        assertEquals(RatingRange.newBuilder().setMin(1600).setMax(1800).build(), seek.getRatingRange());
        refused(ErrorKind.FAILED_PRECONDITION, "You cannot accept your own seek; wait for another player, or cancel it.",
            () -> take(owner, seek), owner);
        String tc = timeClass(game);
        assertEquals("rapid", tc);
        refused(ErrorKind.FAILED_PRECONDITION, "This seek is for players rated 1600 to 1800 in draughts:fmjd rapid; your rating "
            + "there is 1500.", () -> take(weak, seek), owner, weak);
        // a rating in another time class does not count
        setRating(elsewhere, spec("draughts:fmjd", 60, true), 1700);
        refused(ErrorKind.FAILED_PRECONDITION, "This seek is for players rated 1600 to 1800 in draughts:fmjd rapid; your rating "
            + "there is 1500.", () -> take(elsewhere, seek), owner, elsewhere);
        setRating(weak, game, 1801);
        refused(ErrorKind.FAILED_PRECONDITION, "This seek is for players rated 1600 to 1800 in draughts:fmjd rapid; your rating "
            + "there is 1801.", () -> take(weak, seek), owner, weak);
        setRating(fit, game, 1600);
        Seek filled = take(fit, seek);
        assertEquals(SeekStatus.SEEK_FILLED, filled.getStatus(), "the bounds are inclusive");
        assertTrue(matches.get(filled.getMatchId()).getRated());

        Player second = register("skr-own2"); // the owner plays the match just filled
        Seek floor = seeks.create(second, CreateSeekRequest.newBuilder().setGame(fresh("draughts:fmjd", true))
            .setRatingRange(RatingRange.newBuilder().setMin(1550)).build());
        Player fresh = register("skr-new");
        refused(ErrorKind.FAILED_PRECONDITION, "This seek is for players rated at least 1550 in draughts:fmjd rapid; your rating "
            + "there is 1500.", () -> take(fresh, floor), second, fresh);
    }

    @Test
    void malformedSeeksAndUnknownIdsAreRefused() {
        Player a = register("skm-a");
        GameSpec game = fresh("draughts:fmjd", true);
        refused(ErrorKind.INVALID_ARGUMENT, "The rating range is impossible: its minimum 1800 is above its maximum 1600.",
            () -> seeks.create(a, CreateSeekRequest.newBuilder().setGame(game)
                .setRatingRange(RatingRange.newBuilder().setMin(1800).setMax(1600)).build()), a);
        refused(ErrorKind.INVALID_ARGUMENT, "A rating range lies within 0 to 4000; 4001 is beyond it.",
            () -> seeks.create(a, CreateSeekRequest.newBuilder().setGame(game)
                .setRatingRange(RatingRange.newBuilder().setMax(4001)).build()), a);
        refused(ErrorKind.INVALID_ARGUMENT, "Seat 2 does not exist; draughts:fmjd has seats 0 to 1.", () -> post(a, game, 2), a);
        String nobody = "6f1c1a2e-0000-4000-8000-00000000abcd";
        refused(ErrorKind.NOT_FOUND, "There is no seek " + nobody + ".",
            () -> seeks.accept(a, AcceptSeekRequest.newBuilder().setSeekId(nobody).build()), a);
        refused(ErrorKind.NOT_FOUND, "There is no seek " + nobody + ".", () -> seeks.cancel(a, nobody), a);
        refused(ErrorKind.INVALID_ARGUMENT, "'42' is not a seek id (a UUID).",
            () -> seeks.accept(a, AcceptSeekRequest.newBuilder().setSeekId("42").build()), a);
        refused(ErrorKind.INVALID_ARGUMENT, "No seek id given.", () -> seeks.cancel(a, ""), a);
    }

    /** Filling a seek pairs its players once: their other tickets, own open seeks and seats elsewhere end with it. */
    @Test
    void fillingASeekEndsTheOtherBookingsOfItsPlayers() {
        Player owner = register("skx-own");
        Player taker = register("skx-take");
        Player host = register("skx-host");
        PoolTicket waiting = pools.join(taker, JoinPoolRequest.newBuilder().setGame(fresh("draughts:fmjd", false)).build());
        Seek own = post(taker, fresh("draughts:fmjd", false));
        Seek other = post(host, fresh("ploy:3m:ffa", false), 0);
        take(taker, other, 1);
        Seek seek = post(owner, fresh("draughts:fmjd", false));
        take(taker, seek);
        assertEquals(TicketStatus.TICKET_SUPERSEDED.name(), ticketStatus(waiting.getId()));
        assertEquals("SEEK_CANCELLED", seekStatus(own.getId()));
        assertEquals("SEEK_OPEN", seekStatus(other.getId()), "another owner's seek stays open");
        assertEquals(0, count("SELECT count(*) FROM seek_seats WHERE seek_id = ?::uuid AND player_id = ?", other.getId(),
            id(taker)), "the seat there is given back");
        assertEquals(1, count("SELECT count(*) FROM seek_seats WHERE seek_id = ?::uuid AND player_id IS NOT NULL", other.getId()));
        assertEquals(1, matchesOf(taker), "one match");
    }
}
