package com.plyyard.engine.search;

import com.plyyard.engine.InvalidInputException;
import java.util.Locale;

/**
 * Named playing strengths. Weaker levels search less (a depth cap and a short time) and then choose at
 * random among the moves whose score is within a window of the best, weighted towards the better ones
 * (softmax with the given temperature) — weaker on purpose, never nonsense: a move losing by force is only
 * chosen when every move does.
 *
 * @param depthDraughts depth cap for draughts (Ploy: one less, see {@link #depthFor(String)}); 0 = none
 * @param depthPiracy   depth cap for Piracy (branching ≤ 3, so far deeper); 0 = none
 * @param millis        time budget per move (also the cap with a clock: a share of the clock when less)
 * @param window        score window (hundredths) of the moves worth choosing from; 0 = always the best
 * @param temperature   softmax temperature (hundredths)
 */
public enum Level {
    BEGINNER(2, 8, 200, 150, 60),
    CASUAL(4, 16, 400, 60, 25),
    CLUB(6, 24, 800, 15, 8),
    // Piracy 28, not 40: at 40 plies Piracy is nearly solved from balanced openings and expert drew max 55 %;
    // 28 keeps expert ≥ 75 % against club and lets max score 75 % against it (docs/benchmarks.md)
    EXPERT(10, 28, 1500, 0, 0),
    MAX(0, 0, 5000, 0, 0);

    private final int depthDraughts;
    private final int depthPiracy;
    private final long millis;
    private final int window;
    private final int temperature;

    Level(int depthDraughts, int depthPiracy, long millis, int window, int temperature) {
        this.depthDraughts = depthDraughts;
        this.depthPiracy = depthPiracy;
        this.millis = millis;
        this.window = window;
        this.temperature = temperature;
    }

    /** Depth cap in a game (0 = none): Ploy's branching is larger, Piracy's far smaller. */
    public int depthFor(String game) {
        if (depthDraughts == 0) {
            return 0;
        }
        return switch (game) {
            case "ploy" -> Math.max(1, depthDraughts - 1);
            case "piracy" -> depthPiracy;
            default -> depthDraughts;
        };
    }

    public long millis() {
        return millis;
    }

    public int window() {
        return window;
    }

    public int temperature() {
        return temperature;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Level fromId(String id) {
        for (Level l : values()) {
            if (l.id().equals(id)) {
                return l;
            }
        }
        throw new InvalidInputException("Unknown level '" + id + "'; levels are beginner, casual, club, expert and max.");
    }
}
