package com.plyyard.engine.learn;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Finds puzzles in the AI's own games: plays games of the engine against itself, each side searching to its own fixed
 * depth and now and then playing a random move instead (the mistakes puzzles are made of), and asks a finder at every
 * position. Depths, not times: a search to a depth gives the same move on any machine, so the hunt's seed and
 * settings alone find the same puzzles again. After a puzzle the positions of its line are skipped, so that one fight
 * gives one puzzle.
 */
public final class PuzzleHunt {
    /**
     * How a hunt plays: the seas or set-ups to play on (the variant's options, one set a game in turn), the search
     * depths each side's is drawn from, the chance of a random move instead of the searched one, and the most plies
     * a game is played.
     */
    public record Settings(List<VariantRules> rules, List<Integer> depths, double noise, long seed, int maxPlies) {
        public Settings {
            rules = List.copyOf(rules);
            depths = List.copyOf(depths);
            if (rules.isEmpty() || depths.isEmpty() || depths.stream().anyMatch(d -> d < 1)) {
                throw new IllegalArgumentException("a hunt needs rules and search depths of at least 1 to play with");
            }
            if (!(noise >= 0 && noise <= 1)) {
                throw new IllegalArgumentException("the chance of a random move is between 0 and 1, not " + noise);
            }
        }

        /** One line for a file's head: everything that rebuilds the set. */
        public String describe() {
            return "seed=" + seed + " depths=" + String.join(",", depths.stream().map(String::valueOf).toList())
                + " noise=" + noise + " max_plies=" + maxPlies + " seas="
                + String.join(",", rules.stream().map(r -> r.options().toString()).toList());
        }
    }

    /** What finds a puzzle at a position (a game's perfect play, or a deeper search). */
    @FunctionalInterface
    public interface Finder {
        Optional<Puzzle> find(Position position, String source);
    }

    /** A finder over a table of perfect play. */
    public static Finder perfect(PerfectPlay.Table table, int maxSolverMoves, int maxDistance) {
        PerfectPuzzles puzzles = new PerfectPuzzles(maxSolverMoves, maxDistance);
        return (position, source) -> puzzles.find(position, table, source);
    }

    /** A finder by a deeper search with a clear margin (draughts, Ploy). */
    public static Finder searched(SearchPuzzles.Settings settings) {
        SearchPuzzles puzzles = new SearchPuzzles(settings);
        return puzzles::find;
    }

    private final Settings settings;
    private final Finder finder;

    public PuzzleHunt(Settings settings, Finder finder) {
        this.settings = settings;
        this.finder = finder;
    }

    /** What a hunt found, in the order found, and how many games it played. */
    public record Result(List<Puzzle> puzzles, int games, int positions) {
    }

    /**
     * Plays games until {@code wanted} distinct puzzles are found or {@code maxGames} are played; {@code progress}
     * hears a line after every game that found something.
     */
    public Result run(int wanted, int maxGames, Consumer<String> progress) {
        Map<String, Puzzle> found = new LinkedHashMap<>();
        SplittableRandom random = new SplittableRandom(settings.seed());
        Engine engine = new Engine(16);
        int games = 0;
        int positions = 0;
        while (found.size() < wanted && games < maxGames) {
            VariantRules rules = settings.rules().get(games % settings.rules().size());
            int[] sides = {pick(random), pick(random)};
            long gameSeed = random.nextLong();
            SplittableRandom moves = new SplittableRandom(gameSeed);
            engine.newGame();
            Position p = rules.start();
            int before = found.size();
            int skipUntil = -1;
            while (!p.isOver() && p.ply() < settings.maxPlies() && found.size() < wanted) {
                if (p.ply() >= skipUntil) {
                    positions++;
                    String source = "game " + games + " seed " + gameSeed + " ply " + p.ply();
                    // the puzzle as the solver meets it: the position read from its text, without the game's
                    // history (a repetition the game could claim is no part of the puzzle)
                    Optional<Puzzle> puzzle = finder.find(p.rules().parse(p.notation()), source);
                    if (puzzle.isPresent() && !found.containsKey(puzzle.get().id())) {
                        found.put(puzzle.get().id(), puzzle.get());
                        skipUntil = p.ply() + puzzle.get().line().size() + 1;
                    }
                }
                List<? extends LegalMove> legal = p.legalMoves();
                LegalMove move = moves.nextDouble() < settings.noise() ? legal.get(moves.nextInt(legal.size()))
                    : engine.bestMove(p, Engine.Request.of(Limits.depth(sides[Math.min(p.toMove(), 1)])), null, null)
                        .move();
                p = p.play(move);
            }
            games++;
            if (found.size() > before) {
                progress.accept("game " + games + ": " + found.size() + " of " + wanted + " puzzles from " + positions
                    + " positions");
            }
        }
        return new Result(new ArrayList<>(found.values()), games, positions);
    }

    private int pick(SplittableRandom random) {
        return settings.depths().get(random.nextInt(settings.depths().size()));
    }
}
