package com.plyyard.engine.piracy;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading Piracy moves: {@code L}, {@code F} or {@code R}, optionally with the new bow square ({@code Fc3}),
 * any case, suffixes ignored. A long form naming the wrong square, {@code F} in a port, and ramming are
 * refused with the reason. Writing is {@link PiracyMove#notation()} and {@link PiracyMove#longNotation()}.
 */
final class PiracyMoveNotation {
    private static final Pattern MOVE = Pattern.compile("([lfr])([a-z][0-9]{1,2})?[+!~#]*");

    private PiracyMoveNotation() {
    }

    /**
     * The legal move (one of {@code moves}, those of {@code state}) that {@code text} names.
     *
     * @throws InvalidInputException if the text is not a Piracy move
     * @throws IllegalMoveException  if it is one but not legal here
     */
    static PiracyMove parse(String text, Geometry geometry, long state, List<PiracyMove> moves) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("No move given.");
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        Matcher m = MOVE.matcher(t);
        if (!m.matches()) {
            throw new InvalidInputException("'" + text.strip() + "' is not a Piracy move; write L, F or R, optionally with "
                + "the new bow square (Fc3).");
        }
        String turn = m.group(1).toUpperCase(Locale.ROOT);
        String square = m.group(2);
        int side = PiracyState.toMove(state);
        int me = PiracyState.ship(state, side);
        String who = side == PiracyState.COOK ? "Cook" : "Silver";
        boolean port = geometry.isPort(PiracyState.bow(me));
        if (port && turn.equals("F")) {
            throw new IllegalMoveException(text.strip() + " is not legal: " + who + " is in port at "
                + geometry.name(PiracyState.bow(me)) + " and must turn 90°, L or R.");
        }
        int units = switch (turn) {
            case "L" -> port ? 2 : 1;
            case "R" -> port ? -2 : -1;
            default -> 0;
        };
        int code = PiracyMoveGenerator.code(units);
        for (PiracyMove candidate : moves) {
            if (candidate.code() == code) {
                if (square != null && !square.equals(candidate.bow())) {
                    throw new IllegalMoveException(text.strip() + " is not legal: " + turn + " takes " + who + "'s bow to "
                        + candidate.bow() + ", not " + square + ".");
                }
                return candidate;
            }
        }
        int target = geometry.step(PiracyState.bow(me), PiracyMoveGenerator.headingAfter(PiracyState.heading(me), code));
        throw new IllegalMoveException(text.strip() + " is not legal: it would ram "
            + (side == PiracyState.COOK ? "Silver" : "Cook") + " on " + geometry.name(target) + ".");
    }
}
