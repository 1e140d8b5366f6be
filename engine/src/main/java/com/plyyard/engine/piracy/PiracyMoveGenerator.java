package com.plyyard.engine.piracy;

import static com.plyyard.engine.piracy.PiracyState.NO_SURVIVAL;

/**
 * Piracy's move generator for one variant, on packed states (see {@link PiracyState}): the legal moves of a
 * state and the resolution of a ply (spec, "A move"): grounding → move → hits → circle rule → sinking, then
 * the end of the game. Generating and resolving read the same geometry tables (a move's legality is whether
 * it rams), so in Piracy they are one class. Pure functions, no allocation: engines call them billions of
 * times.
 *
 * <p>A move is its turn in units: +1 L, 0 F, −1 R, ±2 at a port; encoded as {@code units + 2}.
 */
public final class PiracyMoveGenerator {
    public static final int SURVIVAL_MOVES = 7;
    public static final int PLY_LIMIT = 490;
    public static final int SINKING_HITS = 7;

    /** Terminal statuses of {@link #status}. */
    static final int ONGOING = 0;
    static final int COOK_WINS = 1;
    static final int SILVER_WINS = 2;
    static final int BOTH_SUNK = 3;
    static final int SURVIVOR_SANK = 4;
    static final int PLY_LIMIT_REACHED = 5;

    /** Every sunk ship is packed the same way, so equal positions have equal states. */
    static final int SUNK = PiracyState.ship(0, 0, SINKING_HITS, 0, true);

    final Geometry geometry;
    private final boolean circleRule;
    private final boolean survivorSinkingLoses;

    PiracyMoveGenerator(Geometry geometry, boolean circleRule, boolean survivorSinkingLoses) {
        this.geometry = geometry;
        this.circleRule = circleRule;
        this.survivorSinkingLoses = survivorSinkingLoses;
    }

    static int code(int units) {
        return units + 2;
    }

    static int units(int code) {
        return code - 2;
    }

    /** The heading after a move. */
    static int headingAfter(int heading, int code) {
        return (heading + units(code)) & 7;
    }

    /**
     * Writes the legal moves of the side to move into {@code out} (at most 3); returns how many, 0 when the
     * game is over. Ramming the enemy is the only illegal move; moves that sink the mover are legal.
     */
    int generate(long state, int[] out) {
        return status(state) == ONGOING ? moves(state, out) : 0;
    }

    /** Like {@link #generate}, but a position at the 490-ply limit still has its moves (perft counts them). */
    int generateIgnoringPlyLimit(long state, int[] out) {
        int status = status(state);
        return status == ONGOING || status == PLY_LIMIT_REACHED ? moves(state, out) : 0;
    }

    private int moves(long state, int[] out) {
        int side = PiracyState.toMove(state);
        int me = PiracyState.ship(state, side);
        int enemy = PiracyState.ship(state, 1 - side);
        int bow = PiracyState.bow(me);
        int h = PiracyState.heading(me);
        int n = 0;
        if (geometry.isPort(bow)) {
            n = add(out, n, bow, h, code(2), enemy);
            n = add(out, n, bow, h, code(-2), enemy);
        } else {
            n = add(out, n, bow, h, code(1), enemy);
            n = add(out, n, bow, h, code(0), enemy);
            n = add(out, n, bow, h, code(-1), enemy);
        }
        return n;
    }

    private int add(int[] out, int n, int bow, int h, int code, int enemy) {
        int target = geometry.step(bow, headingAfter(h, code));
        if (target != Geometry.LAND && !PiracyState.sunk(enemy)) {
            int enemyBow = PiracyState.bow(enemy);
            int enemyStern = geometry.behind(enemyBow, PiracyState.heading(enemy));
            if (target == enemyBow || target == enemyStern) {
                return n; // ramming
            }
        }
        out[n++] = code;
        return n;
    }

    /** The state after the side to move plays {@code code} (a move from {@link #generate}). */
    long play(long state, int code) {
        int side = PiracyState.toMove(state);
        int me = PiracyState.ship(state, side);
        int enemy = PiracyState.ship(state, 1 - side);
        int survival = PiracyState.survival(state);
        int ply = PiracyState.ply(state) + 1;
        int bow = PiracyState.bow(me);
        int h = headingAfter(PiracyState.heading(me), code);
        int target = geometry.step(bow, h);
        int hits = PiracyState.hits(me);
        int run = PiracyState.run(me);
        boolean meSunk;
        if (target == Geometry.LAND) {
            // grounding: the ship is lost and nothing else happens this ply
            me = SUNK;
            meSunk = true;
        } else {
            int dealt = hitsDealt(state, code);
            if (dealt > 0) {
                int enemyHits = Math.min(SINKING_HITS, PiracyState.hits(enemy) + dealt);
                enemy = enemyHits >= SINKING_HITS ? SUNK : PiracyState.ship(PiracyState.bow(enemy),
                    PiracyState.heading(enemy), enemyHits, PiracyState.run(enemy), false);
            }
            int units = units(code);
            hits = Math.min(SINKING_HITS, hits + penalties(run, units));
            run = runAfter(run, units);
            meSunk = hits >= SINKING_HITS;
            me = meSunk ? SUNK : PiracyState.ship(target, h, hits, run, false);
        }
        boolean enemySunk = PiracyState.sunk(enemy);
        int next;
        if (survival != NO_SURVIVAL) {
            survival--; // the survivor made one of its moves
            next = side;
        } else if (meSunk != enemySunk) {
            survival = SURVIVAL_MOVES; // exactly one ship went down: the survivor sails on alone
            next = meSunk ? 1 - side : side;
        } else {
            next = 1 - side;
        }
        int cook = side == PiracyState.COOK ? me : enemy;
        int silver = side == PiracyState.COOK ? enemy : me;
        return PiracyState.state(cook, silver, next, survival, ply);
    }

    /** A lone ship after a move: grounding, the circle rule and sinking, with no enemy to hit. */
    int sail(int ship, int code) {
        int bow = PiracyState.bow(ship);
        int h = headingAfter(PiracyState.heading(ship), code);
        int target = geometry.step(bow, h);
        int hits = PiracyState.hits(ship);
        int run = PiracyState.run(ship);
        if (target == Geometry.LAND) {
            return SUNK;
        }
        int units = units(code);
        hits = Math.min(SINKING_HITS, hits + penalties(run, units));
        return hits >= SINKING_HITS ? SUNK : PiracyState.ship(target, h, hits, runAfter(run, units), false);
    }

    /**
     * Hits the move deals (0–2): each enemy square touching the mover's new bow or new stern (the old bow)
     * counts once. None when the move runs aground or the enemy has sunk.
     */
    int hitsDealt(long state, int code) {
        int side = PiracyState.toMove(state);
        int me = PiracyState.ship(state, side);
        int enemy = PiracyState.ship(state, 1 - side);
        int bow = PiracyState.bow(me);
        int target = geometry.step(bow, headingAfter(PiracyState.heading(me), code));
        if (target == Geometry.LAND || PiracyState.sunk(enemy)) {
            return 0;
        }
        int enemyBow = PiracyState.bow(enemy);
        int enemyStern = stern(enemy);
        return (geometry.touching(enemyBow, target) || geometry.touching(enemyBow, bow) ? 1 : 0)
            + (geometry.touching(enemyStern, target) || geometry.touching(enemyStern, bow) ? 1 : 0);
    }

    /** Circle-rule penalty hits for a turn of {@code units} on a run of {@code run}. */
    int penalties(int run, int units) {
        int after = extend(run, units);
        return circleRule ? Math.abs(after) / 8 : 0;
    }

    /** The run after a turn of {@code units}, completed circles taken off (unchanged without the circle rule). */
    int runAfter(int run, int units) {
        if (!circleRule) {
            return run;
        }
        int after = extend(run, units);
        return after - 8 * (after / 8); // what is left after each completed circle
    }

    /** The run before completed circles are taken off: straight moves keep it, a turn against it restarts it. */
    private static int extend(int run, int units) {
        if (units == 0) {
            return run;
        }
        return run == 0 || Integer.signum(run) == Integer.signum(units) ? run + units : units;
    }

    /** Whether the game is over, and how. */
    int status(long state) {
        boolean cookSunk = PiracyState.sunk(PiracyState.cook(state));
        boolean silverSunk = PiracyState.sunk(PiracyState.silver(state));
        int survival = PiracyState.survival(state);
        if (cookSunk && silverSunk) {
            return survival == NO_SURVIVAL ? BOTH_SUNK : SURVIVOR_SANK;
        }
        if (cookSunk || silverSunk) {
            return survival == 0 ? (cookSunk ? SILVER_WINS : COOK_WINS) : ONGOING;
        }
        return PiracyState.ply(state) >= PLY_LIMIT ? PLY_LIMIT_REACHED : ONGOING;
    }

    boolean circleRule() {
        return circleRule;
    }

    /** When the survivor sinks during its survival moves: the first ship to sink wins under option "loss". */
    boolean survivorSinkingLoses() {
        return survivorSinkingLoses;
    }

    /** The stern square of a ship that is afloat. */
    int stern(int ship) {
        return geometry.behind(PiracyState.bow(ship), PiracyState.heading(ship));
    }
}
