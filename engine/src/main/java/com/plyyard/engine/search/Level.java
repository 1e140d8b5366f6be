package com.plyyard.engine.search;

import com.plyyard.engine.DepthCaps;
import com.plyyard.engine.InvalidInputException;
import java.util.Locale;

/**
 * Named playing strengths. Weaker levels search less (a depth cap and a short time) and then choose at
 * random among the moves whose score is within a window of the best, weighted towards the better ones
 * (softmax with the given temperature) — weaker on purpose, never nonsense: a move losing by force is only
 * chosen when every move does. The depth caps differ between games (branching factors differ): each game's
 * module declares its {@link DepthCaps}; the figures here are the same in every game.
 *
 * @param millis        time budget per move (also the cap with a clock: a share of the clock when less)
 * @param window        score window (hundredths) of the moves worth choosing from; 0 = always the best
 * @param temperature   softmax temperature (hundredths)
 */
public enum Level {
    BEGINNER(200, 150, 60),
    CASUAL(400, 60, 25),
    CLUB(800, 15, 8),
    EXPERT(1500, 0, 0),
    MAX(5000, 0, 0);

    private final long millis;
    private final int window;
    private final int temperature;

    Level(long millis, int window, int temperature) {
        this.millis = millis;
        this.window = window;
        this.temperature = temperature;
    }

    public long millis() {
        return millis;
    }

    /**
     * The time this level spends on a move: its own budget, or with a clock ({@code clockMillis} ≥ 0) a share of the
     * clock when that is less.
     */
    public long moveMillis(long clockMillis, long incrementMillis) {
        return clockMillis < 0 ? millis : withinClock(millis, clockMillis, incrementMillis);
    }

    /**
     * A time budget kept within a clock: at most {@code clock/30 + 3/4·increment}, at least 20 ms. Shared by the
     * levels and by anything else that plays with a player's clock (ai-service's external engine).
     */
    public static long withinClock(long budgetMillis, long clockMillis, long incrementMillis) {
        long share = clockMillis / 30 + incrementMillis * 3 / 4;
        return Math.max(20, Math.min(budgetMillis, share));
    }

    /** This level's depth cap in a game with these caps, in plies; 0 = none ({@link #MAX}). */
    public int depthCap(DepthCaps caps) {
        return switch (this) {
            case BEGINNER -> caps.beginner();
            case CASUAL -> caps.casual();
            case CLUB -> caps.club();
            case EXPERT -> caps.expert();
            case MAX -> 0;
        };
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
