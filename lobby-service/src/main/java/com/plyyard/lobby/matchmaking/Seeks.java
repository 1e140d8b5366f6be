package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.ListSeeksRequest;
import com.plyyard.proto.v1.ListSeeksResponse;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Seeks: a player posts one (game, rating range, seat preference), others accept it seat by seat, and the acceptance
 * that takes the last seat creates the match in the same transaction and sends every seated player a Paired event.
 * Seeks whose owner has had no WatchLobby stream for {@code plyyard.lobby.seek-grace-seconds} expire
 * ({@link #expireAbandoned}).
 */
@ApplicationScoped
public class Seeks {
    /** Rating bounds lie within 0..MAX_RATING. */
    static final int MAX_RATING = 4000;

    @Inject
    Specs specs;

    @Inject
    Tx tx;

    @Inject
    LobbyLog log;

    @Inject
    Views views;

    @Inject
    Bookings bookings;

    @Inject
    Ratings ratings;

    @Inject
    MatchLogic matches;

    @Inject
    LobbyPresence presence;

    @Inject
    MeterRegistry metrics;

    public Seek create(Player me, CreateSeekRequest r) {
        long min = Integer.toUnsignedLong(r.getRatingRange().getMin());
        long max = Integer.toUnsignedLong(r.getRatingRange().getMax());
        if (min > MAX_RATING || max > MAX_RATING) {
            throw LobbyErrors.invalid("A rating range lies within 0 to " + MAX_RATING + "; " + Math.max(min, max)
                + " is beyond it.");
        }
        if (min > 0 && max > 0 && min > max) {
            throw LobbyErrors.invalid("The rating range is impossible: its minimum " + min + " is above its maximum " + max
                + ".");
        }
        Specs.Checked checked = specs.check(r.getGame());
        Spec spec = checked.spec();
        if (r.hasSeat() && Integer.toUnsignedLong(r.getSeat()) >= spec.seatCount()) {
            throw LobbyErrors.invalid("Seat " + Integer.toUnsignedLong(r.getSeat()) + " does not exist; " + spec.variant()
                + " has seats 0 to " + (spec.seatCount() - 1) + ".");
        }
        UUID myId = UUID.fromString(me.getId());
        UUID id = UUID.randomUUID();
        int mySeat = r.hasSeat() ? r.getSeat() : new SplittableRandom(id.getLeastSignificantBits()).nextInt(spec.seatCount());
        Seek created = tx.call(() -> {
            Locks.players(List.of(myId));
            Busy.check(List.of(myId), myId);
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            Db.update("INSERT INTO seeks (id, owner_id, variant, options, initial_millis, increment_millis, rated, rating_min, "
                    + "rating_max, seat_count, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'SEEK_OPEN', ?, ?)",
                id, myId, spec.variant(), spec.options().toByteArray(), spec.initialMillis(), spec.incrementMillis(), spec.rated(),
                min == 0 ? null : (int) min, max == 0 ? null : (int) max, spec.seatCount(), now, now);
            for (int i = 0; i < spec.seatCount(); i++) {
                Db.update("INSERT INTO seek_seats (seek_id, idx, player_id, joined_at) VALUES (?, ?, ?, ?)", id, i,
                    i == mySeat ? myId : null, i == mySeat ? now : null);
            }
            Seek view = views.seek(id);
            log.add(LobbyEvent.newBuilder().setSeek(view), null);
            return view;
        });
        metrics.counter("plyyard.lobby.seeks.created").increment();
        return created;
    }

    public Seek accept(Player me, AcceptSeekRequest r) {
        UUID seekId = Ids.parse(r.getSeekId(), "seek");
        UUID myId = UUID.fromString(me.getId());
        Db.Row pre = QuarkusTransaction.requiringNew().call(() -> Db.one("SELECT * FROM seeks WHERE id = ?", seekId));
        if (pre == null) {
            throw LobbyErrors.notFound("There is no seek " + seekId + ".");
        }
        Spec spec = Spec.of(pre, pre.integer("seat_count"), "");
        // the start position, asked for before any lock (only used when this acceptance fills the last seat)
        GameState start = SeekStatus.SEEK_OPEN.name().equals(pre.str("status")) ? specs.start(spec) : null;
        Seek after = tx.call(() -> {
            Set<UUID> involved = new HashSet<>(seated(seekId));
            involved.add(pre.uuid("owner_id"));
            involved.add(myId);
            Locks.players(involved);
            Db.Row s = Db.one("SELECT * FROM seeks WHERE id = ? FOR UPDATE", seekId);
            List<Db.Row> seats = Db.query("SELECT idx, player_id FROM seek_seats WHERE seek_id = ? ORDER BY idx", seekId);
            for (Db.Row seat : seats) {
                if (seat.uuid("player_id") != null && !involved.contains(seat.uuid("player_id"))) {
                    throw new Tx.Retry("the seek's seats changed before its players were locked");
                }
            }
            String status = s.str("status");
            if (!SeekStatus.SEEK_OPEN.name().equals(status)) {
                throw LobbyErrors.failedPrecondition("The seek is " + words(status) + "; only an open seek can be accepted.");
            }
            if (myId.equals(s.uuid("owner_id"))) {
                throw LobbyErrors.failedPrecondition("You cannot accept your own seek; wait for another player, or cancel it.");
            }
            for (Db.Row seat : seats) {
                if (myId.equals(seat.uuid("player_id"))) {
                    throw LobbyErrors.failedPrecondition("You already hold seat " + seat.integer("idx") + " of this seek.");
                }
            }
            Integer min = s.intOrNull("rating_min");
            Integer max = s.intOrNull("rating_max");
            if (min != null || max != null) {
                double mine = ratings.currentRating(myId, spec.variant(), spec.timeClass());
                if ((min != null && mine < min) || (max != null && mine > max)) {
                    throw LobbyErrors.failedPrecondition("This seek is for players rated " + range(min, max) + " in "
                        + spec.variant() + " " + spec.timeClass() + "; your rating there is " + Math.round(mine) + ".");
                }
            }
            Busy.check(List.of(myId), myId);
            int seatCount = seats.size();
            Db.Row take = null;
            if (r.hasSeat()) {
                long want = Integer.toUnsignedLong(r.getSeat());
                if (want >= seatCount) {
                    throw LobbyErrors.invalid("Seat " + want + " does not exist; this seek has seats 0 to " + (seatCount - 1) + ".");
                }
                take = seats.get((int) want);
                if (take.uuid("player_id") != null) {
                    throw LobbyErrors.failedPrecondition("Seat " + want + " of this seek is taken.");
                }
            } else {
                for (Db.Row seat : seats) {
                    if (seat.uuid("player_id") == null) {
                        take = seat;
                        break;
                    }
                }
            }
            if (take == null) {
                throw LobbyErrors.failedPrecondition("No seat of this seek is free.");
            }
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            int mySeat = take.integer("idx");
            Db.update("UPDATE seek_seats SET player_id = ?, joined_at = ? WHERE seek_id = ? AND idx = ?", myId, now, seekId, mySeat);
            List<UUID> players = new ArrayList<>();
            for (Db.Row seat : seats) {
                players.add(seat.integer("idx") == mySeat ? myId : seat.uuid("player_id"));
            }
            if (players.contains(null)) {
                Db.update("UPDATE seeks SET updated_at = ? WHERE id = ?", now, seekId);
            } else {
                // the last seat: the match starts in this transaction
                Busy.check(players, myId);
                Bookings.Plan plan = bookings.lock(players, List.of(), seekId, false);
                List<MatchLogic.SeatPlan> seatPlan = new ArrayList<>();
                for (UUID p : players) {
                    seatPlan.add(MatchLogic.SeatPlan.player(p));
                }
                UUID matchId = matches.createPaired(start, spec.options(), spec.initialMillis(), spec.incrementMillis(),
                    spec.rated(), seatPlan, s.uuid("owner_id"));
                Db.update("UPDATE seeks SET status = 'SEEK_FILLED', match_id = ?, updated_at = ? WHERE id = ?", matchId, now, seekId);
                bookings.apply(plan, now);
                for (int i = 0; i < players.size(); i++) {
                    bookings.paired(players.get(i), matchId, i, Paired.newBuilder().setSeekId(seekId.toString()));
                }
                metrics.counter("plyyard.lobby.pairings", "via", "seek").increment();
            }
            Seek view = views.seek(seekId);
            log.add(LobbyEvent.newBuilder().setSeek(view), null);
            return view;
        });
        return after;
    }

    /** The owner cancels the seek; a seated player who is not the owner gives their seat back instead. */
    public Seek cancel(Player me, String seekIdText) {
        UUID seekId = Ids.parse(seekIdText, "seek");
        UUID myId = UUID.fromString(me.getId());
        return tx.call(() -> {
            Db.Row pre = Db.one("SELECT owner_id FROM seeks WHERE id = ?", seekId);
            if (pre == null) {
                throw LobbyErrors.notFound("There is no seek " + seekId + ".");
            }
            Set<UUID> involved = new HashSet<>(seated(seekId));
            involved.add(pre.uuid("owner_id"));
            involved.add(myId);
            Locks.players(involved);
            Db.Row s = Db.one("SELECT * FROM seeks WHERE id = ? FOR UPDATE", seekId);
            List<UUID> now = seated(seekId);
            if (!involved.containsAll(now)) {
                throw new Tx.Retry("the seek's seats changed before its players were locked");
            }
            boolean owner = myId.equals(s.uuid("owner_id"));
            if (!owner && !now.contains(myId)) {
                throw LobbyErrors.denied("Only the seek's owner can cancel it.");
            }
            if (!SeekStatus.SEEK_OPEN.name().equals(s.str("status"))) {
                throw LobbyErrors.failedPrecondition("The seek is " + words(s.str("status")) + "; there is nothing to cancel.");
            }
            Instant at = Instant.ofEpochMilli(EventLog.dbNow());
            if (owner) {
                Db.update("UPDATE seeks SET status = 'SEEK_CANCELLED', updated_at = ? WHERE id = ?", at, seekId);
            } else {
                Db.update("UPDATE seek_seats SET player_id = NULL, joined_at = NULL WHERE seek_id = ? AND player_id = ?", seekId, myId);
                Db.update("UPDATE seeks SET updated_at = ? WHERE id = ?", at, seekId);
            }
            Seek view = views.seek(seekId);
            log.add(LobbyEvent.newBuilder().setSeek(view), null);
            return view;
        });
    }

    public ListSeeksResponse list(ListSeeksRequest r) {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<Seek> open = r.getVariant().isBlank() ? views.seeks("s.status = 'SEEK_OPEN'")
                : views.seeks("s.status = 'SEEK_OPEN' AND s.variant = ?", r.getVariant().strip());
            return ListSeeksResponse.newBuilder().addAllSeeks(open).build();
        });
    }

    /**
     * The sweeper's part: open seeks whose owner has had no WatchLobby stream for the grace period (counted from the
     * later of the seek's creation and the owner's last presence) become EXPIRED. Each in its own transaction, locking
     * with SKIP LOCKED (a seek being accepted right now is looked at again next round), so several instances can sweep.
     *
     * @return how many expired
     */
    int expireAbandoned(double graceSeconds) {
        String abandoned = "s.status = 'SEEK_OPEN' AND NOT " + LobbyPresence.connected("s.owner_id")
            + " AND greatest(s.created_at, coalesce((SELECT max(pr.last_seen) FROM lobby_presence pr "
            + "WHERE pr.player_id = s.owner_id), s.created_at)) < clock_timestamp() - make_interval(secs => ?)";
        double stale = presence.staleSeconds();
        List<UUID> due = QuarkusTransaction.requiringNew().call(() -> Db.ids(
            "SELECT s.id FROM seeks s WHERE " + abandoned + " ORDER BY s.created_at LIMIT 100", stale, graceSeconds));
        int expired = 0;
        for (UUID id : due) {
            boolean done = tx.call(() -> {
                Db.Row s = Db.one("SELECT owner_id FROM seeks WHERE id = ?", id);
                Set<UUID> involved = new HashSet<>(seated(id));
                involved.add(s.uuid("owner_id"));
                if (!Locks.tryPlayers(involved) || !Locks.rows("seeks", List.of(id), true)) {
                    return false;
                }
                if (Db.count("SELECT count(*) FROM seeks s WHERE s.id = ? AND " + abandoned, id, stale, graceSeconds) == 0) {
                    return false; // the owner came back, or the seek changed meanwhile
                }
                Db.update("UPDATE seeks SET status = 'SEEK_EXPIRED', updated_at = clock_timestamp() WHERE id = ?", id);
                log.add(LobbyEvent.newBuilder().setSeek(views.seek(id)), null);
                return true;
            });
            if (done) {
                expired++;
            }
        }
        if (expired > 0) {
            metrics.counter("plyyard.lobby.seeks.expired").increment(expired);
        }
        return expired;
    }

    private static List<UUID> seated(UUID seekId) {
        List<UUID> out = new ArrayList<>();
        for (Db.Row r : Db.query("SELECT player_id FROM seek_seats WHERE seek_id = ? AND player_id IS NOT NULL", seekId)) {
            out.add(r.uuid("player_id"));
        }
        return out;
    }

    static String words(String status) {
        return switch (status) {
            case "SEEK_FILLED" -> "filled";
            case "SEEK_CANCELLED" -> "cancelled";
            case "SEEK_EXPIRED" -> "expired";
            default -> status.toLowerCase(Locale.ROOT).replace("seek_", "");
        };
    }

    private static String range(Integer min, Integer max) {
        if (min != null && max != null) {
            return min + " to " + max;
        }
        return min != null ? "at least " + min : "at most " + max;
    }
}
