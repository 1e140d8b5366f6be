package com.plyyard.lobby.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.MatchmakingFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The pairer's waves through {@link Pairer#waveNow}: which tickets one wave groups (oldest first, closest rating, within
 * every ticket's gap), that pools never mix, that nobody is paired twice, and that busy players wait.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PairerServiceTest extends MatchmakingFixtures {
    @Inject
    Pools pools;

    private PoolTicket join(Player p, GameSpec game) {
        return pools.join(p, JoinPoolRequest.newBuilder().setGame(game).build());
    }

    private String matchOf(PoolTicket t) {
        return text("SELECT match_id FROM pool_tickets WHERE id = ?::uuid", t.getId());
    }

    /** Joins with the pairer held, then lets one wave see every ticket at once. */
    private <T> T held(Supplier<T> joins) {
        pairer.pause();
        T out;
        try {
            out = joins.get();
        } finally {
            pairer.resume();
        }
        pairer.waveNow();
        return out;
    }

    /**
     * Oldest first, and the oldest takes the closest rating: 1500 (oldest) takes 1460 rather than 1560, though 1560
     * waited longer; 1560 then has nobody within its gap and waits; 2000 and 2080 pair; 2400 waits.
     */
    @Test
    void oneWavePairsTheClosestCompatibleTicketsAndLeavesTheRest() {
        GameSpec game = fresh("draughts:fmjd", false);
        int[] rating = {1500, 1560, 1460, 2000, 2080, 2400};
        List<Player> p = new ArrayList<>();
        for (int i = 0; i < rating.length; i++) {
            Player x = register("pa-w" + i);
            setRating(x, game, rating[i]);
            p.add(x);
        }
        List<PoolTicket> t = held(() -> {
            List<PoolTicket> out = new ArrayList<>();
            for (Player x : p) {
                out.add(join(x, game));
                clock.advanceMillis(1); // queued in this order (the gap does not change within a step)
            }
            return out;
        });
        assertNotNull(matchOf(t.get(0)));
        assertEquals(matchOf(t.get(0)), matchOf(t.get(2)), "1500 with the closest, 1460");
        assertEquals("TICKET_WAITING", ticketStatus(t.get(1).getId()), "1560 is left: 1460 is 100 away, but taken");
        assertNotNull(matchOf(t.get(3)));
        assertEquals(matchOf(t.get(3)), matchOf(t.get(4)));
        assertNotEquals(matchOf(t.get(0)), matchOf(t.get(3)));
        assertEquals("TICKET_WAITING", ticketStatus(t.get(5).getId()));
        for (int i : new int[] {0, 2, 3, 4}) {
            assertEquals(1, matchesOf(p.get(i)), "one seat each");
        }
        for (int i : new int[] {1, 5}) {
            assertEquals(0, matchesOf(p.get(i)));
        }
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(t.get(1).getId()), "another wave at the same time changes nothing");
        pools.leave(p.get(1), t.get(1).getId());
        pools.leave(p.get(5), t.get(5).getId());
    }

    @Test
    void poolsNeverMixClocksOrRatedAndCasual() {
        int initial = freshClock();
        Player casual = register("pa-cas");
        Player rated = register("pa-rat");
        Player other = register("pa-oth");
        List<PoolTicket> t = held(() -> List.of(join(casual, spec("draughts:fmjd", initial, false)),
            join(rated, spec("draughts:fmjd", initial, true)), join(other, fresh("draughts:fmjd", false))));
        for (PoolTicket x : t) {
            assertEquals("TICKET_WAITING", ticketStatus(x.getId()), "alone in its pool");
        }
        pools.leave(casual, t.get(0).getId());
        pools.leave(rated, t.get(1).getId());
        pools.leave(other, t.get(2).getId());
    }

    /** A player waiting in two pools whose waves both could pair them is paired once; the other ticket is superseded. */
    @Test
    void noPlayerIsPairedTwice() {
        Player both = register("pa-both");
        Player x = register("pa-x");
        Player y = register("pa-y");
        GameSpec gx = fresh("draughts:fmjd", false);
        GameSpec gy = fresh("draughts:fmjd", false);
        long v = lobbyVersion();
        List<PoolTicket> t = held(() -> List.of(join(both, gx), join(both, gy), join(x, gx), join(y, gy)));
        assertEquals(1, matchesOf(both), "one match");
        List<LobbyEvent> paired = pairedEvents(both, v);
        assertEquals(1, paired.size(), "one Paired event");
        boolean viaX = paired.get(0).getPaired().getTicketId().equals(t.get(0).getId());
        PoolTicket mine = viaX ? t.get(0) : t.get(1);
        PoolTicket superseded = viaX ? t.get(1) : t.get(0);
        PoolTicket partner = viaX ? t.get(2) : t.get(3);
        PoolTicket stranded = viaX ? t.get(3) : t.get(2);
        assertEquals("TICKET_PAIRED", ticketStatus(mine.getId()));
        assertEquals("TICKET_SUPERSEDED", ticketStatus(superseded.getId()));
        assertEquals("TICKET_PAIRED", ticketStatus(partner.getId()));
        assertEquals(matchOf(mine), matchOf(partner));
        assertEquals("TICKET_WAITING", ticketStatus(stranded.getId()), "the other pool's player waits on");
        pairer.waveNow();
        assertEquals(1, matchesOf(both));
        Player strandedPlayer = viaX ? y : x;
        pools.leave(strandedPlayer, stranded.getId());
    }

    @Test
    void busyPlayersWaitUntilTheirGameIsOver() {
        Player a = register("pa-busy");
        Player rival = register("pa-rival");
        Player b = register("pa-free");
        GameSpec game = fresh("draughts:fmjd", false);
        PoolTicket ta = join(a, game);
        Match clocked = clockedMatch(a, rival); // started outside matchmaking, while a waits
        PoolTicket tb = join(b, game);
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(ta.getId()), "the pairer skips a busy player");
        assertEquals("TICKET_WAITING", ticketStatus(tb.getId()));
        assertEquals(1, matchesOf(a));
        resign(rival, clocked.getId());
        pairer.waveNow();
        assertEquals("TICKET_PAIRED", ticketStatus(ta.getId()));
        assertEquals(matchOf(ta), matchOf(tb));
        Match m = matches.get(matchOf(ta));
        assertTrue(m.getSeatsList().stream().anyMatch(s -> s.getPlayer().equals(b)));
    }
}
