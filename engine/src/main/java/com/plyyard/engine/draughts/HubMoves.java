package com.plyyard.engine.draughts;

import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Hub's move notation. A quiet move is {@code from-to} ({@code 32-28}); a capture is {@code from x to} followed by
 * every captured square, in any order, without the squares it passes through ({@code 28x19x23}): from, to and the
 * captured set name exactly one move, where PDN's {@code 28x19} may not. Written with the captured squares
 * ascending. Read leniently: a capture listing only some (or none) of its captured squares is accepted when exactly
 * one legal move fits.
 */
final class HubMoves {
    private static final Pattern QUIET = Pattern.compile("\\d{1,2}-\\d{1,2}");
    private static final Pattern CAPTURE = Pattern.compile("\\d{1,2}(x\\d{1,2})+");

    private HubMoves() {
    }

    public static String format(DraughtsMove move) {
        if (!move.isCapture()) {
            return move.from() + "-" + move.to();
        }
        StringBuilder sb = new StringBuilder().append(move.from()).append('x').append(move.to());
        for (int s : move.captured()) {
            sb.append('x').append(s);
        }
        return sb.toString();
    }

    /**
     * The legal move of {@code position} that the text names.
     *
     * @throws InvalidInputException if the text is not a Hub move, or names several legal captures
     * @throws IllegalMoveException  if no legal move fits ({@link GameOverException} when the game is over)
     */
    public static DraughtsMove parse(String text, DraughtsPosition position) {
        if (position.isOver()) {
            throw new GameOverException("The game is over; " + text + " cannot be played.");
        }
        String t = text == null ? "" : text.strip();
        boolean capture = CAPTURE.matcher(t).matches();
        if (!capture && !QUIET.matcher(t).matches()) {
            throw new InvalidInputException("'" + text + "' is not a Hub move; quiet moves look like 32-28, captures like "
                + "28x19x23 (from, to, then the captured squares).");
        }
        String[] parts = t.split("[-x]");
        int[] squares = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            squares[i] = Integer.parseInt(parts[i]);
            if (squares[i] < 1 || squares[i] > 50) {
                throw new InvalidInputException("'" + text + "' names square " + squares[i] + "; squares are numbered 1 to 50.");
            }
        }
        List<DraughtsMove> fits = new ArrayList<>();
        for (DraughtsMove m : position.legalMoves()) {
            if (m.from() == squares[0] && m.to() == squares[1] && m.isCapture() == capture && capturesAll(m, squares)) {
                fits.add(m);
            }
        }
        if (fits.size() == 1) {
            return fits.get(0);
        }
        if (fits.size() > 1) {
            throw new InvalidInputException("'" + text + "' could be " + list(fits) + "; list the captured squares.");
        }
        throw new IllegalMoveException(t + " is not legal here (legal moves: " + list(position.legalMoves()) + ").");
    }

    /** True when the move captures every square listed after from and to. */
    private static boolean capturesAll(DraughtsMove m, int[] squares) {
        int[] captured = m.captured();
        for (int i = 2; i < squares.length; i++) {
            boolean found = false;
            for (int c : captured) {
                found |= c == squares[i];
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    private static String list(List<DraughtsMove> moves) {
        int shown = Math.min(moves.size(), 12);
        String s = moves.subList(0, shown).stream().map(HubMoves::format).collect(Collectors.joining(", "));
        return moves.size() > shown ? s + ", …" : s;
    }
}
