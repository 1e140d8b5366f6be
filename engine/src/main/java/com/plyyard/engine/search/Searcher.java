package com.plyyard.engine.search;

import com.plyyard.engine.SearchBoard;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

/**
 * Iterative-deepening principal-variation search with a transposition table, move ordering (table move,
 * tactical moves, two killers per ply, history), late-move reductions for quiet moves, and a quiescence
 * search that follows tactical moves — every legal move where the board says tactics are forced (a draughts
 * side that must capture), so a search never stops in the middle of a capture fight.
 *
 * <p>Works on any {@link SearchBoard}; scores are negamax-style from the side to move, negated only when
 * the side changes between plies. Not thread-safe: one searcher per thread; it keeps its tables between
 * searches of the same game.
 */
public final class Searcher {
    public static final int MAX_MOVES = 1024;
    static final int MAX_PLY = 128;
    /** Quiescence plies: long for forced captures (draughts), short for optional ones. */
    private static final int MAX_QUIESCENCE = 24;
    private static final int MAX_OPTIONAL_QUIESCENCE = 6;
    /** Delta pruning: a capture whose gain cannot lift the stand-pat score near alpha is skipped. */
    private static final int DELTA_MARGIN = 200;
    private static final int CHECK_EVERY = 1024;

    private final TranspositionTable table;
    private final int[][] moves = new int[MAX_PLY + 1][MAX_MOVES];
    private final int[][] order = new int[MAX_PLY + 1][MAX_MOVES];
    private final int[][] killers = new int[MAX_PLY + 1][2];
    private final int[] history = new int[1 << 16];
    private final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
    private final int[] pvLength = new int[MAX_PLY + 1];
    private long[] path = new long[MAX_PLY + 256];
    private int pathBase;

    private SearchBoard board;
    private long nodes;
    /** Nodes of the last search a table decided ({@link SearchBoard#tableScore}). */
    private long tableHits;
    private long deadline;
    private long nodeLimit;
    private BooleanSupplier stop;
    private boolean aborted;
    private boolean mustFinish;
    private int rootBestMove;
    private int iterationDepth;
    private int[] rootMoves;
    private int rootCount;
    /** The iteration in progress: a move that beat the first one with an exact score, or 0. */
    private int improvedMove;
    private int improvedScore;
    private boolean strongReductions;

    /** 0 for the searcher whose answer counts; 1, 2, … for helpers that only fill the shared table. */
    private final int helperIndex;

    public Searcher(int tableMegabytes) {
        this(new TranspositionTable(tableMegabytes), 0);
    }

    private Searcher(TranspositionTable table, int helperIndex) {
        this.table = table;
        this.helperIndex = helperIndex;
    }

    /**
     * A helper for Lazy SMP: another thread's searcher on this one's table. It runs the same iterative deepening
     * (odd helpers one ply deeper, so that the threads spread over two depths), and its findings reach the main
     * searcher only through the table.
     */
    Searcher helper(int index) {
        if (index < 1) {
            throw new IllegalArgumentException("helpers are numbered from 1");
        }
        return new Searcher(table, index);
    }

    /** Forgets everything learnt (call between games). */
    public void clear() {
        table.clear();
        Arrays.fill(history, 0);
        for (int[] k : killers) {
            Arrays.fill(k, 0);
        }
    }

    /**
     * Searches the position of {@code board} (left as it was on return).
     *
     * @param history    keys of the game's earlier positions (oldest first), for repetitions; may be empty
     * @param onIteration told after every completed iteration (may be null)
     * @return the deepest completed iteration
     * @throws IllegalStateException if the side to move has no legal move or the game is over
     */
    public SearchInfo search(SearchBoard board, long[] history, Limits limits, BooleanSupplier stop,
                             Consumer<SearchInfo> onIteration) {
        this.board = board;
        this.stop = stop == null ? () -> false : stop;
        long start = System.nanoTime();
        this.deadline = limits.moveMillis() > 0 ? start + limits.moveMillis() * 1_000_000L : Long.MAX_VALUE;
        this.nodeLimit = limits.nodes() > 0 ? limits.nodes() : Long.MAX_VALUE;
        this.nodes = 0;
        this.tableHits = 0;
        this.aborted = false;
        this.rootBestMove = 0;
        setHistory(history);
        if (board.isTerminal()) {
            throw new IllegalStateException("The game is over: there is nothing to search.");
        }
        rootCount = board.generate(moves[0]);
        if (rootCount == 0) {
            throw new IllegalStateException("The side to move has no legal move.");
        }
        rootMoves = Arrays.copyOf(moves[0], rootCount);
        strongReductions = board.strongReductions();
        SearchInfo best = null;
        for (int depth = 1; depth <= limits.maxDepth(); depth++) {
            mustFinish = depth == 1 && helperIndex == 0; // always finish one iteration: an answer before any limit
            int searched = Math.min(limits.maxDepth(), depth + helperIndex % 2);
            iterationDepth = searched;
            int score = aspirationRoot(searched, best == null ? 0 : best.score(), best != null && searched >= 5);
            if (aborted) {
                if (helperIndex == 0 && best != null && improvedMove != 0 && improvedMove != best.bestMove()) {
                    // out of time, but a move already proved better than the last iteration's at this depth
                    best = info(depth, improvedScore, start);
                }
                break;
            }
            best = helperIndex == 0 ? info(depth, score, start) : null;
            if (onIteration != null && best != null) {
                onIteration.accept(best);
            }
            if (Score.isWin(score) || Score.isLoss(score)) {
                if (Score.pliesToEnd(score) <= depth) {
                    break; // a forced result within the horizon: deeper search cannot change it
                }
            }
            if (rootCount == 1 && depth >= 2) {
                break; // only one move: no need to think
            }
        }
        return best;
    }

    /**
     * Scores every root move exactly at {@code depth} (full windows), best first; for levels that choose
     * among good moves on purpose. Stops at the deadline ({@code System.nanoTime()} value) or on
     * {@code stop}; then returns null.
     */
    public List<int[]> rootScores(SearchBoard board, long[] history, int depth, long deadlineNanos, BooleanSupplier stop) {
        return rootScores(board, history, depth, deadlineNanos, stop, m -> true);
    }

    /** As {@link #rootScores(SearchBoard, long[], int, long, BooleanSupplier)}, for the root moves {@code scored} accepts. */
    public List<int[]> rootScores(SearchBoard board, long[] history, int depth, long deadlineNanos, BooleanSupplier stop,
                                  IntPredicate scored) {
        this.board = board;
        this.stop = stop == null ? () -> false : stop;
        this.deadline = deadlineNanos;
        this.nodeLimit = Long.MAX_VALUE;
        this.aborted = false;
        this.mustFinish = false;
        this.iterationDepth = depth;
        this.strongReductions = board.strongReductions(); // the game's own pruning, not the last search's
        setHistory(history);
        int n = board.generate(moves[0]);
        int[] root = Arrays.copyOf(moves[0], n);
        List<int[]> out = new ArrayList<>();
        int side = board.side();
        for (int move : root) {
            if (!scored.test(move)) {
                continue;
            }
            board.make(move);
            path[pathBase + 1] = board.hash();
            int score = child(depth - 1, -Score.INFINITE, Score.INFINITE, 1, side, true);
            board.unmake();
            if (aborted) {
                return null;
            }
            out.add(new int[] {move, score});
        }
        out.sort((a, b) -> Integer.compare(b[1], a[1]));
        return out;
    }

    /**
     * Whether a root move that is not {@code excluded} scores at least {@code threshold} at {@code depth}: a null-window
     * search of each, stopping at the first that does. Far cheaper than {@link #rootScores} when the other moves fall
     * short (each fails low at once); for a screen of "only one move keeps this" before an exact scoring.
     */
    public boolean anyRootAtLeast(SearchBoard board, long[] history, int depth, IntPredicate excluded, int threshold) {
        this.board = board;
        this.stop = () -> false;
        this.deadline = Long.MAX_VALUE;
        this.nodeLimit = Long.MAX_VALUE;
        this.aborted = false;
        this.mustFinish = false;
        this.iterationDepth = depth;
        this.strongReductions = board.strongReductions();
        setHistory(history);
        int n = board.generate(moves[0]);
        int[] root = Arrays.copyOf(moves[0], n);
        int side = board.side();
        for (int move : root) {
            if (excluded.test(move)) {
                continue;
            }
            board.make(move);
            path[pathBase + 1] = board.hash();
            int score = child(depth - 1, threshold - 1, threshold, 1, side, false);
            board.unmake();
            if (score >= threshold) {
                return true;
            }
        }
        return false;
    }

    public long nodes() {
        return nodes;
    }

    /** Nodes of the last search whose value a table gave. */
    public long tableHits() {
        return tableHits;
    }

    private void setHistory(long[] history) {
        long[] h = history == null ? new long[0] : history;
        if (path.length < h.length + MAX_PLY + 2) {
            path = new long[h.length + MAX_PLY + 2];
        }
        System.arraycopy(h, 0, path, 0, h.length);
        pathBase = h.length;
        path[pathBase] = board.hash();
    }

    private SearchInfo info(int depth, int score, long start) {
        int[] line = Arrays.copyOf(pv[0], pvLength[0]);
        List<String> names = new ArrayList<>(line.length);
        int made = 0;
        for (int m : line) {
            names.add(board.notation(m));
            board.make(m);
            made++;
        }
        for (int i = 0; i < made; i++) {
            board.unmake();
        }
        return new SearchInfo(depth, score, names, line, nodes, (System.nanoTime() - start) / 1_000_000L);
    }

    /**
     * One iteration at {@code depth}: in a window around {@code guess} when {@code narrow} and the board asks for
     * aspiration, widened fourfold on the side the score falls out of until it fits.
     */
    private int aspirationRoot(int depth, int guess, boolean narrow) {
        int window = narrow && !Score.isWin(guess) && !Score.isLoss(guess) ? board.aspirationWindow() : 0;
        if (window <= 0) {
            return root(depth, -Score.INFINITE, Score.INFINITE);
        }
        int alpha = guess - window;
        int beta = guess + window;
        while (true) {
            int score = root(depth, alpha, beta);
            if (aborted) {
                return 0;
            }
            if (score <= alpha && alpha > -Score.INFINITE) {
                window *= 4;
                alpha = Math.max(-Score.INFINITE, guess - window);
            } else if (score >= beta && beta < Score.INFINITE) {
                window *= 4;
                beta = Math.min(Score.INFINITE, guess + window);
            } else {
                return score;
            }
            if (window > 4 * Score.WIN) {
                alpha = -Score.INFINITE;
                beta = Score.INFINITE;
            }
        }
    }

    private int root(int depth, int alpha, int beta) {
        int side = board.side();
        improvedMove = 0;
        if (depth > 1) { // the previous iteration's best move first
            for (int i = 1; i < rootCount; i++) {
                if (rootMoves[i] == rootBestMove) {
                    rootMoves[i] = rootMoves[0];
                    rootMoves[0] = rootBestMove;
                }
            }
        }
        int originalAlpha = alpha;
        int best = -Score.INFINITE;
        int bestMove = rootMoves[0];
        pvLength[0] = 0;
        for (int i = 0; i < rootCount; i++) {
            int move = rootMoves[i];
            board.make(move);
            path[pathBase + 1] = board.hash();
            int score;
            if (i == 0) {
                score = child(depth - 1, alpha, beta, 1, side, true);
            } else {
                score = child(depth - 1, alpha, alpha + 1, 1, side, false);
                if (score > alpha && !aborted) {
                    score = child(depth - 1, alpha, beta, 1, side, true);
                }
            }
            board.unmake();
            if (aborted) {
                return 0;
            }
            if (score > best) {
                boolean proven = i > 0 && score > alpha && score < beta; // a full-window score above the others
                best = score;
                bestMove = move;
                alpha = Math.max(alpha, score);
                pv[0][0] = move;
                System.arraycopy(pv[1], 1, pv[0], 1, Math.max(0, pvLength[1] - 1));
                pvLength[0] = Math.max(1, pvLength[1]);
                if (proven) {
                    improvedMove = move; // good enough to play if time runs out before the iteration ends
                    improvedScore = score;
                }
            }
            if (best >= beta) {
                break; // fails high: the aspiration loop widens the window
            }
        }
        rootBestMove = bestMove;
        int bound = best >= beta ? TranspositionTable.LOWER : best <= originalAlpha ? TranspositionTable.UPPER
            : TranspositionTable.EXACT;
        table.store(path[pathBase], bestMove, best, depth, bound);
        return best;
    }

    /** Searches the child just made; {@code parentSide} decides whether its score is negated. */
    private int child(int depth, int alpha, int beta, int ply, int parentSide, boolean pvNode) {
        if (board.side() == parentSide) {
            return search(depth, alpha, beta, ply, pvNode);
        }
        return -search(depth, -beta, -alpha, ply, pvNode);
    }

    private boolean outOfBudget() {
        if (mustFinish) {
            return false;
        }
        if ((nodes & (CHECK_EVERY - 1)) == 0
            && (System.nanoTime() > deadline || nodes >= nodeLimit || stop.getAsBoolean())) {
            aborted = true;
        }
        return aborted;
    }

    private boolean repeated(int ply) {
        long key = path[pathBase + ply];
        for (int i = pathBase + ply - 2; i >= 0; i--) {
            if (path[i] == key) {
                return true;
            }
        }
        return false;
    }

    private int search(int depth, int alpha, int beta, int ply, boolean pvNode) {
        nodes++;
        pvLength[ply] = ply;
        if (outOfBudget()) {
            return 0;
        }
        if (board.isTerminal()) {
            return Score.atPly(board.terminalScore(), ply);
        }
        if (repeated(ply)) {
            return Score.DRAW;
        }
        if (ply > 0) {
            int exact = board.tableScore();
            if (exact != SearchBoard.NO_TABLE_SCORE) {
                tableHits++;
                return Score.atPly(exact, ply);
            }
        }
        if (depth <= 0 || ply >= MAX_PLY - 1) {
            return quiesce(alpha, beta, ply, 0);
        }
        long key = path[pathBase + ply];
        long entry = table.probe(key);
        int tableMove = 0;
        if (entry != 0) {
            tableMove = TranspositionTable.move(entry);
            if (!pvNode && TranspositionTable.depth(entry) >= depth) {
                int s = Score.fromTable(TranspositionTable.score(entry), ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.EXACT || (bound == TranspositionTable.LOWER && s >= beta)
                    || (bound == TranspositionTable.UPPER && s <= alpha)) {
                    return s;
                }
            }
        }
        int margin = pvNode || depth <= 2 ? 0 : board.probCutMargin();
        if (margin > 0 && Math.abs(beta) < Score.WIN_BOUND - margin) {
            // a half-depth search that clears beta by the margin predicts the full one: cut (fail hard)
            int probe = search(depth / 2, beta + margin - 1, beta + margin, ply, false);
            if (aborted) {
                return 0;
            }
            if (probe >= beta + margin) {
                return beta;
            }
        }
        int[] list = moves[ply];
        int n = board.generate(list);
        if (n == 0) {
            return Score.atPly(board.terminalScore(), ply);
        }
        if (!pvNode && depth > 4 && n > 1 && board.transpositionCutoffs()) {
            int cut = transpositionCutoff(list, n, depth - 1, beta, ply);
            if (cut != NO_CUTOFF) {
                return cut;
            }
        }
        scoreMoves(list, n, ply, tableMove);
        int side = board.side();
        int originalAlpha = alpha;
        int best = -Score.INFINITE;
        int bestMove = list[0];
        boolean single = n == 1 && ply < 2 * iterationDepth;
        for (int i = 0; i < n; i++) {
            int move = pick(list, n, ply, i);
            boolean tactical = board.isTactical(move);
            board.make(move);
            path[pathBase + ply + 1] = board.hash();
            // a forced single reply costs no depth (capture chains in draughts)
            int newDepth = single ? depth : depth - 1;
            int score;
            if (i == 0) {
                score = child(newDepth, alpha, beta, ply + 1, side, pvNode);
            } else {
                int reduction = 0;
                if (!tactical && depth >= 3 && move != killers[ply][0] && move != killers[ply][1]) {
                    if (strongReductions && !pvNode) {
                        reduction = i >= 5 ? 2 : i >= 2 ? 1 : 0;
                    } else {
                        reduction = i >= 12 ? 2 : i >= 4 ? 1 : 0;
                    }
                }
                score = child(newDepth - reduction, alpha, alpha + 1, ply + 1, side, false);
                if (reduction > 0 && score > alpha && !aborted) {
                    score = child(newDepth, alpha, alpha + 1, ply + 1, side, false);
                }
                if (pvNode && score > alpha && score < beta && !aborted) {
                    score = child(newDepth, alpha, beta, ply + 1, side, true);
                }
            }
            board.unmake();
            if (aborted) {
                return 0;
            }
            if (score > best) {
                best = score;
                bestMove = move;
                if (score > alpha) {
                    alpha = score;
                    pv[ply][ply] = move;
                    System.arraycopy(pv[ply + 1], ply + 1, pv[ply], ply + 1, pvLength[ply + 1] - ply - 1);
                    pvLength[ply] = Math.max(ply + 1, pvLength[ply + 1]);
                    if (alpha >= beta) {
                        if (!tactical) {
                            if (killers[ply][0] != move) {
                                killers[ply][1] = killers[ply][0];
                                killers[ply][0] = move;
                            }
                            int h = historyIndex(move);
                            history[h] = Math.min(history[h] + depth * depth, 1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        int bound = best >= beta ? TranspositionTable.LOWER
            : best > originalAlpha ? TranspositionTable.EXACT : TranspositionTable.UPPER;
        table.store(key, bestMove, Score.toTable(best, ply), depth, bound);
        return best;
    }

    private static final int NO_CUTOFF = Integer.MIN_VALUE;

    /**
     * Enhanced transposition cutoff: a child whose table entry, searched at least {@code childDepth} deep, already
     * proves a score of at least {@code beta} here ends the node before any child is searched; else
     * {@link #NO_CUTOFF}.
     */
    private int transpositionCutoff(int[] list, int n, int childDepth, int beta, int ply) {
        int side = board.side();
        for (int i = 0; i < n; i++) {
            board.make(list[i]);
            long entry = table.probe(board.hash());
            boolean sameSide = board.side() == side;
            board.unmake();
            if (entry == 0 || TranspositionTable.depth(entry) < childDepth) {
                continue;
            }
            int childScore = Score.fromTable(TranspositionTable.score(entry), ply + 1);
            int bound = TranspositionTable.bound(entry);
            // the bound that holds from our side: the child's upper bound is our lower bound when the side changes
            boolean lowerForUs = sameSide ? bound != TranspositionTable.UPPER : bound != TranspositionTable.LOWER;
            int score = sameSide ? childScore : -childScore;
            if (lowerForUs && score >= beta) {
                return score;
            }
        }
        return NO_CUTOFF;
    }

    private int quiesce(int alpha, int beta, int ply, int qply) {
        nodes++;
        pvLength[ply] = ply;
        if (outOfBudget()) {
            return 0;
        }
        if (board.isTerminal()) {
            return Score.atPly(board.terminalScore(), ply);
        }
        if (qply > 0) { // the search asked at qply 0
            int exact = board.tableScore();
            if (exact != SearchBoard.NO_TABLE_SCORE) {
                tableHits++;
                return Score.atPly(exact, ply);
            }
        }
        int[] list = moves[ply];
        int n = board.generate(list);
        if (n == 0) {
            return Score.atPly(board.terminalScore(), ply);
        }
        boolean forced = board.forcedTactics();
        int limit = forced ? MAX_QUIESCENCE : MAX_OPTIONAL_QUIESCENCE;
        int best = -Score.INFINITE;
        int standPat = -Score.INFINITE;
        if (!forced || qply >= limit || ply >= MAX_PLY - 1) {
            standPat = board.evaluate();
            if (forced || standPat >= beta || qply >= limit || ply >= MAX_PLY - 1) {
                return standPat;
            }
            best = standPat;
            alpha = Math.max(alpha, standPat);
        }
        int side = board.side();
        int[] keys = order[ply];
        for (int i = 0; i < n; i++) {
            keys[i] = board.isTactical(list[i]) ? 1 + board.tacticalGain(list[i]) : 0;
        }
        for (int i = 0; i < n; i++) {
            int move = pick(list, n, ply, i);
            if (!forced) {
                if (keys[i] == 0) {
                    break; // only quiet moves are left
                }
                if (standPat + keys[i] - 1 + DELTA_MARGIN <= alpha) {
                    continue;
                }
            }
            board.make(move);
            int score = board.side() == side ? quiesce(alpha, beta, ply + 1, qply + 1)
                : -quiesce(-beta, -alpha, ply + 1, qply + 1);
            board.unmake();
            if (aborted) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    private static int historyIndex(int move) {
        return (int) ((move * 0x9E3779B97F4A7C15L) >>> 48);
    }

    /** Ordering keys: table move, tactical moves, killers, then history. */
    private void scoreMoves(int[] list, int n, int ply, int tableMove) {
        int[] keys = order[ply];
        for (int i = 0; i < n; i++) {
            int m = list[i];
            int key;
            if (m == tableMove) {
                key = Integer.MAX_VALUE;
            } else if (board.isTactical(m)) {
                key = (1 << 28) + Math.min(board.tacticalGain(m), 1 << 20);
            } else if (m == killers[ply][0]) {
                key = 1 << 27;
            } else if (m == killers[ply][1]) {
                key = (1 << 27) - 1;
            } else {
                key = history[historyIndex(m)];
            }
            keys[i] = key;
        }
    }

    /** Selection sort step: brings the best remaining move to position i. */
    private int pick(int[] list, int n, int ply, int i) {
        int[] keys = order[ply];
        int bestIndex = i;
        for (int j = i + 1; j < n; j++) {
            if (keys[j] > keys[bestIndex]) {
                bestIndex = j;
            }
        }
        if (bestIndex != i) {
            int m = list[i];
            list[i] = list[bestIndex];
            list[bestIndex] = m;
            int k = keys[i];
            keys[i] = keys[bestIndex];
            keys[bestIndex] = k;
        }
        return list[i];
    }
}
