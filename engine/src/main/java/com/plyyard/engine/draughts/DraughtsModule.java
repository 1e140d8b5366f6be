package com.plyyard.engine.draughts;

import com.plyyard.engine.DepthCaps;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameModule;
import com.plyyard.engine.HubDialect;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.engine.VariantRules;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** International draughts in Ply Yard: the variants {@code draughts:fmjd} and {@code draughts:plyyard}. */
public final class DraughtsModule implements GameModule {
    /** The levels' depth caps in draughts, the reference the other games' caps are measured against. */
    private static final DepthCaps DEPTH_CAPS = new DepthCaps(2, 4, 6, 10);

    private static final HubDialect HUB = new DraughtsHub();

    /** The one instance: the catalog lists it, and every variant's rules answer it ({@link VariantRules#module}). */
    public static final DraughtsModule INSTANCE = new DraughtsModule();

    private DraughtsModule() {
    }

    @Override
    public String game() {
        return "draughts";
    }

    @Override
    public List<String> variantIds() {
        return List.of("draughts:fmjd", "draughts:plyyard");
    }

    @Override
    public VariantRules rules(String id, Map<String, String> options) {
        DraughtsRuleSet ruleSet = DraughtsRuleSet.fromId(id.substring(id.indexOf(':') + 1));
        if (ruleSet == DraughtsRuleSet.FMJD) {
            if (!options.isEmpty()) {
                throw new InvalidInputException("draughts:fmjd has no options (got " + String.join(", ", options.keySet())
                    + "); the FMJD draw rules are fixed.");
            }
            return DraughtsRules.fmjd();
        }
        int plies = DraughtsRules.DEFAULT_NO_CAPTURE_DRAW_PLIES;
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (!e.getKey().equals(DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES)) {
                throw new InvalidInputException("Unknown option '" + e.getKey() + "' for draughts:plyyard; its only option is "
                    + DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES + ".");
            }
            try {
                plies = Integer.parseInt(e.getValue().strip());
            } catch (NumberFormatException ex) {
                throw new InvalidInputException("Option " + DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES
                    + " must be a whole number of plies, not '" + e.getValue() + "'.");
            }
        }
        return DraughtsRules.plyyard(plies);
    }

    /** By square numbers, not characters: 6-1 before 46-41. */
    @Override
    public Comparator<String> moveOrder() {
        return DraughtsMoveNotation.ORDER;
    }

    @Override
    public DepthCaps depthCaps() {
        return DEPTH_CAPS;
    }

    @Override
    public DraughtsSearchBoard searchBoard(Position position) {
        return new DraughtsSearchBoard(own(position));
    }

    /** Reads the rule set's endgame table, if there is one to play with. */
    @Override
    public void prepare(VariantRules rules) {
        if (rules instanceof DraughtsRules draughts) {
            DraughtsTablebase.played(draughts.ruleSet());
        }
    }

    @Override
    public DraughtsRecord record(Position first, List<String> moves, Map<String, String> tags) {
        return DraughtsRecord.record(own(first), moves, tags);
    }

    @Override
    public DraughtsRecord readRecord(String text) {
        return DraughtsRecord.parse(text);
    }

    /** Two sides: the leaving side loses. */
    @Override
    public SeatRemoval removeSeat(Position position, int seat, EndReason reason) {
        return SeatRemoval.teamLoses(own(position), seat, reason);
    }

    /** None: Draughts is searched. */
    @Override
    public Optional<PerfectPlay> perfectPlay() {
        return Optional.empty();
    }

    /** Hub's own game: {@code normal} (FMJD) and {@code plyyard}. */
    @Override
    public Optional<HubDialect> hub() {
        return Optional.of(HUB);
    }

    /** {@link DraughtsMoveConditions}. */
    @Override
    public List<MoveCondition> moveConditions() {
        return DraughtsMoveConditions.ALL;
    }

    /** A capture of three or more, a king taken, a promotion: what a draughts puzzle's line does. */
    @Override
    public List<String> puzzleThemes() {
        return List.of("captures=3", "captures-king", "promotes");
    }

    private DraughtsPosition own(Position position) {
        return GameModule.own(DraughtsPosition.class, position, game());
    }
}
