package com.plyyard.engine;

/**
 * A seat that left a game by resignation or time, as a record keeps it ({@link GameRecord#leavings()}): after how many
 * of the record's moves it left, which seat, and how. What the leaving did to the game is the game's own
 * {@link GameModule#removeSeat} (a free-for-all Ploy game goes on without the seat).
 *
 * @param afterMoves the moves played before the seat left (0: before the first move)
 * @param seat       the seat's index
 * @param reason     {@link EndReason#RESIGNATION} or {@link EndReason#TIMEOUT}
 */
public record SeatLeaving(int afterMoves, int seat, EndReason reason) {
    /** @throws InvalidInputException if a count is negative or the reason is not one a seat leaves by */
    public SeatLeaving {
        if (afterMoves < 0) {
            throw new InvalidInputException("A seat leaves after 0 or more moves, not " + afterMoves + ".");
        }
        if (seat < 0) {
            throw new InvalidInputException("Seat " + seat + " does not exist.");
        }
        if (reason != EndReason.RESIGNATION && reason != EndReason.TIMEOUT) {
            throw new InvalidInputException("A seat leaves by RESIGNATION or TIMEOUT, not " + reason + ".");
        }
    }
}
