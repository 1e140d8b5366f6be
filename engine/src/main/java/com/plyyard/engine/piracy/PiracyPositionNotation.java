package com.plyyard.engine.piracy;

import static com.plyyard.engine.piracy.PiracyState.NO_SURVIVAL;

import com.plyyard.engine.InvalidInputException;

/**
 * The Piracy position notation: {@code N island cook silver side ply survival}, e.g.
 * {@code 8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -}. The island is its lower-left square; a ship is
 * {@code <bow><HEADING>:<hits>:<signed run>} or {@code -} when sunk; side {@code c} or {@code s}; survival
 * {@code -} while both ships float, else the survivor's moves left.
 */
final class PiracyPositionNotation {
    private PiracyPositionNotation() {
    }

    static String format(Geometry g, long state) {
        return g.size() + " " + g.islandName() + " " + ship(g, PiracyState.cook(state)) + " "
            + ship(g, PiracyState.silver(state)) + " " + (PiracyState.toMove(state) == PiracyState.COOK ? "c" : "s") + " "
            + PiracyState.ply(state) + " "
            + (PiracyState.survival(state) == NO_SURVIVAL ? "-" : Integer.toString(PiracyState.survival(state)));
    }

    private static String ship(Geometry g, int ship) {
        if (PiracyState.sunk(ship)) {
            return "-";
        }
        int run = PiracyState.run(ship);
        return g.name(PiracyState.bow(ship)) + Geometry.HEADINGS[PiracyState.heading(ship)] + ":" + PiracyState.hits(ship)
            + ":" + (run >= 0 ? "+" : "") + run;
    }

    /** The sea of a position text: {size, islandX, islandY}. */
    static int[] sea(String text) {
        String[] f = fields(text);
        int size;
        try {
            size = Integer.parseInt(f[0]);
        } catch (NumberFormatException e) {
            throw bad(text, "the board size '" + f[0] + "' is not a number");
        }
        if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
            throw bad(text, "the board size must be between " + Geometry.MIN_SIZE + " and " + Geometry.MAX_SIZE + ", not "
                + size);
        }
        String island = f[1];
        int x = island.isEmpty() ? -1 : island.charAt(0) - 'a';
        int y;
        try {
            y = Integer.parseInt(island.substring(1)) - 1;
        } catch (RuntimeException e) {
            throw bad(text, "'" + island + "' is not a square for the island");
        }
        return new int[] {size, x, y};
    }

    static long parse(String text, Geometry g) {
        String[] f = fields(text);
        int cook = ship(text, g, f[2], "Cook");
        int silver = ship(text, g, f[3], "Silver");
        int side = switch (f[4]) {
            case "c" -> PiracyState.COOK;
            case "s" -> PiracyState.SILVER;
            default -> throw bad(text, "the side to move must be c (Cook) or s (Silver), not '" + f[4] + "'");
        };
        int ply;
        try {
            ply = Integer.parseInt(f[5]);
        } catch (NumberFormatException e) {
            throw bad(text, "the ply '" + f[5] + "' is not a number");
        }
        if (ply < 0 || ply > 2000) {
            throw bad(text, "the ply must be between 0 and 2000, not " + ply);
        }
        int survival;
        if (f[6].equals("-")) {
            survival = NO_SURVIVAL;
        } else {
            try {
                survival = Integer.parseInt(f[6]);
            } catch (NumberFormatException e) {
                throw bad(text, "survival must be '-' or the survivor's moves left, not '" + f[6] + "'");
            }
            if (survival < 0 || survival > PiracyMoveGenerator.SURVIVAL_MOVES) {
                throw bad(text, "the survivor has 0 to " + PiracyMoveGenerator.SURVIVAL_MOVES + " moves left, not " + survival);
            }
        }
        boolean cookSunk = PiracyState.sunk(cook);
        boolean silverSunk = PiracyState.sunk(silver);
        if (cookSunk != silverSunk) {
            if (survival == NO_SURVIVAL) {
                throw bad(text, (cookSunk ? "Cook" : "Silver") + " has sunk, so the survivor's moves left must be given");
            }
            if (survival > 0 && (side == PiracyState.COOK) == cookSunk) {
                throw bad(text, "only the survivor moves once a ship has sunk");
            }
        } else if (!cookSunk && survival != NO_SURVIVAL) {
            throw bad(text, "both ships float, so there are no survival moves ('-')");
        }
        if (!cookSunk && !silverSunk) {
            int cookBow = PiracyState.bow(cook);
            int cookStern = g.behind(cookBow, PiracyState.heading(cook));
            int silverBow = PiracyState.bow(silver);
            int silverStern = g.behind(silverBow, PiracyState.heading(silver));
            if (cookBow == silverBow || cookBow == silverStern || cookStern == silverBow || cookStern == silverStern) {
                throw bad(text, "the ships overlap");
            }
        }
        return PiracyState.state(cook, silver, side, survival, ply);
    }

    private static int ship(String text, Geometry g, String s, String who) {
        if (s.equals("-")) {
            return PiracyMoveGenerator.SUNK;
        }
        String[] parts = s.split(":", -1);
        if (parts.length != 3) {
            throw bad(text, who + "'s ship '" + s + "' is not <bow><heading>:<hits>:<run> (e.g. b2NE:0:+0) or '-'");
        }
        String square = parts[0].replaceAll("[A-Z]+$", "");
        String headingName = parts[0].substring(square.length());
        int heading = -1;
        for (int h = 0; h < 8; h++) {
            if (Geometry.HEADINGS[h].equals(headingName)) {
                heading = h;
            }
        }
        if (heading < 0) {
            throw bad(text, who + "'s heading '" + headingName + "' is not one of E, NE, N, NW, W, SW, S, SE");
        }
        int bow = g.square(square);
        if (bow < 0) {
            throw bad(text, who + "'s bow '" + square + "' is not a square of the " + g.size() + "x" + g.size() + " board");
        }
        int stern = g.behind(bow, heading);
        if (g.isLand(bow) || stern < 0 || g.isLand(stern)) {
            throw bad(text, who + "'s ship at " + square + " heading " + headingName + " is not on water (bow and stern "
                + "must both be water squares)");
        }
        int hits;
        int run;
        try {
            hits = Integer.parseInt(parts[1]);
            run = Integer.parseInt(parts[2].startsWith("+") ? parts[2].substring(1) : parts[2]);
        } catch (NumberFormatException e) {
            throw bad(text, who + "'s hits and run must be numbers, not '" + parts[1] + "' and '" + parts[2] + "'");
        }
        if (hits < 0 || hits >= PiracyMoveGenerator.SINKING_HITS) {
            throw bad(text, who + "'s hits must be 0 to 6 (7 sinks the ship), not " + hits);
        }
        if (Math.abs(run) > 7) {
            throw bad(text, who + "'s turn run must be between -7 and +7, not " + run);
        }
        return PiracyState.ship(bow, heading, hits, run, false);
    }

    private static String[] fields(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("Empty Piracy position; expected e.g. 8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -.");
        }
        String[] f = text.strip().split("\\s+");
        if (f.length != 7) {
            throw bad(text, "expected 7 fields: size island cook silver side ply survival");
        }
        return f;
    }

    static InvalidInputException bad(String text, String why) {
        return new InvalidInputException("Malformed Piracy position '" + (text == null ? "" : text.strip()) + "': " + why + ".");
    }
}
