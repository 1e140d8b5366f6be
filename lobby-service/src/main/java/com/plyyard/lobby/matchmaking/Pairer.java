package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.PeriodicTask;
import com.plyyard.lobby.common.ThrottledLog;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.AiSeats;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.SeatPlan;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.lobby.rating.Ratings;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Paired;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The pairer of this lobby instance: every {@code plyyard.lobby.matchmaking.pairing-every} (2 s) a wave over every pool
 * with waiting tickets, and at once for a pool when a JoinPool made a full group possible ({@link #poke}). One thread,
 * so waves of one instance never overlap; several instances pair the same pools side by side, kept apart by locks:
 * <ol>
 *   <li>one transaction per pool and wave takes the pool's waiting tickets with {@code FOR UPDATE SKIP LOCKED}
 *   (tickets another pairer holds are not seen);
 *   <li>{@link PairingRules#groups} forms the groups;
 *   <li>per group: the players' rows with {@code SKIP LOCKED} (all or the group waits for the next wave), then their
 *   other waiting tickets and open seeks, also without waiting ({@link OtherBookings#lock}); then the match is created,
 *   the tickets become PAIRED, the others SUPERSEDED, every player gets a Paired event — all in that transaction.
 * </ol>
 * A player is thus in at most one new match per pairing, whichever pairer, seek or challenge reaches them first.
 */
@ApplicationScoped
public class Pairer {
    private static final Logger LOG = Logger.getLogger(Pairer.class);
    /** The pool key that stands for "every pool". */
    private static final String EVERY_POOL = "";

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PoolRepository pools;

    @Inject
    PlayerRepository players;

    @Inject
    GameSpecChecker specs;

    @Inject
    BusyPlayers busy;

    @Inject
    Ratings ratings;

    @Inject
    OtherBookings bookings;

    @Inject
    MatchCreation matches;

    @Inject
    LobbyEventLog log;

    @Inject
    AiSeats ai;

    @Inject
    LobbyClock clock;

    @Inject
    MatchmakingConfig config;

    @Inject
    MeterRegistry metrics;

    private final Set<String> poked = ConcurrentHashMap.newKeySet();
    private final ThrottledLog warnings = new ThrottledLog(LOG);
    private final PeriodicTask task = new PeriodicTask("lobby-pairer", this::wave, LOG);
    private PairingRules rules;

    void onStart(@Observes StartupEvent event) {
        rules = PairingRules.from(config);
        task.start(config.pairingEvery(), config.pairingEvery());
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        task.stop();
    }

    /** Holds the waves (tests; maintenance); pokes are remembered and served after {@link #resume()}. */
    public void pause() {
        task.pause();
    }

    public void resume() {
        task.resume();
        poke(null);
    }

    /** A wave over every pool now, waiting for its end (tests that move the clock by hand). */
    public void waveNow() {
        task.runNow();
    }

    /** A wave for this pool as soon as possible (null: every pool). */
    public void poke(String poolKey) {
        poked.add(poolKey == null ? EVERY_POOL : poolKey);
        task.runSoon(this::pokedWaves);
    }

    private void pokedWaves() {
        List<String> keys = new ArrayList<>(poked);
        poked.removeAll(keys);
        if (keys.contains(EVERY_POOL)) {
            wave();
            return;
        }
        for (String key : keys) {
            pairPool(key);
        }
    }

    /** One wave over every pool with waiting tickets. */
    private void wave() {
        for (String key : unitOfWork.call(() -> pools.poolsWaiting())) {
            if (Thread.currentThread().isInterrupted() || task.paused()) {
                return;
            }
            pairPool(key);
        }
    }

    /** One pool's wave in one transaction; returns the matches created. */
    int pairPool(String poolKey) {
        try {
            // the start position, asked for outside the transaction, when some group may form
            PoolLook look = unitOfWork.call(() -> {
                PoolTicketEntity any = pools.anyWaiting(poolKey);
                if (any == null) {
                    return null;
                }
                Instant aiFillBefore = clock.now().minusMillis(rules.aiFillMillis());
                return new PoolLook(any.spec(), pools.playersWaiting(poolKey), pools.aiFillDue(poolKey, aiFillBefore) > 0);
            });
            if (look == null || (look.waiting() < look.spec().seatCount() && !(look.aiFillDue() && ai.available()))) {
                return 0;
            }
            GameState start = specs.start(look.spec());
            int created = unitOfWork.call(() -> pairLocked(poolKey, look.spec(), start));
            if (created > 0) {
                metrics.counter("plyyard.lobby.pairings", "via", "pool").increment(created);
            }
            return created;
        } catch (RuntimeException e) {
            warnings.warn("pairing the pool " + poolKey + " failed (will retry): " + e);
            return 0;
        }
    }

    /** What the pairer sees of a pool before it locks anything. */
    private record PoolLook(CheckedGameSpec spec, long waiting, boolean aiFillDue) {
    }

    private int pairLocked(String poolKey, CheckedGameSpec spec, GameState start) {
        long nowMillis = clock.nowMillis();
        Instant now = Instant.ofEpochMilli(nowMillis);
        List<PoolTicketEntity> waiting = pools.lockWaiting(poolKey, 400);
        if (waiting.isEmpty()) {
            return 0;
        }
        Map<UUID, PoolTicketEntity> byId = new HashMap<>();
        for (PoolTicketEntity t : waiting) {
            byId.put(t.id, t);
        }
        Map<UUID, List<PoolTicketMemberEntity>> members = pools.members(byId.keySet());
        Set<UUID> everyone = new LinkedHashSet<>();
        members.values().forEach(ms -> ms.forEach(m -> everyone.add(m.playerId)));
        Map<UUID, Double> rating = new HashMap<>();
        ratings.current(everyone, spec.variant(), spec.timeClass()).forEach((p, r) -> rating.put(p, r.rating()));
        Set<UUID> busyNow = busy.of(everyone); // playing a clocked match: they wait until it ends
        List<PairingRules.Unit> units = new ArrayList<>();
        for (PoolTicketEntity t : waiting) {
            List<UUID> people = new ArrayList<>();
            for (PoolTicketMemberEntity m : members.getOrDefault(t.id, List.of())) {
                people.add(m.playerId);
            }
            if (people.isEmpty() || people.stream().anyMatch(busyNow::contains)) {
                continue;
            }
            double sum = 0;
            for (UUID p : people) {
                sum += rating.get(p);
            }
            long waited = Math.max(0, nowMillis - t.queuedAt.toEpochMilli());
            units.add(new PairingRules.Unit(t.id, people, sum / people.size(), waited, rules.gap(waited), t.allowAiFill));
        }
        int created = 0;
        boolean teams = "team".equals(spec.mode()) && spec.seatCount() == 4;
        for (PairingRules.Group g : rules.groups(units, spec.seatCount(), ai.available())) {
            if (seat(g, spec, start, teams, byId, members, now)) {
                log.poolChanged(poolKey, spec.proto());
                created++;
            }
        }
        return created;
    }

    /** Seats one group in a new match; false when one of its players is being booked elsewhere right now. */
    private boolean seat(PairingRules.Group g, CheckedGameSpec spec, GameState start, boolean teams,
                         Map<UUID, PoolTicketEntity> tickets, Map<UUID, List<PoolTicketMemberEntity>> members, Instant now) {
        List<UUID> people = new ArrayList<>();
        List<UUID> ticketIds = new ArrayList<>();
        for (PairingRules.Unit u : g.units()) {
            people.addAll(u.players());
            ticketIds.add(u.ticket());
        }
        if (!players.tryLock(people) || !busy.of(people).isEmpty()) {
            return false; // someone is being booked elsewhere right now (or just was): next wave
        }
        OtherBookings.Locked others = bookings.lock(people, ticketIds, null, true);
        if (others == null) {
            return false;
        }
        List<PairingRules.SeatFill> seats = PairingRules.seat(g, spec.seatCount(), teams);
        List<SeatPlan> plan = new ArrayList<>();
        UUID creator = null;
        for (PairingRules.SeatFill f : seats) {
            plan.add(f.player() == null ? SeatPlan.ai(rules.aiFillLevel()) : SeatPlan.player(f.player()));
            if (creator == null && f.player() != null) {
                creator = f.player();
            }
        }
        UUID matchId = matches.createPaired(start, spec.options(), spec.clock(), spec.rated(), plan, creator);
        for (UUID id : ticketIds) {
            PoolTicketEntity t = tickets.get(id);
            t.status = "TICKET_PAIRED";
            t.matchId = matchId;
            t.updatedAt = now;
        }
        for (int seat = 0; seat < seats.size(); seat++) {
            PairingRules.SeatFill f = seats.get(seat);
            if (f.player() != null) {
                for (PoolTicketMemberEntity m : members.get(f.ticket())) {
                    if (m.playerId.equals(f.player())) {
                        m.seat = seat;
                    }
                }
                bookings.paired(f.player(), matchId, seat, Paired.newBuilder().setTicketId(f.ticket().toString()));
            }
        }
        bookings.release(others, now);
        return true;
    }
}
