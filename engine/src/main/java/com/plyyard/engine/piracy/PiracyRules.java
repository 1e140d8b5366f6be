package com.plyyard.engine.piracy;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Piracy ({@code piracy:classic}) with its options, each a [choice] of the spec with the spec's default:
 * {@code board-size} (8), the island ({@code island} as its lower-left square, or {@code island-seed},
 * default seed 0), {@code first} (cook), {@code circle-rule} (true), {@code survivor-sinks} (draw).
 */
public final class PiracyRules implements VariantRules {
    public static final String OPTION_BOARD_SIZE = "board-size";
    public static final String OPTION_ISLAND = "island";
    public static final String OPTION_ISLAND_SEED = "island-seed";
    public static final String OPTION_FIRST = "first";
    public static final String OPTION_CIRCLE_RULE = "circle-rule";
    public static final String OPTION_SURVIVOR_SINKS = "survivor-sinks";
    public static final int DEFAULT_SIZE = 8;

    private final Geometry geometry;
    private final Long islandSeed;
    private final boolean silverFirst;
    private final boolean circleRule;
    private final boolean survivorSinkingLoses;
    private final PiracyMoveGenerator generator;

    PiracyRules(Geometry geometry, Long islandSeed, boolean silverFirst, boolean circleRule, boolean survivorSinkingLoses) {
        this.geometry = geometry;
        this.islandSeed = islandSeed;
        this.silverFirst = silverFirst;
        this.circleRule = circleRule;
        this.survivorSinkingLoses = survivorSinkingLoses;
        this.generator = new PiracyMoveGenerator(geometry, circleRule, survivorSinkingLoses);
    }

    /** The default rules: 8×8, island from seed 0, Cook first, circle rule, a sinking survivor draws. */
    public static PiracyRules classic() {
        int[] island = Islands.fromSeed(0, DEFAULT_SIZE);
        return new PiracyRules(new Geometry(DEFAULT_SIZE, island[0], island[1]), 0L, false, true, false);
    }

    public Geometry geometry() {
        return geometry;
    }

    PiracyMoveGenerator generator() {
        return generator;
    }

    public boolean circleRule() {
        return circleRule;
    }

    public boolean survivorSinkingLoses() {
        return survivorSinkingLoses;
    }

    /** The same rules on another sea (a position text carries its own board size and island). */
    PiracyRules onSea(Geometry sea) {
        if (sea.equals(geometry)) {
            return this;
        }
        return new PiracyRules(sea, null, silverFirst, circleRule, survivorSinkingLoses);
    }

    @Override
    public String id() {
        return "piracy:classic";
    }

    @Override
    public String game() {
        return "piracy";
    }

    @Override
    public PiracyModule module() {
        return PiracyModule.INSTANCE;
    }

    @Override
    public String ruleSetId() {
        return "classic";
    }

    @Override
    public String mode() {
        return "2p";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(OPTION_BOARD_SIZE, Integer.toString(geometry.size()));
        o.put(OPTION_ISLAND, geometry.islandName());
        if (islandSeed != null) {
            o.put(OPTION_ISLAND_SEED, Long.toUnsignedString(islandSeed));
        }
        o.put(OPTION_FIRST, silverFirst ? "silver" : "cook");
        o.put(OPTION_CIRCLE_RULE, Boolean.toString(circleRule));
        o.put(OPTION_SURVIVOR_SINKS, survivorSinkingLoses ? "loss" : "draw");
        return o;
    }

    @Override
    public String description() {
        int n = geometry.size();
        return "Piracy: Cook and Silver duel around a 2x2 island on a " + n + "x" + n + " sea (island at "
            + geometry.islandName() + "); seven hits sink a ship, the survivor must stay afloat seven more moves.";
    }

    @Override
    public List<String> seatColours() {
        return List.of("cook", "silver");
    }

    @Override
    public String notationName() {
        return "PIRACY";
    }

    @Override
    public PiracyPosition start() {
        int n = geometry.size();
        // Cook: bow b2 heading NE (stern a1); Silver: bow on the diagonal one in from the far corner, heading SW
        int cook = PiracyState.ship(n + 1, 1, 0, 0, false);
        int silver = PiracyState.ship((n - 2) * n + n - 2, 5, 0, 0, false);
        return new PiracyPosition(this, PiracyState.state(cook, silver, silverFirst ? PiracyState.SILVER : PiracyState.COOK,
            PiracyState.NO_SURVIVAL, 0));
    }

    @Override
    public PiracyPosition parse(String text) {
        int[] sea = PiracyPositionNotation.sea(text);
        PiracyRules rules = onSea(new Geometry(sea[0], sea[1], sea[2]));
        return new PiracyPosition(rules, PiracyPositionNotation.parse(text, rules.geometry));
    }

    @Override
    public PiracyPosition restore(String text, Map<String, Integer> counters, long[] repetitionKeys, int ply) {
        PiracyPosition p = parse(text);
        for (Map.Entry<String, Integer> e : counters.entrySet()) {
            if (!e.getKey().equals("ply-limit")) {
                throw new InvalidInputException("Draw counter '" + e.getKey() + "' does not exist in Piracy; its counter is "
                    + "ply-limit.");
            }
            if (e.getValue() == null || e.getValue() != PiracyState.ply(p.state())) {
                throw new InvalidInputException("The ply-limit count " + e.getValue() + " disagrees with the position's ply "
                    + PiracyState.ply(p.state()) + ".");
            }
        }
        if (ply != 0 && ply != PiracyState.ply(p.state())) {
            throw new InvalidInputException("The ply count " + ply + " disagrees with the position's ply "
                + PiracyState.ply(p.state()) + ".");
        }
        return p;
    }

    @Override
    public int maxPerftDepth() {
        return 20;
    }

    @Override
    public long perft(Position position, int depth, BooleanSupplier stop) {
        PiracyPosition p = own(position);
        return PiracyPerft.count(p.rules().generator, p.state(), depth, stop);
    }

    @Override
    public Map<String, Long> divide(Position position, int depth, BooleanSupplier stop) {
        PiracyPosition p = own(position);
        Map<String, Long> out = new LinkedHashMap<>();
        for (PiracyMove m : p.movesIgnoringPlyLimit()) {
            long child = p.rules().generator.play(p.state(), m.code());
            out.put(m.notation(), depth <= 1 ? 1L : PiracyPerft.count(p.rules().generator, child, depth - 1, stop));
        }
        return out;
    }

    private PiracyPosition own(Position position) {
        if (!(position instanceof PiracyPosition p)) {
            throw new InvalidInputException("Position " + position + " is not a Piracy position.");
        }
        return p;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PiracyRules r && r.geometry.equals(geometry) && r.silverFirst == silverFirst
            && r.circleRule == circleRule && r.survivorSinkingLoses == survivorSinkingLoses;
    }

    @Override
    public int hashCode() {
        return geometry.hashCode() * 8 + (silverFirst ? 4 : 0) + (circleRule ? 2 : 0) + (survivorSinkingLoses ? 1 : 0);
    }

    @Override
    public String toString() {
        return id() + options();
    }

    /** Builds rules from key=value options; see the class comment. */
    static PiracyRules fromOptions(Map<String, String> options) {
        int size = DEFAULT_SIZE;
        String island = null;
        Long seed = null;
        boolean silverFirst = false;
        boolean circle = true;
        boolean loses = false;
        for (Map.Entry<String, String> e : options.entrySet()) {
            String v = e.getValue() == null ? "" : e.getValue().strip();
            switch (e.getKey()) {
                case OPTION_BOARD_SIZE -> {
                    try {
                        size = Integer.parseInt(v);
                    } catch (NumberFormatException ex) {
                        throw new InvalidInputException("Option board-size must be a number, not '" + v + "'.");
                    }
                    if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
                        throw new InvalidInputException("Option board-size must be between " + Geometry.MIN_SIZE + " and "
                            + Geometry.MAX_SIZE + ", not " + size + ".");
                    }
                }
                case OPTION_ISLAND -> island = v;
                case OPTION_ISLAND_SEED -> {
                    try {
                        seed = Long.parseUnsignedLong(v);
                    } catch (NumberFormatException ex) {
                        throw new InvalidInputException("Option island-seed must be a 64-bit unsigned number, not '" + v + "'.");
                    }
                }
                case OPTION_FIRST -> silverFirst = switch (v) {
                    case "cook" -> false;
                    case "silver" -> true;
                    default -> throw new InvalidInputException("Option first must be cook or silver, not '" + v + "'.");
                };
                case OPTION_CIRCLE_RULE -> circle = switch (v) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw new InvalidInputException("Option circle-rule must be true or false, not '" + v + "'.");
                };
                case OPTION_SURVIVOR_SINKS -> loses = switch (v) {
                    case "draw" -> false;
                    case "loss" -> true;
                    default -> throw new InvalidInputException("Option survivor-sinks must be draw or loss, not '" + v + "'.");
                };
                default -> throw new InvalidInputException("Unknown option '" + e.getKey() + "' for piracy:classic; its "
                    + "options are board-size, island, island-seed, first, circle-rule and survivor-sinks.");
            }
        }
        int x;
        int y;
        if (island != null) {
            x = island.isEmpty() ? -1 : island.charAt(0) - 'a';
            try {
                y = Integer.parseInt(island.substring(1)) - 1;
            } catch (RuntimeException ex) {
                throw new InvalidInputException("Option island must name the island's lower-left square, e.g. d4, not '"
                    + island + "'.");
            }
            if (seed != null) {
                int[] fromSeed = Islands.fromSeed(seed, size);
                if (fromSeed[0] != x || fromSeed[1] != y) {
                    throw new InvalidInputException("Options island and island-seed disagree: seed " + Long.toUnsignedString(seed)
                        + " places the island at " + Geometry.name(fromSeed[0], fromSeed[1], size) + ", not " + island + ".");
                }
            }
        } else {
            long s = seed == null ? 0L : seed;
            int[] fromSeed = Islands.fromSeed(s, size);
            x = fromSeed[0];
            y = fromSeed[1];
            seed = s;
        }
        return new PiracyRules(new Geometry(size, x, y), seed, silverFirst, circle, loses);
    }
}
