package com.plyyard.engine.draughts;

import com.plyyard.engine.DrawCounter;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Position;
import com.plyyard.engine.Repetitions;
import com.plyyard.engine.Seat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An immutable draughts position with the history its rule set's draw rules need.
 *
 * <p>Counters (plies): {@code fmjd} keeps the 25-move count (king moves without capture), the 16-move
 * count (running from the moment a lone king faces three kings, two kings and a man, or a king and two
 * men; it keeps running if a capture then leads to a 5-move ending, so the 16-move maximum still
 * holds) and the 5-move count (lone king against two kings, a king and a man, or a king). {@code
 * plyyard} keeps only the no-capture-no-promotion count.
 */
public final class DraughtsPosition implements Position {
    static final int TWENTY_FIVE_LIMIT = 50;
    static final int SIXTEEN_LIMIT = 32;
    static final int FIVE_LIMIT = 10;

    /** Material configurations of the fmjd endgame rules. */
    enum Endgame { NONE, SIXTEEN, FIVE }

    private final DraughtsRules rules;
    private final DraughtsState board;
    private final int kingMovePlies;
    private final int sixteenPlies; // -1: not running
    private final int fivePlies; // -1: not running
    private final int noCapturePlies;
    private final long[] keys;
    private final int ply;
    private final List<DraughtsMove> generated; // by the move rules alone, even when a draw rule ended the game
    private final List<DraughtsMove> moves;
    private final Outcome outcome;

    DraughtsPosition(DraughtsRules rules, DraughtsState board, int kingMovePlies, int sixteenPlies, int fivePlies,
                     int noCapturePlies, long[] keys, int ply) {
        this.rules = rules;
        this.board = board;
        this.kingMovePlies = kingMovePlies;
        this.sixteenPlies = sixteenPlies;
        this.fivePlies = fivePlies;
        this.noCapturePlies = noCapturePlies;
        this.keys = keys;
        this.ply = ply;
        this.generated = generateMoves();
        this.outcome = decide(generated.isEmpty());
        this.moves = outcome == null ? generated : List.of();
    }

    /** A position with fresh history: counters at zero (endgame counts start now if they apply). */
    static DraughtsPosition fresh(DraughtsRules rules, DraughtsState board) {
        Endgame e = rules.ruleSet() == DraughtsRuleSet.FMJD ? endgame(board) : Endgame.NONE;
        return new DraughtsPosition(rules, board, 0, e == Endgame.SIXTEEN ? 0 : -1, e == Endgame.FIVE ? 0 : -1, 0,
            new long[] {DraughtsZobrist.key(board)}, 0);
    }

    @Override
    public DraughtsRules rules() {
        return rules;
    }

    public DraughtsState state() {
        return board;
    }

    @Override
    public String notation() {
        return DraughtsPositionNotation.format(board);
    }

    @Override
    public int toMove() {
        return board.whiteToMove() ? 0 : 1;
    }

    @Override
    public List<Seat> seats() {
        List<Seat> seats = new ArrayList<>(2);
        for (int i = 0; i < 2; i++) {
            boolean lost = outcome != null && !outcome.draw() && !outcome.winners().contains(i);
            seats.add(new Seat(i, i == 0 ? "white" : "black", i, lost, i, board.count(i == 0)));
        }
        return seats;
    }

    @Override
    public List<DraughtsMove> legalMoves() {
        return moves;
    }

    /** The moves the move rules allow, even if a draw rule has ended the game (perft counts these). */
    List<DraughtsMove> legalMovesIgnoringDraws() {
        return generated;
    }

    @Override
    public DraughtsMove parseMove(String text) {
        if (outcome != null) {
            throw new GameOverException("The game is over (" + outcome.description() + "); no more moves can be played.");
        }
        return DraughtsMoveNotation.parse(text, moves, this::priorityKings);
    }

    /** Kings taken by every legal capture, when the king priority is in force and took any; else 0. */
    private int priorityKings() {
        if (!rules.ruleSet().kingPriority() || moves.isEmpty() || !moves.get(0).isCapture()) {
            return 0;
        }
        long enemyKings = board.kings() & (board.whiteToMove() ? board.black() : board.white());
        return Long.bitCount(moves.get(0).capturedMask() & enemyKings);
    }

    @Override
    public DraughtsPosition play(com.plyyard.engine.LegalMove move) {
        if (outcome != null) {
            throw new GameOverException("The game is over (" + outcome.description() + "); no more moves can be played.");
        }
        if (!(move instanceof DraughtsMove m) || !moves.contains(m)) {
            throw new IllegalMoveException("Move " + move + " does not belong to this position.");
        }
        DraughtsState next = Moves.apply(board, m);
        boolean irreversible = m.isCapture() || !m.kingMove();
        // each rule set keeps only its own counters, so equal positions compare equal
        int kingMoves = 0;
        int five = -1;
        int sixteen = -1;
        int noCapture = 0;
        if (rules.ruleSet() == DraughtsRuleSet.FMJD) {
            kingMoves = (m.kingMove() && !m.isCapture()) ? kingMovePlies + 1 : 0;
            Endgame e = endgame(next);
            if (e == Endgame.FIVE) {
                five = fivePlies >= 0 ? fivePlies + 1 : 0;
            }
            if (e == Endgame.SIXTEEN) {
                sixteen = sixteenPlies >= 0 ? sixteenPlies + 1 : 0;
            } else if (e == Endgame.FIVE && sixteenPlies >= 0) {
                sixteen = sixteenPlies + 1; // a capture inside the 16-move ending keeps its maximum
            }
        } else {
            noCapture = (m.isCapture() || m.promotes()) ? 0 : noCapturePlies + 1;
        }
        long[] nextKeys = Repetitions.after(keys, DraughtsZobrist.key(next), irreversible);
        return new DraughtsPosition(rules, next, kingMoves, sixteen, five, noCapture, nextKeys, ply + 1);
    }

    @Override
    public DraughtsPosition play(String text) {
        return play(parseMove(text));
    }

    @Override
    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    @Override
    public List<DrawCounter> drawCounters() {
        List<DrawCounter> counters = new ArrayList<>(3);
        if (rules.ruleSet() == DraughtsRuleSet.FMJD) {
            counters.add(new DrawCounter("25-move", kingMovePlies, TWENTY_FIVE_LIMIT));
            if (sixteenPlies >= 0) {
                counters.add(new DrawCounter("16-move", sixteenPlies, SIXTEEN_LIMIT));
            }
            if (fivePlies >= 0) {
                counters.add(new DrawCounter("5-move", fivePlies, FIVE_LIMIT));
            }
        } else if (rules.noCaptureDrawPlies() > 0) {
            counters.add(new DrawCounter("no-capture", noCapturePlies, rules.noCaptureDrawPlies()));
        }
        return counters;
    }

    @Override
    public long[] repetitionKeys() {
        return keys.clone();
    }

    @Override
    public int ply() {
        return ply;
    }

    /** How often the current position occurred since the last irreversible move (this time included). */
    public int repetitions() {
        return Repetitions.occurrences(keys);
    }

    private List<DraughtsMove> generateMoves() {
        MoveList list = new MoveList();
        list.enablePaths();
        new DraughtsMoveGenerator(rules.ruleSet()).generate(board, list);
        List<DraughtsMove> out = new ArrayList<>(list.size());
        long own = board.pieces(board.whiteToMove());
        long promotionRow = board.whiteToMove() ? Squares.WHITE_PROMOTION : Squares.BLACK_PROMOTION;
        for (int i = 0; i < list.size(); i++) {
            int fromBit = list.fromBit(i);
            int toBit = list.toBit(i);
            boolean king = (board.kings() & own & (1L << fromBit)) != 0;
            boolean promotes = !king && (promotionRow & (1L << toBit)) != 0;
            List<int[]> paths = new ArrayList<>();
            for (int[] bits : list.paths(i)) {
                int[] squares = new int[bits.length];
                for (int j = 0; j < bits.length; j++) {
                    squares[j] = Squares.square(bits[j]);
                }
                paths.add(squares);
            }
            out.add(new DraughtsMove(Squares.square(fromBit), Squares.square(toBit), list.captured(i), promotes, king, paths));
        }
        DraughtsMoveNotation.assign(out);
        out.sort(Comparator.comparing(DraughtsMove::notation, DraughtsMoveNotation.ORDER));
        return List.copyOf(out);
    }

    private Outcome decide(boolean noMoves) {
        boolean white = board.whiteToMove();
        String mover = white ? "White" : "Black";
        String other = white ? "Black" : "White";
        int otherSeat = white ? 1 : 0;
        if (board.count(white) == 0) {
            return Outcome.win(otherSeat, EndReason.NO_PIECES, other + " wins: " + mover + " has no pieces left.");
        }
        if (noMoves) {
            return Outcome.win(otherSeat, EndReason.NO_LEGAL_MOVE, other + " wins: " + mover + " has no legal move.");
        }
        if (rules.ruleSet() == DraughtsRuleSet.FMJD) {
            if (repetitions() >= 3) {
                return Outcome.draw(EndReason.THREEFOLD_REPETITION, "Draw: the same position occurred three times.");
            }
            if (kingMovePlies >= TWENTY_FIVE_LIMIT) {
                return Outcome.draw(EndReason.TWENTY_FIVE_MOVE_RULE,
                    "Draw by the 25-move rule: 25 moves each of king moves only, without a capture.");
            }
            if (sixteenPlies >= SIXTEEN_LIMIT) {
                return Outcome.draw(EndReason.SIXTEEN_MOVE_RULE, "Draw by the 16-move rule in a lone-king ending.");
            }
            if (fivePlies >= FIVE_LIMIT) {
                return Outcome.draw(EndReason.FIVE_MOVE_RULE, "Draw by the 5-move rule in a lone-king ending.");
            }
        } else if (rules.noCaptureDrawPlies() > 0 && noCapturePlies >= rules.noCaptureDrawPlies()) {
            return Outcome.draw(EndReason.NO_CAPTURE_LIMIT, "Draw: " + rules.noCaptureDrawPlies()
                + " plies without a capture or a promotion.");
        }
        return null;
    }

    /** Which fmjd endgame rule the material falls under. */
    static Endgame endgame(DraughtsState b) {
        return endgame(b.white(), b.black(), b.kings());
    }

    /** As {@link #endgame(DraughtsState)}, from the masks. */
    static Endgame endgame(long white, long black, long kings) {
        Endgame e = loneKingAgainst(white, black, kings);
        return e != Endgame.NONE ? e : loneKingAgainst(black, white, kings);
    }

    private static Endgame loneKingAgainst(long lone, long strong, long allKings) {
        if (Long.bitCount(lone) != 1 || (lone & allKings) == 0) {
            return Endgame.NONE;
        }
        int pieces = Long.bitCount(strong);
        int kings = Long.bitCount(strong & allKings);
        if (pieces == 3 && kings >= 1) {
            return Endgame.SIXTEEN; // 3 kings, 2 kings + 1 man, 1 king + 2 men
        }
        if (pieces >= 1 && pieces <= 2 && kings >= 1) {
            return Endgame.FIVE; // 2 kings, king + man, king
        }
        return Endgame.NONE;
    }

    int kingMovePlies() {
        return kingMovePlies;
    }

    int sixteenPlies() {
        return sixteenPlies;
    }

    int fivePlies() {
        return fivePlies;
    }

    int noCapturePlies() {
        return noCapturePlies;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DraughtsPosition p && p.rules.equals(rules) && p.board.equals(board)
            && p.kingMovePlies == kingMovePlies && p.sixteenPlies == sixteenPlies && p.fivePlies == fivePlies
            && p.noCapturePlies == noCapturePlies && Arrays.equals(p.keys, keys) && p.ply == ply;
    }

    @Override
    public int hashCode() {
        return board.hashCode() * 31 + ply;
    }

    @Override
    public String toString() {
        return rules.id() + " " + notation();
    }
}
