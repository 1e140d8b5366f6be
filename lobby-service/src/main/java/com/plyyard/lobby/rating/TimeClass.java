package com.plyyard.lobby.rating;

/**
 * The time-control classes of the ratings, by the estimated duration {@code initial + 40 × increment} seconds:
 * bullet under 180 s, blitz under 480 s, rapid under 1500 s, classical otherwise; no clock (0+0): correspondence.
 */
public final class TimeClass {
    public static final String BULLET = "bullet";
    public static final String BLITZ = "blitz";
    public static final String RAPID = "rapid";
    public static final String CLASSICAL = "classical";
    public static final String CORRESPONDENCE = "correspondence";

    private TimeClass() {
    }

    public static String of(long initialMillis, long incrementMillis) {
        if (initialMillis == 0 && incrementMillis == 0) {
            return CORRESPONDENCE;
        }
        double seconds = initialMillis / 1000.0 + 40 * (incrementMillis / 1000.0);
        if (seconds < 180) {
            return BULLET;
        }
        if (seconds < 480) {
            return BLITZ;
        }
        if (seconds < 1500) {
            return RAPID;
        }
        return CLASSICAL;
    }
}
