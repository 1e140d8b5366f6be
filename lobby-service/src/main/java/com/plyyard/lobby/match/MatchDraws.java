package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.DrawDeclined;
import com.plyyard.proto.v1.DrawOffered;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Seat;
import com.plyyard.proto.v1.SeatKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Draws by agreement: a seat offers (or agrees to) a draw; when every seat still in the game agrees, the game is drawn.
 * A decline withdraws every agreement, as does any move. AI seats never offer; they answer an offer for themselves
 * ({@link #answerForAi}), each by its own weighing of the position.
 */
@ApplicationScoped
public class MatchDraws {
    @Inject
    MatchChanges changes;

    @Inject
    MatchEventLog events;

    @Inject
    MatchEndings endings;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    AiSeats ai;

    public Match offer(Player me, String matchId, long expectedVersion) {
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            SeatEntity mine = match.requirePlayingSeat(me);
            if (mine.offersDraw) {
                throw LobbyException.failedPrecondition("You already offer a draw; the others may accept or decline it.");
            }
            agree(match, mine);
        });
    }

    public Match accept(Player me, String matchId, long expectedVersion) {
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            accept(match, match.requirePlayingSeat(me));
        });
    }

    public Match decline(Player me, String matchId, long expectedVersion) {
        return changes.change(matchId, match -> {
            match.checkVersion(expectedVersion);
            decline(match, match.requirePlayingSeat(me));
        });
    }

    /**
     * An AI seat's answer to the draw offer standing ({@code ai.AiTurns}, after weighing the position with ai-service):
     * the same checks, events and version as a player's AcceptDraw or DeclineDraw, for the seat the AI plays.
     *
     * @throws LobbyException ABORTED when the match changed since {@code expectedVersion}; FAILED_PRECONDITION when the
     *                        seat is no AI seat still in the game, the match is not under way, or no offer stands
     */
    public Match answerForAi(UUID matchId, int seat, boolean accept, long expectedVersion) {
        return changes.change(matchId.toString(), match -> {
            match.checkVersion(expectedVersion);
            if (seat < 0 || seat >= match.seats.size() || !SeatKind.SEAT_AI.name().equals(match.seat(seat).kind)) {
                throw LobbyException.failedPrecondition("Seat " + seat + " is not an AI seat.");
            }
            match.requireActive();
            SeatEntity ai = match.seat(seat);
            if (ai.out) {
                throw LobbyException.failedPrecondition("Seat " + seat + " is out of this game.");
            }
            if (accept) {
                accept(match, ai);
            } else {
                decline(match, ai);
            }
        });
    }

    private void accept(MatchBeingChanged match, SeatEntity mine) {
        if (!othersOffer(match, mine)) {
            throw LobbyException.failedPrecondition("There is no draw offer to accept.");
        }
        if (mine.offersDraw) {
            throw LobbyException.failedPrecondition("You already agreed to a draw; the other players have not yet.");
        }
        agree(match, mine);
    }

    private void decline(MatchBeingChanged match, SeatEntity mine) {
        if (!othersOffer(match, mine)) {
            throw LobbyException.failedPrecondition("There is no draw offer to decline.");
        }
        for (SeatEntity s : match.seats) {
            s.offersDraw = false;
        }
        events.append(match.row, MatchEvent.newBuilder().setDrawDeclined(DrawDeclined.newBuilder().setSeat(mine.idx)),
            match.now);
    }

    private static boolean othersOffer(MatchBeingChanged match, SeatEntity mine) {
        for (SeatEntity s : match.seats) {
            if (s != mine && !s.out && s.offersDraw) {
                return true;
            }
        }
        return false;
    }

    /**
     * Marks the seat's agreement; when every seat still in the game agrees, the game is drawn. While AI seats still in
     * the game have not answered, they are woken after the commit to answer it ({@link AiSeats#onDrawOffer}).
     */
    private void agree(MatchBeingChanged match, SeatEntity mine) {
        mine.offersDraw = true;
        for (SeatEntity s : match.seats) {
            if (!s.out && !s.offersDraw) {
                events.append(match.row, MatchEvent.newBuilder().setDrawOffered(DrawOffered.newBuilder().setSeat(mine.idx)),
                    match.now);
                if (match.seats.stream().anyMatch(o -> !o.out && !o.offersDraw && SeatKind.SEAT_AI.name().equals(o.kind))) {
                    UUID id = match.id();
                    unitOfWork.afterCommit(() -> ai.onDrawOffer(id));
                }
                return;
            }
        }
        match.stopClock();
        Outcome draw = Outcome.newBuilder().setKind(OutcomeKind.DRAW).setReason(EndReason.AGREEMENT)
            .setDescription(match.seats.size() > 2 ? "Drawn by agreement of every player still in the game."
                : "Drawn by agreement.")
            .addAllEliminationOrder(eliminationOrder(match))
            .build();
        match.setState(match.state().toBuilder().setStatus(GameStatus.FINISHED).setOutcome(draw).build());
        endings.finish(match, MatchStatus.MATCH_FINISHED, draw);
    }

    /**
     * The seats in the order they went out, for the draw's result: an ongoing game's state has no outcome to take it
     * from, so it is read from the states the match's moves and seat-outs stored (only when a seat is out).
     */
    private List<Integer> eliminationOrder(MatchBeingChanged match) {
        List<Integer> order = new ArrayList<>();
        if (match.seats.stream().noneMatch(s -> s.out)) {
            return order;
        }
        for (MatchEvent e : events.after(match.id(), 0, Integer.MAX_VALUE)) {
            GameState state = e.hasMovePlayed() ? e.getMovePlayed().getState()
                : e.hasSeatOut() ? e.getSeatOut().getState() : null;
            if (state == null) {
                continue;
            }
            for (Seat s : state.getSeatsList()) {
                if (s.getOut() && !order.contains(s.getIndex())) {
                    order.add(s.getIndex());
                }
            }
        }
        return order;
    }
}
