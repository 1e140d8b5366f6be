package com.plyyard.engine.record;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.function.Supplier;

/** Reading the moves of a record: an error names the move it happened at, keeping its kind. */
public final class RecordMoves {
    private RecordMoves() {
    }

    /**
     * Runs {@code read}; a bad or illegal move is rethrown with {@code where} (e.g. "Move 3 (d4-d6): ") in
     * front of its message.
     */
    public static <T> T at(String where, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalMoveException e) {
            throw new IllegalMoveException(where + e.getMessage());
        } catch (InvalidInputException e) {
            throw new InvalidInputException(where + e.getMessage());
        }
    }
}
