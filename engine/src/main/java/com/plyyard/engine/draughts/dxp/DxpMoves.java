package com.plyyard.engine.draughts.dxp;

import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * DXP MOVE messages ⇄ legal draughts moves. A DXP move names from, to and the captured squares, which is exactly a
 * {@link DraughtsMove}'s identity, so a well-formed MOVE names at most one legal move. A capture sent without its
 * captured squares (some programs leave them out) is accepted when from and to name exactly one legal move.
 */
public final class DxpMoves {
    private DxpMoves() {
    }

    /** The MOVE message of a legal move; {@code seconds} is the informational thinking time (capped at 9999). */
    public static DxpMessage.Move toMessage(DraughtsMove move, long seconds) {
        List<Integer> captured = Arrays.stream(move.captured()).boxed().toList();
        return new DxpMessage.Move((int) Math.max(0, Math.min(9999, seconds)), move.from(), move.to(), captured);
    }

    /**
     * The legal move of the position a MOVE names.
     *
     * @throws IllegalMoveException if it names no legal move, or (captured squares left out) several
     * @throws GameOverException    if the game is over
     */
    public static DraughtsMove find(DraughtsPosition position, DxpMessage.Move message) {
        if (position.isOver()) {
            throw new GameOverException("The game is over (" + position.outcome().orElseThrow().description()
                + "); the move " + message.describe() + " comes after its end.");
        }
        Set<Integer> captured = new TreeSet<>(message.captured());
        if (captured.size() != message.captured().size()) {
            throw new IllegalMoveException("The move " + message.describe() + " lists a captured square twice.");
        }
        List<DraughtsMove> matches = new ArrayList<>();
        for (DraughtsMove m : position.legalMoves()) {
            if (m.from() == message.from() && m.to() == message.to()
                && (captured.isEmpty() || captured.equals(capturedSet(m)))) {
                matches.add(m);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw new IllegalMoveException("The move " + message.describe() + " is ambiguous: it could be "
                + matches.stream().map(DraughtsMove::longNotation).collect(Collectors.joining(" or "))
                + "; a MOVE must list the captured squares.");
        }
        throw new IllegalMoveException(whyIllegal(position, message));
    }

    private static Set<Integer> capturedSet(DraughtsMove m) {
        Set<Integer> s = new TreeSet<>();
        for (int sq : m.captured()) {
            s.add(sq);
        }
        return s;
    }

    private static String whyIllegal(DraughtsPosition position, DxpMessage.Move message) {
        String shortForm = message.from() + (message.captured().isEmpty() ? "-" : "x") + message.to();
        String move = "The move " + message.describe();
        try {
            DraughtsMove sameEnds = position.parseMove(shortForm);
            // from and to name a legal move, the captured squares do not
            if (!sameEnds.isCapture()) {
                return move + " is not legal: " + sameEnds.notation() + " captures nothing.";
            }
            return move + " is not legal: the capture from " + message.from() + " to " + message.to() + " takes "
                + Arrays.stream(sameEnds.captured()).mapToObj(String::valueOf).collect(Collectors.joining(",")) + ".";
        } catch (IllegalMoveException e) {
            String why = e.getMessage();
            return why.startsWith(shortForm) ? move + why.substring(shortForm.length()) : move + " is not legal: " + why;
        } catch (InvalidInputException e) {
            // several legal captures share from and to, none with these captured squares
            return move + " is not legal: no capture from " + message.from() + " to " + message.to()
                + " takes exactly those pieces.";
        }
    }
}
