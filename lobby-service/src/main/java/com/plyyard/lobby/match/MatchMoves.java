package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.RulesClient;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatKind;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.UUID;

/** SubmitMove, for a player's seat or an AI seat: the turn, the clock, the rules, then the new state and its events. */
@ApplicationScoped
public class MatchMoves {
    @Inject
    MatchChanges changes;

    @Inject
    MatchEventLog events;

    @Inject
    MatchEndings endings;

    @Inject
    RulesClient rules;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MeterRegistry metrics;

    public Match submitMove(Player me, String matchId, String move, long expectedVersion) {
        if (move == null || move.isBlank()) {
            throw LobbyException.invalid("No move given.");
        }
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            SeatEntity mine = match.requireSeat(me);
            match.requireActive();
            play(match, mine, move);
        });
    }

    /**
     * An AI seat's move, submitted by the AI turns: the same transaction, checks, clock and events as a player's move,
     * for the seat instead of a caller. A stale version (another lobby instance moved first, or a player changed the
     * match meanwhile) is ABORTED like any other.
     */
    public Match submitAiMove(UUID matchId, int seat, String move, long expectedVersion) {
        if (move == null || move.isBlank()) {
            throw LobbyException.invalid("No move given.");
        }
        return changes.change(matchId.toString(), match -> {
            match.checkVersion(expectedVersion);
            if (seat < 0 || seat >= match.seats.size() || !SeatKind.SEAT_AI.name().equals(match.seat(seat).kind)) {
                throw LobbyException.failedPrecondition("Seat " + seat + " is not an AI seat.");
            }
            match.requireActive();
            play(match, match.seat(seat), move);
        });
    }

    /** A move by the player of seat {@code mine}: its turn, its clock, the rules, then the new state and events. */
    private void play(LockedMatch match, SeatEntity mine, String move) {
        int mover = match.mover();
        int toMove = match.state().getToMove();
        if (mine.idx != mover) {
            String whose = mover == toMove ? match.colour(toMove) + " (seat " + toMove + ")"
                : match.colour(mover) + " (seat " + mover + ", playing " + match.colour(toMove).toLowerCase(Locale.ROOT)
                    + "'s turn)";
            throw LobbyException.failedPrecondition("It is not your turn; " + whose + " is to move.");
        }
        long left = match.moverTimeLeft();
        if (left <= 0) {
            throw LobbyException.failedPrecondition("Your time is up; the flag falls and the move cannot be played.");
        }
        ApplyMoveResponse applied = rules.applyMove(match.state(), move.strip()); // the rules' refusal passes through
        if (match.clock().isTimed()) {
            mine.clockMillis = match.clock().afterMove(left);
        }
        for (SeatEntity s : match.seats) {
            s.offersDraw = false;
        }
        match.row.plies++;
        match.setState(applied.getState());
        MovePlayed.Builder played = MovePlayed.newBuilder()
            .setPly(match.row.plies).setSeat(toMove).setMove(applied.getMove()).setState(applied.getState())
            .addAllClockMillis(match.clocks());
        if (applied.getState().getStatus() == GameStatus.FINISHED) {
            events.append(match.row, MatchEvent.newBuilder().setMovePlayed(played), match.now);
            endings.finish(match, MatchStatus.MATCH_FINISHED, applied.getState().getOutcome());
        } else {
            match.startTurn();
            events.append(match.row, MatchEvent.newBuilder().setMovePlayed(played), match.now);
        }
        unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.moves").increment());
    }
}
