package com.plyyard.engine.piracy;

import com.plyyard.engine.search.Score;
import com.plyyard.engine.search.SearchBoard;

/**
 * Piracy for the {@link com.plyyard.engine.search.Searcher}: packed states on a stack (branching ≤ 3, so
 * the search goes deep). Side 0 is Cook. Once a ship has sunk the rest is decided exactly by the
 * {@link SurvivalTable}: the search treats such positions as finished (except at the root, where it must
 * still choose the survivor's move). Hit-dealing moves are the tactical ones.
 *
 * <p>Evaluation (a hit = 100): hits taken by the enemy minus our own; being close enough to hit (each enemy
 * square within two of our bow); being pinned at the edge (fewer moves that do not run aground); circle risk
 * (a run close to eight).
 */
public final class PiracySearchBoard implements SearchBoard {
    private static final int MAX = 1100;

    private final PiracyRules rules;
    private final PiracyCore core;
    private final SurvivalTable survival;
    private final long[] states = new long[MAX];
    private int ply;

    public PiracySearchBoard(PiracyPosition position) {
        this.rules = position.rules();
        this.core = rules.core();
        this.survival = new SurvivalTable(core);
        this.states[0] = position.state();
    }

    private long state() {
        return states[ply];
    }

    @Override
    public int side() {
        return PiracyState.toMove(state());
    }

    @Override
    public int generate(int[] out) {
        return ply > 0 && inSurvival() ? 0 : core.generate(state(), out);
    }

    private boolean inSurvival() {
        return PiracyState.survival(state()) != PiracyState.NO_SURVIVAL;
    }

    @Override
    public void make(int move) {
        states[ply + 1] = core.play(state(), move);
        ply++;
    }

    @Override
    public void unmake() {
        ply--;
    }

    @Override
    public long hash() {
        return state() ^ ((long) rules.geometry().hashCode() << 59);
    }

    @Override
    public boolean isTerminal() {
        return core.status(state()) != PiracyCore.ONGOING || (ply > 0 && inSurvival());
    }

    @Override
    public int terminalScore() {
        long s = state();
        int me = side();
        int status = core.status(s);
        if (status == PiracyCore.ONGOING) {
            // a ship has sunk: the survivor (to move) wins if it can stay afloat, else it sinks too
            int survivor = PiracyState.ship(s, me);
            int left = PiracyState.survival(s);
            if (survival.survives(survivor, left)) {
                return Score.WIN - left; // the win comes after the survivor's remaining moves
            }
            return core.survivorSinkingLoses() ? Score.LOSS + left : Score.DRAW;
        }
        return switch (status) {
            case PiracyCore.COOK_WINS -> me == PiracyState.COOK ? Score.WIN : Score.LOSS;
            case PiracyCore.SILVER_WINS -> me == PiracyState.SILVER ? Score.WIN : Score.LOSS;
            case PiracyCore.SURVIVOR_SANK -> core.survivorSinkingLoses() ? (me == PiracyState.toMove(s) ? Score.LOSS : Score.WIN)
                : Score.DRAW;
            default -> Score.DRAW;
        };
    }

    @Override
    public int evaluate() {
        long s = state();
        int me = side();
        int mine = PiracyState.ship(s, me);
        int theirs = PiracyState.ship(s, 1 - me);
        int score = 100 * (PiracyState.hits(theirs) - PiracyState.hits(mine));
        score += threat(mine, theirs) - threat(theirs, mine);
        score -= 40 * (3 - freeMoves(mine)) - 40 * (3 - freeMoves(theirs));
        score -= circleRisk(mine) - circleRisk(theirs);
        return score;
    }

    /** Enemy squares within two of the ship's bow: it can reach them next. */
    private int threat(int ship, int enemy) {
        Geometry g = rules.geometry();
        int bow = PiracyState.bow(ship);
        int n = 0;
        for (int sq : new int[] {PiracyState.bow(enemy), core.stern(enemy)}) {
            int dx = Math.abs(sq % g.size() - bow % g.size());
            int dy = Math.abs(sq / g.size() - bow / g.size());
            if (Math.max(dx, dy) <= 2) {
                n++;
            }
        }
        return 25 * n;
    }

    private int freeMoves(int ship) {
        int bow = PiracyState.bow(ship);
        int h = PiracyState.heading(ship);
        int[] units = rules.geometry().isPort(bow) ? new int[] {2, -2} : new int[] {1, 0, -1};
        int free = 0;
        for (int u : units) {
            if (rules.geometry().step(bow, PiracyCore.headingAfter(h, PiracyCore.code(u))) != Geometry.LAND) {
                free++;
            }
        }
        return rules.geometry().isPort(bow) ? Math.min(3, free + 1) : free;
    }

    private int circleRisk(int ship) {
        int run = Math.abs(PiracyState.run(ship));
        return run >= 6 ? 30 * (run - 5) : 0;
    }

    @Override
    public boolean isTactical(int move) {
        return core.hitsDealt(state(), move) > 0;
    }

    @Override
    public int tacticalGain(int move) {
        return 100 * core.hitsDealt(state(), move);
    }

    @Override
    public boolean forcedTactics() {
        return false;
    }

    @Override
    public String notation(int move) {
        PiracyPosition p = new PiracyPosition(rules, state());
        return p.movesIgnoringPlyLimit().stream().filter(m -> m.code() == move).findFirst().orElseThrow().notation();
    }

    /** The legal move of {@code position} a move int stands for. */
    public static PiracyMove toMove(PiracyPosition position, int move) {
        return position.movesIgnoringPlyLimit().stream().filter(m -> m.code() == move).findFirst().orElseThrow();
    }
}
