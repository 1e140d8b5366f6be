package com.plyyard.engine.piracy;

import com.plyyard.engine.SearchBoard;
import com.plyyard.engine.search.Score;

/**
 * Piracy for the {@link com.plyyard.engine.search.Searcher}: packed states on a stack (branching ≤ 3, so
 * the search goes deep). Side 0 is Cook. Once a ship has sunk the rest is decided exactly by the
 * {@link SurvivalTable}: the search treats such positions as finished (except at the root, where it must
 * still choose the survivor's move). Hit-dealing moves are the tactical ones; the evaluation is
 * {@link PiracyEvaluation}.
 */
public final class PiracySearchBoard implements SearchBoard {
    private static final int MAX = 1100;

    private final PiracyPosition root;
    private final PiracyRules rules;
    private final PiracyMoveGenerator generator;
    private final SurvivalTable survival;
    private final long[] states = new long[MAX];
    private int ply;

    public PiracySearchBoard(PiracyPosition position) {
        this.root = position;
        this.rules = position.rules();
        this.generator = rules.generator();
        this.survival = new SurvivalTable(generator);
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
        return ply > 0 && inSurvival() ? 0 : generator.generate(state(), out);
    }

    private boolean inSurvival() {
        return PiracyState.survival(state()) != PiracyState.NO_SURVIVAL;
    }

    @Override
    public void make(int move) {
        states[ply + 1] = generator.play(state(), move);
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
        return generator.status(state()) != PiracyMoveGenerator.ONGOING || (ply > 0 && inSurvival());
    }

    @Override
    public int terminalScore() {
        long s = state();
        int me = side();
        int status = generator.status(s);
        if (status == PiracyMoveGenerator.ONGOING) {
            // a ship has sunk: the survivor (to move) wins if it can stay afloat, else it sinks too
            int survivor = PiracyState.ship(s, me);
            int left = PiracyState.survival(s);
            if (survival.survives(survivor, left)) {
                return Score.WIN - left; // the win comes after the survivor's remaining moves
            }
            return generator.survivorSinkingLoses() ? Score.LOSS + left : Score.DRAW;
        }
        return switch (status) {
            case PiracyMoveGenerator.COOK_WINS -> me == PiracyState.COOK ? Score.WIN : Score.LOSS;
            case PiracyMoveGenerator.SILVER_WINS -> me == PiracyState.SILVER ? Score.WIN : Score.LOSS;
            case PiracyMoveGenerator.SURVIVOR_SANK -> generator.survivorSinkingLoses() ? (me == PiracyState.toMove(s) ? Score.LOSS : Score.WIN)
                : Score.DRAW;
            default -> Score.DRAW;
        };
    }

    @Override
    public int evaluate() {
        return PiracyEvaluation.evaluate(generator, state(), side());
    }

    @Override
    public boolean isTactical(int move) {
        return generator.hitsDealt(state(), move) > 0;
    }

    @Override
    public int tacticalGain(int move) {
        return 100 * generator.hitsDealt(state(), move);
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

    @Override
    public PiracyMove rootMove(int move) {
        return root.movesIgnoringPlyLimit().stream().filter(m -> m.code() == move).findFirst().orElseThrow();
    }
}
