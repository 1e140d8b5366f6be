package com.plyyard.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A game's perfect play, the optional hook {@link GameModule#perfectPlay}: tables of exact values, each solved once
 * for a set of rules and kept as a file, from which a position's move is read instead of searched (Piracy's
 * tablebases, docs/piracy.md). The AI service opens a variant's table from its folder, or builds it in the background
 * when it is missing, and plays from it at the MAX level and in analysis once it is ready; until then the search
 * answers.
 */
public interface PerfectPlay {
    /** What the tables are called in logs, e.g. "Piracy tablebase". */
    String name();

    /** The folder of tables when none is configured. */
    Path defaultDirectory();

    /** The file in {@code directory} of the table that answers for positions played under {@code rules}. */
    Path file(Path directory, VariantRules rules);

    /**
     * Positions the table for {@code rules} holds: what building it costs.
     *
     * @throws InvalidInputException if no table can be made for these rules (the sentence says why)
     */
    long positions(VariantRules rules);

    /** Heap a build of the table for {@code rules} needs, in bytes. */
    long heapNeeded(VariantRules rules);

    /**
     * Opens a table file written by {@link Table#save}.
     *
     * @throws InvalidInputException if the file is not a table for these rules
     */
    Table open(Path file, VariantRules rules);

    /**
     * Solves the table for {@code rules} with {@code threads} threads.
     *
     * @param progress hears the work done so far (in units of the game's own, about two per position)
     */
    Table build(VariantRules rules, int threads, LongConsumer progress);

    /** One solved table. */
    interface Table {
        /**
         * The table's move in a position it covers, with its exact value.
         *
         * @throws InvalidInputException if the game is over, or the position is not one of this table's
         */
        Choice choose(Position position);

        /**
         * Every legal move of a position the table covers with its exact value for the mover, in the order of
         * {@link Position#legalMoves()}: what puzzles are found and checked by ({@code com.plyyard.engine.learn}).
         *
         * @throws InvalidInputException if the game is over, or the position is not one of this table's
         */
        List<MoveScore> scores(Position position);

        /** Writes the table to {@code file} (complete or not at all: readers never see half a file). */
        void save(Path file);
    }

    /**
     * A move read from a table.
     *
     * @param score the exact value on the search's scale, from the mover's view: a win in d plies is
     *              {@code Score.WIN - d}, a loss {@code Score.LOSS + d}, a draw 0 ({@link com.plyyard.engine.search.Score})
     * @param pv    the move and the table's best replies after it, in canonical notation
     */
    record Choice(LegalMove move, int score, List<String> pv) {
    }

    /**
     * A legal move and its exact value for the side that plays it, on the search's scale (as {@link Choice#score}); its
     * {@link #outcome} is the result alone, the distance left out.
     */
    record MoveScore(LegalMove move, int score) {
        /** 1 a win, 0 a draw, -1 a loss, for the side that plays the move. */
        public int outcome() {
            return Integer.signum(score);
        }
    }
}
