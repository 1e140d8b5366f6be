package com.plyyard.lobby.match;

import com.plyyard.lobby.clock.MatchClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.players.PlayerEntity;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStarted;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatJoined;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.VariantOptions;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * New matches and their seats. New matches go one path: CreateMatch (the creator's seat specifications: me, invitations, AI levels, open seats)
 * and the matches matchmaking makes (a filled seek, a pool's pairing, an accepted challenge, a rematch) both end in
 * {@link #open}, which stores the match and its seats, sends one SeatJoined per seated player, starts the match when
 * every seat is taken (MatchStarted) and, after the commit, counts it and wakes an AI seat to move. JoinMatch fills
 * a waiting match's seats until it starts the same way.
 */
@ApplicationScoped
public class MatchCreation {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchRepository matches;

    @Inject
    PlayerRepository players;

    @Inject
    MatchEventLog events;

    @Inject
    MatchChanges changes;

    @Inject
    MatchViews views;

    @Inject
    LobbyClock clock;

    @Inject
    Rules rules;

    @Inject
    AiSeats ai;

    @Inject
    MeterRegistry metrics;

    /** CreateMatch: checks the request, asks rules-service for the start position, then opens the match. */
    public Match create(Player me, CreateMatchRequest r) {
        if (r.getVariant().isBlank()) {
            throw LobbyException.invalid("No variant given; ListVariants on rules-service names them, e.g. draughts:fmjd.");
        }
        MatchClock matchClock = MatchClock.ofSeconds(r.getTimeControl().getInitialSeconds(),
            r.getTimeControl().getIncrementSeconds());
        int meCount = 0;
        int aiCount = 0;
        for (SeatSpec s : r.getSeatsList()) {
            switch (s.getKindCase()) {
                case ME -> meCount++;
                case AI_LEVEL -> {
                    if (!ai.available()) {
                        throw LobbyException.failedPrecondition(ai.unavailableReason());
                    }
                    if (s.getAiLevel() < 1 || s.getAiLevel() > 5) {
                        throw LobbyException.invalid("An AI level is 1 (beginner) to 5 (max), not "
                            + Integer.toUnsignedLong(s.getAiLevel()) + ".");
                    }
                    aiCount++;
                }
                default -> {
                }
            }
        }
        if (r.getRated() && aiCount > 0) {
            // ratings measure games between people: an AI seat has no rating to win or lose against (docs/ratings.md)
            throw LobbyException.invalid("A match with AI seats cannot be rated; make it casual or seat people only.");
        }
        if (meCount > 1) {
            throw LobbyException.invalid("The creator can take only one seat ('me' appears " + meCount + " times).");
        }
        GameState start = rules.newGame(r.getVariant().strip(), r.getOptions()); // its refusal passes through
        int seatCount = seatCount(start);
        if (r.getSeatsCount() > seatCount) {
            throw LobbyException.invalid(start.getVariant().getId() + " has " + seatCount + " seats, but "
                + r.getSeatsCount() + " seat specifications were given.");
        }
        if (aiCount == seatCount) {
            // someone at the table must be able to resign, offer a draw or abort: nobody could stop an all-AI match
            throw LobbyException.invalid("Every seat is an AI seat; a match needs at least one seat for a person (me, an "
                + "invitation or open).");
        }
        UUID myId = UUID.fromString(me.getId());
        return unitOfWork.call(() -> {
            List<SeatPlan> plan = new ArrayList<>();
            Set<UUID> invited = new HashSet<>();
            for (int i = 0; i < seatCount; i++) {
                SeatSpec spec = i < r.getSeatsCount() ? r.getSeats(i) : SeatSpec.getDefaultInstance();
                plan.add(switch (spec.getKindCase()) {
                    case ME -> SeatPlan.player(myId);
                    case INVITE -> {
                        PlayerEntity p = players.requireByName(spec.getInvite());
                        if (p.id.equals(myId)) {
                            throw LobbyException.invalid("Seat " + i + " invites you yourself; take a seat with 'me' instead.");
                        }
                        if (!invited.add(p.id)) {
                            throw LobbyException.invalid(p.name + " is invited to more than one seat; a player holds one "
                                + "seat.");
                        }
                        yield SeatPlan.invited(p.id);
                    }
                    case AI_LEVEL -> SeatPlan.ai(spec.getAiLevel());
                    default -> SeatPlan.open();
                });
            }
            MatchBeingChanged match = open(start, r.getOptions(), matchClock, r.getRated(), plan, myId);
            return views.view(match, true);
        });
    }

    /** JoinMatch: the caller takes an open seat, or the seat they are invited to; the last seat starts the match. */
    public Match join(Player me, JoinMatchRequest r) {
        return changes.change(r.getMatchId(), match -> {
            if (match.status() != MatchStatus.MATCH_WAITING) {
                throw LobbyException.failedPrecondition("The match is " + MatchBeingChanged.statusWords(match.status())
                    + "; only a waiting match can be joined.");
            }
            if (match.seatOf(me) != null) {
                throw LobbyException.failedPrecondition("You already hold seat " + match.seatOf(me).idx + " in this match.");
            }
            UUID myId = UUID.fromString(me.getId());
            SeatEntity seat = r.hasSeat() ? requestedSeat(match, Integer.toUnsignedLong(r.getSeat()), myId) : seatFor(match, myId);
            seat.kind = SeatKind.SEAT_PLAYER.name();
            seat.playerId = myId;
            events.append(match.row, MatchEvent.newBuilder().setSeatJoined(SeatJoined.newBuilder().setSeat(seat.idx)
                .setPlayer(me)), match.now);
            startIfFull(match);
        });
    }

    private static SeatEntity requestedSeat(MatchBeingChanged match, long want, UUID myId) {
        if (want >= match.seats.size()) {
            throw LobbyException.invalid("Seat " + want + " does not exist; this match has seats 0 to "
                + (match.seats.size() - 1) + ".");
        }
        SeatEntity seat = match.seat((int) want);
        SeatKind kind = SeatKind.valueOf(seat.kind);
        if (kind == SeatKind.SEAT_PLAYER || kind == SeatKind.SEAT_AI) {
            throw LobbyException.failedPrecondition("Seat " + want + " (" + match.colour((int) want).toLowerCase(Locale.ROOT)
                + ") is taken.");
        }
        if (kind == SeatKind.SEAT_INVITED && !myId.equals(seat.invitedPlayerId)) {
            throw LobbyException.denied("Seat " + want + " is reserved for another player.");
        }
        return seat;
    }

    /** The seat the player is invited to, else the first open seat. */
    private static SeatEntity seatFor(MatchBeingChanged match, UUID myId) {
        for (SeatEntity s : match.seats) {
            if (SeatKind.SEAT_INVITED.name().equals(s.kind) && myId.equals(s.invitedPlayerId)) {
                return s;
            }
        }
        for (SeatEntity s : match.seats) {
            if (SeatKind.SEAT_OPEN.name().equals(s.kind)) {
                return s;
            }
        }
        throw LobbyException.failedPrecondition("No seat of this match is open for you.");
    }

    /**
     * A match whose players are already decided (a filled seek, a pool's pairing, an accepted challenge, a rematch),
     * created inside the caller's unit of work: every seat is taken at once, so the match starts now, and it commits
     * or rolls back with the caller's other changes.
     *
     * @param start   the variant's start position (rules-service NewGame)
     * @param options the options to store with the match (matchmaking passes the effective ones)
     * @param plan    one player or AI per seat
     * @return the new match's id
     */
    public UUID createPaired(GameState start, VariantOptions options, MatchClock matchClock, boolean rated,
                             List<SeatPlan> plan, UUID createdBy) {
        unitOfWork.requireActive("MatchCreation.createPaired");
        if (plan.size() != seatCount(start) || plan.stream().anyMatch(p -> p.kind() != SeatKind.SEAT_PLAYER && !p.isAi())) {
            throw new IllegalArgumentException(plan + " is not a full table of " + seatCount(start) + " seats");
        }
        return open(start, options, matchClock, rated, plan, createdBy).id();
    }

    /** Stores the new match and its seats (inside a unit of work) and starts it if every seat is taken. */
    private MatchBeingChanged open(GameState start, VariantOptions options, MatchClock matchClock, boolean rated,
                             List<SeatPlan> plan, UUID createdBy) {
        long now = clock.nowMillis();
        MatchEntity m = new MatchEntity();
        m.id = UUID.randomUUID();
        m.variant = start.getVariant().getId();
        m.options = options.toByteArray();
        m.initialMillis = matchClock.initialMillis();
        m.incrementMillis = matchClock.incrementMillis();
        m.rated = rated;
        m.status = MatchStatus.MATCH_WAITING.name();
        m.state = start.toByteArray();
        m.createdBy = createdBy;
        m.createdAt = Instant.ofEpochMilli(now);
        m.updatedAt = m.createdAt;
        matches.persist(m);
        List<SeatEntity> seats = new ArrayList<>();
        List<UUID> seated = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            SeatPlan p = plan.get(i);
            SeatEntity s = new SeatEntity();
            s.matchId = m.id;
            s.idx = i;
            s.clockMillis = m.initialMillis;
            s.kind = p.kind().name();
            switch (p.kind()) {
                case SEAT_PLAYER -> {
                    s.playerId = p.playerId();
                    seated.add(p.playerId());
                }
                case SEAT_INVITED -> s.invitedPlayerId = p.playerId();
                case SEAT_AI -> s.aiLevel = p.aiLevel();
                default -> {
                }
            }
            matches.persistSeat(s);
            seats.add(s);
        }
        Map<UUID, Player> names = players.byIds(seated);
        MatchBeingChanged match = new MatchBeingChanged(m, seats, now);
        for (SeatEntity s : seats) {
            if (s.playerId != null) {
                events.append(m, MatchEvent.newBuilder().setSeatJoined(
                    SeatJoined.newBuilder().setSeat(s.idx).setPlayer(names.get(s.playerId))), now);
            }
        }
        startIfFull(match);
        unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.matches.created").increment());
        changes.wakeAiAfterCommit(match);
        return match;
    }

    /** Every seat has a player or an AI: the match starts, the first mover's clock runs. */
    void startIfFull(MatchBeingChanged match) {
        for (SeatEntity s : match.seats) {
            if (!SeatKind.SEAT_PLAYER.name().equals(s.kind) && !SeatKind.SEAT_AI.name().equals(s.kind)) {
                return;
            }
        }
        match.row.status = MatchStatus.MATCH_ACTIVE.name();
        match.startTurn();
        events.append(match.row, MatchEvent.newBuilder().setStarted(MatchStarted.getDefaultInstance()), match.now);
    }

    static int seatCount(GameState start) {
        return start.getVariant().getSeatCount() > 0 ? start.getVariant().getSeatCount() : start.getSeatsCount();
    }
}
