package com.plyyard.engine.learn;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Engine.RootScore;
import com.plyyard.engine.search.Limits;
import com.plyyard.engine.search.Score;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puzzles of the games that are searched (draughts, Ploy), checked by a deeper search with a clear margin. At a
 * position of the solver every legal move is scored with a full window ({@link Engine#rootScores}), first at the
 * finding depth and then, for a candidate, at the deeper verifying depth; both must agree that exactly one move keeps
 * the best result:
 *
 * <ul>
 *   <li>{@link Puzzle.Goal#WIN}: the best move wins by force, and no other does;</li>
 *   <li>{@link Puzzle.Goal#ADVANTAGE}: the best move keeps at least {@code advantage} (hundredths of the game's unit:
 *       a man, a piece) and the next best is short of it, and at least {@code margin} below the best;</li>
 *   <li>{@link Puzzle.Goal#DRAW}: the best move holds above {@code -advantage}, and every other falls to
 *       {@code -advantage} or below, at least {@code margin} below the best.</li>
 * </ul>
 *
 * <p>The line goes on with the verifying search's reply while the solver's next move again passes both searches with
 * the same goal, up to {@code maxSolverMoves}. So, up to what the deeper search sees, the stored move is the one right
 * answer; a margin is what makes "the only one" hold against a still deeper look.
 */
public final class SearchPuzzles {
    /** Scores this close to a win are forced wins (a search's win in n plies is {@code WIN - n}). */
    private static final int FORCED = Score.WIN - 1000;

    /**
     * How puzzles are found and verified. {@code screenDepth} (0: none) puts a cheap screen before the exact scoring:
     * a normal search to that depth, then null-window searches that no other move reaches the goal's bound; a game of
     * a hundred moves a position (Ploy) needs it, since scoring every move exactly at every position costs minutes.
     */
    public record Settings(int findDepth, int verifyDepth, int advantage, int margin, int maxSolverMoves, int screenDepth) {
        public Settings {
            if (findDepth < 1 || verifyDepth < findDepth || advantage < 1 || margin < 1 || maxSolverMoves < 1
                || screenDepth < 0 || screenDepth > findDepth) {
                throw new IllegalArgumentException("a finding depth of at least 1, a verifying depth at least as deep, "
                    + "a positive advantage, margin and line, and a screening depth from 0 to the finding depth are needed");
            }
        }

        public Settings(int findDepth, int verifyDepth, int advantage, int margin, int maxSolverMoves) {
            this(findDepth, verifyDepth, advantage, margin, maxSolverMoves, 0);
        }

        /** The head line of a set file that records its settings, which the set's verification repeats. */
        public static final String HEAD = "search: ";

        /**
         * The settings a set file's head records (its first {@value #HEAD} line); the generator's defaults where it
         * records none.
         *
         * @throws InvalidInputException if the recorded settings do not read or do not hold
         */
        public static Settings ofFile(String text) {
            Map<String, Integer> v = new HashMap<>(Map.of("find_depth", 6, "verify_depth", 10, "advantage", 150,
                "margin", 150, "max_solver_moves", 3, "screen_depth", 0));
            for (String line : PuzzleFile.header(text)) {
                if (line.startsWith(HEAD)) {
                    for (String pair : line.substring(HEAD.length()).trim().split(" ")) {
                        String[] kv = pair.split("=", 2);
                        try {
                            if (kv.length == 2 && v.containsKey(kv[0])) {
                                v.put(kv[0], Integer.parseInt(kv[1]));
                            }
                        } catch (NumberFormatException e) {
                            throw new InvalidInputException("The file's search settings do not read: " + line);
                        }
                    }
                    break;
                }
            }
            try {
                return new Settings(v.get("find_depth"), v.get("verify_depth"), v.get("advantage"), v.get("margin"),
                    v.get("max_solver_moves"), v.get("screen_depth"));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("The file's search settings do not hold: " + e.getMessage());
            }
        }

        public String describe() {
            return "find_depth=" + findDepth + " verify_depth=" + verifyDepth + " advantage=" + advantage + " margin="
                + margin + " max_solver_moves=" + maxSolverMoves + (screenDepth > 0 ? " screen_depth=" + screenDepth : "");
        }
    }

    private final Settings settings;


    public SearchPuzzles(Settings settings) {
        this.settings = settings;
    }

    /** The puzzle at {@code position}, if both searches find one; {@code source} says where it came from. */
    public Optional<Puzzle> find(Position position, String source) {
        if (position.isOver() || position.legalMoves().size() < 2) {
            return Optional.empty();
        }
        Optional<Only> first = only(position);
        if (first.isEmpty()) {
            return Optional.empty();
        }
        Puzzle.Goal goal = first.get().goal();
        int solver = position.toMove();
        List<String> line = new ArrayList<>();
        line.add(first.get().move().notation());
        Position p = position.play(first.get().move());
        while (line.size() < 2 * settings.maxSolverMoves() - 1 && !p.isOver() && p.toMove() != solver) {
            LegalMove reply = scores(p, settings.verifyDepth()).get(0).move();
            Position after = p.play(reply);
            if (after.isOver() || after.toMove() != solver || after.legalMoves().size() < 2) {
                break;
            }
            Optional<Only> next = only(after);
            if (next.isEmpty() || next.get().goal() != goal) {
                break;
            }
            line.add(reply.notation());
            line.add(next.get().move().notation());
            p = after.play(next.get().move());
        }
        return Optional.of(new Puzzle(PerfectPuzzles.id(position), position.rules().id(), position.rules().options(),
            position.notation(), line, goal, PerfectPuzzles.themes(position, line), PerfectPuzzles.rating(position, line),
            source));
    }

    /**
     * Checks a stored puzzle again with the verifying search: the position and every move legal, each solver move the
     * only one keeping the goal by the margin. Empty when it holds; else what does not.
     */
    public Optional<String> verify(Puzzle puzzle) {
        return PuzzleLine.verify(puzzle, (p, move) -> {
            List<RootScore> scores = scores(p, settings.verifyDepth());
            Optional<Only> only = judge(scores);
            return only.isPresent() && only.get().goal() == puzzle.goal() && only.get().move().equals(move)
                ? Optional.empty() : Optional.of("is not the only move that keeps the " + puzzle.goal().id() + " at depth "
                    + settings.verifyDepth() + " (" + describe(scores) + ")");
        });
    }

    private record Only(LegalMove move, Puzzle.Goal goal) {
    }

    /** The one move keeping the result at both depths, with the same goal and move. */
    private Optional<Only> only(Position position) {
        if (settings.screenDepth() > 0 && !passesScreen(position)) {
            return Optional.empty();
        }
        Optional<Only> shallow = judge(scores(position, settings.findDepth()));
        if (shallow.isEmpty()) {
            return shallow;
        }
        Optional<Only> deep = judge(scores(position, settings.verifyDepth()));
        return deep.isPresent() && deep.get().equals(shallow.get()) ? deep : Optional.empty();
    }

    /**
     * The cheap screen: the best move by a normal search at the screening depth, and no other move reaching the bound its
     * score's goal sets for the rest (a win; the advantage, or the margin below the best; the loss, or the margin). A
     * position that fails it has no puzzle at that depth; one that passes is scored exactly.
     */
    private boolean passesScreen(Position position) {
        Engine engine = new Engine(1);
        Engine.Result best = engine.bestMove(position, Engine.Request.of(Limits.depth(settings.screenDepth())), null, null);
        int score = best.score();
        int bound;
        if (score >= FORCED) {
            bound = FORCED;
        } else if (score >= settings.advantage()) {
            bound = Math.min(settings.advantage(), score - settings.margin() + 1);
        } else if (score > -settings.advantage()) {
            bound = Math.min(-settings.advantage() + 1, score - settings.margin() + 1);
        } else {
            return false; // lost whatever is played: no goal to keep
        }
        return !new Engine(1).anotherMoveReaches(position, settings.screenDepth(), best.move(), bound);
    }

    /**
     * A fresh engine for every scoring, so that a score never depends on what was searched before: a puzzle verified
     * in another process, or found again from the same seed, meets the same numbers.
     */
    private static List<RootScore> scores(Position position, int depth) {
        return new Engine(1).rootScores(position, depth);
    }

    /** The goal the best move alone keeps, by the margin, in scores sorted best first. */
    Optional<Only> judge(List<RootScore> scores) {
        if (scores.size() < 2) {
            return Optional.empty();
        }
        int best = scores.get(0).score();
        int second = scores.get(1).score();
        Puzzle.Goal goal = null;
        if (best >= FORCED && second < FORCED) {
            goal = Puzzle.Goal.WIN;
        } else if (best < FORCED && best >= settings.advantage() && second < settings.advantage()
            && second <= best - settings.margin()) {
            goal = Puzzle.Goal.ADVANTAGE;
        } else if (best > -settings.advantage() && best < settings.advantage() && second <= -settings.advantage()
            && second <= best - settings.margin()) {
            goal = Puzzle.Goal.DRAW;
        }
        return goal == null ? Optional.empty() : Optional.of(new Only(scores.get(0).move(), goal));
    }

    private static String describe(List<RootScore> scores) {
        return String.join(", ", scores.stream().limit(4).map(s -> s.move().notation() + " " + s.score()).toList());
    }
}
