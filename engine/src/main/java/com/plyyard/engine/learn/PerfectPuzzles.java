package com.plyyard.engine.learn;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.PerfectPlay.MoveScore;
import com.plyyard.engine.Position;
import com.plyyard.engine.search.Score;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Puzzles found and checked by a game's perfect play ({@link PerfectPlay.Table}): exact, no margin needed. A position
 * is a puzzle when its side to move has at least two legal moves and exactly one of them keeps the best result, a win
 * ({@link Puzzle.Goal#WIN}) or, when no move wins, a draw ({@link Puzzle.Goal#DRAW}: every other move loses). The line
 * goes on with the table's defence while the solver's next move is again the only one keeping the result, up to
 * {@code maxSolverMoves}; it stops at the end of the game or when the solver would move twice in a row (Piracy's
 * survival moves after a sinking: the result is then decided).
 *
 * <p>Only near fights make puzzles: the win must come within {@code maxDistance} plies (a table counts them to the
 * decisive event, Piracy's first sinking), and for a draw every other move must lose within as many. The only move
 * keeping a win 150 plies away is exact, but no one can be asked to see it.
 */
public final class PerfectPuzzles {
    /** The longest line, in solver moves. */
    private final int maxSolverMoves;
    /** The farthest decision a puzzle's move is about, in plies. */
    private final int maxDistance;

    public PerfectPuzzles(int maxSolverMoves, int maxDistance) {
        if (maxSolverMoves < 1 || maxDistance < 1) {
            throw new IllegalArgumentException("a puzzle has at least one solver move and a decision at least a ply away");
        }
        this.maxSolverMoves = maxSolverMoves;
        this.maxDistance = maxDistance;
    }

    /** The puzzle at {@code position}, if it is one; {@code source} says where the position came from. */
    public Optional<Puzzle> find(Position position, PerfectPlay.Table table, String source) {
        if (position.isOver()) {
            return Optional.empty();
        }
        List<MoveScore> scores = table.scores(position);
        Optional<MoveScore> first = onlyMove(scores);
        if (first.isEmpty() || !near(first.get(), scores)) {
            return Optional.empty();
        }
        int solver = position.toMove();
        int outcome = first.get().outcome();
        List<String> line = new ArrayList<>();
        line.add(first.get().move().notation());
        Position p = position.play(first.get().move());
        while (line.size() < 2 * maxSolverMoves - 1 && !p.isOver() && p.toMove() != solver) {
            LegalMove reply = table.choose(p).move();
            Position after = p.play(reply);
            if (after.isOver() || after.toMove() != solver) {
                break;
            }
            Optional<MoveScore> next = onlyMove(table.scores(after));
            if (next.isEmpty() || next.get().outcome() != outcome) {
                break;
            }
            line.add(reply.notation());
            line.add(next.get().move().notation());
            p = after.play(next.get().move());
        }
        Puzzle.Goal goal = outcome > 0 ? Puzzle.Goal.WIN : Puzzle.Goal.DRAW;
        return Optional.of(new Puzzle(id(position), position.rules().id(), position.rules().options(),
            position.notation(), line, goal, themes(position, line), rating(position, line), source));
    }

    /**
     * Checks a stored puzzle against the table: its position and every move legal, each solver move the only one
     * keeping the goal's result, each reply legal. Empty when it holds; else what does not.
     */
    public static Optional<String> verify(Puzzle puzzle, PerfectPlay.Table table) {
        int wanted = puzzle.goal() == Puzzle.Goal.WIN ? 1 : 0;
        return PuzzleLine.verify(puzzle, (p, move) -> {
            List<MoveScore> scores = table.scores(p);
            Optional<MoveScore> only = onlyMove(scores);
            return only.isPresent() && only.get().outcome() == wanted && only.get().move().equals(move) ? Optional.empty()
                : Optional.of("is not the only move that " + (wanted > 0 ? "wins" : "draws") + " (" + describe(scores)
                    + ")");
        });
    }

    /** A win within the distance, or a draw whose every other move loses within it. */
    private boolean near(MoveScore only, List<MoveScore> scores) {
        if (only.outcome() > 0) {
            return distance(only) <= maxDistance;
        }
        return scores.stream().filter(s -> s != only).allMatch(s -> distance(s) <= maxDistance);
    }

    /** Plies to the decision of a win or a loss. */
    static int distance(MoveScore s) {
        return s.outcome() > 0 ? Score.WIN - s.score() : s.score() - Score.LOSS;
    }

    /** The one move with the best outcome when there are at least two moves and the best is not a loss. */
    static Optional<MoveScore> onlyMove(List<MoveScore> scores) {
        if (scores.size() < 2) {
            return Optional.empty();
        }
        int best = scores.stream().mapToInt(MoveScore::outcome).max().getAsInt();
        if (best < 0) {
            return Optional.empty();
        }
        List<MoveScore> keeping = scores.stream().filter(s -> s.outcome() == best).toList();
        return keeping.size() == 1 ? Optional.of(keeping.get(0)) : Optional.empty();
    }

    private static String describe(List<MoveScore> scores) {
        return String.join(", ", scores.stream().map(s -> s.move().notation() + " " + (s.outcome() > 0 ? "wins"
            : s.outcome() < 0 ? "loses" : "draws")).toList());
    }

    /** The theme conditions of the game that some solver move of the line meets, in the game's order. */
    static List<String> themes(Position position, List<String> line) {
        GameModule module = position.rules().module();
        Set<String> out = new LinkedHashSet<>();
        List<Position> before = new ArrayList<>();
        List<LegalMove> moves = new ArrayList<>();
        Position p = position;
        for (String text : line) {
            LegalMove m = p.parseMove(text);
            before.add(p);
            moves.add(m);
            p = p.play(m);
        }
        for (String theme : module.puzzleThemes()) {
            MoveCondition c = Conditions.parse(module, theme);
            for (int i = 0; i < moves.size(); i += 2) {
                Position after = i + 1 < before.size() ? before.get(i + 1) : p;
                if (c.holds(before.get(i), moves.get(i), after)) {
                    out.add(theme);
                    break;
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The rating a puzzle starts with, before players' results move it: 1300, and 150 more for each solver move after
     * the first, 100 more for each legal move beyond two at the start (more ways to go wrong) up to five such (a Ploy
     * position's hundred moves are not a hundred times harder to choose from): from 1300 to 2100. A seed only: the
     * ratings then follow the results (Glicko-2).
     */
    static int rating(Position position, List<String> line) {
        int moves = position.legalMoves().size();
        return 1300 + 150 * ((line.size() - 1) / 2) + 100 * Math.min(MOST_EXTRA_MOVES, Math.max(0, moves - 2));
    }

    /** The legal moves beyond two that raise a puzzle's seed rating, at most. */
    static final int MOST_EXTRA_MOVES = 5;

    /** A stable id: the game and the first 12 hex digits of SHA-256 over the variant, options and position. */
    static String id(Position position) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            String key = position.rules().id() + "|" + new java.util.TreeMap<>(position.rules().options()) + "|"
                + position.notation();
            byte[] digest = sha.digest(key.getBytes(StandardCharsets.UTF_8));
            return position.rules().game() + "-" + HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
