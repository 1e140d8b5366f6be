package com.plyyard.engine.draughts;

import com.plyyard.engine.SearchBoard;
import com.plyyard.engine.search.Score;

/**
 * Draughts for the {@link com.plyyard.engine.search.Searcher}: the fast generator with copy-make on a stack
 * of bitboards and an incremental Zobrist key. A move int is from bit | to bit &lt;&lt; 6 | n &lt;&lt; 12 |
 * capture &lt;&lt; 20, where n tells apart captures with the same from and to (the n-th in generation order).
 * Side 0 is White. Draw rules are left to the game; the search sees repetitions only.
 */
public final class DraughtsSearchBoard implements SearchBoard {
    private static final int MAX = 256;
    private static final int PROBCUT_MARGIN = 90;

    private final DraughtsPosition root;
    private final DraughtsRules rules;
    private final DraughtsMoveGenerator generator;
    /** The endgame tables this JVM plays with, or null. */
    private final DraughtsTablebase tables;
    private final long[] white = new long[MAX];
    private final long[] black = new long[MAX];
    private final long[] kings = new long[MAX];
    private final boolean[] whiteToMove = new boolean[MAX];
    private final long[] hash = new long[MAX];
    private final MoveList[] lists = new MoveList[MAX];
    /** The move ints of each ply's list, made once when the list is generated. */
    private final int[][] codes = new int[MAX][64];
    private final boolean[] generated = new boolean[MAX];
    private int ply;

    public DraughtsSearchBoard(DraughtsPosition position) {
        this(position, DraughtsTablebase.played(position.rules().ruleSet()).orElse(null));
    }

    /** A board that reads {@code tables} (may be null: none) instead of the ones this JVM plays with. */
    DraughtsSearchBoard(DraughtsPosition position, DraughtsTablebase tables) {
        this.root = position;
        this.rules = position.rules();
        this.generator = new DraughtsMoveGenerator(rules.ruleSet());
        this.tables = tables;
        DraughtsState b = position.state();
        white[0] = b.white();
        black[0] = b.black();
        kings[0] = b.kings();
        whiteToMove[0] = b.whiteToMove();
        hash[0] = DraughtsZobrist.key(b);
        for (int i = 0; i < MAX; i++) {
            lists[i] = new MoveList();
        }
    }

    private MoveList list() {
        MoveList list = lists[ply];
        if (!generated[ply]) {
            boolean w = whiteToMove[ply];
            generator.generate(w ? white[ply] : black[ply], w ? black[ply] : white[ply], kings[ply], w, list);
            int n = list.size();
            if (codes[ply].length < n) {
                codes[ply] = new int[Math.max(n, 2 * codes[ply].length)];
            }
            int[] c = codes[ply];
            for (int i = 0; i < n; i++) {
                c[i] = encode(list, i);
            }
            generated[ply] = true;
        }
        return list;
    }

    /** The move int of move i; the n-th-capture count is needed (and looked for) only among captures. */
    private static int encode(MoveList list, int i) {
        int from = list.fromBit(i);
        int to = list.toBit(i);
        if (list.captured(i) == 0) {
            return from | to << 6; // a quiet move is the only one with its from and to
        }
        int n = 0;
        for (int j = 0; j < i; j++) {
            if (list.fromBit(j) == from && list.toBit(j) == to) {
                n++;
            }
        }
        return from | to << 6 | n << 12 | 1 << 20;
    }

    /** Index in this ply's list of a move int, or -1. */
    private int indexOf(int move) {
        MoveList list = list();
        int[] c = codes[ply];
        for (int i = 0, n = list.size(); i < n; i++) {
            if (c[i] == move) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int side() {
        return whiteToMove[ply] ? 0 : 1;
    }

    @Override
    public int generate(int[] out) {
        int n = list().size();
        System.arraycopy(codes[ply], 0, out, 0, n);
        return n;
    }

    @Override
    public void make(int move) {
        MoveList list = list();
        int index = indexOf(move);
        if (index < 0) {
            throw new IllegalArgumentException("move " + move + " is not legal here");
        }
        boolean w = whiteToMove[ply];
        long own = w ? white[ply] : black[ply];
        long opp = w ? black[ply] : white[ply];
        long k = kings[ply];
        int fromBit = list.fromBit(index);
        int toBit = list.toBit(index);
        long from = 1L << fromBit;
        long to = 1L << toBit;
        long captured = list.captured(index);
        boolean king = (k & from) != 0;
        boolean promotes = !king && (to & (w ? Squares.WHITE_PROMOTION : Squares.BLACK_PROMOTION)) != 0;
        long key = hash[ply] ^ DraughtsZobrist.blackToMove();
        int ownType = w ? 0 : 2;
        key ^= DraughtsZobrist.piece(ownType + (king ? 1 : 0), fromBit) ^ DraughtsZobrist.piece(ownType + (king || promotes ? 1 : 0), toBit);
        int oppType = w ? 2 : 0;
        for (long c = captured; c != 0; c &= c - 1) {
            int b = Long.numberOfTrailingZeros(c);
            key ^= DraughtsZobrist.piece(oppType + ((k & (1L << b)) != 0 ? 1 : 0), b);
        }
        long newOwn = (own & ~from) | to;
        long newOpp = opp & ~captured;
        long newKings = k & ~captured;
        if (king) {
            newKings = (newKings & ~from) | to;
        } else if (promotes) {
            newKings |= to;
        }
        ply++;
        white[ply] = w ? newOwn : newOpp;
        black[ply] = w ? newOpp : newOwn;
        kings[ply] = newKings;
        whiteToMove[ply] = !w;
        hash[ply] = key;
        generated[ply] = false;
    }

    @Override
    public void unmake() {
        ply--;
    }

    @Override
    public long hash() {
        return hash[ply];
    }

    @Override
    public boolean isTerminal() {
        return (whiteToMove[ply] ? white[ply] : black[ply]) == 0;
    }

    @Override
    public int terminalScore() {
        return Score.LOSS; // no pieces or no legal move: the side to move has lost
    }

    /**
     * The endgame table's value, where the draw-by-count rules cannot change it. The table knows the move rules only;
     * the counts come from the root position (a count running there has run every ply since; one that starts below the
     * root is taken to start at this node). Under {@code fmjd}, in a lone-king ending a result the 16- or 5-move count
     * would stop is a draw; elsewhere a result further away than the 25-move count allows is left to the search, as is
     * one under {@code plyyard} further than its no-capture count allows (a capture or a promotion may reset either).
     */
    @Override
    public int tableScore() {
        if (tables == null) {
            return NO_TABLE_SCORE;
        }
        int raw = tables.probe(white[ply], black[ply], kings[ply], whiteToMove[ply]);
        if (raw == DraughtsTablebase.NOT_HELD) {
            return NO_TABLE_SCORE;
        }
        if (raw == 0) {
            return Score.DRAW;
        }
        int plies = DraughtsTablebase.plies(raw);
        if (rules.ruleSet() == DraughtsRuleSet.FMJD) {
            DraughtsPosition.Endgame ending = DraughtsPosition.endgame(white[ply], black[ply], kings[ply]);
            if (ending != DraughtsPosition.Endgame.NONE) {
                int allowed = root.sixteenPlies() >= 0 ? DraughtsPosition.SIXTEEN_LIMIT - root.sixteenPlies() - ply
                    : ending == DraughtsPosition.Endgame.SIXTEEN ? DraughtsPosition.SIXTEEN_LIMIT : Integer.MAX_VALUE;
                if (ending == DraughtsPosition.Endgame.FIVE) {
                    allowed = Math.min(allowed,
                        DraughtsPosition.FIVE_LIMIT - (root.fivePlies() >= 0 ? root.fivePlies() + ply : 0));
                }
                if (plies > allowed) {
                    return Score.DRAW; // the count ends the game first, whatever is played
                }
            } else if (plies > DraughtsPosition.TWENTY_FIVE_LIMIT - root.kingMovePlies() - ply) {
                return NO_TABLE_SCORE;
            }
        } else if (rules.noCaptureDrawPlies() > 0 && plies > rules.noCaptureDrawPlies() - root.noCapturePlies() - ply) {
            return NO_TABLE_SCORE;
        }
        return DraughtsTablebase.isWin(raw) ? Score.WIN - plies : Score.LOSS + plies;
    }

    @Override
    public int evaluate() {
        int e = DraughtsEvaluation.evaluate(white[ply], black[ply], kings[ply], whiteToMove[ply]);
        return whiteToMove[ply] ? e : -e;
    }

    /**
     * ProbCut from 0.9 man outside the opening (fewer than 32 pieces): there a half-depth search forecasts the full
     * one well; in the opening the many quiet moves keep it from doing so.
     */
    @Override
    public int probCutMargin() {
        return Long.bitCount(white[ply] | black[ply]) < 32 ? PROBCUT_MARGIN : 0;
    }

    @Override
    public boolean transpositionCutoffs() {
        return true;
    }

    /** A quarter of a man: most iterations stay within it. */
    @Override
    public int aspirationWindow() {
        return 25;
    }

    @Override
    public boolean strongReductions() {
        return true;
    }

    @Override
    public boolean isTactical(int move) {
        return (move & (1 << 20)) != 0;
    }

    /** The men and kings a capture takes. */
    @Override
    public int tacticalGain(int move) {
        int i = indexOf(move);
        if (i < 0) {
            return 0;
        }
        long c = lists[ply].captured(i);
        return DraughtsEvaluation.MAN * Long.bitCount(c & ~kings[ply]) + DraughtsEvaluation.KING * Long.bitCount(c & kings[ply]);
    }

    @Override
    public boolean forcedTactics() {
        MoveList list = list();
        return list.size() > 0 && list.captured(0) != 0;
    }

    @Override
    public String notation(int move) {
        MoveList list = list();
        int i = indexOf(move);
        if (i >= 0) {
            DraughtsState b = DraughtsState.ofMasks(white[ply], black[ply], kings[ply], whiteToMove[ply]);
            for (DraughtsMove m : rules.position(b).legalMovesIgnoringDraws()) {
                if (Squares.bit(m.from()) == list.fromBit(i) && Squares.bit(m.to()) == list.toBit(i)
                    && m.capturedMask() == list.captured(i)) {
                    return m.notation();
                }
            }
        }
        throw new IllegalArgumentException("move " + move + " is not legal here");
    }

    @Override
    public DraughtsMove rootMove(int move) {
        String notation = new DraughtsSearchBoard(root).notation(move);
        return root.legalMovesIgnoringDraws().stream().filter(m -> m.notation().equals(notation)).findFirst()
            .orElseThrow();
    }
}
