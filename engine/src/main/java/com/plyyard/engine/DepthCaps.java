package com.plyyard.engine;

/**
 * One game's depth cap for each engine level that has one: the deepest iteration the level searches in that
 * game ({@link com.plyyard.engine.search.Level#depthCap}); {@code MAX} has none. Each game declares its caps once,
 * in its module ({@link GameModule#depthCaps}); the levels' other figures (time, randomness) are the same in every
 * game and live in {@link com.plyyard.engine.search.Level}.
 */
public record DepthCaps(int beginner, int casual, int club, int expert) {
    public DepthCaps {
        if (beginner < 1 || casual <= beginner || club <= casual || expert <= club) {
            throw new IllegalArgumentException("depth caps must be at least 1 and grow with the level: " + beginner + ", "
                + casual + ", " + club + ", " + expert);
        }
    }
}
