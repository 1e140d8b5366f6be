package com.plyyard.engine.draughts;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * PDN move notation. Output: {@code from-to} for a quiet move, {@code fromxto} for a capture, and the
 * long form listing every landing square exactly when another legal capture has the same from and to.
 * Input: either separator, short or long form, the long form possibly listing only some of the landing
 * squares, trailing {@code !}/{@code ?} annotations ignored; it must name exactly one legal move.
 */
public final class DraughtsMoveNotation {
    private static final Pattern SYNTAX = Pattern.compile("\\d{1,2}([-x]\\d{1,2})+");

    /** Orders notations by their numbers (from, then the rest), not by characters: 6-1 before 46-41. */
    public static final Comparator<String> ORDER = DraughtsMoveNotation::compareNumerically;

    private DraughtsMoveNotation() {
    }

    /** Gives every move its canonical notation within its legal-move list. */
    static void assign(List<DraughtsMove> moves) {
        for (DraughtsMove m : moves) {
            boolean ambiguous = false;
            if (m.isCapture()) {
                for (DraughtsMove other : moves) {
                    if (other != m && other.from() == m.from() && other.to() == m.to()) {
                        ambiguous = true;
                        break;
                    }
                }
            }
            m.setNotation(ambiguous ? m.longNotation() : m.from() + (m.isCapture() ? "x" : "-") + m.to());
        }
    }

    static DraughtsMove parse(String text, List<DraughtsMove> legal) {
        return parse(text, legal, () -> 0);
    }

    /**
     * As {@link #parse(String, List)}; {@code priorityKings} gives the number of kings every legal capture takes when
     * the rule set's king priority chose them (Ply Yard), 0 otherwise, so that a refused capture of the same count is
     * told why. It is asked only when the move is refused: a legal move costs nothing for the sentence.
     */
    static DraughtsMove parse(String text, List<DraughtsMove> legal, java.util.function.IntSupplier priorityKings) {
        if (text == null) {
            throw new InvalidInputException("No move given.");
        }
        String t = text.strip().replaceAll("[!?]+$", "").toLowerCase(java.util.Locale.ROOT);
        if (!SYNTAX.matcher(t).matches()) {
            throw new InvalidInputException("'" + text + "' is not a draughts move; write it like 32-28, 28x19 or 47x38x24.");
        }
        String[] parts = t.split("[-x]");
        int[] squares = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            squares[i] = Integer.parseInt(parts[i]);
            if (squares[i] < 1 || squares[i] > 50) {
                throw new InvalidInputException("'" + text + "' names square " + squares[i] + "; squares are numbered 1 to 50.");
            }
        }
        int from = squares[0];
        int to = squares[squares.length - 1];
        List<DraughtsMove> matches = new ArrayList<>();
        for (DraughtsMove m : legal) {
            if (m.from() == from && m.to() == to && passesThrough(m, squares)) {
                matches.add(m);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw new InvalidInputException("'" + text + "' is ambiguous: it could be "
                + matches.stream().map(DraughtsMove::longNotation).collect(Collectors.joining(" or "))
                + "; list the landing squares.");
        }
        throw new IllegalMoveException(whyIllegal(text.strip(), from, legal, priorityKings.getAsInt()));
    }

    /** True when some path of the move lands on the given intermediate squares, in order. */
    private static boolean passesThrough(DraughtsMove m, int[] squares) {
        if (squares.length == 2) {
            return true;
        }
        if (!m.isCapture()) {
            return false;
        }
        for (int[] path : m.paths()) {
            int next = 1;
            for (int i = 0; i < path.length - 1 && next < squares.length - 1; i++) {
                if (path[i] == squares[next]) {
                    next++;
                }
            }
            if (next == squares.length - 1) {
                return true;
            }
        }
        return false;
    }

    private static String whyIllegal(String text, int from, List<DraughtsMove> legal, int priorityKings) {
        if (legal.isEmpty()) {
            return text + " is not legal: the side to move has no legal move.";
        }
        if (legal.get(0).isCapture()) {
            int n = legal.get(0).captureCount();
            String longest = text + " is not legal: capturing is compulsory and the longest capture takes " + n
                + (n == 1 ? " piece" : " pieces");
            return priorityKings == 0 ? longest + " (" + list(legal) + ")." : longest + "; on equal count the capture "
                + "taking more kings is compulsory here, and these take " + priorityKings
                + (priorityKings == 1 ? " king" : " kings") + " (" + list(legal) + ").";
        }
        boolean pieceMoves = legal.stream().anyMatch(m -> m.from() == from);
        if (!pieceMoves) {
            return text + " is not legal: there is no piece of the side to move on " + from
                + " that can move (legal moves: " + list(legal) + ").";
        }
        return text + " is not legal here (legal moves: " + list(legal) + ").";
    }

    private static String list(List<DraughtsMove> moves) {
        int shown = Math.min(moves.size(), 12);
        String s = moves.subList(0, shown).stream().map(DraughtsMove::notation).collect(Collectors.joining(", "));
        return moves.size() > shown ? s + ", …" : s;
    }

    /**
     * By the squares' numbers in turn, then by how many squares, then as text ("-" before "x"): without splitting,
     * since legal moves are sorted on every ApplyMove and LegalMoves (a regex split per comparison was a fifth of
     * rules-service's profile).
     */
    private static int compareNumerically(String a, String b) {
        int i = 0;
        int j = 0;
        int na = a.length();
        int nb = b.length();
        while (i < na && j < nb) {
            int va = 0;
            while (i < na && a.charAt(i) != '-' && a.charAt(i) != 'x') {
                va = va * 10 + (a.charAt(i++) - '0');
            }
            int vb = 0;
            while (j < nb && b.charAt(j) != '-' && b.charAt(j) != 'x') {
                vb = vb * 10 + (b.charAt(j++) - '0');
            }
            if (va != vb) {
                return Integer.compare(va, vb);
            }
            i++; // past the separator
            j++;
        }
        int c = Integer.compare(parts(a), parts(b));
        return c != 0 ? c : a.compareTo(b);
    }

    private static int parts(String notation) {
        int n = 1;
        for (int k = 0; k < notation.length(); k++) {
            char c = notation.charAt(k);
            if (c == '-' || c == 'x') {
                n++;
            }
        }
        return n;
    }
}
