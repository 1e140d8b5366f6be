package com.plyyard.mapping;

import com.plyyard.engine.DrawCounter;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.draughts.DraughtsMapper;
import com.plyyard.mapping.piracy.PiracyMapper;
import com.plyyard.mapping.ploy.PloyMapper;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.Game;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Seat;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Proto ⇄ engine mapping, generic over {@link VariantRules} and {@link Position}; the per-game parts are
 * delegated to a {@link GameMapper}. Games the engine knows but that have no mapper yet still work, without
 * a structured board, move detail or typed options.
 */
public final class ProtoMapper {
    private final Map<String, GameMapper> mappers = new HashMap<>();

    public ProtoMapper(List<GameMapper> gameMappers) {
        for (GameMapper m : gameMappers) {
            mappers.put(m.game(), m);
        }
    }

    /** The mapper of every game the engine has a proto mapping for. */
    public static ProtoMapper standard() {
        return new ProtoMapper(List.of(new DraughtsMapper(), new PloyMapper(), new PiracyMapper()));
    }

    public Optional<GameMapper> mapper(String game) {
        return Optional.ofNullable(mappers.get(game));
    }

    /** All game mappers, e.g. to find which one handles a structured board. */
    public Iterable<GameMapper> mappers() {
        return mappers.values();
    }

    // ---- variants and options

    /**
     * The rules of a variant id with typed options applied.
     *
     * @throws InvalidInputException for an unknown variant, options of another game, or a bad option
     */
    public VariantRules rules(String variantId, VariantOptions options) {
        VariantRules defaults = Variants.get(variantId);
        Map<String, String> engineOptions = engineOptions(defaults, options);
        return engineOptions.isEmpty() ? defaults : Variants.get(variantId, engineOptions);
    }

    private Map<String, String> engineOptions(VariantRules rules, VariantOptions options) {
        if (options == null || options.getGameCase() == VariantOptions.GameCase.GAME_NOT_SET) {
            return Map.of();
        }
        String optionsGame = options.getGameCase().name().toLowerCase(Locale.ROOT);
        if (!optionsGame.equals(rules.game())) {
            throw new InvalidInputException("Options for " + optionsGame + " were given, but " + rules.id() + " is a "
                + rules.game() + " variant.");
        }
        GameMapper mapper = mappers.get(rules.game());
        if (mapper == null) {
            throw new InvalidInputException("Typed options for " + rules.game() + " are not supported yet.");
        }
        return mapper.toEngineOptions(options);
    }

    public static Game game(String game) {
        try {
            return Game.valueOf(game.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Game.GAME_UNSPECIFIED;
        }
    }

    public Variant variant(VariantRules rules) {
        GameMapper mapper = mappers.get(rules.game());
        VariantOptions options = mapper == null ? VariantOptions.getDefaultInstance() : mapper.toProtoOptions(rules.options());
        return Variant.newBuilder()
            .setId(rules.id())
            .setGame(game(rules.game()))
            .setRuleSet(rules.ruleSetId())
            .setMode(rules.mode())
            .setOptions(options)
            .setSeatCount(rules.seatColours().size())
            .setDescription(rules.description())
            .setStartPosition(rules.start().notation())
            .setNotation(rules.notationName())
            .build();
    }

    // ---- states

    public GameState state(Position position) {
        VariantRules rules = position.rules();
        GameState.Builder b = GameState.newBuilder()
            .setVariant(variant(rules))
            .setPosition(position.notation())
            .setToMove(position.toMove())
            .setPly(position.ply());
        GameMapper mapper = mappers.get(rules.game());
        if (mapper != null) {
            mapper.putBoard(position, b);
        }
        for (com.plyyard.engine.Seat s : position.seats()) {
            b.addSeats(Seat.newBuilder()
                .setIndex(s.index())
                .setColour(s.colour())
                .setTeam(s.team())
                .setToMove(s.index() == position.toMove())
                .setOut(s.out())
                .setPlayedBy(s.playedBy())
                .setPieceCount(s.pieceCount()));
        }
        Optional<Outcome> outcome = position.outcome();
        if (outcome.isPresent()) {
            b.setStatus(GameStatus.FINISHED).setOutcome(outcome(outcome.get()));
        } else {
            b.setStatus(GameStatus.ONGOING);
        }
        for (DrawCounter c : position.drawCounters()) {
            b.addDrawCounters(com.plyyard.proto.v1.DrawCounter.newBuilder()
                .setRule(c.rule()).setPlies(c.plies()).setLimit(c.limit()));
        }
        for (long key : position.repetitionKeys()) {
            b.addRepetitionKeys(key);
        }
        return b.build();
    }

    public static com.plyyard.proto.v1.Outcome outcome(Outcome o) {
        com.plyyard.proto.v1.Outcome.Builder b = com.plyyard.proto.v1.Outcome.newBuilder()
            .setKind(o.draw() ? OutcomeKind.DRAW : OutcomeKind.WIN)
            .setReason(EndReasons.toProto(o.reason()))
            .setDescription(o.description());
        for (int w : o.winners()) {
            b.addWinners(w);
        }
        for (int seat : o.eliminationOrder()) {
            b.addEliminationOrder(seat);
        }
        return b.build();
    }

    /**
     * Rebuilds the engine position of a state sent back by a client: variant id and options, position text,
     * draw counters, repetition keys and ply. The structured board and the derived fields are ignored.
     *
     * @throws InvalidInputException if anything is missing, malformed or inconsistent
     */
    public Position position(GameState state) {
        if (!state.hasVariant() || state.getVariant().getId().isBlank()) {
            throw new InvalidInputException("The game state has no variant id; send back the state rules-service returned.");
        }
        VariantRules rules = rules(state.getVariant().getId(), state.getVariant().getOptions());
        Map<String, Integer> counters = new HashMap<>();
        for (com.plyyard.proto.v1.DrawCounter c : state.getDrawCountersList()) {
            long plies = Integer.toUnsignedLong(c.getPlies());
            if (plies > Integer.MAX_VALUE) {
                throw new InvalidInputException("Draw counter '" + c.getRule() + "' is out of range (" + plies + " plies).");
            }
            if (counters.put(c.getRule(), (int) plies) != null) {
                throw new InvalidInputException("Draw counter '" + c.getRule() + "' appears twice in the game state.");
            }
        }
        long ply = Integer.toUnsignedLong(state.getPly());
        if (ply > Integer.MAX_VALUE) {
            throw new InvalidInputException("The ply count " + ply + " is out of range.");
        }
        long[] keys = new long[state.getRepetitionKeysCount()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = state.getRepetitionKeys(i);
        }
        return rules.restore(state.getPosition(), counters, keys, (int) ply);
    }

    // ---- moves

    public Move move(LegalMove move, VariantRules rules) {
        Move.Builder b = Move.newBuilder().setNotation(move.notation());
        GameMapper mapper = mappers.get(rules.game());
        if (mapper != null) {
            mapper.putMoveDetail(move, b);
        }
        return b.build();
    }
}
