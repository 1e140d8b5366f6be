package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.ClockUpdate;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.Player;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Fallen flags: claimed by a player (ClaimTimeout), or found by the server's flag check ({@link FlagCheck}) even when
 * nobody moves. A flag sets the mover's clock to 0 (a ClockUpdate event) and the rules remove the seat with TIMEOUT.
 */
@ApplicationScoped
public class MatchFlagging {
    @Inject
    MatchChanges changes;

    @Inject
    MatchEventLog events;

    @Inject
    MatchEndings endings;

    @Inject
    MatchRepository matches;

    @Inject
    LobbyClock clock;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MeterRegistry metrics;

    public Match claimTimeout(Player me, String matchId, long expectedVersion) {
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            SeatEntity mine = match.requirePlayingSeat(me);
            if (!match.clock().isTimed()) {
                throw LobbyException.failedPrecondition("This match is played without a clock; no time can run out.");
            }
            int mover = match.mover();
            if (mover == mine.idx) {
                throw LobbyException.failedPrecondition("Your own clock is running; only an opponent's fallen flag can be "
                    + "claimed.");
            }
            long left = match.moverTimeLeft();
            if (left > 0) {
                throw LobbyException.failedPrecondition("No clock has run out: " + match.colour(mover) + " has "
                    + String.format(Locale.ROOT, "%.1f", left / 1000.0) + " s left.");
            }
            flag(match);
        });
    }

    /**
     * The flag check's part: flags the match when its running clock is out. Locks with SKIP LOCKED, so a match that
     * another transaction (a move, or the flag check of another instance) holds is left alone.
     *
     * @return true when a flag fell
     */
    public boolean flagIfDue(UUID matchId) {
        return unitOfWork.call(() -> {
            long now = clock.nowMillis();
            MatchEntity row = matches.lockIfDue(matchId, Instant.ofEpochMilli(now));
            if (row == null) {
                return false;
            }
            MatchBeingChanged match = new MatchBeingChanged(row, matches.seats(matchId), now);
            if (match.moverTimeLeft() > 0) {
                return false;
            }
            flag(match);
            changes.wakeAiAfterCommit(match);
            unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.flags").increment());
            return true;
        });
    }

    /** Ids of active matches whose deadline has passed (no lock; {@link #flagIfDue} decides under the lock). */
    public List<UUID> dueMatches(int limit) {
        return unitOfWork.call(() -> matches.dueIds(clock.now(), limit));
    }

    /** The mover's flag falls: clock to 0, then the rules remove the seat (end, or free-for-all goes on). */
    private void flag(MatchBeingChanged match) {
        int mover = match.mover();
        match.seat(mover).clockMillis = 0;
        match.row.turnStartedAt = Instant.ofEpochMilli(match.now);
        events.append(match.row, MatchEvent.newBuilder().setClock(ClockUpdate.newBuilder().addAllClockMillis(match.clocks())),
            match.now);
        endings.removeSeat(match, mover, EndReason.TIMEOUT);
    }
}
