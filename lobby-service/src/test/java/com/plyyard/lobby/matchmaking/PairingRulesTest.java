package com.plyyard.lobby.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.matchmaking.PairingRules.Group;
import com.plyyard.lobby.matchmaking.PairingRules.SeatFill;
import com.plyyard.lobby.matchmaking.PairingRules.Unit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pairer's grouping and seating rules as pure functions (the defaults of application.properties). */
class PairingRulesTest {
    private static PairingRules rules() {
        return new PairingRules(100, 50, Duration.ofSeconds(10), 500, Duration.ofSeconds(30), 3);
    }

    private static int n;

    private static Unit solo(PairingRules r, double rating, long waitedSeconds) {
        return solo(r, rating, waitedSeconds, false);
    }

    private static Unit solo(PairingRules r, double rating, long waitedSeconds, boolean aiFill) {
        return new Unit(new UUID(0, ++n), List.of(new UUID(1, ++n)), rating, waitedSeconds * 1000, r.gap(waitedSeconds * 1000), aiFill);
    }

    private static Unit party(PairingRules r, double rating, long waitedSeconds, boolean aiFill) {
        return new Unit(new UUID(0, ++n), List.of(new UUID(1, ++n), new UUID(1, ++n)), rating, waitedSeconds * 1000,
            r.gap(waitedSeconds * 1000), aiFill);
    }

    @Test
    void theGapWidensWithWaitingUpToItsCap() {
        PairingRules r = rules();
        assertEquals(100, r.gap(0));
        assertEquals(100, r.gap(9_999));
        assertEquals(150, r.gap(10_000));
        assertEquals(300, r.gap(45_000));
        assertEquals(500, r.gap(3_600_000));
    }

    @Test
    void twoPlayersPreferTheClosestRating() {
        PairingRules r = rules();
        Unit oldest = solo(r, 1500, 20);
        Unit near = solo(r, 1540, 1);
        Unit far = solo(r, 1590, 5);
        List<Group> groups = r.groups(List.of(far, near, oldest), 2, true);
        assertEquals(1, groups.size());
        assertEquals(Set.of(oldest, near), new HashSet<>(groups.get(0).units()));
        assertEquals(0, groups.get(0).aiSeats());
    }

    @Test
    void aGroupNeedsEveryTicketToAcceptItsSpread() {
        PairingRules r = rules();
        // 250 apart: the long waiter accepts it (gap 300), the newcomer (gap 100) does not
        assertTrue(r.groups(List.of(solo(r, 1500, 45), solo(r, 1750, 0)), 2, true).isEmpty());
        assertEquals(1, r.groups(List.of(solo(r, 1500, 45), solo(r, 1750, 30)), 2, true).size());
    }

    @Test
    void freeForAllTakesTheNearestThree() {
        PairingRules r = rules();
        List<Unit> waiting = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            waiting.add(solo(r, 1400 + 25 * i, 60 - i));
        }
        List<Group> groups = r.groups(waiting, 4, true);
        assertEquals(2, groups.size());
        assertEquals(Set.copyOf(waiting.subList(0, 4)), Set.copyOf(groups.get(0).units()));
        assertEquals(Set.copyOf(waiting.subList(4, 8)), Set.copyOf(groups.get(1).units()));
    }

    @Test
    void teamsKeepPartiesTogetherAndBalanceSolos() {
        PairingRules r = rules();
        Unit p = party(r, 1500, 10, false);
        Unit s1 = solo(r, 1450, 9);
        Unit s2 = solo(r, 1520, 8);
        List<Group> groups = r.groups(List.of(p, s1, s2), 4, true);
        assertEquals(1, groups.size());
        List<SeatFill> seats = PairingRules.seat(groups.get(0), 4, true);
        int a = seats.indexOf(new SeatFill(p.players().get(0), p.ticket()));
        int b = seats.indexOf(new SeatFill(p.players().get(1), p.ticket()));
        assertEquals(a % 2, b % 2, "partners: seats 0+2 or 1+3");
        // four solos: weakest + strongest against the middle two
        Unit[] solos = {solo(r, 1450, 4), solo(r, 1475, 3), solo(r, 1500, 2), solo(r, 1525, 1)};
        Group g = r.groups(List.of(solos), 4, true).get(0);
        List<SeatFill> four = PairingRules.seat(g, 4, true);
        int w = four.indexOf(new SeatFill(solos[0].players().get(0), solos[0].ticket()));
        int s = four.indexOf(new SeatFill(solos[3].players().get(0), solos[3].ticket()));
        assertEquals(w % 2, s % 2);
        assertEquals(four, PairingRules.seat(g, 4, true), "the same tickets get the same seats");
    }

    @Test
    void aiFillAfterTheWaitOnlyForTicketsThatAllowIt() {
        PairingRules r = rules();
        assertTrue(r.groups(List.of(solo(r, 1500, 29, true)), 2, true).isEmpty(), "not before the wait");
        assertTrue(r.groups(List.of(solo(r, 1500, 31, false)), 2, true).isEmpty(), "not without permission");
        assertTrue(r.groups(List.of(solo(r, 1500, 31, true)), 2, false).isEmpty(), "not without ai-service");
        Group one = r.groups(List.of(solo(r, 1500, 31, true)), 2, true).get(0);
        assertEquals(1, one.aiSeats());
        // people before AI: a due ticket takes others that allow AI fill, also fresh ones, but never one that does not
        Unit due = solo(r, 1500, 31, true);
        Unit fresh = solo(r, 1520, 1, true);
        Unit refuses = solo(r, 1510, 31, false);
        List<Group> ffa = r.groups(List.of(due, fresh, refuses), 4, true);
        assertEquals(1, ffa.size());
        assertEquals(List.of(due, fresh), ffa.get(0).units());
        assertEquals(2, ffa.get(0).aiSeats());
        // a party in a team pool: the two partners against two AI seats
        Unit p = party(r, 1500, 40, true);
        Group team = r.groups(List.of(p), 4, true).get(0);
        assertEquals(2, team.aiSeats());
        List<SeatFill> seats = PairingRules.seat(team, 4, true);
        int a = seats.indexOf(new SeatFill(p.players().get(0), p.ticket()));
        int b = seats.indexOf(new SeatFill(p.players().get(1), p.ticket()));
        assertEquals(a % 2, b % 2);
        for (int i = 0; i < 4; i++) {
            if (i % 2 != a % 2) {
                assertNull(seats.get(i).player(), "the other team is AI");
            } else {
                assertNotNull(seats.get(i).player());
            }
        }
    }

    @Test
    void neverAPlayerWithThemself() {
        PairingRules r = rules();
        UUID me = new UUID(9, 9);
        Unit a = new Unit(new UUID(0, ++n), List.of(me), 1500, 10_000, 150, false);
        Unit b = new Unit(new UUID(0, ++n), List.of(me), 1500, 5_000, 100, false);
        assertTrue(r.groups(List.of(a, b), 2, true).isEmpty());
    }
}
