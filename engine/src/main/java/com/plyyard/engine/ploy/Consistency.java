package com.plyyard.engine.ploy;

import com.plyyard.engine.InvalidInputException;

/**
 * Checks that a position read from text could arise under the rules, and derives what the text leaves out:
 * who is out (when {@code out=} is missing) and whether the game is over. Messages say what is wrong.
 */
final class Consistency {
    private Consistency() {
    }

    /** Army per seat in the two- and four-player games: [commander, W, T, Y lances, A, V, I probes, shields]. */
    private static final int[] ARMY_2P = {1, 2, 2, 2, 2, 2, 1, 3};
    private static final int[] ARMY_4P = {1, 1, 1, 0, 2, 1, 0, 3};
    private static final String[] SHAPE_NAMES = {"Commander", "W-Lance", "T-Lance", "Y-Lance", "A-Probe", "V-Probe",
        "I-Probe", "Shield"};

    static void check(PloyState s) {
        PloyMode mode = s.mode;
        int[][] shapes = new int[4][8];
        int[] commanders = new int[4];
        int[] pieces = new int[4];
        for (int c : Points.ALL) {
            if (s.ctrl[c] < 0) {
                continue;
            }
            int controller = s.ctrl[c];
            int owner = s.owner[c];
            int shape = shape(s.mask[c] & 0xFF);
            pieces[controller]++;
            shapes[owner][shape]++;
            if (shape == 0) {
                if (owner != controller) {
                    throw new InvalidInputException("The Commander on " + Points.name(c) + " is listed as "
                        + colour(mode, owner) + "'s but controlled by " + colour(mode, controller)
                        + "; a Commander never changes hands.");
                }
                commanders[controller]++;
                s.commander[controller] = c;
            }
        }
        int[] army = mode == PloyMode.TWO_PLAYER ? ARMY_2P : ARMY_4P;
        for (int seat = 0; seat < mode.seats(); seat++) {
            if (commanders[seat] > 1) {
                throw new InvalidInputException(colour(mode, seat) + " has " + commanders[seat] + " Commanders.");
            }
            for (int k = 0; k < 8; k++) {
                if (shapes[seat][k] > army[k]) {
                    throw new InvalidInputException(colour(mode, seat) + " has " + shapes[seat][k] + " pieces of shape "
                        + SHAPE_NAMES[k] + "; the " + mode.id() + " army has " + army[k] + ".");
                }
            }
        }
        deriveOut(s, commanders, pieces);
        for (int c : Points.ALL) {
            if (s.ctrl[c] >= 0 && s.owner[c] != s.ctrl[c]) {
                checkTakeover(s, c, s.owner[c], s.ctrl[c]);
            }
        }
    }

    private static void checkTakeover(PloyState s, int cell, int owner, int controller) {
        PloyMode mode = s.mode;
        boolean allowed = mode == PloyMode.FREE_FOR_ALL || (mode == PloyMode.TEAMS && !s.keepPieces && owner == (controller ^ 2));
        if (!allowed || !s.isOut(owner)) {
            throw new InvalidInputException("The piece on " + Points.name(cell) + " is " + colour(mode, owner)
                + "'s, controlled by " + colour(mode, controller) + ": in " + mode.id()
                + (s.keepPieces ? " with the 3m partnership" : "") + " that cannot happen"
                + (allowed ? " while " + colour(mode, owner) + " is not out." : "."));
        }
    }

    /** Works out who is out from the material, checks it against {@code out=}, and ends the game if it is over. */
    private static void deriveOut(PloyState s, int[] commanders, int[] pieces) {
        PloyMode mode = s.mode;
        int derived = 0;
        for (int seat = 0; seat < mode.seats(); seat++) {
            boolean out = commanders[seat] == 0 || (pieces[seat] == 1 && mode == PloyMode.TWO_PLAYER);
            if (mode != PloyMode.TWO_PLAYER && commanders[seat] == 1 && pieces[seat] == 1) {
                throw new InvalidInputException(colour(mode, seat) + " has only its Commander left: it would be out "
                    + "and its Commander removed.");
            }
            if (commanders[seat] == 0 && pieces[seat] > 0 && mode != PloyMode.TWO_PLAYER && !s.keepPieces
                && !(mode == PloyMode.TEAMS && commanders[seat ^ 2] == 0)) {
                throw new InvalidInputException(colour(mode, seat) + " has pieces but no Commander; in " + mode.id()
                    + " they would have passed to " + (mode == PloyMode.FREE_FOR_ALL ? "the captor" : "the partner") + ".");
            }
            if (out) {
                derived |= 1 << seat;
            }
        }
        if (s.outCount > 0 && s.outMask != derived) {
            throw new InvalidInputException("out=… lists " + names(mode, s.outMask) + " but the board says "
                + names(mode, derived) + " " + (Integer.bitCount(derived) == 1 ? "is" : "are") + " out.");
        }
        if (s.outCount == 0) {
            for (int seat = 0; seat < mode.seats(); seat++) {
                if ((derived & (1 << seat)) != 0) {
                    s.outMask |= 1 << seat;
                    s.outOrder |= seat << (2 * s.outCount);
                    s.outCount++;
                }
            }
        }
        // is the game over?
        switch (mode) {
            case TWO_PLAYER -> {
                if (Integer.bitCount(derived) == 2) {
                    throw new InvalidInputException("Both players are out; a two-player game ends when the first one is.");
                }
                if (derived != 0) {
                    s.winners = ~derived & 3;
                }
            }
            case FREE_FOR_ALL -> {
                if (Integer.bitCount(derived) == 4) {
                    throw new InvalidInputException("Every player is out; the game ends when one is left.");
                }
                if (Integer.bitCount(derived) == 3) {
                    s.winners = ~derived & 0xF;
                }
            }
            case TEAMS -> {
                boolean teamA = (derived & 0b0101) == 0b0101;
                boolean teamB = (derived & 0b1010) == 0b1010;
                if (teamA && teamB) {
                    throw new InvalidInputException("Both teams are out; the game ends when one team is.");
                }
                if (teamA) {
                    s.winners = 0b1010;
                } else if (teamB) {
                    s.winners = 0b0101;
                }
            }
        }
        if (!s.over() && mode == PloyMode.FREE_FOR_ALL && s.isOut(s.turn)) {
            throw new InvalidInputException("It cannot be " + colour(mode, s.turn) + "'s turn: " + colour(mode, s.turn)
                + " is out and out players are skipped.");
        }
        if (!s.over() && mode == PloyMode.TEAMS && s.count[s.actor()] == 0) {
            throw new InvalidInputException("Nobody can play " + colour(mode, s.turn) + "'s turn: neither "
                + colour(mode, s.turn) + " nor the partner has a piece.");
        }
    }

    /** 0 Commander, 1–3 W/T/Y Lance, 4–6 A/V/I Probe, 7 Shield. */
    private static int shape(int m) {
        for (int k = 0; k < 8; k++) {
            int r = Masks.rotate(m, k);
            switch (r) {
                case 0x55: return 0;
                case 0x83: return 1;
                case 0x45: return 2;
                case 0x92: return 3;
                case 0x03: return 4;
                case 0x82: return 5;
                case 0x11: return 6;
                case 0x01: return 7;
                default: break;
            }
        }
        throw new IllegalStateException("mask " + m);
    }

    static String colour(PloyMode mode, int seat) {
        return capital(mode.colours().get(seat));
    }

    private static String names(PloyMode mode, int seats) {
        if (seats == 0) {
            return "nobody";
        }
        StringBuilder sb = new StringBuilder();
        for (int seat = 0; seat < mode.seats(); seat++) {
            if ((seats & (1 << seat)) != 0) {
                sb.append(sb.length() == 0 ? "" : " and ").append(colour(mode, seat));
            }
        }
        return sb.toString();
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
