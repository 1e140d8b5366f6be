package com.plyyard.engine.piracy;

/**
 * Exact answers for the lone-ship phase: can a ship alone on the sea make k more moves (k ≤ 7) without
 * sinking — by running aground or by taking its seventh hit from the circle rule? Computed lazily per state
 * (bow, heading, run, hits, k) and kept; a few hundred thousand entries on the 8×8 board.
 */
final class SurvivalTable {
    private static final byte UNKNOWN = 0;
    private static final byte YES = 1;
    private static final byte NO = 2;

    private final PiracyMoveGenerator generator;
    private final byte[] memo;

    SurvivalTable(PiracyMoveGenerator generator) {
        this.generator = generator;
        this.memo = new byte[generator.geometry.squares() * 8 * 16 * PiracyMoveGenerator.SINKING_HITS * (PiracyMoveGenerator.SURVIVAL_MOVES + 1)];
    }

    /** Can a lone ship make {@code moves} more moves afloat? */
    boolean survives(int ship, int moves) {
        if (PiracyState.sunk(ship)) {
            return false;
        }
        if (moves == 0) {
            return true;
        }
        int bow = PiracyState.bow(ship);
        int heading = PiracyState.heading(ship);
        int run = PiracyState.run(ship);
        int hits = PiracyState.hits(ship);
        int index = (((bow * 8 + heading) * 16 + run + 8) * PiracyMoveGenerator.SINKING_HITS + hits) * (PiracyMoveGenerator.SURVIVAL_MOVES + 1)
            + moves;
        if (memo[index] != UNKNOWN) {
            return memo[index] == YES;
        }
        boolean port = generator.geometry.isPort(bow);
        int[] units = port ? new int[] {2, -2} : new int[] {1, 0, -1};
        boolean ok = false;
        for (int u : units) {
            if (survives(generator.sail(ship, PiracyMoveGenerator.code(u)), moves - 1)) {
                ok = true;
                break;
            }
        }
        memo[index] = ok ? YES : NO;
        return ok;
    }
}
