package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.lobby.match.Players;
import com.plyyard.lobby.model.PlayerEntity;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.Player;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Challenges: to a named player (only they may accept or decline) or an open link (no opponent: the first player to
 * accept plays). Two-player variants only. A challenge expires after {@code expires_in_seconds} (default 600, at most
 * 7 days): accepting it later is refused, and the sweeper marks it EXPIRED ({@link #expireDue}). Accepting creates the
 * match in the same transaction. A named challenge's events go to its two players; an open link's to everyone.
 */
@ApplicationScoped
public class Challenges {
    static final long DEFAULT_SECONDS = 600;
    static final long MAX_SECONDS = 7L * 24 * 3600;

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
    MatchLogic matches;

    @Inject
    MeterRegistry metrics;

    public Challenge create(Player me, CreateChallengeRequest r) {
        UUID myId = UUID.fromString(me.getId());
        long seconds = Integer.toUnsignedLong(r.getExpiresInSeconds());
        if (seconds > MAX_SECONDS) {
            throw LobbyErrors.invalid("A challenge expires within 7 days (" + MAX_SECONDS + " s), not " + seconds + " s.");
        }
        long expiresIn = seconds == 0 ? DEFAULT_SECONDS : seconds;
        Spec spec = specs.check(r.getGame()).spec();
        if (spec.seatCount() != 2) {
            throw LobbyErrors.invalid("A challenge is for two-player variants; " + spec.variant()
                + " has " + spec.seatCount() + " seats, so post a seek instead.");
        }
        if (r.hasSeat() && Integer.toUnsignedLong(r.getSeat()) >= 2) {
            throw LobbyErrors.invalid("Seat " + Integer.toUnsignedLong(r.getSeat()) + " does not exist; a challenge has seats 0 and 1.");
        }
        Challenge created = tx.call(() -> {
            UUID opponent = null;
            if (!r.getOpponent().isBlank()) {
                PlayerEntity p = Players.byName(r.getOpponent());
                if (p == null) {
                    throw LobbyErrors.notFound("No player is called '" + r.getOpponent().strip() + "'.");
                }
                if (p.id.equals(myId)) {
                    throw LobbyErrors.invalid("You cannot challenge yourself.");
                }
                opponent = p.id;
            }
            Locks.players(opponent == null ? List.of(myId) : List.of(myId, opponent));
            UUID id = UUID.randomUUID();
            long nowMillis = EventLog.dbNow();
            Instant now = Instant.ofEpochMilli(nowMillis);
            Db.update("INSERT INTO challenges (id, challenger_id, opponent_id, open_link, variant, options, initial_millis, "
                    + "increment_millis, rated, challenger_seat, status, expires_at, created_at, updated_at) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CHALLENGE_OPEN', ?, ?, ?)",
                id, myId, opponent, opponent == null, spec.variant(), spec.options().toByteArray(), spec.initialMillis(),
                spec.incrementMillis(), spec.rated(), r.hasSeat() ? (Integer) r.getSeat() : null,
                Instant.ofEpochMilli(nowMillis + expiresIn * 1000), now, now);
            Challenge view = views.challenge(id);
            log.add(LobbyEvent.newBuilder().setChallenge(view), recipients(myId, opponent));
            return view;
        });
        metrics.counter("plyyard.lobby.challenges.created").increment();
        return created;
    }

    public Challenge accept(Player me, String idText) {
        UUID id = Ids.parse(idText, "challenge");
        UUID myId = UUID.fromString(me.getId());
        Db.Row pre = read(id);
        GameState start = "CHALLENGE_OPEN".equals(pre.str("status")) ? specs.start(Spec.of(pre, 2, "2p")) : null;
        return tx.call(() -> {
            UUID challenger = pre.uuid("challenger_id");
            Locks.players(List.of(challenger, myId));
            Db.Row c = Db.one("SELECT c.*, c.expires_at <= clock_timestamp() AS expired FROM challenges c WHERE id = ? FOR UPDATE", id);
            UUID opponent = c.uuid("opponent_id");
            if (challenger.equals(myId)) {
                throw LobbyErrors.failedPrecondition("You cannot accept your own challenge; wait for "
                    + (c.bool("open_link") ? "someone to accept the link" : "your opponent") + ", or cancel it.");
            }
            if (!c.bool("open_link") && !opponent.equals(myId)) {
                throw LobbyErrors.denied("This challenge is for another player.");
            }
            requireOpen(c, "accepted");
            Busy.check(List.of(myId, challenger), myId);
            Spec spec = Spec.of(c, 2, "2p");
            int challengerSeat = c.intOrNull("challenger_seat") != null ? c.intOrNull("challenger_seat")
                : new SplittableRandom(id.getMostSignificantBits()).nextInt(2);
            List<UUID> seats = challengerSeat == 0 ? List.of(challenger, myId) : List.of(myId, challenger);
            Bookings.Plan plan = bookings.lock(seats, List.of(), null, false);
            List<MatchLogic.SeatPlan> seatPlan = new ArrayList<>();
            for (UUID p : seats) {
                seatPlan.add(MatchLogic.SeatPlan.player(p));
            }
            UUID matchId = matches.createPaired(start, spec.options(), spec.initialMillis(), spec.incrementMillis(), spec.rated(),
                seatPlan, challenger);
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            Db.update("UPDATE challenges SET status = 'CHALLENGE_ACCEPTED', opponent_id = ?, match_id = ?, updated_at = ? WHERE id = ?",
                myId, matchId, now, id);
            bookings.apply(plan, now);
            for (int i = 0; i < 2; i++) {
                bookings.paired(seats.get(i), matchId, i, Paired.newBuilder().setChallengeId(id.toString()));
            }
            Challenge view = views.challenge(id);
            log.add(LobbyEvent.newBuilder().setChallenge(view), c.bool("open_link") ? null : recipients(challenger, myId));
            metrics.counter("plyyard.lobby.pairings", "via", "challenge").increment();
            return view;
        });
    }

    public Challenge decline(Player me, String idText) {
        UUID id = Ids.parse(idText, "challenge");
        UUID myId = UUID.fromString(me.getId());
        Db.Row pre = read(id);
        return tx.call(() -> {
            Locks.players(List.of(pre.uuid("challenger_id"), myId));
            Db.Row c = Db.one("SELECT c.*, c.expires_at <= clock_timestamp() AS expired FROM challenges c WHERE id = ? FOR UPDATE", id);
            if (c.bool("open_link")) {
                throw LobbyErrors.failedPrecondition("An open challenge link cannot be declined; just leave it.");
            }
            if (!myId.equals(c.uuid("opponent_id"))) {
                throw LobbyErrors.denied("Only the challenged player can decline a challenge.");
            }
            requireOpen(c, "declined");
            return close(c, "CHALLENGE_DECLINED");
        });
    }

    public Challenge cancel(Player me, String idText) {
        UUID id = Ids.parse(idText, "challenge");
        UUID myId = UUID.fromString(me.getId());
        Db.Row pre = read(id);
        return tx.call(() -> {
            Locks.players(List.of(pre.uuid("challenger_id"), myId));
            Db.Row c = Db.one("SELECT c.*, c.expires_at <= clock_timestamp() AS expired FROM challenges c WHERE id = ? FOR UPDATE", id);
            if (!myId.equals(c.uuid("challenger_id"))) {
                throw LobbyErrors.denied("Only the challenger can cancel a challenge.");
            }
            requireOpen(c, "cancelled");
            return close(c, "CHALLENGE_CANCELLED");
        });
    }

    /**
     * The sweeper's part: open challenges past their expiry become EXPIRED, each in its own transaction under
     * {@code FOR UPDATE SKIP LOCKED} (one being accepted right now is looked at again next round).
     */
    int expireDue() {
        List<UUID> due = QuarkusTransaction.requiringNew().call(() -> Db.ids(
            "SELECT id FROM challenges WHERE status = 'CHALLENGE_OPEN' AND expires_at <= clock_timestamp() "
                + "ORDER BY expires_at LIMIT 100"));
        int expired = 0;
        for (UUID id : due) {
            boolean done = tx.call(() -> {
                Db.Row c = Db.one("SELECT c.*, c.expires_at <= clock_timestamp() AS expired FROM challenges c "
                    + "WHERE id = ? FOR UPDATE SKIP LOCKED", id);
                if (c == null || !"CHALLENGE_OPEN".equals(c.str("status")) || !c.bool("expired")) {
                    return false;
                }
                close(c, "CHALLENGE_EXPIRED");
                return true;
            });
            if (done) {
                expired++;
            }
        }
        return expired;
    }

    private Challenge close(Db.Row c, String status) {
        UUID id = c.uuid("id");
        Db.update("UPDATE challenges SET status = ?, updated_at = clock_timestamp() WHERE id = ?", status, id);
        Challenge view = views.challenge(id);
        log.add(LobbyEvent.newBuilder().setChallenge(view),
            c.bool("open_link") ? null : recipients(c.uuid("challenger_id"), c.uuid("opponent_id")));
        return view;
    }

    private static void requireOpen(Db.Row c, String verb) {
        String status = c.str("status");
        if (!"CHALLENGE_OPEN".equals(status)) {
            throw LobbyErrors.failedPrecondition("The challenge is " + status.replace("CHALLENGE_", "").toLowerCase(Locale.ROOT)
                + "; it cannot be " + verb + " any more.");
        }
        if (c.bool("expired")) {
            throw LobbyErrors.failedPrecondition("The challenge has expired; it cannot be " + verb + " any more.");
        }
    }

    private static Db.Row read(UUID id) {
        Db.Row c = QuarkusTransaction.requiringNew().call(() -> Db.one("SELECT * FROM challenges WHERE id = ?", id));
        if (c == null) {
            throw LobbyErrors.notFound("There is no challenge " + id + ".");
        }
        return c;
    }

    private static List<UUID> recipients(UUID a, UUID b) {
        return b == null ? null : List.of(a, b);
    }
}
