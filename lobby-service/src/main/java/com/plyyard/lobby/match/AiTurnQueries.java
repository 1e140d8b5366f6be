package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.SeatKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** What the AI seats need to know: which matches wait for an AI turn, and the turn itself. */
@ApplicationScoped
public class AiTurnQueries {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchRepository matches;

    @Inject
    LobbyClock clock;

    /**
     * What an AI seat needs to think about its turn.
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
     * The AI turn the match waits for, or null when it waits for none (not active, or a player is to move). Read under
     * a share lock (like GetMatch), never held beyond this short transaction.
     */
    public AiTurn aiTurn(UUID matchId) {
        return unitOfWork.call(() -> {
            MatchEntity m = matches.lockForRead(matchId);
            if (m == null || !m.aiToMove || !MatchStatus.MATCH_ACTIVE.name().equals(m.status)) {
                return null;
            }
            MatchBeingChanged match = new MatchBeingChanged(m, matches.seats(matchId), m.clock().isTimed() ? clock.nowMillis() : 0);
            SeatEntity s = match.seat(match.mover());
            if (!SeatKind.SEAT_AI.name().equals(s.kind)) {
                return null;
            }
            long left = m.clock().isTimed() ? Math.max(0, match.moverTimeLeft()) : -1;
            return new AiTurn(matchId, s.idx, s.aiLevel == null ? 1 : s.aiLevel, m.version, match.state(), left,
                m.incrementMillis, m.plies);
        });
    }

    /** Active matches waiting for an AI seat whose turn began at least {@code waited} ago, oldest turn first; no lock. */
    public List<UUID> waitingLongerThan(Duration waited, int limit) {
        return unitOfWork.call(() -> matches.aiTurnIdsSince(clock.now().minus(waited), limit));
    }
}
