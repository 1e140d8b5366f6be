package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.clock.MatchClock;
import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.ListLegalMovesResponse;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.VariantOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * What is read about matches without changing them: GetMatch, ListMyMatches, ListLegalMoves, the start of WatchMatch, and for
 * matchmaking the busy players and the match a rematch repeats.
 */
@ApplicationScoped
public class MatchQueries {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchRepository matches;

    @Inject
    MatchViews views;

    @Inject
    Rules rules;

    @Inject
    MoveStore store;

    @Inject
    LegalMovesCache legalMoves;

    public Match get(String matchIdText) {
        UUID id = Ids.parse(matchIdText, "match");
        return unitOfWork.call(() -> {
            MatchEntity m = matches.lockForRead(id);
            if (m == null) {
                throw MatchChanges.notFound(id);
            }
            return views.view(m, matches.seats(id), true);
        });
    }

    /**
     * The legal moves of the current position, with the version they belong to. The match's row is read by one plain
     * statement (one row: no lock needed for a consistent answer); the moves are the ones the move that made the
     * position brought along when this instance played it ({@link LegalMovesCache}), otherwise rules-service's.
     */
    public ListLegalMovesResponse legalMoves(String matchIdText) {
        UUID id = Ids.parse(matchIdText, "match");
        MoveStore.Position current = store.position(id);
        GameState state = MatchBeingChanged.stateOf(id, current.state());
        ListLegalMovesResponse.Builder answer = ListLegalMovesResponse.newBuilder()
            .setVersion(current.version()).setToMove(state.getToMove());
        if (MatchStatus.MATCH_ACTIVE.name().equals(current.status())) {
            answer.addAllMoves(legalMoves.get(id, current.stateVersion(), () -> rules.legalMoves(state).getMovesList()));
        }
        return answer.build();
    }

    public ListMatchesResponse listMine(Player me, ListMyMatchesRequest request) {
        // uint32 on the wire: read unsigned, so 2^31 and more mean "as many as allowed", not a negative page size
        long asked = Integer.toUnsignedLong(request.getLimit());
        int limit = asked == 0 ? 50 : (int) Math.min(asked, 200);
        UUID myId = UUID.fromString(me.getId());
        MatchStatus status = request.getStatus();
        if (status == MatchStatus.UNRECOGNIZED) {
            throw LobbyException.invalid("The status filter is not a known match status.");
        }
        return unitOfWork.call(() -> {
            ListMatchesResponse.Builder b = ListMatchesResponse.newBuilder();
            for (MatchEntity m : matches.ofPlayer(myId, status == MatchStatus.MATCH_STATUS_UNSPECIFIED ? null : status.name(),
                limit)) {
                b.addMatches(views.view(m, matches.seats(m.id), false));
            }
            return b.build();
        });
    }

    /**
     * For WatchMatch: the version check, the caller's own seat (-1 for a spectator) and, from version 0, the snapshot.
     *
     * @param snapshot the match at {@code version}, or null when resuming after {@code version}
     */
    public record WatchStart(UUID matchId, Match snapshot, long version, int seat) {
    }

    public WatchStart watchStart(Player me, String matchIdText, long fromVersion) {
        UUID id = Ids.parse(matchIdText, "match");
        return unitOfWork.call(() -> {
            MatchEntity m = fromVersion == 0 ? matches.lockForRead(id) : matches.findById(id);
            if (m == null) {
                throw MatchChanges.notFound(id);
            }
            if (Long.compareUnsigned(fromVersion, m.version) > 0) { // a uint64: 2^63 and above are beyond, not negative
                throw LobbyException.invalid("Version " + Long.toUnsignedString(fromVersion) + " is beyond this match's "
                    + "current version " + m.version + ".");
            }
            List<SeatEntity> seats = matches.seats(id);
            int seat = -1;
            UUID myId = UUID.fromString(me.getId());
            for (SeatEntity s : seats) {
                if (SeatKind.SEAT_PLAYER.name().equals(s.kind) && myId.equals(s.playerId)) {
                    seat = s.idx;
                }
            }
            Match snapshot = fromVersion == 0 ? views.view(m, seats, true) : null;
            return new WatchStart(id, snapshot, fromVersion == 0 ? m.version : fromVersion, seat);
        });
    }

    /**
     * A match as a rematch sees it: its game and its seats (each a player or an AI level).
     *
     * @param seats by seat index: {@link SeatPlan#player} for a person's seat, {@link SeatPlan#ai} for an AI's
     */
    public record PastMatch(UUID id, MatchStatus status, String variant, VariantOptions options, MatchClock clock,
                            boolean rated, List<SeatPlan> seats) {
        /** The people who played it, in seat order. */
        public List<UUID> people() {
            List<UUID> out = new ArrayList<>();
            for (SeatPlan s : seats) {
                if (!s.isAi() && s.playerId() != null) {
                    out.add(s.playerId());
                }
            }
            return out;
        }
    }

    /** The match and its seats as they are now (no lock), or null; inside the caller's unit of work. */
    public PastMatch past(UUID id) {
        unitOfWork.requireActive("MatchQueries.past");
        MatchEntity m = matches.findById(id);
        if (m == null) {
            return null;
        }
        List<SeatPlan> seats = new ArrayList<>();
        for (SeatEntity s : matches.seats(id)) {
            seats.add(SeatKind.SEAT_AI.name().equals(s.kind) ? SeatPlan.ai(s.aiLevel == null ? 1 : s.aiLevel)
                : new SeatPlan(SeatKind.valueOf(s.kind), s.playerId, 0));
        }
        return new PastMatch(id, MatchStatus.valueOf(m.status), m.variant, options(m.options), m.clock(), m.rated, seats);
    }

    /** The match's status under a share lock (it cannot change until this unit of work ends). */
    public MatchStatus statusForShare(UUID id) {
        unitOfWork.requireActive("MatchQueries.statusForShare");
        return MatchStatus.valueOf(matches.lockForRead(id).status);
    }

    private static VariantOptions options(byte[] stored) {
        try {
            return VariantOptions.parseFrom(stored);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored options do not parse", e);
        }
    }

    /**
     * Of these players, those playing an active match with a clock and not out of it; inside the caller's unit of work
     * (matchmaking asks under the players' row locks, so a pairing racing this check sees it).
     */
    public Set<UUID> playingClocked(Collection<UUID> players) {
        unitOfWork.requireActive("MatchQueries.playingClocked");
        return matches.playingClocked(players);
    }

    /**
     * As {@link #playingClocked}, with the match each of them plays (its id and variant), so that a refusal can name it;
     * inside the caller's unit of work.
     */
    public Map<UUID, ClockedMatch> clockedMatches(Collection<UUID> players) {
        unitOfWork.requireActive("MatchQueries.clockedMatches");
        return matches.clockedMatches(players);
    }
}
