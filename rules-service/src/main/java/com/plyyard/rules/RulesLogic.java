package com.plyyard.rules;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.grpc.Statuses;
import com.plyyard.mapping.EndReasons;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.FormatPositionResponse;
import com.plyyard.proto.v1.Game;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
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
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
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
        return mapper.state(mapper.rules(request.getVariant(), request.getOptions()).start());
    }

    public LegalMovesResponse legalMoves(LegalMovesRequest request) {
        GameState state = requireState(request.hasState(), request.getState());
        Position position = mapper.position(state);
        LegalMovesResponse.Builder b = LegalMovesResponse.newBuilder();
        if (state.getStatus() == GameStatus.FINISHED) {
            return b.build(); // ended outside the rules (agreement, resignation, time): no moves
        }
        for (LegalMove m : position.legalMoves()) {
            b.addMoves(mapper.move(m, position.rules()));
        }
        return b.build();
    }

    public ApplyMoveResponse applyMove(ApplyMoveRequest request) {
        GameState state = requireState(request.hasState(), request.getState());
        Position position = mapper.position(state);
        if (state.getStatus() == GameStatus.FINISHED) {
            String why = state.hasOutcome() && !state.getOutcome().getDescription().isBlank()
                ? " (" + stripDot(state.getOutcome().getDescription()) + ")" : "";
            throw Statuses.failedPrecondition("The game is over" + why + "; no more moves can be played.");
        }
        if (request.getMove().isBlank()) {
            throw new InvalidInputException("No move given.");
        }
        LegalMove move = position.parseMove(request.getMove());
        Position next = position.play(move);
        return ApplyMoveResponse.newBuilder()
            .setState(mapper.state(next))
            .setMove(mapper.move(move, position.rules()))
            .build();
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

    /**
     * A seat leaves by resignation or time: the game's module decides whether the game goes on without it
     * (free-for-all Ploy) or ends, the leaving side losing; this method checks the request and maps the answer.
     */
    public GameState removeSeat(RemoveSeatRequest request) {
        GameState state = requireState(request.hasState(), request.getState());
        Position position = mapper.position(state);
        EndReason reason = request.getReason();
        if (reason != EndReason.RESIGNATION && reason != EndReason.TIMEOUT) {
            throw new InvalidInputException("A seat leaves by RESIGNATION or TIMEOUT, not " + reason + ".");
        }
        if (state.getStatus() == GameStatus.FINISHED || position.isOver()) {
            throw Statuses.failedPrecondition("The game is over; nobody can leave it any more.");
        }
        List<com.plyyard.engine.Seat> seats = position.seats();
        long seat = Integer.toUnsignedLong(request.getSeat());
        if (seat >= seats.size()) {
            throw new InvalidInputException("Seat " + seat + " does not exist; " + position.rules().id() + " has seats 0 to "
                + (seats.size() - 1) + ".");
        }
        com.plyyard.engine.Seat leaving = seats.get((int) seat);
        if (leaving.out()) {
            throw Statuses.failedPrecondition(capital(leaving.colour()) + " is already out of the game.");
        }
        SeatRemoval removal = position.rules().module().removeSeat(position, (int) seat, EndReasons.toEngine(reason));
        if (removal.outcome().isEmpty()) {
            return mapper.state(removal.position());
        }
        com.plyyard.engine.Outcome outcome = removal.outcome().get();
        List<Integer> winners = outcome.winners();
        GameState.Builder b = mapper.state(removal.position()).toBuilder()
            .setStatus(GameStatus.FINISHED)
            .setOutcome(ProtoMapper.outcome(outcome));
        for (int i = 0; i < b.getSeatsCount(); i++) {
            b.setSeats(i, b.getSeats(i).toBuilder().setOut(!winners.contains(i)));
        }
        return b.build();
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static GameState requireState(boolean present, GameState state) {
        if (!present) {
            throw new InvalidInputException("The request has no game state; start one with NewGame or ParsePosition.");
        }
        return state;
    }

    private static String stripDot(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }
}
