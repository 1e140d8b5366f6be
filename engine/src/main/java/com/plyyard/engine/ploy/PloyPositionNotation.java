package com.plyyard.engine.ploy;

import com.plyyard.engine.InvalidInputException;
import java.util.Locale;

/**
 * Ploy Position Notation: ranks 9 to 1 separated by {@code /}; a cell is a digit (a run of empty points) or
 * a colour letter and two hex digits (the direction mask); then the seat to move, the mode and the rule set:
 * {@code …/1g45g92g83gAAg83g92g451 g 2p 3m}. The colour is the piece's controller.
 *
 * <p>Ply Yard extension, written only when it has something to say, so positions without takeovers and
 * eliminations are plain PPN: {@code out=<letters>} lists the seats that are out in the order they went out,
 * and {@code own=<point><letter>,…} names the original owner of every piece whose controller differs
 * (after a takeover), e.g. {@code … g ffa 3m out=r own=a9r,b9r}.
 */
public final class PloyPositionNotation {
    private PloyPositionNotation() {
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** A mask as two upper-case hex digits (String.format's parser was the most of formatting a position). */
    static StringBuilder appendHex(StringBuilder sb, int mask) {
        return sb.append(HEX[(mask >> 4) & 0xF]).append(HEX[mask & 0xF]);
    }

    /** The position of a state, canonical. */
    static String format(PloyState s) {
        StringBuilder sb = new StringBuilder(200);
        for (int rank = 8; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 9; file++) {
                int c = Points.cell(file, rank);
                if (s.ctrl[c] == PloyState.EMPTY) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(s.mode.letter(s.ctrl[c]));
                appendHex(sb, s.mask[c] & 0xFF);
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 0) {
                sb.append('/');
            }
        }
        sb.append(' ').append(s.mode.letter(s.turn)).append(' ').append(s.mode.id()).append(' ')
            .append(s.imperium ? PloyRuleSet.IMPERIUM.id() : PloyRuleSet.THREE_M.id());
        if (s.outCount > 0) {
            sb.append(" out=");
            for (int i = 0; i < s.outCount; i++) {
                sb.append(s.mode.letter((s.outOrder >>> (2 * i)) & 3));
            }
        }
        StringBuilder own = new StringBuilder();
        for (int c : Points.ALL) {
            if (s.ctrl[c] >= 0 && s.owner[c] != s.ctrl[c]) {
                own.append(own.length() == 0 ? "" : ",").append(Points.name(c)).append(s.mode.letter(s.owner[c]));
            }
        }
        if (own.length() > 0) {
            sb.append(" own=").append(own);
        }
        return sb.toString();
    }

    /** The fields of a PPN text, read but not yet checked against the rules. */
    record Parsed(String mode, String rules, PloyState state) {
    }

    /**
     * Reads a PPN text for a mode and rule set (the text must name the same ones).
     *
     * @throws InvalidInputException with the reason
     */
    static PloyState parse(String text, PloyMode mode, PloyRuleSet rules, Partnership partnership) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("Empty PPN position.");
        }
        String[] fields = text.strip().split("\\s+");
        if (fields.length < 4) {
            throw bad(text, "expected <board> <seat to move> <mode> <rule set>, e.g. "
                + "'…/1g45g92g83gAAg83g92g451 g 2p 3m'");
        }
        if (!fields[2].equals(mode.id())) {
            throw bad(text, "it is a '" + fields[2] + "' position, not " + mode.id());
        }
        if (!fields[3].equals(rules.id())) {
            throw bad(text, "it is written for rule set '" + fields[3] + "', not " + rules.id());
        }
        PloyState s = new PloyState(mode, rules, partnership);
        readBoard(text, fields[0], s);
        if (fields[1].length() != 1 || mode.seatOf(fields[1].charAt(0)) < 0) {
            throw bad(text, "the seat to move must be one of " + letters(mode) + ", not '" + fields[1] + "'");
        }
        s.turn = mode.seatOf(fields[1].charAt(0));
        boolean sawOut = false;
        boolean sawOwn = false;
        for (int i = 4; i < fields.length; i++) {
            String f = fields[i];
            if (f.startsWith("out=") && !sawOut) {
                sawOut = true;
                readOut(text, f.substring(4), s);
            } else if (f.startsWith("own=") && !sawOwn) {
                sawOwn = true;
                readOwners(text, f.substring(4), s);
            } else {
                throw bad(text, "unexpected field '" + f + "' (extensions are out=… and own=…, once each)");
            }
        }
        return s;
    }

    private static void readBoard(String text, String board, PloyState s) {
        String[] ranks = board.split("/", -1);
        if (ranks.length != 9) {
            throw bad(text, "the board needs 9 ranks separated by '/', not " + ranks.length);
        }
        for (int r = 0; r < 9; r++) {
            int rank = 8 - r;
            String row = ranks[r];
            int file = 0;
            int i = 0;
            while (i < row.length()) {
                char ch = row.charAt(i);
                if (ch >= '1' && ch <= '9') {
                    file += ch - '0';
                    i++;
                    continue;
                }
                int seat = s.mode.seatOf(ch);
                if (seat < 0 || !Character.isLowerCase(ch)) {
                    throw bad(text, "rank " + (rank + 1) + ": '" + ch + "' is neither a digit nor a colour of this mode ("
                        + letters(s.mode) + ")");
                }
                if (i + 3 > row.length()) {
                    throw bad(text, "rank " + (rank + 1) + ": the piece '" + row.substring(i) + "' needs two hex digits");
                }
                int m;
                try {
                    m = Integer.parseInt(row.substring(i + 1, i + 3), 16);
                } catch (NumberFormatException e) {
                    throw bad(text, "rank " + (rank + 1) + ": '" + row.substring(i + 1, i + 3) + "' is not a hex mask");
                }
                if (file >= 9) {
                    throw bad(text, "rank " + (rank + 1) + " has more than 9 points");
                }
                if (!Masks.valid(m)) {
                    throw bad(text, "the piece on " + Points.name(Points.cell(file, rank)) + " has mask "
                        + String.format(Locale.ROOT, "%02X", m) + ", which is no Ploy piece's shape");
                }
                s.put(Points.cell(file, rank), seat, m, seat);
                file++;
                i += 3;
            }
            if (file != 9) {
                throw bad(text, "rank " + (rank + 1) + " has " + file + " points instead of 9");
            }
        }
    }

    private static void readOut(String text, String letters, PloyState s) {
        for (int i = 0; i < letters.length(); i++) {
            int seat = s.mode.seatOf(letters.charAt(i));
            if (seat < 0) {
                throw bad(text, "out=" + letters + ": '" + letters.charAt(i) + "' is not a colour of this mode");
            }
            if (s.isOut(seat)) {
                throw bad(text, "out=" + letters + " names " + s.mode.colours().get(seat) + " twice");
            }
            s.outMask |= 1 << seat;
            s.outOrder |= seat << (2 * s.outCount);
            s.outCount++;
        }
    }

    private static void readOwners(String text, String list, PloyState s) {
        for (String item : list.split(",", -1)) {
            int cell = item.length() == 3 ? Points.parse(item.substring(0, 2)) : -1;
            int seat = item.length() == 3 ? s.mode.seatOf(item.charAt(2)) : -1;
            if (cell < 0 || seat < 0) {
                throw bad(text, "own=…: '" + item + "' is not <point><colour>, e.g. a9r");
            }
            if (s.ctrl[cell] < 0) {
                throw bad(text, "own=…: there is no piece on " + Points.name(cell));
            }
            s.owner[cell] = (byte) seat;
        }
    }

    private static String letters(PloyMode mode) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < mode.seats(); i++) {
            sb.append(i == 0 ? "" : ", ").append(mode.letter(i));
        }
        return sb.toString();
    }

    static InvalidInputException bad(String text, String why) {
        return new InvalidInputException("Malformed PPN '" + text.strip() + "': " + why + ".");
    }
}
