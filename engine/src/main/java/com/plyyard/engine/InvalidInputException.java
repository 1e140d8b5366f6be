package com.plyyard.engine;

/**
 * Input that cannot be understood: a malformed position or move, an unknown variant, a bad option.
 * Services answer it with INVALID_ARGUMENT; the message is a sentence meant for the user.
 */
public class InvalidInputException extends IllegalArgumentException {
    public InvalidInputException(String message) {
        super(message);
    }
}
