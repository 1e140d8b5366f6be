package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.model.MatchEntity;
import com.plyyard.lobby.model.SeatEntity;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Builds the {@link Match} message from the stored rows. Call inside a transaction. */
public final class MatchViews {
    private MatchViews() {
    }

    public static Match view(MatchEntity m, List<SeatEntity> seats, boolean withMoves) {
        GameState state = state(m);
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
        Map<UUID, Player> players = Players.byIds(ids);
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
        Player creator = players.get(m.createdBy);
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
            if (who != null && players.containsKey(who) && !SeatKind.SEAT_OPEN.name().equals(s.kind)) {
                seat.setPlayer(players.get(who));
            }
            if (s.aiLevel != null) {
                seat.setAiLevel(s.aiLevel);
            }
            b.addSeats(seat);
        }
        if (m.result != null) {
            b.setResult(outcome(m.result));
        }
        if (withMoves) {
            for (MatchEvent e : EventLog.moves(m.id)) {
                MovePlayed mp = e.getMovePlayed();
                int clockSeat = mp.getMove().hasPloy() ? mp.getMove().getPloy().getMover() : mp.getSeat();
                b.addMoves(MatchMove.newBuilder()
                    .setPly(mp.getPly())
                    .setSeat(mp.getSeat())
                    .setMove(mp.getMove())
                    .setVersion(e.getVersion())
                    .setAtEpochMillis(e.getAtEpochMillis())
                    .setClockMillisAfter(clockSeat < mp.getClockMillisCount() ? mp.getClockMillis(clockSeat) : 0));
            }
        }
        return b.build();
    }

    /** When the clocks in the seats were read: the running clock counts down from here. */
    static long clockAt(MatchEntity m) {
        if (m.turnStartedAt != null && MatchStatus.MATCH_ACTIVE.name().equals(m.status)) {
            return m.turnStartedAt.toEpochMilli();
        }
        return m.updatedAt.toEpochMilli();
    }

    public static GameState state(MatchEntity m) {
        try {
            return GameState.parseFrom(m.state);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("The stored state of match " + m.id + " does not parse.", e);
        }
    }

    static Outcome outcome(byte[] bytes) {
        try {
            return Outcome.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("A stored result does not parse.", e);
        }
    }
}
