package com.plyyard.engine.search;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.SearchBoard;
import com.plyyard.engine.Seat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The engine's move for any position: takes the game's {@link SearchBoard} and depth caps from its
 * {@link GameModule}, runs the {@link Searcher} within the limits or the level, and applies a level's
 * deliberate randomness. One instance per thread.
 */
public final class Engine {
    private final Searcher searcher;
    /** Lazy SMP: searchers of other threads on the same table; empty with one thread. */
    private final Searcher[] helpers;
    private final ExecutorService helperThreads;

    public Engine(int tableMegabytes) {
        this(tableMegabytes, 1);
    }

    /**
     * @param threads search threads for time-limited searches (Lazy SMP: the others search the same position and
     *                share what they find through the table); searches limited by nodes, and the weaker levels' choice
     *                among good moves, stay on one thread so that they repeat exactly
     */
    public Engine(int tableMegabytes, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("an engine needs at least one search thread");
        }
        this.searcher = new Searcher(tableMegabytes);
        this.helpers = new Searcher[threads - 1];
        for (int i = 0; i < helpers.length; i++) {
            helpers[i] = searcher.helper(i + 1);
        }
        this.helperThreads = helpers.length == 0 ? null : Executors.newFixedThreadPool(helpers.length, r -> {
            Thread t = new Thread(r, "plyyard-search-helper");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * What to search.
     *
     * @param limits       explicit limits (used as they are when {@code level} is null)
     * @param level        a named level, or null
     * @param clockMillis  with a level: the mover's time left (negative = no clock)
     * @param incrementMillis with a level: its increment
     * @param seed         randomness of the weaker levels
     */
    public record Request(Limits limits, Level level, long clockMillis, long incrementMillis, long seed) {
        public static Request of(Limits limits) {
            return new Request(limits, null, -1, 0, 0);
        }

        public static Request of(Level level, long seed) {
            return new Request(null, level, -1, 0, seed);
        }
    }

    /** The answer: a legal move of the position, its score (mover's view), and how the search went. */
    public record Result(LegalMove move, int score, int depth, long nodes, long millis, List<String> pv) {
    }

    /**
     * @throws GameOverException     if the game is over
     * @throws InvalidInputException if the request has no limit at all
     */
    public Result bestMove(Position position, Request request, BooleanSupplier stop, Consumer<SearchInfo> onIteration) {
        if (position.isOver() || position.legalMoves().isEmpty()) {
            throw new GameOverException("The game is over; the engine has no move to make.");
        }
        GameModule game = position.rules().module();
        Limits limits = limitsFor(game, request);
        SearchBoard board = game.searchBoard(position);
        long[] keys = position.repetitionKeys();
        long[] history = Arrays.copyOf(keys, Math.max(0, keys.length - 1));
        long start = System.nanoTime();
        SearchInfo info;
        long helperNodes = 0;
        if (helpers.length > 0 && limits.nodes() <= 0) {
            AtomicBoolean done = new AtomicBoolean();
            BooleanSupplier external = stop == null ? () -> false : stop;
            List<Future<?>> running = new ArrayList<>(helpers.length);
            for (Searcher helper : helpers) {
                SearchBoard own = game.searchBoard(position);
                running.add(helperThreads.submit(() -> helper.search(own, history, limits,
                    () -> done.get() || external.getAsBoolean(), null)));
            }
            try {
                info = searcher.search(board, history, limits, stop, onIteration);
            } finally {
                done.set(true);
                for (Future<?> f : running) {
                    awaitHelper(f);
                }
            }
            for (Searcher helper : helpers) {
                helperNodes += helper.nodes();
            }
        } else {
            info = searcher.search(board, history, limits, stop, onIteration);
        }
        int move = info.bestMove();
        int score = info.score();
        Level level = request.level();
        if (level != null && level.window() > 0 && position.legalMoves().size() > 1) {
            // the choice among good moves shares the move's time budget; out of time, the best move stands
            long deadline = limits.moveMillis() > 0 ? start + limits.moveMillis() * 1_000_000L : Long.MAX_VALUE;
            List<int[]> scored = searcher.rootScores(game.searchBoard(position), history, Math.max(1, Math.min(info.depth(),
                level.depthCap(game.depthCaps()))), deadline, stop);
            if (scored != null) {
                int[] choice = choose(scored, level, new SplittableRandom(request.seed() ^ position.notation().hashCode()));
                move = choice[0];
                score = choice[1];
            }
        }
        return new Result(board.rootMove(move), score, info.depth(), searcher.nodes() + helperNodes, info.millis(),
            move == info.bestMove() ? info.pv() : List.of(board.notation(move)));
    }

    /**
     * How {@code seat} stands in {@code position}, whether or not it is to move: a search within the request's limits (a
     * level's depth and time, never its randomness) on a board that takes the seat's view
     * ({@link GameModule#searchBoard(Position, int)}: in a free-for-all the seat against all the others), its score turned
     * to the seat's view — the search scores for the side to move, so the score is negated when the seat is not of the
     * mover's team. The result's move and line are the mover's. One thread, so that a depth or node limit repeats exactly.
     *
     * @throws GameOverException     if the game is over
     * @throws InvalidInputException if the seat does not exist, or the request has no limit at all
     * @throws IllegalMoveException  if the seat is out of the game
     */
    public Result evaluate(Position position, int seat, Request request, BooleanSupplier stop) {
        if (position.isOver() || position.legalMoves().isEmpty()) {
            throw new GameOverException("The game is over; there is no standing left to weigh.");
        }
        List<Seat> seats = position.seats();
        if (seat < 0 || seat >= seats.size()) {
            throw new InvalidInputException("Seat " + Integer.toUnsignedString(seat) + " does not exist; "
                + position.rules().id() + " has seats 0 to " + (seats.size() - 1) + ".");
        }
        Seat weighed = seats.get(seat);
        if (weighed.out()) {
            String colour = weighed.colour();
            throw new IllegalMoveException(Character.toUpperCase(colour.charAt(0)) + colour.substring(1)
                + " is out of the game; only a seat still in it has a standing to weigh.");
        }
        GameModule game = position.rules().module();
        Limits limits = limitsFor(game, request);
        SearchBoard board = game.searchBoard(position, seat);
        long[] keys = position.repetitionKeys();
        long[] history = Arrays.copyOf(keys, Math.max(0, keys.length - 1));
        SearchInfo info = searcher.search(board, history, limits, stop, null);
        boolean moversTeam = weighed.team() == seats.get(position.toMove()).team();
        return new Result(board.rootMove(info.bestMove()), moversTeam ? info.score() : -info.score(), info.depth(),
            searcher.nodes(), info.millis(), info.pv());
    }

    /** Waits for a helper told to stop (it notices within a thousand nodes); its failure only costs its help. */
    private static void awaitHelper(Future<?> helper) {
        try {
            helper.get();
        } catch (ExecutionException e) {
            // the main search's answer stands without this helper's contribution
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A legal move and its score from a search, on the search's scale, for the side that plays it. */
    public record RootScore(LegalMove move, int score) {
    }

    /**
     * Every legal move scored at exactly {@code depth} plies with a full window, best first: what a puzzle's margin
     * is measured by ({@code com.plyyard.engine.learn.SearchPuzzles}). One thread, so that it repeats exactly.
     *
     * @throws GameOverException if the game is over
     */
    public List<RootScore> rootScores(Position position, int depth) {
        if (position.isOver() || position.legalMoves().isEmpty()) {
            throw new GameOverException("The game is over; there are no moves to score.");
        }
        if (depth < 1 || depth > Limits.MAX_DEPTH) {
            throw new InvalidInputException("A depth is between 1 and " + Limits.MAX_DEPTH + ", not " + depth + ".");
        }
        SearchBoard board = position.rules().module().searchBoard(position);
        long[] keys = position.repetitionKeys();
        long[] history = Arrays.copyOf(keys, Math.max(0, keys.length - 1));
        List<int[]> scored = searcher.rootScores(board, history, depth, Long.MAX_VALUE, null);
        List<RootScore> out = new ArrayList<>(scored.size());
        for (int[] s : scored) {
            out.add(new RootScore(board.rootMove(s[0]), s[1]));
        }
        return out;
    }

    /**
     * The score of one legal move at exactly {@code depth} plies with a full window, as {@link #rootScores} scores it
     * (what a game review weighs a played move by against the engine's own). It uses what earlier searches of this
     * engine left in the table, so after a search of the same position it costs little. Empty when the deadline
     * ({@code System.nanoTime()}) passed or {@code stop} said so first. One thread.
     *
     * @throws GameOverException     if the game is over
     * @throws InvalidInputException if the move is not one of the position's, or the depth is out of range
     */
    public OptionalInt scoreMove(Position position, LegalMove move, int depth, long deadlineNanos, BooleanSupplier stop) {
        if (position.isOver() || position.legalMoves().isEmpty()) {
            throw new GameOverException("The game is over; there are no moves to score.");
        }
        if (depth < 1 || depth > Limits.MAX_DEPTH) {
            throw new InvalidInputException("A depth is between 1 and " + Limits.MAX_DEPTH + ", not " + depth + ".");
        }
        if (!position.legalMoves().contains(move)) {
            throw new InvalidInputException(move.notation() + " is not a legal move of this position.");
        }
        SearchBoard board = position.rules().module().searchBoard(position);
        long[] keys = position.repetitionKeys();
        long[] history = Arrays.copyOf(keys, Math.max(0, keys.length - 1));
        List<int[]> scored = searcher.rootScores(board, history, depth, deadlineNanos, stop,
            m -> board.rootMove(m).equals(move));
        return scored == null || scored.isEmpty() ? OptionalInt.empty() : OptionalInt.of(scored.get(0)[1]);
    }

    /**
     * Whether a legal move other than {@code except} scores at least {@code threshold} at {@code depth} plies (null-window
     * searches, stopping at the first that does): the cheap screen of a puzzle's "only move" before
     * {@link #rootScores} scores every move exactly. One thread.
     */
    public boolean anotherMoveReaches(Position position, int depth, LegalMove except, int threshold) {
        if (position.isOver() || position.legalMoves().isEmpty()) {
            throw new GameOverException("The game is over; there are no moves to search.");
        }
        if (depth < 1 || depth > Limits.MAX_DEPTH) {
            throw new InvalidInputException("A depth is between 1 and " + Limits.MAX_DEPTH + ", not " + depth + ".");
        }
        SearchBoard board = position.rules().module().searchBoard(position);
        long[] keys = position.repetitionKeys();
        long[] history = Arrays.copyOf(keys, Math.max(0, keys.length - 1));
        return searcher.anyRootAtLeast(board, history, depth, m -> board.rootMove(m).equals(except), threshold);
    }

    /** Forgets what was learnt in earlier searches (a new game). */
    public void newGame() {
        searcher.clear();
    }

    private static Limits limitsFor(GameModule game, Request request) {
        Level level = request.level();
        if (level == null) {
            Limits l = request.limits();
            if (l == null || (l.depth() <= 0 && l.nodes() <= 0 && l.moveMillis() <= 0)) {
                throw new InvalidInputException("Give a depth, a node count, a move time or a level.");
            }
            return l;
        }
        return new Limits(level.depthCap(game.depthCaps()), 0,
            level.moveMillis(request.clockMillis(), request.incrementMillis()));
    }

    /** Softmax choice among the moves within the level's window of the best; forced losses only if all are. */
    static int[] choose(List<int[]> scored, Level level, SplittableRandom random) {
        int best = scored.get(0)[1];
        double[] weights = new double[scored.size()];
        double total = 0;
        for (int i = 0; i < scored.size(); i++) {
            int s = scored.get(i)[1];
            boolean acceptable = s >= best - level.window() && !(Score.isLoss(s) && !Score.isLoss(best));
            weights[i] = acceptable ? Math.exp((s - best) / (double) level.temperature()) : 0;
            total += weights[i];
        }
        double r = random.nextDouble() * total;
        for (int i = 0; i < scored.size(); i++) {
            r -= weights[i];
            if (r <= 0 && weights[i] > 0) {
                return scored.get(i);
            }
        }
        return scored.get(0);
    }
}
