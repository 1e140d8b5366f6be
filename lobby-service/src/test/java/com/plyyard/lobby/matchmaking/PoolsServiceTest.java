package com.plyyard.lobby.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.support.MatchmakingFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolSize;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.TicketStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Pools through the bean: joining and leaving, pairing by rating within the gap that widens with waiting (and stops
 * at its maximum), four-player pools, the AI fill after its wait; time moved by hand, one pairer wave at a time.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PoolsServiceTest extends MatchmakingFixtures {
    @Inject
    Pools pools;

    private PoolTicket join(Player p, GameSpec game) {
        return pools.join(p, JoinPoolRequest.newBuilder().setGame(game).build());
    }

    private Optional<PoolSize> listed(GameSpec effective) {
        return pools.list().getPoolsList().stream().filter(s -> s.getGame().equals(effective)).findFirst();
    }

    private int gapAfter(long waitedMillis) {
        // docs/lobby.md "Pairing": base + step × ⌊waited / step-every⌋, at most max
        long steps = waitedMillis / config.ratingGap().stepEvery().toMillis();
        return (int) Math.min(config.ratingGap().max(), config.ratingGap().base() + config.ratingGap().step() * steps);
    }

    private Integer seatOf(PoolTicket t, Player p) {
        String s = text("SELECT seat FROM pool_ticket_members WHERE ticket_id = ?::uuid AND player_id = ?", t.getId(), id(p));
        return s == null ? null : Integer.valueOf(s);
    }

    private String matchOf(PoolTicket t) {
        return text("SELECT match_id FROM pool_tickets WHERE id = ?::uuid", t.getId());
    }

    @Test
    void aPlayerJoinsWaitsAndLeaves() {
        Player a = register("pl-a");
        Player other = register("pl-other");
        GameSpec game = fresh("draughts:fmjd", false);
        long v = lobbyVersion();
        PoolTicket t = join(a, game);
        assertEquals(TicketStatus.TICKET_WAITING, t.getStatus());
        assertEquals(List.of(a), t.getPlayersList());
        assertEquals(config.ratingGap().base(), t.getRatingGap(), "a new ticket accepts the base gap");
        assertEquals(clock.nowMillis(), t.getQueuedAtEpochMillis());
        assertTrue(t.getGame().getOptions().hasDraughts(), "the pool holds the effective options");
        assertEquals(1, listed(t.getGame()).orElseThrow().getPlayersWaiting());
        List<LobbyEvent> sizes = eventsFor(other, v).stream().filter(e -> e.hasPool() && e.getPool().getGame().equals(t.getGame()))
            .toList();
        assertEquals(1, sizes.size());
        assertEquals(1, sizes.get(0).getPool().getPlayersWaiting());

        refused(ErrorKind.PERMISSION_DENIED, "This pool ticket is not yours.", () -> pools.leave(other, t.getId()), a, other);
        long v2 = lobbyVersion();
        PoolTicket left = pools.leave(a, t.getId());
        assertEquals(TicketStatus.TICKET_LEFT, left.getStatus());
        assertFalse(listed(t.getGame()).isPresent(), "an empty pool is not listed");
        assertTrue(eventsFor(other, v2).stream().anyMatch(e -> e.hasPool() && e.getPool().getGame().equals(t.getGame())
            && e.getPool().getPlayersWaiting() == 0), "everyone sees the pool empty");
        refused(ErrorKind.FAILED_PRECONDITION, "The ticket is no longer waiting (left); there is nothing to leave.",
            () -> pools.leave(a, t.getId()), a);
        String nobody = "6f1c1a2e-0000-4000-8000-00000000beef";
        refused(ErrorKind.NOT_FOUND, "There is no pool ticket " + nobody + ".", () -> pools.leave(a, nobody), a);
    }

    @Test
    void joiningThePoolTwiceIsRefusedButAnotherPoolIsFine() {
        Player a = register("pl-twice");
        GameSpec game = fresh("ploy:3m:ffa", false);
        PoolTicket t = join(a, game);
        refused(ErrorKind.FAILED_PRECONDITION, "You already wait in this pool.", () -> join(a, game), a);
        // the same game spelled with its defaults is the same pool
        refused(ErrorKind.FAILED_PRECONDITION, "You already wait in this pool.",
            () -> join(a, game.toBuilder().setOptions(t.getGame().getOptions()).build()), a);
        PoolTicket elsewhere = join(a, fresh("ploy:3m:ffa", false));
        assertEquals(TicketStatus.TICKET_WAITING, elsewhere.getStatus(), "a player may wait in several pools");
        pools.leave(a, t.getId());
        pools.leave(a, elsewhere.getId());
    }

    @Test
    void twoPlayersWithinTheBaseGapArePairedAtOnce() {
        Player a = register("pl-p1");
        Player b = register("pl-p2");
        GameSpec game = fresh("draughts:fmjd", false);
        setRating(b, game, 1500 + config.ratingGap().base()); // exactly the gap: acceptable
        long v = lobbyVersion();
        PoolTicket ta = join(a, game);
        PoolTicket tb = join(b, game);
        pairer.waveNow();
        assertEquals("TICKET_PAIRED", ticketStatus(ta.getId()));
        assertEquals("TICKET_PAIRED", ticketStatus(tb.getId()));
        String matchId = matchOf(ta);
        assertEquals(matchId, matchOf(tb));
        Match m = matches.get(matchId);
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertEquals("draughts:fmjd", m.getVariant().getId());
        assertEquals(game.getTimeControl(), m.getTimeControl());
        assertFalse(m.getRated());
        int seatA = seatOf(ta, a);
        int seatB = seatOf(tb, b);
        assertEquals(1, seatA + seatB, "seats 0 and 1");
        assertEquals(a, m.getSeats(seatA).getPlayer());
        assertEquals(b, m.getSeats(seatB).getPlayer());
        List<LobbyEvent> paired = pairedEvents(a, v);
        assertEquals(1, paired.size());
        assertEquals(matchId, paired.get(0).getPaired().getMatchId());
        assertEquals(seatA, paired.get(0).getPaired().getSeat());
        assertEquals(ta.getId(), paired.get(0).getPaired().getTicketId());
        assertEquals(tb.getId(), pairedEvents(b, v).get(0).getPaired().getTicketId());
        assertFalse(listed(ta.getGame()).isPresent(), "nobody waits any more");
    }

    /**
     * The gap widens by a step per step-every waited, and the group's spread must be within the gap of every ticket:
     * an old ticket's wide gap does not pair it with a newcomer whose own gap is still narrow.
     */
    @Test
    void theGapWidensWithWaitingAndEveryTicketMustAcceptTheSpread() {
        Player old = register("pl-old");
        Player late = register("pl-late");
        GameSpec game = fresh("draughts:fmjd", false);
        int spread = config.ratingGap().base() + config.ratingGap().step(); // one step beyond the base
        setRating(late, game, 1500 + spread);
        long stepMillis = config.ratingGap().stepEvery().toMillis();
        PoolTicket a = join(old, game);
        clock.advanceMillis(5 * stepMillis);
        PoolTicket b = join(late, game);
        assertEquals(gapAfter(0), b.getRatingGap());
        assertTrue(gapAfter(5 * stepMillis) >= spread, "the old ticket alone would accept the newcomer");
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(a.getId()), "the newcomer's gap is still too narrow");
        clock.advanceMillis(stepMillis - 1);
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(b.getId()), "one millisecond before the newcomer's first step");
        clock.advanceMillis(1);
        pairer.waveNow();
        assertEquals("TICKET_PAIRED", ticketStatus(a.getId()));
        assertEquals("TICKET_PAIRED", ticketStatus(b.getId()));
        assertEquals(matchOf(a), matchOf(b));
    }

    @Test
    void theGapStopsWideningAtItsMaximum() {
        Player a = register("pl-max-a");
        Player b = register("pl-max-b");
        GameSpec game = fresh("draughts:fmjd", false);
        int max = config.ratingGap().max();
        setRating(b, game, 1500 + max + 1);
        PoolTicket ta = join(a, game);
        PoolTicket tb = join(b, game);
        int stepsToMax = (max - config.ratingGap().base()) / config.ratingGap().step() + 1;
        clock.advance(config.ratingGap().stepEvery().multipliedBy(2L * stepsToMax));
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(ta.getId()), "never more than the maximum gap");
        assertEquals("TICKET_WAITING", ticketStatus(tb.getId()));
        PoolTicket left = pools.leave(a, ta.getId());
        assertEquals(max, left.getRatingGap(), "the gap shown stops at the maximum");
        pools.leave(b, tb.getId());
    }

    @Test
    void aFreeForAllPoolWaitsForFourPlayers() {
        List<Player> p = new ArrayList<>();
        List<PoolTicket> t = new ArrayList<>();
        GameSpec game = fresh("ploy:3m:ffa", false);
        for (int i = 0; i < 4; i++) {
            p.add(register("pl-ffa" + i));
        }
        for (int i = 0; i < 3; i++) {
            t.add(join(p.get(i), game));
        }
        pairer.waveNow();
        for (int i = 0; i < 3; i++) {
            assertEquals("TICKET_WAITING", ticketStatus(t.get(i).getId()), "three of four seats");
        }
        assertEquals(3, listed(t.get(0).getGame()).orElseThrow().getPlayersWaiting());
        t.add(join(p.get(3), game));
        pairer.waveNow();
        Match m = matches.get(matchOf(t.get(0)));
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertEquals(4, m.getSeatsCount());
        for (int i = 0; i < 4; i++) {
            assertEquals("TICKET_PAIRED", ticketStatus(t.get(i).getId()));
            assertEquals(m.getId(), matchOf(t.get(i)));
            assertEquals(p.get(i), m.getSeats(seatOf(t.get(i), p.get(i))).getPlayer(), "the ticket names the player's seat");
        }
        assertTrue(m.getSeatsList().stream().allMatch(s -> s.getKind() == SeatKind.SEAT_PLAYER));
    }

    /** Team pool, four solos: the weakest and the strongest are partners against the two in the middle. */
    @Test
    void fourSolosInATeamPoolPairTheWeakestWithTheStrongest() {
        GameSpec game = fresh("ploy:3m:team", false);
        int[] rating = {1540, 1500, 1560, 1520};
        List<Player> p = new ArrayList<>();
        List<PoolTicket> t = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Player x = register("pl-team" + i);
            setRating(x, game, rating[i]);
            p.add(x);
        }
        for (int i = 0; i < 4; i++) {
            t.add(join(p.get(i), game));
        }
        pairer.waveNow();
        Match m = matches.get(matchOf(t.get(0)));
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        int[] team = new int[4];
        for (int i = 0; i < 4; i++) {
            team[i] = m.getState().getSeats(seatOf(t.get(i), p.get(i))).getTeam();
        }
        assertEquals(team[1], team[2], "1500 and 1560 are partners");
        assertEquals(team[0], team[3], "1540 and 1520 are partners");
        assertNotEquals(team[0], team[1]);
    }

    @Test
    void aiSeatsFillAMatchOnlyAfterTheWaitAndOnlyWhenAllowed() {
        Player solo = register("pl-ai");
        Player purist = register("pl-noai");
        GameSpec game = fresh("draughts:fmjd", false);
        setRating(purist, game, 2500); // far from the other: the two never meet
        PoolTicket t = pools.join(solo, JoinPoolRequest.newBuilder().setGame(game).setAllowAiFill(true).build());
        PoolTicket noAi = join(purist, game);
        long wait = config.aiFill().after().toMillis();
        clock.advanceMillis(wait - 1);
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(t.getId()), "not before the AI-fill wait");
        clock.advanceMillis(1);
        pairer.waveNow();
        assertEquals("TICKET_PAIRED", ticketStatus(t.getId()));
        assertEquals("TICKET_WAITING", ticketStatus(noAi.getId()), "no AI for a ticket that did not allow it");
        Match m = matches.get(matchOf(t));
        int mine = seatOf(t, solo);
        assertEquals(solo, m.getSeats(mine).getPlayer());
        MatchSeat ai = m.getSeats(1 - mine);
        assertEquals(SeatKind.SEAT_AI, ai.getKind());
        assertEquals(config.aiFill().level(), ai.getAiLevel());
        assertFalse(m.getRated());
        pools.leave(purist, noAi.getId());
        resignAgainstTheAi(solo, m.getId());
        // a rated match cannot have AI seats, so a rated pool has no AI fill
        refused(ErrorKind.INVALID_ARGUMENT, "AI fill is for casual pools only: a rated match cannot have AI seats.",
            () -> pools.join(purist, JoinPoolRequest.newBuilder().setGame(fresh("draughts:fmjd", true)).setAllowAiFill(true)
                .build()), purist);
    }

    /** Resigns, so the AI rests; the AI may be moving right now (a stale version): read again and retry. */
    private void resignAgainstTheAi(Player p, String matchId) {
        for (int attempt = 0; ; attempt++) {
            try {
                resign(p, matchId);
                return;
            } catch (LobbyException e) {
                assertEquals(ErrorKind.ABORTED, e.kind(), e.sentence());
                assertTrue(attempt < 50, "could not resign: " + e.sentence());
            }
        }
    }
}
