package com.plyyard.client.draughts.train;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsState;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One self-play game for training data: a few random plies first (so that games differ), then both sides play the
 * engine at a fixed node count (fast, and the same strength whatever the machine's load). Every quiet position after
 * the random opening is kept — not those where the side to move must capture: their value is the exchange's, which
 * the search resolves and a static evaluation should not learn — labelled afterwards with the game's result.
 */
final class SelfPlayPositions {
    private final DraughtsRules rules = DraughtsRules.fmjd();
    private final Engine engine;
    private final long nodes;
    private final int maxPlies;

    SelfPlayPositions(Engine engine, long nodes, int maxPlies) {
        this.engine = engine;
        this.nodes = nodes;
        this.maxPlies = maxPlies;
    }

    /** Plays one game and adds its quiet positions to {@code into}; returns the result from White's view (0..2). */
    int play(SplittableRandom random, int randomPlies, TrainingPositions into) {
        DraughtsPosition position = rules.start();
        TrainingPositions game = new TrainingPositions();
        int ply = 0;
        while (!position.isOver() && ply < maxPlies) {
            List<DraughtsMove> legal = position.legalMoves();
            LegalMove move;
            if (ply < randomPlies) {
                move = legal.get(random.nextInt(legal.size()));
            } else {
                if (!legal.get(0).isCapture()) { // captures are compulsory: one capture means all moves capture
                    DraughtsState s = position.state();
                    game.add(s.white(), s.black(), s.kings(), s.whiteToMove(), 0);
                }
                move = engine.bestMove(position, Engine.Request.of(Limits.nodes(nodes)), null, null).move();
            }
            position = position.play(move);
            ply++;
        }
        int result = 1; // over the ply limit: adjudicated a draw
        if (position.isOver()) {
            Outcome outcome = position.outcome().orElseThrow();
            result = outcome.draw() ? 1 : outcome.winners().contains(0) ? 2 : 0; // seat 0 is White
        }
        for (int i = 0; i < game.size; i++) {
            into.add(game.white[i], game.black[i], game.kings[i], game.whiteToMove[i], result);
        }
        return result;
    }
}
