package com.plyyard.client.draughts.train;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsState;
import com.plyyard.engine.draughts.DraughtsTablebase;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One self-play game for training data: a few random plies first (so that games differ), then both sides play the
 * engine at a fixed node count (fast, and the same strength whatever the machine's load). The positions kept after
 * the random opening are labelled afterwards with the game's result.
 *
 * <p>Which positions are kept: never one where the side to move must capture (its value is the exchange's, which the
 * search resolves and a static evaluation should not learn); with {@link Quiet#BOTH} not one where the other side
 * could capture either (a threat the side to move must answer, which the label tells but the patterns cannot see).
 *
 * <p>A game that reaches an endgame table's positions ends there with the table's exact result: its label no longer
 * depends on how well the engine plays the ending out, and the game takes fewer plies. Every game starts from a
 * cleared engine, so that a game depends on its seed alone, not on which games the same engine played before.
 */
final class SelfPlayPositions {
    /** Which positions count as quiet enough to learn from. */
    enum Quiet {
        /** The side to move has no capture. */
        MOVER,
        /** Neither side has a capture. */
        BOTH
    }

    private final DraughtsRules rules = DraughtsRules.fmjd();
    private final Engine engine;
    private final long nodes;
    private final int maxPlies;
    private final Quiet quiet;
    private final DraughtsTablebase table; // null: every game is played out

    SelfPlayPositions(Engine engine, long nodes, int maxPlies, Quiet quiet, Optional<DraughtsTablebase> table) {
        this.engine = engine;
        this.nodes = nodes;
        this.maxPlies = maxPlies;
        this.quiet = quiet;
        this.table = table.orElse(null);
    }

    /** Plays one game and adds its quiet positions to {@code into}; returns the result from White's view (0..2). */
    int play(SplittableRandom random, int randomPlies, TrainingPositions into) {
        return play(rules.start(), random, randomPlies, into);
    }

    /** As {@link #play(SplittableRandom, int, TrainingPositions)}, from {@code start}. */
    int play(DraughtsPosition start, SplittableRandom random, int randomPlies, TrainingPositions into) {
        engine.newGame();
        DraughtsPosition position = start;
        TrainingPositions game = new TrainingPositions();
        int ply = 0;
        int result = 1; // over the ply limit: adjudicated a draw
        while (!position.isOver() && ply < maxPlies) {
            List<DraughtsMove> legal = position.legalMoves();
            DraughtsState s = position.state();
            boolean learning = ply >= randomPlies;
            if (learning && keeps(position)) {
                game.add(s.white(), s.black(), s.kings(), s.whiteToMove(), 0);
            }
            int known = table == null ? DraughtsTablebase.NOT_HELD : table.probe(s);
            if (known != DraughtsTablebase.NOT_HELD) {
                result = known == 0 ? 1 : DraughtsTablebase.isWin(known) == s.whiteToMove() ? 2 : 0;
                return label(game, result, into);
            }
            LegalMove move = learning
                ? engine.bestMove(position, Engine.Request.of(Limits.nodes(nodes)), null, null).move()
                : legal.get(random.nextInt(legal.size()));
            position = position.play(move);
            ply++;
        }
        if (position.isOver()) {
            Outcome outcome = position.outcome().orElseThrow();
            result = outcome.draw() ? 1 : outcome.winners().contains(0) ? 2 : 0; // seat 0 is White
        }
        return label(game, result, into);
    }

    /** Whether a position (of a game not over) is quiet enough to learn from. */
    boolean keeps(DraughtsPosition position) {
        if (position.legalMoves().get(0).isCapture()) { // captures are compulsory: one capture means all moves capture
            return false;
        }
        if (quiet == Quiet.MOVER) {
            return true;
        }
        DraughtsState s = position.state();
        List<DraughtsMove> theirs = rules.position(s.withSideToMove(!s.whiteToMove())).legalMoves();
        return theirs.isEmpty() || !theirs.get(0).isCapture();
    }

    private static int label(TrainingPositions game, int result, TrainingPositions into) {
        for (int i = 0; i < game.size; i++) {
            into.add(game.white[i], game.black[i], game.kings[i], game.whiteToMove[i], result);
        }
        return result;
    }
}
