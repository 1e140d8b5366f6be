package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.Batches;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.SeatPlan;
import com.plyyard.lobby.players.PlayerEntity;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeStatus;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.Player;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
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
    GameSpecChecker specs;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    ChallengeRepository challenges;

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
    MatchCreation matches;

    @Inject
    LobbyClock clock;

    @Inject
    MeterRegistry metrics;

    public Challenge create(Player me, CreateChallengeRequest r) {
        UUID myId = UUID.fromString(me.getId());
        long seconds = Integer.toUnsignedLong(r.getExpiresInSeconds());
        if (seconds > MAX_SECONDS) {
            throw LobbyException.invalid("A challenge expires within 7 days (" + MAX_SECONDS + " s), not " + seconds + " s.");
        }
        long expiresIn = seconds == 0 ? DEFAULT_SECONDS : seconds;
        CheckedGameSpec spec = specs.check(r.getGame()).spec();
        if (spec.seatCount() != 2) {
            throw LobbyException.invalid("A challenge is for two-player variants; " + spec.variant()
                + " has " + spec.seatCount() + " seats, so post a seek instead.");
        }
        if (r.hasSeat() && Integer.toUnsignedLong(r.getSeat()) >= 2) {
            throw LobbyException.invalid("Seat " + Integer.toUnsignedLong(r.getSeat()) + " does not exist; a challenge has "
                + "seats 0 and 1.");
        }
        return unitOfWork.call(() -> {
            UUID opponent = null;
            if (!r.getOpponent().isBlank()) {
                PlayerEntity p = players.requireByName(r.getOpponent());
                if (p.id.equals(myId)) {
                    throw LobbyException.invalid("You cannot challenge yourself.");
                }
                opponent = p.id;
            }
            players.lock(opponent == null ? List.of(myId) : List.of(myId, opponent));
            Instant now = clock.now();
            ChallengeEntity c = new ChallengeEntity();
            c.id = UUID.randomUUID();
            c.challengerId = myId;
            c.opponentId = opponent;
            c.openLink = opponent == null;
            c.game = GameSpecColumns.of(spec);
            c.challengerSeat = r.hasSeat() ? r.getSeat() : null;
            c.status = ChallengeEntity.OPEN;
            c.expiresAt = now.plusSeconds(expiresIn);
            c.createdAt = now;
            c.updatedAt = now;
            challenges.persist(c);
            Challenge view = views.challenge(c.id);
            log.add(LobbyEvent.newBuilder().setChallenge(view), recipients(c));
            unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.challenges.created").increment());
            return view;
        });
    }

    public Challenge accept(Player me, String idText) {
        UUID id = Ids.parse(idText, "challenge");
        UUID myId = UUID.fromString(me.getId());
        ChallengeEntity pre = read(id);
        GameState start = ChallengeEntity.OPEN.equals(pre.status) ? specs.start(pre.spec()) : null;
        return unitOfWork.call(() -> {
            UUID challenger = pre.challengerId;
            players.lock(List.of(challenger, myId));
            ChallengeEntity c = challenges.lock(id);
            Instant now = clock.now();
            if (challenger.equals(myId)) {
                throw LobbyException.failedPrecondition("You cannot accept your own challenge; wait for "
                    + (c.openLink ? "someone to accept the link" : "your opponent") + ", or cancel it.");
            }
            if (!c.openLink && !c.opponentId.equals(myId)) {
                throw LobbyException.denied("This challenge is for another player.");
            }
            requireOpen(c, now, "accepted");
            busy.check(List.of(myId, challenger), myId);
            CheckedGameSpec spec = c.spec();
            int challengerSeat = c.challengerSeat != null ? c.challengerSeat
                : new SplittableRandom(id.getMostSignificantBits()).nextInt(2);
            List<UUID> seats = challengerSeat == 0 ? List.of(challenger, myId) : List.of(myId, challenger);
            OtherBookings.Locked others = bookings.lock(seats, List.of(), null, false);
            UUID matchId = matches.createPaired(start, spec.options(), spec.clock(), spec.rated(),
                List.of(SeatPlan.player(seats.get(0)), SeatPlan.player(seats.get(1))), challenger);
            c.status = ChallengeStatus.CHALLENGE_ACCEPTED.name();
            c.opponentId = myId;
            c.matchId = matchId;
            c.updatedAt = now;
            bookings.release(others, now);
            for (int i = 0; i < 2; i++) {
                bookings.paired(seats.get(i), matchId, i, Paired.newBuilder().setChallengeId(id.toString()));
            }
            Challenge view = views.challenge(id);
            log.add(LobbyEvent.newBuilder().setChallenge(view), recipients(c));
            unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.pairings", "via", "challenge").increment());
            return view;
        });
    }

    public Challenge decline(Player me, String idText) {
        UUID id = Ids.parse(idText, "challenge");
        UUID myId = UUID.fromString(me.getId());
        ChallengeEntity pre = read(id);
        return unitOfWork.call(() -> {
            players.lock(List.of(pre.challengerId, myId));
            ChallengeEntity c = challenges.lock(id);
            if (c.openLink) {
                throw LobbyException.failedPrecondition("An open challenge link cannot be declined; just leave it.");
            }
            if (!myId.equals(c.opponentId)) {
                throw LobbyException.denied("Only the challenged player can decline a challenge.");
            }
            Instant now = clock.now();
            requireOpen(c, now, "declined");
            return close(c, ChallengeStatus.CHALLENGE_DECLINED, now);
        });
    }

    public Challenge cancel(Player me, String idText) {
        UUID id = Ids.parse(idText, "challenge");
        UUID myId = UUID.fromString(me.getId());
        ChallengeEntity pre = read(id);
        return unitOfWork.call(() -> {
            players.lock(List.of(pre.challengerId, myId));
            ChallengeEntity c = challenges.lock(id);
            if (!myId.equals(c.challengerId)) {
                throw LobbyException.denied("Only the challenger can cancel a challenge.");
            }
            Instant now = clock.now();
            requireOpen(c, now, "cancelled");
            return close(c, ChallengeStatus.CHALLENGE_CANCELLED, now);
        });
    }

    /**
     * The sweeper's part: open challenges past their expiry become EXPIRED, each in its own transaction under
     * {@code FOR UPDATE SKIP LOCKED} (one being accepted right now is looked at again next round).
     */
    int expireDue() {
        return Batches.drain(100, limit -> unitOfWork.call(() -> challenges.dueIds(clock.now(), limit)),
            id -> unitOfWork.call(() -> {
                ChallengeEntity c = challenges.tryLock(id);
                Instant now = clock.now();
                if (c == null || !ChallengeEntity.OPEN.equals(c.status) || c.expiresAt.isAfter(now)) {
                    return false;
                }
                close(c, ChallengeStatus.CHALLENGE_EXPIRED, now);
                return true;
            }));
    }

    private Challenge close(ChallengeEntity c, ChallengeStatus status, Instant now) {
        c.status = status.name();
        c.updatedAt = now;
        Challenge view = views.challenge(c.id);
        log.add(LobbyEvent.newBuilder().setChallenge(view), recipients(c));
        return view;
    }

    private static void requireOpen(ChallengeEntity c, Instant now, String verb) {
        if (!ChallengeEntity.OPEN.equals(c.status)) {
            throw LobbyException.failedPrecondition("The challenge is " + c.status.replace("CHALLENGE_", "")
                .toLowerCase(Locale.ROOT) + "; it cannot be " + verb + " any more.");
        }
        if (!c.expiresAt.isAfter(now)) {
            throw LobbyException.failedPrecondition("The challenge has expired; it cannot be " + verb + " any more.");
        }
    }

    /** A challenge read outside the transaction that changes it; NOT_FOUND when there is none. */
    private ChallengeEntity read(UUID id) {
        ChallengeEntity c = unitOfWork.call(() -> challenges.findById(id));
        if (c == null) {
            throw LobbyException.notFound("There is no challenge " + id + ".");
        }
        return c;
    }

    /** A named challenge's events go to its two players, an open link's to everyone (null). */
    private static List<UUID> recipients(ChallengeEntity c) {
        return c.openLink || c.opponentId == null ? null : List.of(c.challengerId, c.opponentId);
    }
}
