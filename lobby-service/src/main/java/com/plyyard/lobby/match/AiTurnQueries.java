package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.SeatKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
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

    /**
     * A draw offer the AI must answer: the AI seats still in the game that have not agreed, in seat order.
     *
     * @param version   the match version to expect when answering
     * @param state     the position to weigh
     * @param toAnswer  the AI seats to answer, each with its level
     * @param inGame    every seat still in the game (players and AI alike), in seat order
     */
    public record DrawQuestion(UUID matchId, long version, GameState state, List<AiSeat> toAnswer, List<Integer> inGame) {
    }

    /** An AI seat and its level, 1 (beginner) to 5 (max). */
    public record AiSeat(int seat, int level) {
    }

    /**
     * The draw offer the match's AI seats have to answer, or null when there is none (not active, no offer standing, or
     * every AI seat still in the game agreed already). Read under a share lock, in a short transaction of its own.
     */
    public DrawQuestion drawQuestion(UUID matchId) {
        return unitOfWork.call(() -> {
            MatchEntity m = matches.lockForRead(matchId);
            if (m == null || !MatchStatus.MATCH_ACTIVE.name().equals(m.status)) {
                return null;
            }
            List<SeatEntity> seats = matches.seats(matchId);
            if (seats.stream().noneMatch(s -> !s.out && s.offersDraw)) {
                return null;
            }
            List<AiSeat> toAnswer = new ArrayList<>();
            List<Integer> inGame = new ArrayList<>();
            for (SeatEntity s : seats) {
                if (s.out) {
                    continue;
                }
                inGame.add(s.idx);
                if (!s.offersDraw && SeatKind.SEAT_AI.name().equals(s.kind)) {
                    toAnswer.add(new AiSeat(s.idx, s.aiLevel == null ? 1 : s.aiLevel));
                }
            }
            if (toAnswer.isEmpty()) {
                return null;
            }
            return new DrawQuestion(matchId, m.version, new MatchBeingChanged(m, seats, 0).state(), toAnswer, inGame);
        });
    }

    /**
     * Active matches with a draw offer standing that an AI seat still in the game has not answered (at most
     * {@code limit}); no lock. The safety net's second half: an offer whose answer a stopped instance never gave.
     */
    public List<UUID> awaitingAiDrawAnswers(int limit) {
        return unitOfWork.call(() -> matches.awaitingAiDrawAnswers(limit));
    }

    /** Active matches waiting for an AI seat whose turn began at least {@code waited} ago, oldest turn first; no lock. */
    public List<UUID> waitingLongerThan(Duration waited, int limit) {
        return unitOfWork.call(() -> matches.aiTurnIdsSince(clock.now().minus(waited), limit));
    }
}
