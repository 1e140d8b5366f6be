package com.plyyard.lobby.common;

import org.jboss.logging.Logger;

/**
 * Warnings of a background job whose dependency is down: at most one warning per interval (the rest at debug), so a
 * database or service outage does not flood the log while the job keeps retrying.
 */
public final class ThrottledLog {
    private final Logger log;
    private final long intervalMillis;
    private long lastWarning = Long.MIN_VALUE / 2;

    public ThrottledLog(Logger log, long intervalMillis) {
        this.log = log;
        this.intervalMillis = intervalMillis;
    }

    /** One warning per 10 s. */
    public ThrottledLog(Logger log) {
        this(log, 10_000);
    }

    public void warn(String message) {
        long now = System.currentTimeMillis();
        boolean loud;
        synchronized (this) {
            loud = now - lastWarning >= intervalMillis;
            if (loud) {
                lastWarning = now;
            }
        }
        if (loud) {
            log.warn(message);
        } else {
            log.debug(message);
        }
    }
}
