package com.plyyard.lobby.match;

import com.plyyard.lobby.ai.AiPlayer;
import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.matchmaking.Ratings;
import com.plyyard.lobby.model.MatchEntity;
import com.plyyard.lobby.model.PlayerEntity;
import com.plyyard.lobby.model.SeatEntity;
import com.plyyard.lobby.rules.RulesClient;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.ClockUpdate;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.DrawDeclined;
import com.plyyard.proto.v1.DrawOffered;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEnded;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStarted;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PlayerPresence;
import com.plyyard.proto.v1.SeatJoined;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatOut;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * What each MatchService call does. Every change is one database transaction that locks the match row
 * ({@code SELECT … FOR UPDATE}), checks everything, asks rules-service, then writes the new state and its
 * events; any refusal throws before anything is written, so the stored match never changes on a rejected
 * call. Times come from the database clock ({@link EventLog#dbNow()}), the same for every lobby instance.
 */
@ApplicationScoped
public class MatchLogic {
    static final long MAX_INITIAL_SECONDS = 7L * 24 * 3600;
    static final long MAX_INCREMENT_SECONDS = 3600;

    @Inject
    RulesClient rules;

    @Inject
    EventLog events;

    @Inject
    AiPlayer ai;

    @Inject
    MeterRegistry metrics;

    @Inject
    Ratings ratings;

    @Inject
    jakarta.transaction.TransactionSynchronizationRegistry transactions;

    /** A locked match with its seats and state, inside a transaction. */
    static final class Locked {
        final MatchEntity m;
        final List<SeatEntity> seats;
        GameState state;
        final long now;

        Locked(MatchEntity m, List<SeatEntity> seats, long now) {
            this.m = m;
            this.seats = seats;
            this.state = MatchViews.state(m);
            this.now = now;
        }

        MatchStatus status() {
            return MatchStatus.valueOf(m.status);
        }

        SeatEntity seatOf(Player p) {
            UUID id = UUID.fromString(p.getId());
            for (SeatEntity s : seats) {
                if (SeatKind.SEAT_PLAYER.name().equals(s.kind) && id.equals(s.playerId)) {
                    return s;
                }
            }
            return null;
        }

        /** The seat whose player moves now: the seat to move, or the partner playing its turn. */
        int mover() {
            int toMove = state.getToMove();
            if (toMove < state.getSeatsCount()) {
                return state.getSeats(toMove).getPlayedBy();
            }
            return toMove;
        }

        String colour(int seat) {
            String c = seat < state.getSeatsCount() ? state.getSeats(seat).getColour() : "seat " + seat;
            return c.isEmpty() ? "seat " + seat : Character.toUpperCase(c.charAt(0)) + c.substring(1);
        }

        /** Time left on the running clock at {@code now} (the mover's); Long.MAX_VALUE without a clock. */
        long moverTimeLeft() {
            if (!m.hasClock() || m.turnStartedAt == null) {
                return Long.MAX_VALUE;
            }
            return seats.get(mover()).clockMillis - (now - m.turnStartedAt.toEpochMilli());
        }

        List<Long> clocks() {
            List<Long> c = new ArrayList<>();
            for (SeatEntity s : seats) {
                c.add(s.clockMillis);
            }
            return c;
        }
    }

    // ---------------------------------------------------------------------------------------------- reads

    public Match get(String matchId) {
        UUID id = parseId(matchId);
        return QuarkusTransaction.requiringNew().call(() -> {
            MatchEntity m = readConsistently(id);
            if (m == null) {
                throw notFound(matchId);
            }
            return MatchViews.view(m, SeatEntity.ofMatch(id), true);
        });
    }

    /**
     * The match row under a share lock, or null: the reads that follow in this transaction (seats, events) then
     * belong to the same committed version. Without it, each statement of a READ COMMITTED transaction sees the
     * latest commit, and a view built while a move commits could show the move's event with the state before it.
     * Readers do not block each other; a change waits for the read to end (and the read for a running change).
     */
    private static MatchEntity readConsistently(UUID id) {
        @SuppressWarnings("unchecked")
        List<Object> found = Panache.getEntityManager()
            .createNativeQuery("SELECT id FROM matches WHERE id = ?1 FOR SHARE")
            .setParameter(1, id).getResultList();
        return found.isEmpty() ? null : MatchEntity.findById(id);
    }

    public ListMatchesResponse listMine(Player me, ListMyMatchesRequest request) {
        int limit = request.getLimit() == 0 ? 50 : Math.min(request.getLimit(), 200);
        UUID myId = UUID.fromString(me.getId());
        MatchStatus status = request.getStatus();
        if (status == MatchStatus.UNRECOGNIZED) {
            throw LobbyErrors.invalid("The status filter is not a known match status.");
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            String q = "id in (select s.matchId from SeatEntity s where s.playerId = ?1 or s.invitedPlayerId = ?1)"
                + (status == MatchStatus.MATCH_STATUS_UNSPECIFIED ? "" : " and status = ?2")
                + " order by createdAt desc, id";
            List<MatchEntity> found = status == MatchStatus.MATCH_STATUS_UNSPECIFIED
                ? MatchEntity.<MatchEntity>find(q, myId).page(0, limit).list()
                : MatchEntity.<MatchEntity>find(q, myId, status.name()).page(0, limit).list();
            ListMatchesResponse.Builder b = ListMatchesResponse.newBuilder();
            for (MatchEntity m : found) {
                b.addMatches(MatchViews.view(m, SeatEntity.ofMatch(m.id), false));
            }
            return b.build();
        });
    }

    // ---------------------------------------------------------------------------------------------- create, join

    public Match create(Player me, CreateMatchRequest r) {
        if (r.getVariant().isBlank()) {
            throw LobbyErrors.invalid("No variant given; ListVariants on rules-service names them, e.g. draughts:fmjd.");
        }
        TimeControl tc = r.getTimeControl();
        checkTimeControl(tc);
        long initial = Integer.toUnsignedLong(tc.getInitialSeconds());
        long increment = Integer.toUnsignedLong(tc.getIncrementSeconds());
        int meCount = 0;
        int aiCount = 0;
        for (SeatSpec s : r.getSeatsList()) {
            switch (s.getKindCase()) {
                case ME -> meCount++;
                case AI_LEVEL -> {
                    if (!ai.available()) {
                        throw LobbyErrors.failedPrecondition(ai.unavailableReason());
                    }
                    if (s.getAiLevel() < 1 || s.getAiLevel() > 5) {
                        throw LobbyErrors.invalid("An AI level is 1 (beginner) to 5 (max), not "
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
            throw LobbyErrors.invalid("A match with AI seats cannot be rated; make it casual or seat people only.");
        }
        if (meCount > 1) {
            throw LobbyErrors.invalid("The creator can take only one seat ('me' appears " + meCount + " times).");
        }
        GameState start = rules.newGame(r.getVariant().strip(), r.getOptions()); // INVALID_ARGUMENT passes through
        int seatCount = start.getVariant().getSeatCount() > 0 ? start.getVariant().getSeatCount() : start.getSeatsCount();
        if (r.getSeatsCount() > seatCount) {
            throw LobbyErrors.invalid(start.getVariant().getId() + " has " + seatCount + " seats, but " + r.getSeatsCount()
                + " seat specifications were given.");
        }
        if (aiCount == seatCount) {
            // someone at the table must be able to resign, offer a draw or abort: nobody could stop an all-AI match
            throw LobbyErrors.invalid("Every seat is an AI seat; a match needs at least one seat for a person (me, an "
                + "invitation or open).");
        }
        UUID myId = UUID.fromString(me.getId());
        boolean[] aiWaits = new boolean[1];
        Match created = QuarkusTransaction.requiringNew().call(() -> {
            long now = EventLog.dbNow();
            Set<UUID> invited = new HashSet<>();
            MatchEntity m = new MatchEntity();
            m.id = UUID.randomUUID();
            m.variant = start.getVariant().getId();
            m.options = r.getOptions().toByteArray();
            m.initialMillis = initial * 1000;
            m.incrementMillis = increment * 1000;
            m.rated = r.getRated();
            m.status = MatchStatus.MATCH_WAITING.name();
            m.state = start.toByteArray();
            m.createdBy = myId;
            m.createdAt = Instant.ofEpochMilli(now);
            m.updatedAt = m.createdAt;
            m.persist();
            List<SeatEntity> seats = new ArrayList<>();
            for (int i = 0; i < seatCount; i++) {
                SeatSpec spec = i < r.getSeatsCount() ? r.getSeats(i) : SeatSpec.getDefaultInstance();
                SeatEntity s = new SeatEntity();
                s.matchId = m.id;
                s.idx = i;
                s.clockMillis = m.initialMillis;
                switch (spec.getKindCase()) {
                    case ME -> {
                        s.kind = SeatKind.SEAT_PLAYER.name();
                        s.playerId = myId;
                    }
                    case INVITE -> {
                        PlayerEntity p = Players.byName(spec.getInvite());
                        if (p == null) {
                            throw LobbyErrors.notFound("No player is called '" + spec.getInvite().strip() + "'.");
                        }
                        if (p.id.equals(myId)) {
                            throw LobbyErrors.invalid("Seat " + i + " invites you yourself; take a seat with 'me' instead.");
                        }
                        if (!invited.add(p.id)) {
                            throw LobbyErrors.invalid(p.name + " is invited to more than one seat; a player holds one seat.");
                        }
                        s.kind = SeatKind.SEAT_INVITED.name();
                        s.invitedPlayerId = p.id;
                    }
                    case AI_LEVEL -> {
                        s.kind = SeatKind.SEAT_AI.name();
                        s.aiLevel = spec.getAiLevel();
                    }
                    default -> s.kind = SeatKind.SEAT_OPEN.name();
                }
                s.persist();
                seats.add(s);
            }
            Locked l = new Locked(m, seats, now);
            for (SeatEntity s : seats) {
                if (s.playerId != null) {
                    events.append(m, MatchEvent.newBuilder().setSeatJoined(
                        SeatJoined.newBuilder().setSeat(s.idx).setPlayer(me)), now);
                }
            }
            startIfFull(l);
            aiWaits[0] = m.aiToMove;
            return MatchViews.view(m, seats, true);
        });
        metrics.counter("plyyard.lobby.matches.created").increment();
        if (aiWaits[0]) {
            ai.onTurn(UUID.fromString(created.getId()));
        }
        return created;
    }

    /** A clock of initial + increment seconds: 0+0 is no clock, 0+N is refused, and both have an upper bound. */
    public static void checkTimeControl(TimeControl tc) {
        long initial = Integer.toUnsignedLong(tc.getInitialSeconds());
        long increment = Integer.toUnsignedLong(tc.getIncrementSeconds());
        if (initial == 0 && increment > 0) {
            throw LobbyErrors.invalid("A clock needs an initial time; 0+0 means no clock.");
        }
        if (initial > MAX_INITIAL_SECONDS || increment > MAX_INCREMENT_SECONDS) {
            throw LobbyErrors.invalid("A clock has at most " + MAX_INITIAL_SECONDS + " s initial time and "
                + MAX_INCREMENT_SECONDS + " s increment.");
        }
    }

    /** A seat of a match made by matchmaking: a player, or an AI of a level 1..5. */
    public record SeatPlan(UUID playerId, int aiLevel) {
        public static SeatPlan player(UUID id) {
            return new SeatPlan(id, 0);
        }

        public static SeatPlan ai(int level) {
            return new SeatPlan(null, level);
        }

        public boolean isAi() {
            return playerId == null;
        }
    }

    /**
     * A match whose players are already decided (a filled seek, a pool's pairing, an accepted challenge, a rematch),
     * created <b>inside the caller's transaction</b>: every seat is taken at once, so the match starts now (one
     * SeatJoined per player, then MatchStarted), and it commits or rolls back with the caller's other changes. After
     * the commit, an AI seat to move is woken as after CreateMatch.
     *
     * @param start   the variant's start position (rules-service NewGame)
     * @param options the options to store with the match (matchmaking passes the effective ones)
     * @return the new match's id
     */
    public UUID createPaired(GameState start, com.google.protobuf.Message options, long initialMillis, long incrementMillis,
                             boolean rated, List<SeatPlan> plan, UUID createdBy) {
        int seatCount = start.getVariant().getSeatCount() > 0 ? start.getVariant().getSeatCount() : start.getSeatsCount();
        if (plan.size() != seatCount) {
            throw new IllegalArgumentException(plan.size() + " seats planned for " + seatCount);
        }
        long now = EventLog.dbNow();
        MatchEntity m = new MatchEntity();
        m.id = UUID.randomUUID();
        m.variant = start.getVariant().getId();
        m.options = options.toByteArray();
        m.initialMillis = initialMillis;
        m.incrementMillis = incrementMillis;
        m.rated = rated;
        m.status = MatchStatus.MATCH_WAITING.name();
        m.state = start.toByteArray();
        m.createdBy = createdBy;
        m.createdAt = Instant.ofEpochMilli(now);
        m.updatedAt = m.createdAt;
        m.persist();
        List<SeatEntity> seats = new ArrayList<>();
        List<UUID> people = new ArrayList<>();
        for (int i = 0; i < seatCount; i++) {
            SeatPlan p = plan.get(i);
            SeatEntity s = new SeatEntity();
            s.matchId = m.id;
            s.idx = i;
            s.clockMillis = m.initialMillis;
            if (p.isAi()) {
                s.kind = SeatKind.SEAT_AI.name();
                s.aiLevel = p.aiLevel();
            } else {
                s.kind = SeatKind.SEAT_PLAYER.name();
                s.playerId = p.playerId();
                people.add(p.playerId());
            }
            s.persist();
            seats.add(s);
        }
        java.util.Map<UUID, Player> names = Players.byIds(people);
        Locked l = new Locked(m, seats, now);
        for (SeatEntity s : seats) {
            if (s.playerId != null) {
                events.append(m, MatchEvent.newBuilder().setSeatJoined(
                    SeatJoined.newBuilder().setSeat(s.idx).setPlayer(names.get(s.playerId))), now);
            }
        }
        startIfFull(l);
        metrics.counter("plyyard.lobby.matches.created").increment();
        if (m.aiToMove) {
            UUID id = m.id;
            transactions.registerInterposedSynchronization(new jakarta.transaction.Synchronization() {
                @Override
                public void beforeCompletion() {
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == jakarta.transaction.Status.STATUS_COMMITTED) {
                        ai.onTurn(id); // after the commit: the AI thinks outside this transaction
                    }
                }
            });
        }
        Panache.getEntityManager().flush();
        return m.id;
    }

    public Match join(Player me, JoinMatchRequest r) {
        return change(r.getMatchId(), l -> {
            if (l.status() != MatchStatus.MATCH_WAITING) {
                throw LobbyErrors.failedPrecondition("The match is " + statusWords(l.status()) + "; only a waiting match can be joined.");
            }
            if (l.seatOf(me) != null) {
                throw LobbyErrors.failedPrecondition("You already hold seat " + l.seatOf(me).idx + " in this match.");
            }
            UUID myId = UUID.fromString(me.getId());
            SeatEntity seat;
            if (r.hasSeat()) {
                long want = Integer.toUnsignedLong(r.getSeat());
                if (want >= l.seats.size()) {
                    throw LobbyErrors.invalid("Seat " + want + " does not exist; this match has seats 0 to " + (l.seats.size() - 1) + ".");
                }
                seat = l.seats.get((int) want);
                SeatKind kind = SeatKind.valueOf(seat.kind);
                if (kind == SeatKind.SEAT_PLAYER || kind == SeatKind.SEAT_AI) {
                    throw LobbyErrors.failedPrecondition("Seat " + want + " (" + l.colour((int) want).toLowerCase(Locale.ROOT)
                        + ") is taken.");
                }
                if (kind == SeatKind.SEAT_INVITED && !myId.equals(seat.invitedPlayerId)) {
                    throw LobbyErrors.denied("Seat " + want + " is reserved for another player.");
                }
            } else {
                seat = null;
                for (SeatEntity s : l.seats) {
                    if (SeatKind.SEAT_INVITED.name().equals(s.kind) && myId.equals(s.invitedPlayerId)) {
                        seat = s;
                        break;
                    }
                }
                for (SeatEntity s : l.seats) {
                    if (seat == null && SeatKind.SEAT_OPEN.name().equals(s.kind)) {
                        seat = s;
                    }
                }
                if (seat == null) {
                    throw LobbyErrors.failedPrecondition("No seat of this match is open for you.");
                }
            }
            seat.kind = SeatKind.SEAT_PLAYER.name();
            seat.playerId = myId;
            events.append(l.m, MatchEvent.newBuilder().setSeatJoined(SeatJoined.newBuilder().setSeat(seat.idx).setPlayer(me)), l.now);
            startIfFull(l);
        });
    }

    private void startIfFull(Locked l) {
        for (SeatEntity s : l.seats) {
            if (!SeatKind.SEAT_PLAYER.name().equals(s.kind) && !SeatKind.SEAT_AI.name().equals(s.kind)) {
                return;
            }
        }
        l.m.status = MatchStatus.MATCH_ACTIVE.name();
        startTurn(l);
        events.append(l.m, MatchEvent.newBuilder().setStarted(MatchStarted.getDefaultInstance()), l.now);
    }

    // ---------------------------------------------------------------------------------------------- moves

    public Match submitMove(Player me, String matchId, String move, long expectedVersion) {
        if (move == null || move.isBlank()) {
            throw LobbyErrors.invalid("No move given.");
        }
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            SeatEntity mine = requireSeat(l, me);
            requireActive(l);
            play(l, mine, move);
        });
    }

    /**
     * An AI seat's move, submitted by {@link com.plyyard.lobby.ai.AiTurns}: the same transaction, checks, clock and
     * events as a player's move ({@link #submitMove}), for the seat instead of a caller. A stale version (another
     * lobby instance moved first, or a player changed the match meanwhile) is ABORTED like any other.
     */
    public Match submitAiMove(UUID matchId, int seat, String move, long expectedVersion) {
        if (move == null || move.isBlank()) {
            throw LobbyErrors.invalid("No move given.");
        }
        return change(matchId.toString(), l -> {
            checkVersion(l, expectedVersion);
            if (seat < 0 || seat >= l.seats.size() || !SeatKind.SEAT_AI.name().equals(l.seats.get(seat).kind)) {
                throw LobbyErrors.failedPrecondition("Seat " + seat + " is not an AI seat.");
            }
            requireActive(l);
            play(l, l.seats.get(seat), move);
        });
    }

    /** A move by the player of seat {@code mine}: its turn, its clock, the rules, then the new state and events. */
    private void play(Locked l, SeatEntity mine, String move) {
        int mover = l.mover();
        if (mine.idx != mover) {
            int toMove = l.state.getToMove();
            String whose = mover == toMove ? l.colour(toMove) + " (seat " + toMove + ")"
                : l.colour(mover) + " (seat " + mover + ", playing " + l.colour(toMove).toLowerCase(Locale.ROOT) + "'s turn)";
            throw LobbyErrors.failedPrecondition("It is not your turn; " + whose + " is to move.");
        }
        long left = l.moverTimeLeft();
        if (left <= 0) {
            throw LobbyErrors.failedPrecondition("Your time is up; the flag falls and the move cannot be played.");
        }
        int toMove = l.state.getToMove();
        ApplyMoveResponse applied = rules.applyMove(l.state, move.strip()); // the rules' refusal passes through
        if (l.m.hasClock()) {
            mine.clockMillis = left + l.m.incrementMillis;
        }
        for (SeatEntity s : l.seats) {
            s.offersDraw = false;
        }
        l.m.plies++;
        setState(l, applied.getState());
        MovePlayed.Builder played = MovePlayed.newBuilder()
            .setPly(l.m.plies).setSeat(toMove).setMove(applied.getMove()).setState(applied.getState())
            .addAllClockMillis(l.clocks());
        if (applied.getState().getStatus() == GameStatus.FINISHED) {
            events.append(l.m, MatchEvent.newBuilder().setMovePlayed(played), l.now);
            finish(l, MatchStatus.MATCH_FINISHED, applied.getState().getOutcome());
        } else {
            startTurn(l);
            events.append(l.m, MatchEvent.newBuilder().setMovePlayed(played), l.now);
        }
        metrics.counter("plyyard.lobby.moves").increment();
    }

    // ---------------------------------------------------------------------------------------------- leaving, draws

    public Match resign(Player me, String matchId, long expectedVersion) {
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            SeatEntity mine = requireSeat(l, me);
            if (l.status() == MatchStatus.MATCH_WAITING) {
                throw LobbyErrors.failedPrecondition("The match has not started; abort it instead of resigning.");
            }
            requireActive(l);
            removeSeat(l, mine.idx, EndReason.RESIGNATION);
        });
    }

    public Match offerDraw(Player me, String matchId, long expectedVersion) {
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            SeatEntity mine = requirePlayingSeat(l, me);
            if (mine.offersDraw) {
                throw LobbyErrors.failedPrecondition("You already offer a draw; the others may accept or decline it.");
            }
            agreeToDraw(l, mine);
        });
    }

    public Match acceptDraw(Player me, String matchId, long expectedVersion) {
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            SeatEntity mine = requirePlayingSeat(l, me);
            if (!othersOffer(l, mine)) {
                throw LobbyErrors.failedPrecondition("There is no draw offer to accept.");
            }
            if (mine.offersDraw) {
                throw LobbyErrors.failedPrecondition("You already agreed to a draw; the other players have not yet.");
            }
            agreeToDraw(l, mine);
        });
    }

    public Match declineDraw(Player me, String matchId, long expectedVersion) {
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            SeatEntity mine = requirePlayingSeat(l, me);
            if (!othersOffer(l, mine)) {
                throw LobbyErrors.failedPrecondition("There is no draw offer to decline.");
            }
            for (SeatEntity s : l.seats) {
                s.offersDraw = false;
            }
            events.append(l.m, MatchEvent.newBuilder().setDrawDeclined(DrawDeclined.newBuilder().setSeat(mine.idx)), l.now);
        });
    }

    private static boolean othersOffer(Locked l, SeatEntity mine) {
        for (SeatEntity s : l.seats) {
            if (s != mine && !s.out && s.offersDraw) {
                return true;
            }
        }
        return false;
    }

    /** Marks the seat's agreement; when every seat still in the game agrees, the game is drawn. */
    private void agreeToDraw(Locked l, SeatEntity mine) {
        mine.offersDraw = true;
        for (SeatEntity s : l.seats) {
            if (!s.out && !s.offersDraw) {
                events.append(l.m, MatchEvent.newBuilder().setDrawOffered(DrawOffered.newBuilder().setSeat(mine.idx)), l.now);
                return;
            }
        }
        stopClock(l);
        Outcome draw = Outcome.newBuilder().setKind(OutcomeKind.DRAW).setReason(EndReason.AGREEMENT)
            .setDescription(l.seats.size() > 2 ? "Drawn by agreement of every player still in the game." : "Drawn by agreement.")
            .addAllEliminationOrder(l.state.getOutcome().getEliminationOrderList())
            .build();
        setState(l, l.state.toBuilder().setStatus(GameStatus.FINISHED).setOutcome(draw).build());
        finish(l, MatchStatus.MATCH_FINISHED, draw);
    }

    public Match abort(Player me, String matchId, long expectedVersion) {
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            requireSeat(l, me);
            MatchStatus st = l.status();
            if (st == MatchStatus.MATCH_FINISHED || st == MatchStatus.MATCH_ABORTED) {
                throw LobbyErrors.failedPrecondition("The match is " + statusWords(st) + "; there is nothing to abort.");
            }
            if (l.m.plies > 0) {
                throw LobbyErrors.failedPrecondition("A match can be aborted only before the first move; resign instead.");
            }
            stopClock(l);
            Outcome aborted = Outcome.newBuilder().setReason(EndReason.ABORTED)
                .setDescription("Aborted by " + me.getName() + " before the first move.").build();
            setState(l, l.state.toBuilder().setStatus(GameStatus.FINISHED).setOutcome(aborted).build());
            finish(l, MatchStatus.MATCH_ABORTED, aborted);
        });
    }

    // ---------------------------------------------------------------------------------------------- clocks

    public Match claimTimeout(Player me, String matchId, long expectedVersion) {
        return change(matchId, l -> {
            checkVersion(l, expectedVersion);
            SeatEntity mine = requirePlayingSeat(l, me);
            if (!l.m.hasClock()) {
                throw LobbyErrors.failedPrecondition("This match is played without a clock; no time can run out.");
            }
            int mover = l.mover();
            if (mover == mine.idx) {
                throw LobbyErrors.failedPrecondition("Your own clock is running; only an opponent's fallen flag can be claimed.");
            }
            long left = l.moverTimeLeft();
            if (left > 0) {
                throw LobbyErrors.failedPrecondition("No clock has run out: " + l.colour(mover) + " has "
                    + String.format(Locale.ROOT, "%.1f", left / 1000.0) + " s left.");
            }
            flag(l);
        });
    }

    /**
     * The scheduler's part: flags the match when its running clock is out. Locks with SKIP LOCKED, so a
     * match that another transaction (a move, or the scheduler of another instance) holds is left alone.
     *
     * @return true when a flag fell
     */
    public boolean flagIfDue(UUID matchId) {
        boolean[] aiWaits = new boolean[1];
        boolean flagged = QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object> due = Panache.getEntityManager().createNativeQuery(
                    "SELECT id FROM matches WHERE id = ?1 AND status = 'MATCH_ACTIVE' AND deadline_at <= clock_timestamp() "
                        + "FOR UPDATE SKIP LOCKED")
                .setParameter(1, matchId).getResultList();
            if (due.isEmpty()) {
                return false;
            }
            MatchEntity m = MatchEntity.findById(matchId);
            Locked l = new Locked(m, SeatEntity.ofMatch(matchId), EventLog.dbNow());
            if (l.moverTimeLeft() > 0) {
                return false;
            }
            flag(l);
            aiWaits[0] = aiWaits(l);
            return true;
        });
        if (flagged) {
            metrics.counter("plyyard.lobby.flags").increment();
        }
        if (aiWaits[0]) {
            ai.onTurn(matchId);
        }
        return flagged;
    }

    /** Ids of active matches whose deadline has passed (no lock; {@link #flagIfDue} decides under the lock). */
    public List<UUID> dueMatches(int limit) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object> ids = Panache.getEntityManager().createNativeQuery(
                    "SELECT id FROM matches WHERE status = 'MATCH_ACTIVE' AND deadline_at <= clock_timestamp() "
                        + "ORDER BY deadline_at LIMIT ?1")
                .setParameter(1, limit).getResultList();
            List<UUID> out = new ArrayList<>();
            for (Object o : ids) {
                out.add(o instanceof UUID u ? u : UUID.fromString(o.toString()));
            }
            return out;
        });
    }

    /** The mover's flag falls: clock to 0, then the rules remove the seat (end, or free-for-all goes on). */
    private void flag(Locked l) {
        int mover = l.mover();
        l.seats.get(mover).clockMillis = 0;
        l.m.turnStartedAt = Instant.ofEpochMilli(l.now);
        events.append(l.m, MatchEvent.newBuilder().setClock(ClockUpdate.newBuilder().addAllClockMillis(l.clocks())), l.now);
        removeSeat(l, mover, EndReason.TIMEOUT);
    }

    // ---------------------------------------------------------------------------------------------- AI seats

    /**
     * What an AI seat needs to think about its turn, read without a lock.
     *
     * @param seat            the AI seat that moves now (the mover)
     * @param level           its level, 1 (beginner) to 5 (max)
     * @param version         the match version to expect when submitting the answer
     * @param clockMillis     the seat's time left now; -1 without a clock
     * @param incrementMillis the clock's increment
     * @param plies           moves played so far (with the match id, the seed of the AI's choice)
     */
    public record AiTurn(UUID matchId, int seat, int level, long version, GameState state, long clockMillis,
                         long incrementMillis, int plies) {
    }

    /**
     * The AI turn the match waits for, or null when it waits for none (not active, or a player is to move). Read
     * under a share lock (like GetMatch), never held beyond this short transaction.
     */
    public AiTurn aiTurn(UUID matchId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            MatchEntity m = readConsistently(matchId);
            if (m == null || !m.aiToMove || !MatchStatus.MATCH_ACTIVE.name().equals(m.status)) {
                return null;
            }
            Locked l = new Locked(m, SeatEntity.ofMatch(matchId), m.hasClock() ? EventLog.dbNow() : 0);
            SeatEntity s = l.seats.get(l.mover());
            if (!SeatKind.SEAT_AI.name().equals(s.kind)) {
                return null;
            }
            long clock = m.hasClock() ? Math.max(0, l.moverTimeLeft()) : -1;
            return new AiTurn(matchId, s.idx, s.aiLevel == null ? 1 : s.aiLevel, m.version, l.state, clock,
                m.incrementMillis, m.plies);
        });
    }

    /**
     * Ids of active matches waiting for an AI seat whose turn began at least {@code waitingSeconds} ago, oldest
     * turn first: one indexed query ({@code matches_ai_turn}), no lock.
     */
    public List<UUID> aiTurnsWaiting(double waitingSeconds, int limit) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object> ids = Panache.getEntityManager().createNativeQuery(
                    "SELECT id FROM matches WHERE ai_to_move AND status = 'MATCH_ACTIVE' "
                        + "AND turn_started_at <= clock_timestamp() - make_interval(secs => ?1) "
                        + "ORDER BY turn_started_at LIMIT ?2")
                .setParameter(1, waitingSeconds).setParameter(2, limit).getResultList();
            List<UUID> out = new ArrayList<>();
            for (Object o : ids) {
                out.add(o instanceof UUID u ? u : UUID.fromString(o.toString()));
            }
            return out;
        });
    }

    // ---------------------------------------------------------------------------------------------- presence

    /** A seated player's WatchMatch stream opened (+1) or closed (-1); the 0↔1 edges are events. */
    public void presence(UUID matchId, int seat, boolean opened) {
        QuarkusTransaction.requiringNew().run(() -> {
            Locked l = lock(matchId, matchId.toString());
            SeatEntity s = l.seats.get(seat);
            if (opened) {
                s.connections++;
                if (s.connections == 1) {
                    events.append(l.m, MatchEvent.newBuilder().setPresence(
                        PlayerPresence.newBuilder().setSeat(seat).setConnected(true)), l.now);
                }
            } else if (s.connections > 0) {
                s.connections--;
                if (s.connections == 0) {
                    events.append(l.m, MatchEvent.newBuilder().setPresence(
                        PlayerPresence.newBuilder().setSeat(seat).setConnected(false)), l.now);
                }
            }
        });
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** One transaction on a locked match: the work throws to refuse (nothing written) or changes it. */
    private Match change(String matchId, java.util.function.Consumer<Locked> work) {
        UUID id = parseId(matchId);
        boolean[] aiWaits = new boolean[1];
        Match after = QuarkusTransaction.requiringNew().call(() -> {
            Locked l = lock(id, matchId);
            work.accept(l);
            aiWaits[0] = aiWaits(l);
            return MatchViews.view(l.m, l.seats, true);
        });
        if (aiWaits[0]) {
            ai.onTurn(id); // after the commit: the AI thinks outside this transaction
        }
        return after;
    }

    private static boolean aiWaits(Locked l) {
        return l.m.aiToMove && l.status() == MatchStatus.MATCH_ACTIVE;
    }

    private Locked lock(UUID id, String given) {
        @SuppressWarnings("unchecked")
        List<Object> found = Panache.getEntityManager()
            .createNativeQuery("SELECT id FROM matches WHERE id = ?1 FOR UPDATE")
            .setParameter(1, id).getResultList();
        if (found.isEmpty()) {
            throw notFound(given);
        }
        MatchEntity m = MatchEntity.findById(id);
        return new Locked(m, SeatEntity.ofMatch(id), EventLog.dbNow());
    }

    private static void checkVersion(Locked l, long expected) {
        if (expected < l.m.stateVersion || expected > l.m.version) {
            throw LobbyErrors.aborted("The match has changed since version " + expected + "; the current version is "
                + l.m.version + ".");
        }
    }

    private static SeatEntity requireSeat(Locked l, Player me) {
        SeatEntity s = l.seatOf(me);
        if (s == null) {
            throw LobbyErrors.denied("You do not hold a seat in this match; spectators can only watch.");
        }
        return s;
    }

    /** A seat whose player still plays: seated, match active, seat not out. */
    private static SeatEntity requirePlayingSeat(Locked l, Player me) {
        SeatEntity s = requireSeat(l, me);
        requireActive(l);
        if (s.out) {
            throw LobbyErrors.failedPrecondition("You are out of this game; only the players still in it can do that.");
        }
        return s;
    }

    private static void requireActive(Locked l) {
        MatchStatus st = l.status();
        if (st != MatchStatus.MATCH_ACTIVE) {
            throw LobbyErrors.failedPrecondition("The match is " + statusWords(st) + "; nothing can be played in it now.");
        }
    }

    static String statusWords(MatchStatus st) {
        return switch (st) {
            case MATCH_WAITING -> "still waiting for players";
            case MATCH_ACTIVE -> "under way";
            case MATCH_FINISHED -> "over";
            case MATCH_ABORTED -> "aborted";
            default -> "in an unknown state";
        };
    }

    /** A seat leaves by resignation or time: the rules decide whether the game ends or goes on. */
    private void removeSeat(Locked l, int seat, EndReason reason) {
        boolean moverLeaves = seat == l.mover();
        if (!moverLeaves || reason == EndReason.RESIGNATION) {
            // charge the running clock up to now before the turn changes hands
            stopClock(l);
        }
        GameState next = rules.removeSeat(l.state, seat, reason);
        l.seats.get(seat).offersDraw = false;
        setState(l, next);
        if (next.getStatus() == GameStatus.FINISHED) {
            finish(l, MatchStatus.MATCH_FINISHED, next.getOutcome());
            return;
        }
        startTurn(l);
        events.append(l.m, MatchEvent.newBuilder().setSeatOut(
            SeatOut.newBuilder().setSeat(seat).setReason(reason).setState(next)), l.now);
    }

    /** Stores the rules' state and the seats' out flags it implies. */
    private static void setState(Locked l, GameState next) {
        l.state = next;
        l.m.state = next.toByteArray();
        for (SeatEntity s : l.seats) {
            if (s.idx < next.getSeatsCount()) {
                s.out = next.getSeats(s.idx).getOut();
            }
        }
    }

    /** Charges the running clock up to now and stops it. */
    private static void stopClock(Locked l) {
        if (l.m.hasClock() && l.m.turnStartedAt != null && l.status() == MatchStatus.MATCH_ACTIVE) {
            SeatEntity s = l.seats.get(l.mover());
            s.clockMillis = Math.max(0, l.moverTimeLeft());
        }
        l.m.turnStartedAt = Instant.ofEpochMilli(l.now);
        l.m.deadlineAt = null;
    }

    /** The mover's clock starts now. */
    private static void startTurn(Locked l) {
        l.m.turnStartedAt = Instant.ofEpochMilli(l.now);
        l.m.deadlineAt = l.m.hasClock() ? Instant.ofEpochMilli(l.now + l.seats.get(l.mover()).clockMillis) : null;
        l.m.aiToMove = SeatKind.SEAT_AI.name().equals(l.seats.get(l.mover()).kind);
    }

    private void finish(Locked l, MatchStatus status, Outcome result) {
        l.m.status = status.name();
        l.m.result = result.toByteArray();
        l.m.deadlineAt = null;
        l.m.aiToMove = false;
        l.m.turnStartedAt = Instant.ofEpochMilli(l.now);
        for (SeatEntity s : l.seats) {
            s.offersDraw = false;
        }
        events.append(l.m, MatchEvent.newBuilder().setEnded(
            MatchEnded.newBuilder().setStatus(status).setResult(result).setState(l.state)), l.now);
        if (status == MatchStatus.MATCH_FINISHED) {
            // every way a match ends comes through here (moves, flags, resignations, draws, the last seat-out of a
            // free-for-all): a rated result updates the ratings in this same transaction; aborts never do
            ratings.rateMatch(l.m, l.seats, l.state, result, l.now);
        }
        metrics.counter("plyyard.lobby.matches.ended", "status", status.name()).increment();
    }

    static UUID parseId(String matchId) {
        if (matchId == null || matchId.isBlank()) {
            throw LobbyErrors.invalid("No match id given.");
        }
        try {
            return UUID.fromString(matchId.strip());
        } catch (IllegalArgumentException e) {
            throw LobbyErrors.invalid("'" + matchId + "' is not a match id (a UUID).");
        }
    }

    static RuntimeException notFound(String matchId) {
        return LobbyErrors.notFound("There is no match " + matchId.strip() + ".");
    }

    /** For WatchMatch: checks the match and the version, and optionally builds the snapshot. */
    public record WatchStart(Match snapshot, long version, int seat) {
    }

    public WatchStart watchStart(Player me, String matchId, long fromVersion) {
        UUID id = parseId(matchId);
        return QuarkusTransaction.requiringNew().call(() -> {
            MatchEntity m = fromVersion == 0 ? readConsistently(id) : MatchEntity.findById(id);
            if (m == null) {
                throw notFound(matchId);
            }
            if (fromVersion > m.version) {
                throw LobbyErrors.invalid("Version " + fromVersion + " is beyond this match's current version " + m.version + ".");
            }
            List<SeatEntity> seats = SeatEntity.ofMatch(id);
            int seat = -1;
            UUID myId = UUID.fromString(me.getId());
            for (SeatEntity s : seats) {
                if (SeatKind.SEAT_PLAYER.name().equals(s.kind) && myId.equals(s.playerId)) {
                    seat = s.idx;
                }
            }
            Match snapshot = fromVersion == 0 ? MatchViews.view(m, seats, true) : null;
            return new WatchStart(snapshot, fromVersion == 0 ? m.version : fromVersion, seat);
        });
    }
}
