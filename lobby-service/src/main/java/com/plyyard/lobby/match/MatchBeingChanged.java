package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.clock.MatchClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A match being changed, for the length of one change: its row (locked by the caller's unit of work, or — on the move
 * path — read as one snapshot whose write is then guarded by the version read, so not always locked), its seats, its
 * game state and the database time of the change. The checks every change starts with, and the clock and state updates
 * every change ends with, are here; what a call does with them is in the classes named after the calls.
 */
public final class MatchBeingChanged {
    final MatchEntity row;
    final List<SeatEntity> seats;
    final long now;
    private GameState state;

    MatchBeingChanged(MatchEntity row, List<SeatEntity> seats, long now) {
        this.row = row;
        this.seats = seats;
        this.now = now;
        this.state = stateOf(row);
    }

    public UUID id() {
        return row.id;
    }

    GameState state() {
        return state;
    }

    MatchStatus status() {
        return MatchStatus.valueOf(row.status);
    }

    MatchClock clock() {
        return row.clock();
    }

    SeatEntity seat(int index) {
        return seats.get(index);
    }

    /** The seat the player holds (as a player, not merely invited), or null. */
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

    /** "White", "Green", … or "seat 3" where the state names no colour. */
    String colour(int seat) {
        String c = seat < state.getSeatsCount() ? state.getSeats(seat).getColour() : "seat " + seat;
        return c.isEmpty() ? "seat " + seat : Character.toUpperCase(c.charAt(0)) + c.substring(1);
    }

    /** Time left on the running clock now (the mover's); Long.MAX_VALUE without a clock. */
    long moverTimeLeft() {
        return clock().timeLeft(seats.get(mover()).clockMillis, turnStartedAt(), now);
    }

    /** Every seat's stored time, by seat. */
    List<Long> clocks() {
        List<Long> c = new ArrayList<>();
        for (SeatEntity s : seats) {
            c.add(s.clockMillis);
        }
        return c;
    }

    /** True while the match is active and an AI seat is to move: the AI is woken after the commit. */
    boolean aiToMove() {
        return row.aiToMove && status() == MatchStatus.MATCH_ACTIVE;
    }

    // ------------------------------------------------------------------------------------------- checks (refusals)

    /** ABORTED unless {@code expected} is at least the last game-changing version and at most the current one. */
    void checkVersion(long expected) {
        // a uint64: 2^63 and above are far beyond the current version, not negative
        if (Long.compareUnsigned(expected, row.stateVersion) < 0 || Long.compareUnsigned(expected, row.version) > 0) {
            throw LobbyException.aborted("The match has changed since version " + Long.toUnsignedString(expected)
                + "; the current version is " + row.version + ".");
        }
    }

    SeatEntity requireSeat(Player me) {
        SeatEntity s = seatOf(me);
        if (s == null) {
            throw LobbyException.denied("You do not hold a seat in this match; spectators can only watch.");
        }
        return s;
    }

    /** A seat whose player still plays: seated, match active, seat not out. */
    SeatEntity requirePlayingSeat(Player me) {
        SeatEntity s = requireSeat(me);
        requireActive();
        if (s.out) {
            throw LobbyException.failedPrecondition("You are out of this game; only the players still in it can do that.");
        }
        return s;
    }

    void requireActive() {
        MatchStatus st = status();
        if (st != MatchStatus.MATCH_ACTIVE) {
            throw LobbyException.failedPrecondition("The match is " + statusWords(st) + "; nothing can be played in it now.");
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

    // ------------------------------------------------------------------------------------------- updates

    /** Stores the rules' state and the seats' out flags it implies. */
    void setState(GameState next) {
        state = next;
        row.state = next.toByteArray();
        for (SeatEntity s : seats) {
            if (s.idx < next.getSeatsCount()) {
                s.out = next.getSeats(s.idx).getOut();
            }
        }
    }

    /** Charges the running clock up to now and stops it. */
    void stopClock() {
        if (status() == MatchStatus.MATCH_ACTIVE && clock().isTimed() && row.turnStartedAt != null) {
            SeatEntity s = seats.get(mover());
            s.clockMillis = clock().stopped(s.clockMillis, turnStartedAt(), now);
        }
        row.turnStartedAt = Instant.ofEpochMilli(now);
        row.deadlineAt = null;
    }

    /** The mover's clock starts now. */
    void startTurn() {
        SeatEntity mover = seats.get(mover());
        Long deadline = clock().deadline(now, mover.clockMillis);
        row.turnStartedAt = Instant.ofEpochMilli(now);
        row.deadlineAt = deadline == null ? null : Instant.ofEpochMilli(deadline);
        row.aiToMove = SeatKind.SEAT_AI.name().equals(mover.kind);
    }

    private Long turnStartedAt() {
        return row.turnStartedAt == null ? null : row.turnStartedAt.toEpochMilli();
    }

    static GameState stateOf(MatchEntity m) {
        return stateOf(m.id, m.state);
    }

    static GameState stateOf(UUID matchId, byte[] state) {
        try {
            return GameState.parseFrom(state);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("The stored state of match " + matchId + " does not parse.", e);
        }
    }
}
