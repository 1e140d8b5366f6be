package com.plyyard.lobby.matchmaking;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * The stored form of a {@link CheckedGameSpec}, the same five columns in seeks, pool tickets and challenges: the
 * canonical variant, its effective options (VariantOptions, binary), the clock and rated or casual.
 */
@Embeddable
public class GameSpecColumns {
    @Column(nullable = false)
    public String variant;

    @Column(nullable = false)
    public byte[] options;

    @Column(name = "initial_millis", nullable = false)
    public long initialMillis;

    @Column(name = "increment_millis", nullable = false)
    public long incrementMillis;

    @Column(nullable = false)
    public boolean rated;

    static GameSpecColumns of(CheckedGameSpec spec) {
        GameSpecColumns c = new GameSpecColumns();
        c.variant = spec.variant();
        c.options = spec.options().toByteArray();
        c.initialMillis = spec.clock().initialMillis();
        c.incrementMillis = spec.clock().incrementMillis();
        c.rated = spec.rated();
        return c;
    }
}
