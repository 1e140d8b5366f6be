package com.plyyard.engine;

/** A move submitted after the game ended. */
public class GameOverException extends IllegalMoveException {
    public GameOverException(String message) {
        super(message);
    }
}
