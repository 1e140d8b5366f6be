package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.Batches;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.SeatPlan;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.lobby.rating.Ratings;
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
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
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
 * Seeks whose owner has had no WatchLobby stream for {@code plyyard.lobby.matchmaking.seek-grace} expire
 * ({@link #expireAbandoned}).
 */
@ApplicationScoped
public class Seeks {
    static final int EXPIRY_BATCH = 100;

    /** Rating bounds lie within 0..MAX_RATING. */
    static final int MAX_RATING = 4000;

    @Inject
    GameSpecChecker specs;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    SeekRepository seeks;

    @Inject
    PlayerRepository players;

    @Inject
    BusyPlayers busy;

    @Inject
    LobbyEventLog log;

    @Inject
    MatchmakingViews views;

    @Inject
    OtherBookings bookings;

    @Inject
    Ratings ratings;

    @Inject
    MatchCreation matches;

    @Inject
    LobbyClock clock;

    @Inject
    MeterRegistry metrics;

    public Seek create(Player me, CreateSeekRequest r) {
        long min = Integer.toUnsignedLong(r.getRatingRange().getMin());
        long max = Integer.toUnsignedLong(r.getRatingRange().getMax());
        if (min > MAX_RATING || max > MAX_RATING) {
            throw LobbyException.invalid("A rating range lies within 0 to " + MAX_RATING + "; " + Math.max(min, max)
                + " is beyond it.");
        }
        if (min > 0 && max > 0 && min > max) {
            throw LobbyException.invalid("The rating range is impossible: its minimum " + min + " is above its maximum " + max
                + ".");
        }
        CheckedGameSpec spec = specs.check(r.getGame()).spec();
        if (r.hasSeat() && Integer.toUnsignedLong(r.getSeat()) >= spec.seatCount()) {
            throw LobbyException.invalid("Seat " + Integer.toUnsignedLong(r.getSeat()) + " does not exist; " + spec.variant()
                + " has seats 0 to " + (spec.seatCount() - 1) + ".");
        }
        UUID myId = UUID.fromString(me.getId());
        UUID id = UUID.randomUUID();
        int mySeat = r.hasSeat() ? r.getSeat() : new SplittableRandom(id.getLeastSignificantBits()).nextInt(spec.seatCount());
        return unitOfWork.call(() -> {
            players.lock(List.of(myId));
            busy.check(List.of(myId), myId);
            Instant now = clock.now();
            SeekEntity seek = new SeekEntity();
            seek.id = id;
            seek.ownerId = myId;
            seek.game = GameSpecColumns.of(spec);
            seek.ratingMin = min == 0 ? null : (int) min;
            seek.ratingMax = max == 0 ? null : (int) max;
            seek.seatCount = spec.seatCount();
            seek.status = SeekRepository.OPEN;
            seek.createdAt = now;
            seek.updatedAt = now;
            seeks.persist(seek);
            for (int i = 0; i < spec.seatCount(); i++) {
                SeekSeatEntity seat = new SeekSeatEntity();
                seat.seekId = id;
                seat.idx = i;
                seat.playerId = i == mySeat ? myId : null;
                seat.joinedAt = i == mySeat ? now : null;
                seeks.persistSeat(seat);
            }
            Seek view = views.seek(id);
            log.add(LobbyEvent.newBuilder().setSeek(view), null);
            unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.seeks.created").increment());
            return view;
        });
    }

    public Seek accept(Player me, AcceptSeekRequest r) {
        UUID seekId = Ids.parse(r.getSeekId(), "seek");
        UUID myId = UUID.fromString(me.getId());
        SeekEntity pre = unitOfWork.call(() -> seeks.findById(seekId));
        if (pre == null) {
            throw LobbyException.notFound("There is no seek " + seekId + ".");
        }
        CheckedGameSpec spec = CheckedGameSpec.of(pre.game, pre.seatCount, "");
        // the start position, asked for before any lock (only used when this acceptance fills the last seat)
        GameState start = SeekStatus.SEEK_OPEN.name().equals(pre.status) ? specs.start(spec) : null;
        return unitOfWork.call(() -> {
            Set<UUID> involved = new HashSet<>(seeks.seatedPlayers(seekId));
            involved.add(pre.ownerId);
            involved.add(myId);
            players.lock(involved);
            SeekEntity s = seeks.lock(seekId);
            List<SeekSeatEntity> seats = seeks.seats(seekId);
            for (SeekSeatEntity seat : seats) {
                if (seat.playerId != null && !involved.contains(seat.playerId)) {
                    throw new UnitOfWork.RetryTransaction("the seek's seats changed before its players were locked");
                }
            }
            if (!SeekStatus.SEEK_OPEN.name().equals(s.status)) {
                throw LobbyException.failedPrecondition("The seek is " + words(s.status) + "; only an open seek can be accepted.");
            }
            if (myId.equals(s.ownerId)) {
                throw LobbyException.failedPrecondition("You cannot accept your own seek; wait for another player, or cancel it.");
            }
            for (SeekSeatEntity seat : seats) {
                if (myId.equals(seat.playerId)) {
                    throw LobbyException.failedPrecondition("You already hold seat " + seat.idx + " of this seek.");
                }
            }
            if (s.ratingMin != null || s.ratingMax != null) {
                double mine = ratings.currentRating(myId, spec.variant(), spec.timeClass());
                if ((s.ratingMin != null && mine < s.ratingMin) || (s.ratingMax != null && mine > s.ratingMax)) {
                    throw LobbyException.failedPrecondition("This seek is for players rated " + range(s.ratingMin, s.ratingMax)
                        + " in " + spec.variant() + " " + spec.timeClass() + "; your rating there is " + Math.round(mine) + ".");
                }
            }
            busy.check(List.of(myId), myId);
            SeekSeatEntity take = seatToTake(r, seats);
            Instant now = clock.now();
            take.playerId = myId;
            take.joinedAt = now;
            List<UUID> seated = new ArrayList<>();
            for (SeekSeatEntity seat : seats) {
                seated.add(seat.playerId);
            }
            if (seated.contains(null)) {
                s.updatedAt = now;
            } else {
                fill(s, seated, start, myId, now);
            }
            Seek view = views.seek(seekId);
            log.add(LobbyEvent.newBuilder().setSeek(view), null);
            return view;
        });
    }

    /** The seat asked for, or the first free one. */
    private static SeekSeatEntity seatToTake(AcceptSeekRequest r, List<SeekSeatEntity> seats) {
        if (r.hasSeat()) {
            long want = Integer.toUnsignedLong(r.getSeat());
            if (want >= seats.size()) {
                throw LobbyException.invalid("Seat " + want + " does not exist; this seek has seats 0 to " + (seats.size() - 1)
                    + ".");
            }
            SeekSeatEntity take = seats.get((int) want);
            if (take.playerId != null) {
                throw LobbyException.failedPrecondition("Seat " + want + " of this seek is taken.");
            }
            return take;
        }
        for (SeekSeatEntity seat : seats) {
            if (seat.playerId == null) {
                return seat;
            }
        }
        throw LobbyException.failedPrecondition("No seat of this seek is free.");
    }

    /** The last seat is taken: the match starts in this transaction, every seated player is paired. */
    private void fill(SeekEntity s, List<UUID> seated, GameState start, UUID myId, Instant now) {
        busy.check(seated, myId);
        OtherBookings.Locked others = bookings.lock(seated, List.of(), s.id, false);
        List<SeatPlan> plan = new ArrayList<>();
        for (UUID p : seated) {
            plan.add(SeatPlan.player(p));
        }
        CheckedGameSpec spec = CheckedGameSpec.of(s.game, s.seatCount, "");
        UUID matchId = matches.createPaired(start, spec.options(), spec.clock(), spec.rated(), plan, s.ownerId);
        s.status = SeekStatus.SEEK_FILLED.name();
        s.matchId = matchId;
        s.updatedAt = now;
        bookings.release(others, now);
        for (int i = 0; i < seated.size(); i++) {
            bookings.paired(seated.get(i), matchId, i, Paired.newBuilder().setSeekId(s.id.toString()));
        }
        unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.pairings", "via", "seek").increment());
    }

    /** The owner cancels the seek; a seated player who is not the owner gives their seat back instead. */
    public Seek cancel(Player me, String seekIdText) {
        UUID seekId = Ids.parse(seekIdText, "seek");
        UUID myId = UUID.fromString(me.getId());
        return unitOfWork.call(() -> {
            UUID owner = seeks.ownerOf(seekId);
            if (owner == null) {
                throw LobbyException.notFound("There is no seek " + seekId + ".");
            }
            Set<UUID> involved = new HashSet<>(seeks.seatedPlayers(seekId));
            involved.add(owner);
            involved.add(myId);
            players.lock(involved);
            SeekEntity s = seeks.lock(seekId);
            List<UUID> seated = seeks.seatedPlayers(seekId);
            if (!involved.containsAll(seated)) {
                throw new UnitOfWork.RetryTransaction("the seek's seats changed before its players were locked");
            }
            boolean owns = myId.equals(s.ownerId);
            if (!owns && !seated.contains(myId)) {
                throw LobbyException.denied("Only the seek's owner can cancel it.");
            }
            if (!SeekStatus.SEEK_OPEN.name().equals(s.status)) {
                throw LobbyException.failedPrecondition("The seek is " + words(s.status) + "; there is nothing to cancel.");
            }
            Instant now = clock.now();
            if (owns) {
                s.status = SeekStatus.SEEK_CANCELLED.name();
            } else {
                seeks.freeSeats(List.of(seekId), List.of(myId));
            }
            s.updatedAt = now;
            Seek view = views.seek(seekId);
            log.add(LobbyEvent.newBuilder().setSeek(view), null);
            return view;
        });
    }

    public ListSeeksResponse list(ListSeeksRequest r) {
        return unitOfWork.call(() -> ListSeeksResponse.newBuilder()
            .addAllSeeks(views.seeks(seeks.open(r.getVariant().isBlank() ? null : r.getVariant().strip())))
            .build());
    }

    /**
     * The sweeper's part: open seeks whose owner has had no WatchLobby stream for the grace period (counted from the
     * later of the seek's creation and the owner's last presence) become EXPIRED. Each in its own transaction, locking
     * with SKIP LOCKED (a seek being accepted right now is looked at again next round), so several instances can sweep.
     *
     * @return how many expired
     */
    int expireAbandoned(Duration grace, Duration stale) {
        int expired = Batches.drain(EXPIRY_BATCH, limit -> unitOfWork.call(() -> {
            Instant now = clock.now();
            return seeks.abandoned(now.minus(stale), now.minus(grace), limit);
        }), id -> expireIfAbandoned(id, grace, stale));
        if (expired > 0) {
            metrics.counter("plyyard.lobby.seeks.expired").increment(expired);
        }
        return expired;
    }

    private boolean expireIfAbandoned(UUID id, Duration grace, Duration stale) {
        return unitOfWork.call(() -> {
            Set<UUID> involved = new HashSet<>(seeks.seatedPlayers(id));
            involved.add(seeks.ownerOf(id));
            if (!players.tryLock(involved)) {
                return false;
            }
            List<SeekEntity> locked = seeks.lockAll(List.of(id), true);
            if (locked.isEmpty()) {
                return false;
            }
            Instant now = clock.now();
            if (!seeks.isAbandoned(id, now.minus(stale), now.minus(grace))) {
                return false; // the owner came back, or the seek changed meanwhile
            }
            SeekEntity s = locked.get(0);
            s.status = SeekStatus.SEEK_EXPIRED.name();
            s.updatedAt = now;
            log.add(LobbyEvent.newBuilder().setSeek(views.seek(id)), null);
            return true;
        });
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
