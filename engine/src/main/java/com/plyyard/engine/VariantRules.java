package com.plyyard.engine;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The rule book of one variant with its options fixed, e.g. {@code draughts:plyyard} with a 60-ply draw
 * limit. Obtained from the catalog ({@code com.plyyard.engine.catalog.Variants}) or from its game's
 * {@link GameModule#rules}.
 */
public interface VariantRules {
    /** Variant id, e.g. "draughts:fmjd", "ploy:3m:ffa", "piracy:classic". */
    String id();

    /** "draughts", "ploy" or "piracy". */
    String game();

    /** The module of the game this variant belongs to: its hooks (search board, records, …) for its positions. */
    GameModule module();

    String ruleSetId();

    /** "2p", "ffa" or "team". */
    String mode();

    /** Effective options (defaults filled in) as key=value, in a stable order. */
    Map<String, String> options();

    String description();

    /** Seat colours in seat order, e.g. ["white", "black"]. */
    List<String> seatColours();

    /** Name of the position notation: "FEN", "PPN", "PIRACY". */
    String notationName();

    Position start();

    /**
     * Reads a position in the game's notation, with fresh draw-rule history (counters at zero, no
     * earlier positions).
     *
     * @throws InvalidInputException with the reason if the text is malformed or the position impossible
     */
    Position parse(String text);

    /**
     * Rebuilds a position with its draw-rule history, as sent back by a client.
     *
     * @param counters       counters by rule name; missing rules count from zero, unknown ones are rejected
     * @param repetitionKeys keys since the last irreversible move (may be empty); the current position's key is
     *                       appended if it is not last
     * @throws InvalidInputException if anything is malformed or inconsistent
     */
    Position restore(String text, Map<String, Integer> counters, long[] repetitionKeys, int ply);

    /** Largest depth {@link #perft} accepts through services. */
    int maxPerftDepth();

    /**
     * Counts the leaves of the legal-move tree at exactly {@code depth} plies (move generation only: draw
     * rules do not stop the count; a side with no legal move is a dead end).
     *
     * @param stop polled now and then; when it answers true the count stops with a
     *             {@link java.util.concurrent.CancellationException}
     */
    long perft(Position position, int depth, BooleanSupplier stop);

    /** Perft below each root move, keyed by canonical notation, sorted like {@link Position#legalMoves()}. */
    Map<String, Long> divide(Position position, int depth, BooleanSupplier stop);
}
