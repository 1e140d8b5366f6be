package com.plyyard.engine.ploy;

import com.plyyard.engine.DepthCaps;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameModule;
import com.plyyard.engine.HubDialect;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.engine.VariantRules;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Ploy in Ply Yard: the six variants {@code ploy:<3m|imperium>:<2p|ffa|team>}. */
public final class PloyModule implements GameModule {
    /** One ply less than draughts at every level (at least 1): Ploy's branching is larger. */
    private static final DepthCaps DEPTH_CAPS = new DepthCaps(1, 3, 5, 9);

    /** The one instance: the catalog lists it, and every variant's rules answer it ({@link VariantRules#module}). */
    public static final PloyModule INSTANCE = new PloyModule();

    private PloyModule() {
    }

    @Override
    public String game() {
        return "ploy";
    }

    @Override
    public List<String> variantIds() {
        List<String> ids = new ArrayList<>();
        for (PloyRuleSet r : PloyRuleSet.values()) {
            for (PloyMode m : PloyMode.values()) {
                ids.add("ploy:" + r.id() + ":" + m.id());
            }
        }
        return ids;
    }

    @Override
    public VariantRules rules(String id, Map<String, String> options) {
        String[] parts = id.split(":");
        PloyRuleSet ruleSet = PloyRuleSet.fromId(parts[1]);
        PloyMode mode = PloyMode.fromId(parts[2]);
        Partnership partnership = Partnership.SEED;
        boolean repetition = true;
        int plies = PloyRules.DEFAULT_NO_CAPTURE_DRAW_PLIES;
        for (Map.Entry<String, String> e : options.entrySet()) {
            String value = e.getValue() == null ? "" : e.getValue().strip();
            switch (e.getKey()) {
                case PloyRules.OPTION_PARTNERSHIP -> {
                    if (mode != PloyMode.TEAMS) {
                        throw new InvalidInputException("Option partnership applies to team Ploy only, not to " + id + ".");
                    }
                    partnership = Partnership.fromId(value);
                }
                case PloyRules.OPTION_REPETITION_DRAW -> {
                    if (!value.equals("true") && !value.equals("false")) {
                        throw new InvalidInputException("Option repetition-draw must be true or false, not '" + value + "'.");
                    }
                    repetition = Boolean.parseBoolean(value);
                }
                case PloyRules.OPTION_NO_CAPTURE_DRAW_PLIES -> {
                    try {
                        plies = Integer.parseInt(value);
                    } catch (NumberFormatException ex) {
                        throw new InvalidInputException("Option no-capture-draw-plies must be a whole number of plies, not '"
                            + value + "'.");
                    }
                }
                default -> throw new InvalidInputException("Unknown option '" + e.getKey() + "' for " + id
                    + "; Ploy options are " + (mode == PloyMode.TEAMS ? "partnership, " : "")
                    + "repetition-draw and no-capture-draw-plies.");
            }
        }
        return new PloyRules(mode, ruleSet, partnership, repetition, plies);
    }

    /** By characters. */
    @Override
    public Comparator<String> moveOrder() {
        return Comparator.naturalOrder();
    }

    @Override
    public DepthCaps depthCaps() {
        return DEPTH_CAPS;
    }

    @Override
    public PloySearchBoard searchBoard(Position position) {
        return new PloySearchBoard(own(position));
    }

    /** In free-for-all, {@code rootSeat} against the other three (the paranoid sides); elsewhere as the mover's. */
    @Override
    public PloySearchBoard searchBoard(Position position, int rootSeat) {
        return new PloySearchBoard(own(position), rootSeat);
    }

    @Override
    public PloyRecord record(Position first, List<String> moves, Map<String, String> tags) {
        return PloyRecord.record(own(first), moves, tags);
    }

    /** Leavings are tokens of the Ploy record ({@link PloyRecord}): a free-for-all goes on without the seat. */
    @Override
    public PloyRecord record(Position first, List<String> moves, List<SeatLeaving> leavings, Map<String, String> tags) {
        return PloyRecord.record(own(first), moves, leavings, tags);
    }

    @Override
    public PloyRecord readRecord(String text) {
        return PloyRecord.parse(text);
    }

    /**
     * A free-for-all goes on without the seat (its pieces leave the board, nobody takes them over); in two-player
     * and team Ploy the leaving seat's side loses.
     */
    @Override
    public SeatRemoval removeSeat(Position position, int seat, EndReason reason) {
        PloyPosition p = own(position);
        if (p.rules().ployMode() == PloyMode.FREE_FOR_ALL) {
            return SeatRemoval.goesOn(p.withoutSeat(seat));
        }
        return SeatRemoval.teamLoses(p, seat, reason);
    }

    /** None: Ploy is searched. */
    @Override
    public Optional<PerfectPlay> perfectPlay() {
        return Optional.empty();
    }

    /** None: Hub is a draughts protocol. */
    @Override
    public Optional<HubDialect> hub() {
        return Optional.empty();
    }

    /** {@link PloyMoveConditions}. */
    @Override
    public List<MoveCondition> moveConditions() {
        return PloyMoveConditions.ALL;
    }

    /** The Commander taken, a takeover, a Shield's step with its turn: what a Ploy puzzle's line does. */
    @Override
    public List<String> puzzleThemes() {
        return List.of("captures-commander", "takes-over", "shield-turns");
    }

    private PloyPosition own(Position position) {
        return GameModule.own(PloyPosition.class, position, game());
    }
}
