package com.plyyard.rules;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.grpc.Statuses;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.mapping.GameOperations;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.ApplyMovesRequest;
import com.plyyard.proto.v1.ApplyMovesResponse;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.FormatPositionResponse;
import com.plyyard.proto.v1.Game;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.ListVariantsRequest;
import com.plyyard.proto.v1.ListVariantsResponse;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.PerftDivide;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PerftResponse;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.WriteRecordRequest;
import com.plyyard.proto.v1.WriteRecordResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * What each RulesService method does, generic over the engine's {@link VariantRules} and {@link Position}.
 * Methods throw engine exceptions or gRPC statuses; {@link ServiceErrors} turns them into statuses.
 * Blocking: call them on worker threads.
 */
@ApplicationScoped
public class RulesLogic {
    private final ProtoMapper mapper = ProtoMapper.standard();
    private final GameOperations operations = new GameOperations(mapper);

    @Inject
    PerftLimits limits;

    public ListVariantsResponse listVariants(ListVariantsRequest request) {
        ListVariantsResponse.Builder b = ListVariantsResponse.newBuilder();
        for (VariantRules rules : Variants.all()) {
            if (request.getGame() == Game.GAME_UNSPECIFIED || ProtoMapper.game(rules.game()) == request.getGame()) {
                b.addVariants(mapper.variant(rules));
            }
        }
        return b.build();
    }

    public GameState newGame(NewGameRequest request) {
        return operations.newGame(request);
    }

    public LegalMovesResponse legalMoves(LegalMovesRequest request) {
        return operations.legalMoves(request);
    }

    public ApplyMoveResponse applyMove(ApplyMoveRequest request) {
        return operations.applyMove(request);
    }

    /** Each move's refusal is answered as ApplyMove's status would be, by the service's error model. */
    public ApplyMovesResponse applyMoves(ApplyMovesRequest request) {
        return operations.applyMoves(request, e -> ServiceErrors.toStatus(e, "ApplyMove"));
    }

    public GameState removeSeat(RemoveSeatRequest request) {
        return operations.removeSeat(request);
    }

    public GameState parsePosition(ParsePositionRequest request) {
        VariantRules rules = mapper.rules(request.getVariant(), request.getOptions());
        return mapper.state(rules.parse(request.getPosition()));
    }

    public FormatPositionResponse formatPosition(FormatPositionRequest request) {
        FormatPositionRequest.SourceCase source = request.getSourceCase();
        if (source == FormatPositionRequest.SourceCase.SOURCE_NOT_SET) {
            throw new InvalidInputException("Nothing to format: give a position text or a structured board.");
        }
        GameMapper boardMapper = null;
        if (source != FormatPositionRequest.SourceCase.POSITION) {
            String boardGame = source.name().toLowerCase(Locale.ROOT);
            for (GameMapper m : mapper.mappers()) {
                if (m.boardSourceCase() == source) {
                    boardMapper = m;
                }
            }
            if (boardMapper == null) {
                throw new InvalidInputException("Formatting a structured board is not supported yet for " + boardGame + ".");
            }
        }
        VariantRules rules = mapper.rules(request.getVariant(), request.getOptions());
        String text;
        if (boardMapper == null) {
            text = request.getPosition();
        } else {
            if (!boardMapper.game().equals(rules.game())) {
                throw new InvalidInputException("A " + boardMapper.game() + " board was given, but " + rules.id() + " is a "
                    + rules.game() + " variant.");
            }
            text = boardMapper.boardToText(request);
        }
        return FormatPositionResponse.newBuilder().setPosition(rules.parse(text).notation()).build();
    }

    /**
     * @param clientGone true once the caller cancelled or its deadline passed; the count then stops
     */
    public PerftResponse perft(PerftRequest request, BooleanSupplier clientGone) {
        VariantRules rules = mapper.rules(request.getVariant(), request.getOptions());
        Position position = request.getPosition().isBlank() ? rules.start() : rules.parse(request.getPosition());
        long depth = Integer.toUnsignedLong(request.getDepth());
        if (depth < 1 || depth > rules.maxPerftDepth()) {
            throw new InvalidInputException("Perft depth must be between 1 and " + rules.maxPerftDepth() + " for "
                + rules.id() + ", not " + depth + ".");
        }
        PerftLimits.Permit permit = limits.tryAcquire().orElseThrow(() -> Statuses.resourceExhausted(
            "The server is already running " + limits.maxConcurrent() + " perft counts, its limit; try again when one "
                + "has finished."));
        try (permit) {
            long start = System.nanoTime();
            long budgetNanos = permit.maxMillis() * 1_000_000L;
            BooleanSupplier stop = () -> clientGone.getAsBoolean() || permit.serverClosing()
                || System.nanoTime() - start > budgetNanos;
            PerftResponse.Builder b = PerftResponse.newBuilder();
            try {
                if (request.getDivide()) {
                    long total = 0;
                    for (Map.Entry<String, Long> e : rules.divide(position, (int) depth, stop).entrySet()) {
                        b.addDivide(PerftDivide.newBuilder().setMove(e.getKey()).setNodes(e.getValue()));
                        total += e.getValue();
                    }
                    b.setNodes(total);
                } else {
                    b.setNodes(rules.perft(position, (int) depth, stop));
                }
            } catch (CancellationException e) {
                if (clientGone.getAsBoolean()) {
                    throw Statuses.cancelled("The client cancelled the perft count.");
                }
                if (permit.serverClosing()) {
                    throw Statuses.unavailable("rules-service is shutting down; ask again in a moment.");
                }
                throw Statuses.resourceExhausted("Perft exceeded the " + permit.maxMillis()
                    + " ms budget; ask for a smaller depth.");
            }
            return b.setMillis((System.nanoTime() - start) / 1_000_000L).build();
        }
    }

    public WriteRecordResponse writeRecord(WriteRecordRequest request) {
        return operations.writeRecord(request);
    }
}
