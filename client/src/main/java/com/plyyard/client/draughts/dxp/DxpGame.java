package com.plyyard.client.draughts.dxp;

import com.plyyard.engine.Outcome;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.dxp.DxpColour;
import com.plyyard.engine.draughts.dxp.DxpMessage.Reason;
import java.util.ArrayList;
import java.util.List;

/**
 * One DXP game as either side keeps it: every position from the first (each with its draw-rule history, so
 * repetitions and the 25/16/5-move counts carry on), the moves, our colour, and when the peer's turn began.
 */
final class DxpGame {
    /** Results from our side's view, as the output lines print them. */
    static final String WIN = "win";
    static final String DRAW = "draw";
    static final String LOSS = "loss";

    final int number;
    final DxpColour ours;
    private final List<DraughtsPosition> positions = new ArrayList<>();
    private final List<String> moves = new ArrayList<>();
    /** {@link System#nanoTime()} when it became the peer's turn; a move that arrived earlier came out of turn. */
    long peerTurnSince = Long.MAX_VALUE;
    /** We sent the GAMEEND that ends this game and wait for the peer's acknowledgement. */
    boolean endSent;

    DxpGame(int number, DxpColour ours, DraughtsPosition first) {
        this.number = number;
        this.ours = ours;
        positions.add(first);
    }

    DraughtsPosition position() {
        return positions.get(positions.size() - 1);
    }

    DraughtsPosition first() {
        return positions.get(0);
    }

    boolean ourTurn() {
        return position().state().whiteToMove() == ours.white();
    }

    void play(DraughtsMove move) {
        moves.add(move.notation());
        positions.add(position().play(move));
    }

    /** Plies played in this game (from its first position). */
    int plies() {
        return moves.size();
    }

    List<String> moves() {
        return List.copyOf(moves);
    }

    /**
     * Goes back to the position where {@code colour} is to move at full move {@code moveNumber} (the first position is
     * move 1, whoever starts).
     *
     * @return false if the game has no such position (it is ahead, or before the start)
     */
    boolean takeBack(int moveNumber, DxpColour colour) {
        boolean startsWhite = first().state().whiteToMove();
        for (int i = 0; i < positions.size(); i++) {
            boolean white = positions.get(i).state().whiteToMove();
            int number = 1 + (i + (startsWhite ? 0 : 1)) / 2;
            if (number == moveNumber && white == colour.white()) {
                while (positions.size() > i + 1) {
                    positions.remove(positions.size() - 1);
                    moves.remove(moves.size() - 1);
                }
                return true;
            }
        }
        return false;
    }

    /** The full move number and colour to move now, e.g. "move 12, black to move": for log lines. */
    String where() {
        boolean startsWhite = first().state().whiteToMove();
        int i = positions.size() - 1;
        return "move " + (1 + (i + (startsWhite ? 0 : 1)) / 2) + ", " + (position().state().whiteToMove() ? "white" : "black")
            + " to move";
    }

    /** The rules' result from our view. */
    String resultOf(Outcome outcome) {
        if (outcome.draw()) {
            return DRAW;
        }
        return outcome.winners().contains(ours.white() ? 0 : 1) ? WIN : LOSS;
    }

    /** The GAMEEND reason that says a result from our view (we send it). */
    static Reason reasonFor(String result) {
        return switch (result) {
            case WIN -> Reason.SENDER_WINS;
            case LOSS -> Reason.SENDER_LOSES;
            default -> Reason.DRAW;
        };
    }

    /** The PDN result of a result from our view. */
    String pdnResult(String result) {
        if (result.equals(DRAW)) {
            return "1-1";
        }
        boolean whiteWon = result.equals(WIN) == ours.white();
        return whiteWon ? "2-0" : "0-2";
    }
}
