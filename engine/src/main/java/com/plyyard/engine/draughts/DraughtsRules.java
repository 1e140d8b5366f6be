package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** International draughts under one rule set, with its options. Immutable. */
public final class DraughtsRules implements VariantRules {
    public static final int DEFAULT_NO_CAPTURE_DRAW_PLIES = 50;
    public static final String OPTION_NO_CAPTURE_DRAW_PLIES = "no-capture-draw-plies";

    private final DraughtsRuleSet ruleSet;
    private final int noCaptureDrawPlies;

    private DraughtsRules(DraughtsRuleSet ruleSet, int noCaptureDrawPlies) {
        this.ruleSet = ruleSet;
        this.noCaptureDrawPlies = noCaptureDrawPlies;
    }

    public static DraughtsRules fmjd() {
        return new DraughtsRules(DraughtsRuleSet.FMJD, 0);
    }

    public static DraughtsRules plyyard() {
        return plyyard(DEFAULT_NO_CAPTURE_DRAW_PLIES);
    }

    /** @param noCaptureDrawPlies plies without capture or promotion that draw the game; 0 disables the rule */
    public static DraughtsRules plyyard(int noCaptureDrawPlies) {
        if (noCaptureDrawPlies < 0 || noCaptureDrawPlies > 100_000) {
            throw new InvalidInputException("Option " + OPTION_NO_CAPTURE_DRAW_PLIES + " must be between 0 and 100000, not "
                + noCaptureDrawPlies + ".");
        }
        return new DraughtsRules(DraughtsRuleSet.PLYYARD, noCaptureDrawPlies);
    }

    public static DraughtsRules of(DraughtsRuleSet ruleSet) {
        return ruleSet == DraughtsRuleSet.FMJD ? fmjd() : plyyard();
    }

    public DraughtsRuleSet ruleSet() {
        return ruleSet;
    }

    /** plyyard's local draw threshold (0 = off); always 0 under fmjd, which has no such rule. */
    public int noCaptureDrawPlies() {
        return noCaptureDrawPlies;
    }

    @Override
    public String id() {
        return "draughts:" + ruleSet.id();
    }

    @Override
    public String game() {
        return "draughts";
    }

    @Override
    public DraughtsModule module() {
        return DraughtsModule.INSTANCE;
    }

    @Override
    public String ruleSetId() {
        return ruleSet.id();
    }

    @Override
    public String mode() {
        return "2p";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        if (ruleSet == DraughtsRuleSet.PLYYARD) {
            options.put(OPTION_NO_CAPTURE_DRAW_PLIES, Integer.toString(noCaptureDrawPlies));
        }
        return options;
    }

    @Override
    public String description() {
        return ruleSet == DraughtsRuleSet.FMJD
            ? "International draughts 10x10, FMJD rules: White starts, Turkish strike, majority rule, FMJD draw rules."
            : "International draughts 10x10, Ply Yard rules: Black starts, captured pieces leave at once, "
                + "more kings break equal captures, draw after " + noCaptureDrawPlies + " plies without capture or promotion.";
    }

    @Override
    public List<String> seatColours() {
        return List.of("white", "black");
    }

    @Override
    public String notationName() {
        return "FEN";
    }

    @Override
    public DraughtsPosition start() {
        return DraughtsPosition.fresh(this, DraughtsState.start(ruleSet));
    }

    @Override
    public DraughtsPosition parse(String text) {
        return DraughtsPosition.fresh(this, DraughtsPositionNotation.parse(text));
    }

    @Override
    public DraughtsPosition restore(String text, Map<String, Integer> counters, long[] repetitionKeys, int ply) {
        return Restore.restore(this, DraughtsPositionNotation.parse(text), counters, repetitionKeys, ply);
    }

    public DraughtsPosition position(DraughtsState board) {
        return DraughtsPosition.fresh(this, board);
    }

    @Override
    public int maxPerftDepth() {
        return 12;
    }

    @Override
    public long perft(Position position, int depth, BooleanSupplier stop) {
        return new DraughtsPerft(ruleSet).count(state(position), depth, stop);
    }

    @Override
    public Map<String, Long> divide(Position position, int depth, BooleanSupplier stop) {
        DraughtsPosition p = (DraughtsPosition) checkOwn(position);
        Map<String, Long> out = new LinkedHashMap<>();
        DraughtsPerft perft = new DraughtsPerft(ruleSet);
        for (DraughtsMove m : p.legalMovesIgnoringDraws()) {
            out.put(m.notation(), depth <= 1 ? 1L : perft.count(Moves.apply(p.state(), m), depth - 1, stop));
        }
        return out;
    }

    private DraughtsState state(Position position) {
        return ((DraughtsPosition) checkOwn(position)).state();
    }

    private Position checkOwn(Position position) {
        if (!(position instanceof DraughtsPosition p) || !p.rules().ruleSet.equals(ruleSet)) {
            throw new InvalidInputException("Position " + position + " is not a " + id() + " position.");
        }
        return position;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DraughtsRules r && r.ruleSet == ruleSet && r.noCaptureDrawPlies == noCaptureDrawPlies;
    }

    @Override
    public int hashCode() {
        return ruleSet.hashCode() * 31 + noCaptureDrawPlies;
    }

    @Override
    public String toString() {
        return id() + options();
    }
}
