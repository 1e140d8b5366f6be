package com.plyyard.lobby.matchmaking;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * How the pairer groups waiting tickets (docs/lobby.md, "Pairing"): pure functions over {@link Unit}s and the
 * settings ({@link MatchmakingConfig}):
 * <ul>
 *   <li>a ticket accepts a rating gap of {@code rating-gap.base + rating-gap.step × ⌊waited / rating-gap.step-every⌋}, at
 *   most {@code rating-gap.max} (defaults 100 + 50 per 10 s, at most 500); a group forms only when the spread of its tickets' ratings
 *   (a party's rating is its members' mean) is within the gap of every ticket in it;
 *   <li>the oldest waiting ticket is served first: it takes the tickets closest to its rating that keep the group
 *   acceptable, until the seats are full;
 *   <li>after {@code ai-fill.after}, a ticket that allows it anchors a group (also when fewer) with the nearest
 *   waiting tickets that allow AI fill too, however long they have waited, and the missing seats become AI players of
 *   level {@code ai-fill.level}.
 * </ul>
 */
final class PairingRules {
    private final int gapBase;
    private final int gapStep;
    private final Duration gapStepEvery;
    private final int gapMax;
    private final Duration aiFillAfter;
    private final int aiFillLevel;

    PairingRules(int gapBase, int gapStep, Duration gapStepEvery, int gapMax, Duration aiFillAfter, int aiFillLevel) {
        this.gapBase = gapBase;
        this.gapStep = gapStep;
        this.gapStepEvery = gapStepEvery;
        this.gapMax = gapMax;
        this.aiFillAfter = aiFillAfter;
        this.aiFillLevel = aiFillLevel;
    }

    static PairingRules from(MatchmakingConfig config) {
        MatchmakingConfig.RatingGap gap = config.ratingGap();
        return new PairingRules(gap.base(), gap.step(), gap.stepEvery(), gap.max(), config.aiFill().after(),
            config.aiFill().level());
    }

    /** The rating gap a ticket accepts after waiting this long. */
    int gap(long waitedMillis) {
        long steps = waitedMillis / Math.max(1, gapStepEvery.toMillis());
        return (int) Math.min(gapMax, gapBase + gapStep * Math.min(steps, 1_000_000L));
    }

    long aiFillMillis() {
        return aiFillAfter.toMillis();
    }

    int aiFillLevel() {
        return Math.max(1, Math.min(5, aiFillLevel));
    }

    /** A waiting ticket as the pairer sees it. */
    record Unit(UUID ticket, List<UUID> players, double rating, long waitedMillis, int gap, boolean aiFill) {
        int size() {
            return players.size();
        }
    }

    /** A group to seat: its tickets, and how many seats AI players take. */
    record Group(List<Unit> units, int aiSeats) {
    }

    /**
     * The groups of one wave from the waiting tickets (oldest first): first full groups of people, then, for tickets
     * waiting at least the AI-fill time that allow it, groups completed by AI seats.
     */
    List<Group> groups(List<Unit> waiting, int seats, boolean aiAvailable) {
        List<Group> out = new ArrayList<>();
        List<Unit> free = new ArrayList<>(waiting);
        free.sort(Comparator.comparingLong(Unit::waitedMillis).reversed());
        for (Unit anchor : new ArrayList<>(free)) {
            if (!free.contains(anchor)) {
                continue;
            }
            List<Unit> group = grow(anchor, free, seats, u -> true);
            if (people(group) == seats) {
                free.removeAll(group);
                out.add(new Group(group, 0));
            }
        }
        if (!aiAvailable) {
            return out;
        }
        for (Unit anchor : new ArrayList<>(free)) {
            if (!free.contains(anchor) || !anchor.aiFill() || anchor.waitedMillis() < aiFillMillis()) {
                continue;
            }
            // people before AI: the group also takes waiting tickets that allow AI fill but have not waited as long
            List<Unit> group = grow(anchor, free, seats, Unit::aiFill);
            free.removeAll(group);
            out.add(new Group(group, seats - people(group)));
        }
        return out;
    }

    /** The anchor and the free tickets nearest its rating that fit and keep the group acceptable. */
    private static List<Unit> grow(Unit anchor, List<Unit> free, int seats, java.util.function.Predicate<Unit> allowed) {
        List<Unit> group = new ArrayList<>();
        group.add(anchor);
        Set<UUID> players = new HashSet<>(anchor.players());
        List<Unit> others = new ArrayList<>();
        for (Unit u : free) {
            if (u != anchor && allowed.test(u)) {
                others.add(u);
            }
        }
        others.sort(Comparator.<Unit>comparingDouble(u -> Math.abs(u.rating() - anchor.rating()))
            .thenComparing(Comparator.comparingLong(Unit::waitedMillis).reversed()));
        for (Unit u : others) {
            int people = people(group);
            if (people == seats) {
                break;
            }
            if (people + u.size() > seats || u.players().stream().anyMatch(players::contains)) {
                continue; // does not fit, or shares a player (never pair anyone with themself)
            }
            group.add(u);
            if (!acceptable(group)) {
                group.remove(group.size() - 1);
                continue;
            }
            players.addAll(u.players());
        }
        return group;
    }

    static int people(List<Unit> group) {
        int n = 0;
        for (Unit u : group) {
            n += u.size();
        }
        return n;
    }

    /** The spread of the group's ratings is within the gap every ticket of it accepts. */
    static boolean acceptable(List<Unit> group) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        int gap = Integer.MAX_VALUE;
        for (Unit u : group) {
            lo = Math.min(lo, u.rating());
            hi = Math.max(hi, u.rating());
            gap = Math.min(gap, u.gap());
        }
        return hi - lo <= gap;
    }

    // -------------------------------------------------------------------------------------------------- seats

    /** A seat of the new match: a player (and the ticket that brought them), or an AI (player null). */
    record SeatFill(UUID player, UUID ticket) {
    }

    /**
     * Seats for a group, at random but reproducibly (the random generator is seeded by the group's ticket ids).
     * Two players and free-for-all: every seat at random. Teams (seats 0+2 Green and Yellow against 1+3 Red and Blue):
     * a party is one team; solos make up the rest — four solos as (weakest + strongest) against the two middle ones,
     * with AI fill the people are partners first; which team gets Green+Yellow, and who sits where within a team, at
     * random.
     */
    static List<SeatFill> seat(Group g, int seats, boolean teams) {
        List<UUID> ticketIds = new ArrayList<>();
        for (Unit u : g.units()) {
            ticketIds.add(u.ticket());
        }
        ticketIds.sort(Comparator.naturalOrder());
        Random random = new Random(ticketIds.hashCode() * 0x9E3779B97F4A7C15L);
        List<SeatFill> fills = new ArrayList<>();
        if (!teams) {
            for (Unit u : g.units()) {
                for (UUID p : u.players()) {
                    fills.add(new SeatFill(p, u.ticket()));
                }
            }
            for (int i = 0; i < g.aiSeats(); i++) {
                fills.add(new SeatFill(null, null));
            }
            java.util.Collections.shuffle(fills, random);
            return fills;
        }
        // two teams of two
        List<List<SeatFill>> team = List.of(new ArrayList<>(), new ArrayList<>());
        List<Unit> parties = new ArrayList<>();
        List<Unit> solos = new ArrayList<>();
        for (Unit u : g.units()) {
            (u.size() == 2 ? parties : solos).add(u);
        }
        solos.sort(Comparator.comparingDouble(Unit::rating).thenComparing(Unit::ticket));
        for (Unit p : parties) {
            List<SeatFill> t = team.get(0).isEmpty() ? team.get(0) : team.get(1);
            for (UUID player : p.players()) {
                t.add(new SeatFill(player, p.ticket()));
            }
        }
        if (solos.size() == 4 && g.aiSeats() == 0) {
            int[] order = {0, 3, 1, 2}; // weakest + strongest against the middle two
            for (int k = 0; k < 4; k++) {
                Unit s = solos.get(order[k]);
                team.get(k / 2).add(new SeatFill(s.players().get(0), s.ticket()));
            }
        } else {
            for (Unit s : solos) {
                List<SeatFill> t = team.get(0).size() < 2 ? team.get(0) : team.get(1);
                t.add(new SeatFill(s.players().get(0), s.ticket()));
            }
        }
        for (List<SeatFill> t : team) {
            while (t.size() < 2) {
                t.add(new SeatFill(null, null));
            }
            java.util.Collections.shuffle(t, random);
        }
        boolean swap = random.nextBoolean();
        List<SeatFill> greenYellow = team.get(swap ? 1 : 0);
        List<SeatFill> redBlue = team.get(swap ? 0 : 1);
        return List.of(greenYellow.get(0), redBlue.get(0), greenYellow.get(1), redBlue.get(1));
    }
}
