package com.plyyard.lobby.match;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.MoveJudge;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * SubmitMove, for a player's seat or an AI seat: the turn, the clock, the rules, then the new state and its events.
 *
 * <p>A move that does not end the game takes the move path ({@link MoveStore}): read, check, ask the rules with no lock
 * held (in one call with the moves of other matches ready at the same time, {@link MoveJudge}), then one guarded write, shared with the moves of other matches ready at the same time ({@link MoveWriter}); if
 * another change of the match came in between, the move is read and checked again
 * (and refused with ABORTED if that change was game-changing). The last move of a game takes the locked unit of work
 * like every other change, since its ending also writes the result, the ratings and the lobby's events.
 */
@ApplicationScoped
public class MatchMoves {
    /** Reads of the match before a move gives up: each retry means another change of the match came first. */
    static final int ATTEMPTS = 8;

    @Inject
    MatchChanges changes;

    @Inject
    MatchEventLog events;

    @Inject
    MatchEndings endings;

    @Inject
    Rules rules;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MoveStore store;

    @Inject
    MoveWriter writer;

    @Inject
    AiSeats ai;

    @Inject
    MeterRegistry metrics;

    @Inject
    LegalMovesCache legalMoves;

    @Inject
    MoveJudge judge;

    private Counter moves;
    @Inject
    MoveLists moveLists;

    @PostConstruct
    void init() {
        moves = metrics.counter("plyyard.lobby.moves");
    }

    public Match submitMove(Player me, String matchId, String move, long expectedVersion) {
        if (move == null || move.isBlank()) {
            throw LobbyException.invalid("No move given.");
        }
        return submit(Ids.parse(matchId, "match"), move.strip(), expectedVersion, match -> match.requireSeat(me));
    }

    /**
     * An AI seat's move, submitted by the AI turns: the same checks, clock and events as a player's move, for the seat
     * instead of a caller. A stale version (another lobby instance moved first, or a player changed the match
     * meanwhile) is ABORTED like any other.
     */
    public Match submitAiMove(UUID matchId, int seat, String move, long expectedVersion) {
        if (move == null || move.isBlank()) {
            throw LobbyException.invalid("No move given.");
        }
        return submit(matchId, move.strip(), expectedVersion, match -> {
            if (seat < 0 || seat >= match.seats.size() || !SeatKind.SEAT_AI.name().equals(match.seat(seat).kind)) {
                throw LobbyException.failedPrecondition("Seat " + seat + " is not an AI seat.");
            }
            return match.seat(seat);
        });
    }

    /** {@code seatOf} names the seat that moves (or refuses the caller); it runs on every read of the match. */
    private Match submit(UUID id, String move, long expectedVersion, Function<MatchBeingChanged, SeatEntity> seatOf) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            MoveStore.Snapshot read = store.read(id);
            MatchBeingChanged match = new MatchBeingChanged(read.row(), read.seats(), read.now());
            long readVersion = match.row.version;
            match.checkVersion(expectedVersion);
            SeatEntity mine = seatOf.apply(match);
            match.requireActive();
            Played played = play(match, mine, move, judge::applyMove);
            if (match.state().getStatus() == GameStatus.FINISHED) {
                // the game's last move: checked and played again under the row lock, with the ending it brings
                return changes.change(id.toString(), locked -> {
                    locked.checkVersion(expectedVersion);
                    SeatEntity seat = seatOf.apply(locked);
                    locked.requireActive();
                    playLocked(locked, seat, move);
                });
            }
            match.startTurn();
            MatchEvent event = MatchEventLog.stamp(match.row, MatchEvent.newBuilder().setMovePlayed(played.event()),
                match.now);
            if (!writer.write(match.row, match.seats, readVersion, event)) {
                continue; // another change of the match committed since the read: read and check again
            }
            legalMoves.put(id, match.row.stateVersion, played.next());
            moves.increment();
            events.committed(event);
            events.announce(event);
            if (match.aiToMove()) {
                ai.onTurn(id);
            }
            List<MatchMove> list = moveLists.after(id, MatchViews.move(event), () -> store.moves(id, event.getVersion()));
            return MatchViews.view(match.row, match.seats, read.names(), list);
        }
        throw LobbyException.aborted("The match changed " + ATTEMPTS + " times while the move was being checked; "
            + "nothing was played, submit it again.");
    }

    /** A move in the locked unit of work: played, then its event and, if it ends the game, the ending. */
    private void playLocked(MatchBeingChanged match, SeatEntity mine, String move) {
        // under the row lock: straight to the rules, not behind other matches' moves
        MovePlayed.Builder played = play(match, mine, move, rules::applyMove).event();
        if (match.state().getStatus() == GameStatus.FINISHED) {
            events.append(match.row, MatchEvent.newBuilder().setMovePlayed(played), match.now);
            endings.finish(match, MatchStatus.MATCH_FINISHED, match.state().getOutcome());
        } else {
            match.startTurn();
            events.append(match.row, MatchEvent.newBuilder().setMovePlayed(played), match.now);
        }
        unitOfWork.afterCommit(() -> moves.increment());
    }

    /** A move's event (not yet stamped with a version) and the legal moves of the position after it. */
    private record Played(MovePlayed.Builder event, List<Move> next) {
    }

    /**
     * The move by the player of seat {@code mine}: its turn, its clock, the rules; then the match holds the new state,
     * clocks and ply, and the answer is its event and the next legal moves.
     */
    private Played play(MatchBeingChanged match, SeatEntity mine, String move,
                        BiFunction<GameState, String, ApplyMoveResponse> rulesOf) {
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
        ApplyMoveResponse applied = rulesOf.apply(match.state(), move); // the rules' refusal passes through
        if (match.clock().isTimed()) {
            mine.clockMillis = match.clock().afterMove(left);
        }
        for (SeatEntity s : match.seats) {
            s.offersDraw = false;
        }
        match.row.plies++;
        match.setState(applied.getState());
        return new Played(MovePlayed.newBuilder()
            .setPly(match.row.plies).setSeat(toMove).setMove(applied.getMove()).setState(applied.getState())
            .addAllClockMillis(match.clocks()), applied.getLegalMovesList());
    }
}
