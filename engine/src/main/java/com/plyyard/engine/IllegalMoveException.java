package com.plyyard.engine;

/**
 * A well-formed move that the rules do not allow in this position. Services answer it with
 * FAILED_PRECONDITION; the message says why, in a sentence.
 */
public class IllegalMoveException extends RuntimeException {
    public IllegalMoveException(String message) {
        super(message);
    }
}
