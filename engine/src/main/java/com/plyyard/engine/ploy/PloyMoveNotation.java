package com.plyyard.engine.ploy;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ploy move notation. Output: {@code c2-c4}, {@code c2xc4}, {@code e3-e4r1} (a Shield turning after its
 * motion), {@code b1r2} (rotation in place), r<i>k</i> = clockwise k×45° with the smallest k. Input also
 * accepts {@code -} for a capture, {@code x} for a plain motion, any k giving the same mask, upper case,
 * and a mover prefix ({@code g:a2-a5}) that must name the seat to move or the seat playing its turn.
 */
final class PloyMoveNotation {
    private static final Pattern SYNTAX =
        Pattern.compile("(?:([a-z]):)?([a-i][1-9])(?:([-x])([a-i][1-9]))?(?:r([0-9]))?");

    private PloyMoveNotation() {
    }

    static String format(int code, int oldMask) {
        int from = PloyState.from(code);
        int to = PloyState.to(code);
        int newMask = PloyState.newMask(code);
        StringBuilder sb = new StringBuilder(8).append(Points.name(from));
        if (from != to) {
            sb.append(PloyState.isCapture(code) ? 'x' : '-').append(Points.name(to));
        }
        if (newMask != oldMask) {
            sb.append('r').append(Masks.clockwiseSteps(oldMask, newMask));
        }
        return sb.toString();
    }

    /** Reads a move against the legal moves of a state that is not over. */
    static PloyMove parse(String text, PloyState s, List<PloyMove> legal) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("No move given.");
        }
        String t = text.strip().toLowerCase(Locale.ROOT).replaceAll("[!?]+$", "");
        Matcher m = SYNTAX.matcher(t);
        if (!m.matches() || (m.group(3) == null && m.group(5) == null)) {
            throw new InvalidInputException("'" + text.strip() + "' is not a Ploy move; write a motion like c2-c4 or c2xc4, "
                + "a Shield motion with a turn like e3-e4r1, or a rotation like b1r2.");
        }
        int actor = s.actor();
        String mover = colour(s, actor);
        String turn = colour(s, s.turn);
        if (m.group(1) != null) {
            int seat = s.mode.seatOf(m.group(1).charAt(0));
            if (seat < 0) {
                throw new InvalidInputException("'" + m.group(1) + ":' is not a colour of " + s.mode.id() + " Ploy.");
            }
            if (seat != actor && seat != s.turn) {
                throw new IllegalMoveException(text.strip() + " is not legal: it is " + turn + "'s turn"
                    + (actor != s.turn ? ", played by " + mover : "") + ", not " + colour(s, seat) + "'s.");
            }
        }
        int from = Points.parse(m.group(2));
        int to = m.group(4) == null ? from : Points.parse(m.group(4));
        int k = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
        if (k > 7) {
            throw new InvalidInputException("'" + text.strip() + "': a turn is r1 to r7 (clockwise steps of 45°).");
        }
        String what = text.strip();
        if (s.ctrl[from] < 0) {
            throw new IllegalMoveException(what + " is not legal: there is no piece on " + Points.name(from) + ".");
        }
        if (s.ctrl[from] != actor) {
            throw new IllegalMoveException(what + " is not legal: the piece on " + Points.name(from) + " is controlled by "
                + colour(s, s.ctrl[from]) + ", and " + mover + " is to move"
                + (actor != s.turn ? " (playing " + turn + "'s turn)" : "") + ".");
        }
        int oldMask = s.mask[from] & 0xFF;
        int newMask = Masks.rotate(oldMask, k);
        PieceKind kind = Masks.kind(oldMask);
        if (from == to && newMask == oldMask) {
            throw new IllegalMoveException(what + " is not legal: turning the " + kind.label() + " on " + Points.name(from)
                + " by r" + k + " leaves its direction mask as it is, and a rotation must change it.");
        }
        if (from != to && newMask != oldMask && kind != PieceKind.SHIELD) {
            throw new IllegalMoveException(what + " is not legal: only a Shield may turn after moving; a " + kind.label()
                + " moves or turns.");
        }
        for (PloyMove candidate : legal) {
            int c = candidate.code();
            if (PloyState.from(c) == from && PloyState.to(c) == to && PloyState.newMask(c) == newMask) {
                return candidate;
            }
        }
        throw new IllegalMoveException(what + " is not legal: " + whyNot(s, from, to, kind, oldMask, k));
    }

    private static String whyNot(PloyState s, int from, int to, PieceKind kind, int mask, int k) {
        String piece = "the " + kind.label() + " on " + Points.name(from);
        if (from == to) {
            return "under imperium a piece turns by ±45° only (r1 or r7), not r" + k + ".";
        }
        if (from != to && k != 0 && s.imperium && k != 1 && k != 7) {
            return "under imperium a Shield turns by ±45° only (r1 or r7), not r" + k + ".";
        }
        int df = Points.file(to) - Points.file(from);
        int dr = Points.rank(to) - Points.rank(from);
        int dist = Math.max(Math.abs(df), Math.abs(dr));
        int dir = -1;
        if (df == 0 || dr == 0 || Math.abs(df) == Math.abs(dr)) {
            int step = Integer.signum(dr) * 11 + Integer.signum(df);
            for (int d = 0; d < 8; d++) {
                if (Points.STEP[d] == step) {
                    dir = d;
                }
            }
        }
        if (dir < 0 || (mask & (1 << dir)) == 0) {
            return piece + " does not point towards " + Points.name(to) + ".";
        }
        if (dist > kind.range()) {
            return "a " + kind.label() + " moves at most " + kind.range() + (kind.range() == 1 ? " point" : " points")
                + ", and " + Points.name(to) + " is " + dist + " away.";
        }
        for (int i = 1; i < dist; i++) {
            int c = from + i * Points.STEP[dir];
            if (s.ctrl[c] >= 0) {
                return "the way to " + Points.name(to) + " is blocked on " + Points.name(c) + " (no piece jumps).";
            }
        }
        int target = s.ctrl[to];
        if (target == s.ctrl[from]) {
            return Points.name(to) + " holds a piece of the mover's own.";
        }
        if (target >= 0 && !s.enemies(s.ctrl[from], target)) {
            return Points.name(to) + " holds a partner's piece, which is never captured.";
        }
        return "it is not among the legal moves here.";
    }

    private static String colour(PloyState s, int seat) {
        return Consistency.colour(s.mode, seat);
    }
}
