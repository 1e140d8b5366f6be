package com.plyyard.engine.hub;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.search.Limits;
import java.util.Optional;

/**
 * A Hub {@code level} line as the engine's {@link Limits}. The protocol's forms: {@code depth=<plies>},
 * {@code nodes=<n>}, {@code move-time=<seconds>}, {@code [moves=<n>] time=<seconds> [inc=<seconds>]} (the clock:
 * sudden death, moves in time, or Fischer) and {@code infinite} (until {@code stop}). Times are real numbers of
 * seconds. Depth, nodes and a time may be combined (the search stops at the first reached); a clock wins over
 * {@code move-time}.
 */
public final class HubLevel {
    /** Without a level line: this long per move. */
    public static final long DEFAULT_MOVE_MILLIS = 1000;
    /** With a clock but no {@code moves=}: plan as if this many moves were left. */
    static final int PLANNED_MOVES = 30;
    /** Kept back from the clock for the line's way to the GUI and back. */
    static final long RESERVE_MILLIS = 50;
    static final long MIN_BUDGET_MILLIS = 10;

    private HubLevel() {
    }

    /** The limits of a search when the GUI sent no level. */
    public static Limits defaultLimits() {
        return Limits.millis(DEFAULT_MOVE_MILLIS);
    }

    /**
     * @throws InvalidInputException if a value is not a number in range, or the line names no limit
     */
    public static Limits limits(HubLine level) {
        if (level.has("infinite")) {
            return Limits.depth(Limits.MAX_DEPTH);
        }
        int depth = (int) Math.min(Limits.MAX_DEPTH, whole(level, "depth", 1).orElse(0L));
        long nodes = whole(level, "nodes", 1).orElse(0L);
        long moveMillis = seconds(level, "move-time").map(s -> Math.max(1, s)).orElse(0L);
        Optional<Long> time = seconds(level, "time");
        Optional<Long> moves = whole(level, "moves", 0);
        Optional<Long> inc = seconds(level, "inc");
        if (time.isPresent()) {
            moveMillis = clockBudgetMillis(moves.orElse(0L), time.get(), inc.orElse(0L));
        } else if (moves.isPresent() || inc.isPresent()) {
            throw new InvalidInputException("The level gives moves= or inc= without time=, the time left on the clock.");
        }
        if (depth == 0 && nodes == 0 && moveMillis == 0) {
            throw new InvalidInputException("A level needs depth=, nodes=, move-time=, time= or infinite.");
        }
        return new Limits(depth, nodes, moveMillis);
    }

    /**
     * The time to spend on this move with a clock: an equal share of what is left over the moves to the time
     * control (or {@link #PLANNED_MOVES} when none is given), plus three quarters of the increment (which the
     * protocol adds before every move, so {@code timeMillis} already holds this move's), never more than the clock
     * less a reserve of a tenth (at least {@link #RESERVE_MILLIS}), and at least {@link #MIN_BUDGET_MILLIS}.
     */
    public static long clockBudgetMillis(long movesToGo, long timeMillis, long incMillis) {
        long moves = movesToGo > 0 ? movesToGo : PLANNED_MOVES;
        long share = timeMillis / moves + incMillis * 3 / 4;
        long cap = timeMillis - Math.max(RESERVE_MILLIS, timeMillis / 10);
        return Math.max(MIN_BUDGET_MILLIS, Math.min(share, cap));
    }

    private static Optional<Long> whole(HubLine line, String name, long min) {
        Optional<String> text = line.value(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            long v = Long.parseLong(text.get().strip());
            if (v >= min) {
                return Optional.of(v);
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidInputException("level " + name + "= must be a whole number of at least " + min + ", not '"
            + text.get() + "'.");
    }

    /** A real number of seconds as milliseconds (rounded). */
    private static Optional<Long> seconds(HubLine line, String name) {
        Optional<String> text = line.value(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            double s = Double.parseDouble(text.get().strip());
            if (s >= 0 && s <= 1e9) {
                return Optional.of(Math.round(s * 1000));
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidInputException("level " + name + "= must be a number of seconds (0 or more), not '"
            + text.get() + "'.");
    }
}
