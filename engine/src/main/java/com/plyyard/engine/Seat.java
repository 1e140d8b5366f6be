package com.plyyard.engine;

/**
 * One seat at the table as the rules see it.
 *
 * @param index      0-based seat index (draughts: 0 white, 1 black)
 * @param colour     "white", "black", "green", … 
 * @param team       equal for partners, otherwise the seat index
 * @param out        true once the seat has been eliminated
 * @param playedBy   seat whose player makes this seat's moves (itself unless taken over)
 * @param pieceCount pieces this seat controls
 */
public record Seat(int index, String colour, int team, boolean out, int playedBy, int pieceCount) {
}
