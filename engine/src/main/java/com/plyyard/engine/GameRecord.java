package com.plyyard.engine;

import java.util.List;
import java.util.Map;

/**
 * A game's record: its variant, first position, tags, moves and result, written in the game's record format
 * (PDN for draughts, the PGN-style Ploy and Piracy records) and read back by the same game's
 * {@link GameModule#readRecord}. Each game implements it once ({@code DraughtsRecord},
 * {@code PloyRecord}, {@code PiracyRecord}); {@link GameModule#record} makes one.
 */
public interface GameRecord {
    /** The variant with its options, as the record states them. */
    VariantRules rules();

    /** The position the game started from. */
    Position first();

    /** The tags given when the record was made, or read from its text (roster, event, date, …). */
    Map<String, String> tags();

    /** The moves in the record's notation (read back, each names the move that was played). */
    List<String> moves();

    /**
     * The seats that left by resignation or time while the game went on, in the order they left (each after
     * {@link SeatLeaving#afterMoves()} of {@link #moves()}); {@link #replay()} applies them where they happened. None in
     * games where a seat's leaving ends the game (draughts, Piracy): their records end with the result instead.
     */
    default List<SeatLeaving> leavings() {
        return List.of();
    }

    /** The result in the format's own words, e.g. "2-0", "red+blue", "draw", or "*" while the game goes on. */
    String result();

    /** The final position: the moves played from {@link #first()}, and the {@link #leavings()} where they happened. */
    Position replay();

    /** The record as text. */
    String write();
}
