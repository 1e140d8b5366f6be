package com.plyyard.engine.search;

/**
 * One game's depth cap for each {@link Level} that has one: the deepest iteration the level searches in that
 * game. {@link Level#MAX} has none. Each game declares its caps once, in its module
 * ({@link com.plyyard.engine.GameModule#depthCaps}); the levels' other figures (time, randomness) are the same
 * in every game and live in {@link Level}.
 */
public record DepthCaps(int beginner, int casual, int club, int expert) {
    public DepthCaps {
        if (beginner < 1 || casual <= beginner || club <= casual || expert <= club) {
            throw new IllegalArgumentException("depth caps must be at least 1 and grow with the level: " + beginner + ", "
                + casual + ", " + club + ", " + expert);
        }
    }

    /** The level's depth cap in plies; 0 = none. */
    public int of(Level level) {
        return switch (level) {
            case BEGINNER -> beginner;
            case CASUAL -> casual;
            case CLUB -> club;
            case EXPERT -> expert;
            case MAX -> 0;
        };
    }
}
