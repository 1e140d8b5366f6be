package com.plyyard.engine.ploy;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Position;
import com.plyyard.engine.Repetitions;
import com.plyyard.engine.VariantRules;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** Ploy in one mode under one rule set, with its options. Immutable. */
public final class PloyRules implements VariantRules {
    public static final String OPTION_PARTNERSHIP = "partnership";
    public static final String OPTION_REPETITION_DRAW = "repetition-draw";
    public static final String OPTION_NO_CAPTURE_DRAW_PLIES = "no-capture-draw-plies";
    public static final int DEFAULT_NO_CAPTURE_DRAW_PLIES = 200;

    private final PloyMode mode;
    private final PloyRuleSet ruleSet;
    private final Partnership partnership;
    private final boolean repetitionDraw;
    private final int noCaptureDrawPlies;

    public PloyRules(PloyMode mode, PloyRuleSet ruleSet, Partnership partnership, boolean repetitionDraw,
                     int noCaptureDrawPlies) {
        if (noCaptureDrawPlies < 0 || noCaptureDrawPlies > 100_000) {
            throw new InvalidInputException("Option " + OPTION_NO_CAPTURE_DRAW_PLIES + " must be between 0 and 100000, not "
                + noCaptureDrawPlies + ".");
        }
        this.mode = mode;
        this.ruleSet = ruleSet;
        this.partnership = mode == PloyMode.TEAMS ? partnership : Partnership.SEED;
        this.repetitionDraw = repetitionDraw;
        this.noCaptureDrawPlies = noCaptureDrawPlies;
    }

    public static PloyRules of(PloyMode mode, PloyRuleSet ruleSet) {
        return new PloyRules(mode, ruleSet, Partnership.SEED, true, DEFAULT_NO_CAPTURE_DRAW_PLIES);
    }

    public PloyMode ployMode() {
        return mode;
    }

    public PloyRuleSet ployRuleSet() {
        return ruleSet;
    }

    public Partnership partnership() {
        return partnership;
    }

    public boolean repetitionDraw() {
        return repetitionDraw;
    }

    /** 0 = the no-capture rule is off. */
    public int noCaptureDrawPlies() {
        return noCaptureDrawPlies;
    }

    @Override
    public String id() {
        return "ploy:" + ruleSet.id() + ":" + mode.id();
    }

    @Override
    public String game() {
        return "ploy";
    }

    @Override
    public PloyModule module() {
        return PloyModule.INSTANCE;
    }

    @Override
    public String ruleSetId() {
        return ruleSet.id();
    }

    @Override
    public String mode() {
        return mode.id();
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        if (mode == PloyMode.TEAMS) {
            o.put(OPTION_PARTNERSHIP, partnership.id());
        }
        o.put(OPTION_REPETITION_DRAW, Boolean.toString(repetitionDraw));
        o.put(OPTION_NO_CAPTURE_DRAW_PLIES, Integer.toString(noCaptureDrawPlies));
        return o;
    }

    @Override
    public String description() {
        String who = switch (mode) {
            case TWO_PLAYER -> "two players";
            case FREE_FOR_ALL -> "four players, free-for-all";
            case TEAMS -> "four players in teams (Green+Yellow vs Red+Blue, " + partnership.id() + " partnership)";
        };
        return "Ploy, " + who + ", " + (ruleSet == PloyRuleSet.IMPERIUM ? "imperium rules (turns of ±45° only)"
            : "3M rules (turns by any multiple of 45°)") + ".";
    }

    @Override
    public List<String> seatColours() {
        return mode.colours();
    }

    @Override
    public String notationName() {
        return "PPN";
    }

    @Override
    public PloyPosition start() {
        return parse(Setups.ppn(mode, ruleSet));
    }

    @Override
    public PloyPosition parse(String text) {
        return PloyPosition.fresh(this, read(text));
    }

    private PloyState read(String text) {
        PloyState s = PloyPositionNotation.parse(text, mode, ruleSet, partnership);
        Consistency.check(s);
        return s;
    }

    @Override
    public PloyPosition restore(String text, Map<String, Integer> counters, long[] repetitionKeys, int ply) {
        for (Map.Entry<String, Integer> e : counters.entrySet()) {
            if (!e.getKey().equals("no-capture")) {
                throw new InvalidInputException("Draw counter '" + e.getKey() + "' does not exist in Ploy; its counter is "
                    + "no-capture.");
            }
            if (e.getValue() == null || e.getValue() < 0) {
                throw new InvalidInputException("Draw counter 'no-capture' must not be negative.");
            }
        }
        if (ply < 0) {
            throw new InvalidInputException("The ply count must not be negative.");
        }
        PloyState s = read(text);
        long[] keys = Repetitions.endingWith(repetitionKeys, PloyZobrist.key(s));
        return new PloyPosition(this, s, counters.getOrDefault("no-capture", 0), keys, ply);
    }

    @Override
    public int maxPerftDepth() {
        return mode == PloyMode.TWO_PLAYER ? 6 : 5;
    }

    @Override
    public long perft(Position position, int depth, BooleanSupplier stop) {
        return new PloyPerft().count(own(position), depth, stop);
    }

    @Override
    public Map<String, Long> divide(Position position, int depth, BooleanSupplier stop) {
        PloyPosition p = own(position);
        Map<String, Long> out = new LinkedHashMap<>();
        PloyPerft perft = new PloyPerft();
        for (PloyMove m : p.legalMovesIgnoringDraws()) {
            if (depth <= 1) {
                out.put(m.notation(), 1L);
                continue;
            }
            PloyState s = p.state().copy();
            s.make(m.code());
            out.put(m.notation(), perft.countFrom(s, depth - 1, stop));
        }
        return out;
    }

    private PloyPosition own(Position position) {
        if (!(position instanceof PloyPosition p) || !p.rules().id().equals(id())) {
            throw new InvalidInputException("Position " + position + " is not a " + id() + " position.");
        }
        return p;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PloyRules r && r.mode == mode && r.ruleSet == ruleSet && r.partnership == partnership
            && r.repetitionDraw == repetitionDraw && r.noCaptureDrawPlies == noCaptureDrawPlies;
    }

    @Override
    public int hashCode() {
        return ((mode.hashCode() * 31 + ruleSet.hashCode()) * 31 + partnership.hashCode()) * 31 + noCaptureDrawPlies
            + (repetitionDraw ? 1 : 0);
    }

    @Override
    public String toString() {
        return id() + options();
    }
}
