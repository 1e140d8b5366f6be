package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.TimeControl;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Builds the {@link Match} message from the stored rows. Call inside a unit of work. */
@ApplicationScoped
class MatchViews {
    @Inject
    PlayerRepository players;

    @Inject
    MatchEventLog events;

    @Inject
    MoveLists moveLists;

    Match view(MatchBeingChanged match, boolean withMoves) {
        return view(match.row, match.seats, withMoves);
    }

    Match view(MatchEntity m, List<SeatEntity> seats, boolean withMoves) {
        List<UUID> ids = new ArrayList<>();
        ids.add(m.createdBy);
        for (SeatEntity s : seats) {
            if (s.playerId != null) {
                ids.add(s.playerId);
            }
            if (s.invitedPlayerId != null) {
                ids.add(s.invitedPlayerId);
            }
        }
        Map<UUID, Player> names = players.byIds(ids);
        return view(m, seats, names, withMoves ? moves(m) : List.of());
    }

    /**
     * Its moves: the list this instance holds when it has them all (the matches it moves in), else read. A move of
     * the caller's own unit of work counts in {@code plies} but is in no held list, so it is read with the rest.
     */
    private List<MatchMove> moves(MatchEntity m) {
        if (m.plies == 0) {
            return List.of();
        }
        List<MatchMove> held = moveLists.held(m.id, m.plies);
        if (held != null) {
            return held;
        }
        List<MatchMove> moves = new ArrayList<>(m.plies);
        for (MatchEvent e : events.moves(m.id)) {
            moves.add(move(e));
        }
        return moves;
    }

    /** The match from rows read already, the names of its players and its moves (no database access). */
    static Match view(MatchEntity m, List<SeatEntity> seats, Map<UUID, Player> names, List<MatchMove> moves) {
        GameState state = MatchBeingChanged.stateOf(m);
        Match.Builder b = Match.newBuilder()
            .setId(m.id.toString())
            .setVariant(state.getVariant())
            .setTimeControl(TimeControl.newBuilder()
                .setInitialSeconds((int) (m.initialMillis / 1000)).setIncrementSeconds((int) (m.incrementMillis / 1000)))
            .setRated(m.rated)
            .setStatus(MatchStatus.valueOf(m.status))
            .setVersion(m.version)
            .setState(state)
            .setCreatedAtEpochMillis(m.createdAt.toEpochMilli())
            .setClockAtEpochMillis(clockAt(m));
        Player creator = names.get(m.createdBy);
        if (creator != null) {
            b.setCreatedBy(creator);
        }
        for (SeatEntity s : seats) {
            MatchSeat.Builder seat = MatchSeat.newBuilder()
                .setIndex(s.idx)
                .setColour(s.idx < state.getSeatsCount() ? state.getSeats(s.idx).getColour() : "")
                .setKind(SeatKind.valueOf(s.kind))
                .setConnected(s.connections > 0)
                .setClockMillis(s.clockMillis)
                .setOut(s.out)
                .setOffersDraw(s.offersDraw);
            UUID who = s.playerId != null ? s.playerId : s.invitedPlayerId;
            if (who != null && names.containsKey(who) && !SeatKind.SEAT_OPEN.name().equals(s.kind)) {
                seat.setPlayer(names.get(who));
            }
            if (s.aiLevel != null) {
                seat.setAiLevel(s.aiLevel);
            }
            b.addSeats(seat);
        }
        if (m.result != null) {
            b.setResult(outcome(m.result));
        }
        b.addAllMoves(moves);
        return b.build();
    }

    /**
     * A played move as the match lists it. The clock that ran is the mover's: the player who made the move for the
     * seat to move ({@code played_by} of that seat, which the move itself never changes, so the state after it
     * tells), e.g. a partner playing a team-mate's turn.
     */
    static MatchMove move(MatchEvent e) {
        MovePlayed mp = e.getMovePlayed();
        int seat = mp.getSeat();
        int mover = seat < mp.getState().getSeatsCount() ? mp.getState().getSeats(seat).getPlayedBy() : seat;
        return MatchMove.newBuilder()
            .setPly(mp.getPly())
            .setSeat(seat)
            .setMove(mp.getMove())
            .setVersion(e.getVersion())
            .setAtEpochMillis(e.getAtEpochMillis())
            .setClockMillisAfter(mover < mp.getClockMillisCount() ? mp.getClockMillis(mover) : 0)
            .build();
    }

    /** When the clocks in the seats were read: the running clock counts down from here. */
    private static long clockAt(MatchEntity m) {
        if (m.turnStartedAt != null && MatchStatus.MATCH_ACTIVE.name().equals(m.status)) {
            return m.turnStartedAt.toEpochMilli();
        }
        return m.updatedAt.toEpochMilli();
    }

    private static Outcome outcome(byte[] bytes) {
        try {
            return Outcome.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("A stored result does not parse.", e);
        }
    }
}
