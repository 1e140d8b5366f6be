package com.plyyard.grpc.testing.fuzz;

import io.grpc.Status;
import java.util.EnumSet;
import java.util.Set;

/**
 * What every answer of every Ply Yard service must be, whatever the request: OK or a refusal with a code the contracts
 * use, never INTERNAL, UNKNOWN or DATA_LOSS, and a refusal carries one human sentence (docs/contracts.md: at most 400
 * characters, no control characters).
 */
public final class Answers {
    /** Codes no request may ever get: a bug, an unmapped failure, or lost data. */
    public static final Set<Status.Code> NEVER = EnumSet.of(Status.Code.INTERNAL, Status.Code.UNKNOWN, Status.Code.DATA_LOSS);

    private Answers() {
    }

    /**
     * @param allowed the refusals this service may answer (OK is always allowed)
     * @throws AssertionError naming what is wrong
     */
    public static void check(Status status, Set<Status.Code> allowed) {
        Status.Code code = status.getCode();
        if (code == Status.Code.OK) {
            return;
        }
        if (NEVER.contains(code) || !allowed.contains(code)) {
            throw new AssertionError("answered " + code + " (" + describe(status) + "); allowed: OK, " + allowed);
        }
        checkSentence(status.getDescription());
    }

    /** One human sentence: not blank, at most 400 characters, no control characters, three words or more, a full stop. */
    public static void checkSentence(String d) {
        if (d == null || d.isBlank()) {
            throw new AssertionError("a refusal without a sentence (description " + (d == null ? "null" : "blank") + ")");
        }
        if (d.length() > 400) {
            throw new AssertionError("a description of " + d.length() + " characters (at most 400): "
                + Tally.bounded(d, 500));
        }
        for (int i = 0; i < d.length(); i++) {
            char c = d.charAt(i);
            if (c < 0x20 || (c >= 0x7f && c < 0xa0)) {
                throw new AssertionError(String.format("a description with the control character U+%04X: %s", (int) c, d));
            }
        }
        String t = d.strip();
        if (t.split("\\s+").length < 3 || !t.endsWith(".")) {
            throw new AssertionError("not a sentence: " + d);
        }
    }

    public static String describe(Status status) {
        Throwable cause = status.getCause();
        return status.getCode() + ": " + status.getDescription() + (cause == null ? "" : " [cause " + cause + "]");
    }
}
