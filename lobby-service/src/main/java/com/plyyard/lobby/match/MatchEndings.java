package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEnded;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatOut;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * How matches end: Resign and Abort, a seat leaving (resignation or time: the rules decide whether the game ends or,
 * in free-for-all Ploy, goes on without it), and {@link #finish}, which every ending comes through (moves, flags,
 * resignations, draws, the last seat-out of a free-for-all, aborts).
 */
@ApplicationScoped
public class MatchEndings {
    @Inject
    MatchChanges changes;

    @Inject
    MatchEventLog events;

    @Inject
    Rules rules;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    Event<MatchFinished> finished;

    @Inject
    MeterRegistry metrics;

    public Match resign(Player me, String matchId, long expectedVersion) {
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            match.requireSeat(me);
            if (match.status() == MatchStatus.MATCH_WAITING) {
                throw LobbyException.failedPrecondition("The match has not started; abort it instead of resigning.");
            }
            // a free-for-all player already out (resigned, flagged, captured) is told so, as by the draw calls
            SeatEntity mine = match.requirePlayingSeat(me);
            removeSeat(match, mine.idx, EndReason.RESIGNATION);
        });
    }

    public Match abort(Player me, String matchId, long expectedVersion) {
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            match.requireSeat(me);
            MatchStatus st = match.status();
            if (st == MatchStatus.MATCH_FINISHED || st == MatchStatus.MATCH_ABORTED) {
                throw LobbyException.failedPrecondition("The match is " + MatchBeingChanged.statusWords(st)
                    + "; there is nothing to abort.");
            }
            if (match.row.plies > 0) {
                throw LobbyException.failedPrecondition("A match can be aborted only before the first move; resign instead.");
            }
            match.stopClock();
            Outcome aborted = Outcome.newBuilder().setReason(EndReason.ABORTED)
                .setDescription("Aborted by " + me.getName() + " before the first move.").build();
            match.setState(match.state().toBuilder().setStatus(GameStatus.FINISHED).setOutcome(aborted).build());
            finish(match, MatchStatus.MATCH_ABORTED, aborted);
        });
    }

    /** A seat leaves by resignation or time: the rules decide whether the game ends or goes on. */
    void removeSeat(MatchBeingChanged match, int seat, EndReason reason) {
        boolean moverLeaves = seat == match.mover();
        if (!moverLeaves || reason == EndReason.RESIGNATION) {
            // charge the running clock up to now before the turn changes hands
            match.stopClock();
        }
        GameState next = rules.removeSeat(match.state(), seat, reason);
        match.seat(seat).offersDraw = false;
        match.setState(next);
        if (next.getStatus() == GameStatus.FINISHED) {
            finish(match, MatchStatus.MATCH_FINISHED, next.getOutcome());
            return;
        }
        match.startTurn();
        events.append(match.row, MatchEvent.newBuilder().setSeatOut(
            SeatOut.newBuilder().setSeat(seat).setReason(reason).setState(next)), match.now);
    }

    /**
     * The match ends with {@code status} (finished or aborted) and {@code result}. A finished match is announced as
     * {@link MatchFinished} inside this transaction (the ratings are updated with it); aborts never are.
     */
    void finish(MatchBeingChanged match, MatchStatus status, Outcome result) {
        MatchEntity m = match.row;
        m.status = status.name();
        m.result = result.toByteArray();
        m.deadlineAt = null;
        m.aiToMove = false;
        m.turnStartedAt = Instant.ofEpochMilli(match.now);
        for (SeatEntity s : match.seats) {
            s.offersDraw = false;
        }
        events.append(m, MatchEvent.newBuilder().setEnded(
            MatchEnded.newBuilder().setStatus(status).setResult(result).setState(match.state())), match.now);
        if (status == MatchStatus.MATCH_FINISHED) {
            List<UUID> players = new ArrayList<>();
            for (SeatEntity s : match.seats) {
                players.add(SeatKind.SEAT_PLAYER.name().equals(s.kind) ? s.playerId : null);
            }
            finished.fire(new MatchFinished(m.id, m.variant, m.initialMillis, m.incrementMillis, m.rated, players,
                match.state(), result, match.now));
        }
        unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.matches.ended", "status", status.name()).increment());
    }
}
