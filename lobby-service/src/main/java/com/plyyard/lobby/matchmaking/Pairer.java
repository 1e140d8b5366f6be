package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.ai.AiPlayer;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Paired;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The pairer of this lobby instance: every {@code plyyard.lobby.pairing-interval-millis} (2 s) a wave over every pool
 * with waiting tickets, and at once for a pool when a JoinPool made a full group possible ({@link #poke}). One thread,
 * so waves of one instance never overlap; several instances pair the same pools side by side, kept apart by locks:
 * <ol>
 *   <li>one transaction per pool and wave takes the pool's waiting tickets with {@code FOR UPDATE SKIP LOCKED}
 *   (tickets another pairer holds are not seen);
 *   <li>{@link PairingRules#groups} forms the groups;
 *   <li>per group: the players' rows with {@code SKIP LOCKED} (all or the group waits for the next wave), then their
 *   other waiting tickets and open seeks, also without waiting ({@link Bookings#lock}); then the match is created,
 *   the tickets become PAIRED, the others SUPERSEDED, every player gets a Paired event — all in that transaction.
 * </ol>
 * A player is thus in at most one new match per pairing, whichever pairer, seek or challenge reaches them first.
 */
@ApplicationScoped
public class Pairer {
    private static final Logger LOG = Logger.getLogger(Pairer.class);

    @Inject
    Tx tx;

    @Inject
    Specs specs;

    @Inject
    PairingRules rules;

    @Inject
    Ratings ratings;

    @Inject
    Bookings bookings;

    @Inject
    MatchLogic matches;

    @Inject
    LobbyLog log;

    @Inject
    AiPlayer ai;

    @Inject
    MeterRegistry metrics;

    @ConfigProperty(name = "plyyard.lobby.pairing-interval-millis", defaultValue = "2000")
    long intervalMillis;

    private ScheduledExecutorService thread;
    private final Set<String> poked = ConcurrentHashMap.newKeySet();
    private volatile boolean paused;
    private long lastWarning;

    void onStart(@Observes StartupEvent event) {
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lobby-pairer");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(20, intervalMillis);
        thread.scheduleWithFixedDelay(this::wave, every, every, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        if (thread != null) {
            thread.shutdownNow();
            try {
                thread.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Holds the waves (tests; maintenance); pokes are remembered and served after {@link #resume()}. */
    public void pause() {
        paused = true;
    }

    public void resume() {
        paused = false;
        poke(null);
    }

    /** A wave for this pool as soon as possible (null: every pool). */
    public void poke(String poolKey) {
        poked.add(poolKey == null ? "" : poolKey);
        try {
            thread.execute(this::pokedWaves);
        } catch (RejectedExecutionException | NullPointerException e) {
            // stopping, or not started yet: the periodic wave comes
        }
    }

    private void pokedWaves() {
        if (paused) {
            return;
        }
        List<String> keys = new ArrayList<>(poked);
        poked.removeAll(keys);
        if (keys.contains("")) {
            wave();
            return;
        }
        for (String key : keys) {
            pairPool(key);
        }
    }

    /** One wave over every pool with waiting tickets. */
    void wave() {
        if (paused) {
            return;
        }
        try {
            List<String> pools = QuarkusTransaction.requiringNew().call(() -> {
                List<String> keys = new ArrayList<>();
                for (Db.Row r : Db.query("SELECT DISTINCT pool_key FROM pool_tickets WHERE status = 'TICKET_WAITING'")) {
                    keys.add(r.str("pool_key"));
                }
                return keys;
            });
            for (String key : pools) {
                if (Thread.currentThread().isInterrupted() || paused) {
                    return;
                }
                pairPool(key);
            }
        } catch (RuntimeException e) {
            warn("a pairing wave failed (will retry): " + e);
        }
    }

    /** One pool's wave in one transaction; returns the matches created. */
    int pairPool(String poolKey) {
        try {
            // the start position, asked for outside the transaction, when some group may form
            Db.Row head = QuarkusTransaction.requiringNew().call(() -> Db.one(
                "SELECT t.variant, t.options, t.initial_millis, t.increment_millis, t.rated, t.seat_count, t.mode, "
                    + "(SELECT count(*) FROM pool_ticket_members m JOIN pool_tickets w ON w.id = m.ticket_id "
                    + "WHERE w.pool_key = t.pool_key AND w.status = 'TICKET_WAITING') AS waiting, "
                    + "(SELECT count(*) FROM pool_tickets w WHERE w.pool_key = t.pool_key AND w.status = 'TICKET_WAITING' "
                    + "AND w.allow_ai_fill AND w.queued_at <= clock_timestamp() - make_interval(secs => ?)) AS ai_fill "
                    + "FROM pool_tickets t WHERE t.pool_key = ? AND t.status = 'TICKET_WAITING' LIMIT 1",
                rules.aiFillMillis() / 1000.0, poolKey));
            if (head == null) {
                return 0;
            }
            Spec spec = Spec.of(head, head.integer("seat_count"), head.str("mode"));
            boolean aiFill = head.lng("ai_fill") > 0 && ai.available();
            if (head.lng("waiting") < spec.seatCount() && !aiFill) {
                return 0;
            }
            GameState start = specs.start(spec);
            int created = tx.call(() -> pairLocked(poolKey, spec, start));
            if (created > 0) {
                metrics.counter("plyyard.lobby.pairings", "via", "pool").increment(created);
            }
            return created;
        } catch (RuntimeException e) {
            warn("pairing the pool " + poolKey + " failed (will retry): " + e);
            return 0;
        }
    }

    private int pairLocked(String poolKey, Spec spec, GameState start) {
        long nowMillis = EventLog.dbNow();
        Instant now = Instant.ofEpochMilli(nowMillis);
        List<Db.Row> rows = Db.query("SELECT id, queued_at, allow_ai_fill FROM pool_tickets "
            + "WHERE pool_key = ? AND status = 'TICKET_WAITING' ORDER BY queued_at, id LIMIT 400 FOR UPDATE SKIP LOCKED", poolKey);
        if (rows.isEmpty()) {
            return 0;
        }
        List<UUID> ids = new ArrayList<>();
        for (Db.Row r : rows) {
            ids.add(r.uuid("id"));
        }
        Map<UUID, List<UUID>> members = new LinkedHashMap<>();
        Set<UUID> everyone = new LinkedHashSet<>();
        for (Db.Row m : Db.query("SELECT ticket_id, player_id FROM pool_ticket_members WHERE ticket_id = ANY(?) "
            + "ORDER BY ticket_id, idx", ids)) {
            members.computeIfAbsent(m.uuid("ticket_id"), k -> new ArrayList<>()).add(m.uuid("player_id"));
            everyone.add(m.uuid("player_id"));
        }
        Map<UUID, Double> rating = new HashMap<>();
        ratings.current(everyone, spec.variant(), spec.timeClass()).forEach((p, r) -> rating.put(p, r.rating()));
        Set<UUID> busy = Busy.of(everyone); // playing a clocked match: they wait until it ends
        List<PairingRules.Unit> units = new ArrayList<>();
        for (Db.Row r : rows) {
            UUID id = r.uuid("id");
            List<UUID> players = members.getOrDefault(id, List.of());
            if (players.isEmpty() || players.stream().anyMatch(busy::contains)) {
                continue;
            }
            double sum = 0;
            for (UUID p : players) {
                sum += rating.get(p);
            }
            long waited = Math.max(0, nowMillis - r.millis("queued_at"));
            units.add(new PairingRules.Unit(id, players, sum / players.size(), waited, rules.gap(waited), r.bool("allow_ai_fill")));
        }
        int created = 0;
        boolean teams = "team".equals(spec.mode()) && spec.seatCount() == 4;
        for (PairingRules.Group g : rules.groups(units, spec.seatCount(), ai.available())) {
            List<UUID> people = new ArrayList<>();
            List<UUID> tickets = new ArrayList<>();
            for (PairingRules.Unit u : g.units()) {
                people.addAll(u.players());
                tickets.add(u.ticket());
            }
            if (!Locks.tryPlayers(people) || !Busy.of(people).isEmpty()) {
                continue; // someone is being booked elsewhere right now (or just was): next wave
            }
            Bookings.Plan plan = bookings.lock(people, tickets, null, true);
            if (plan == null) {
                continue;
            }
            List<PairingRules.SeatFill> seats = PairingRules.seat(g, spec.seatCount(), teams);
            List<MatchLogic.SeatPlan> seatPlan = new ArrayList<>();
            UUID creator = null;
            for (PairingRules.SeatFill f : seats) {
                seatPlan.add(f.player() == null ? MatchLogic.SeatPlan.ai(rules.aiFillLevel()) : MatchLogic.SeatPlan.player(f.player()));
                if (creator == null && f.player() != null) {
                    creator = f.player();
                }
            }
            UUID matchId = matches.createPaired(start, spec.options(), spec.initialMillis(), spec.incrementMillis(), spec.rated(),
                seatPlan, creator);
            Db.update("UPDATE pool_tickets SET status = 'TICKET_PAIRED', match_id = ?, updated_at = ? WHERE id = ANY(?)",
                matchId, now, tickets);
            for (int seat = 0; seat < seats.size(); seat++) {
                PairingRules.SeatFill f = seats.get(seat);
                if (f.player() != null) {
                    Db.update("UPDATE pool_ticket_members SET seat = ? WHERE ticket_id = ? AND player_id = ?", seat, f.ticket(),
                        f.player());
                    bookings.paired(f.player(), matchId, seat, Paired.newBuilder().setTicketId(f.ticket().toString()));
                }
            }
            bookings.apply(plan, now);
            log.poolChanged(poolKey, spec.proto());
            created++;
        }
        return created;
    }

    private void warn(String message) {
        long now = System.currentTimeMillis();
        if (now - lastWarning > 10_000) {
            lastWarning = now;
            LOG.warn(message);
        } else {
            LOG.debug(message);
        }
    }
}
