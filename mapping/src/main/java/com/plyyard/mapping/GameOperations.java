package com.plyyard.mapping;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.grpc.Statuses;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.ApplyMoveResult;
import com.plyyard.proto.v1.ApplyMovesRequest;
import com.plyyard.proto.v1.ApplyMovesResponse;
import com.plyyard.proto.v1.MoveRefusal;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.RemoveSeatRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import com.plyyard.engine.GameRecord;
import com.plyyard.engine.VariantRules;
import com.plyyard.proto.v1.RecordHeaders;
import com.plyyard.proto.v1.WriteRecordRequest;
import com.plyyard.proto.v1.WriteRecordResponse;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The game operations of RulesService over the proto contracts, without the service around them: rules-service serves
 * them, and the lobby's tests play the same rules in-process. Methods throw engine exceptions or gRPC statuses;
 * {@link EngineStatuses} turns them into statuses. Stateless; blocking (engine work).
 */
public final class GameOperations {
    private static final DateTimeFormatter RECORD_DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);
    /** 9999-12-31T23:59:59.999Z: the last instant a record's yyyy.MM.dd date can say. */
    private static final long LAST_RECORD_DATE = 253_402_300_799_999L;

    private final ProtoMapper mapper;

    public GameOperations(ProtoMapper mapper) {
        this.mapper = mapper;
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
        ApplyMoveResponse.Builder answer = ApplyMoveResponse.newBuilder()
            .setState(mapper.state(next))
            .setMove(mapper.move(move, position.rules()));
        if (request.getWithLegalMoves() && answer.getState().getStatus() != GameStatus.FINISHED) {
            for (LegalMove m : next.legalMoves()) {
                answer.addLegalMoves(mapper.move(m, next.rules()));
            }
        }
        return answer.build();
    }

    /** The most moves one ApplyMoves judges: a call's work stays short enough for the event loop it runs on. */
    public static final int MAX_BATCH = 64;

    /**
     * Each move judged on its own, as {@link #applyMove} would: its answer, or its failure as the status {@code errors}
     * makes of it (the service's error model), in the moves' order.
     */
    public ApplyMovesResponse applyMoves(ApplyMovesRequest request,
                                         Function<RuntimeException, StatusRuntimeException> errors) {
        if (request.getMovesCount() > MAX_BATCH) {
            throw new InvalidInputException("ApplyMoves takes at most " + MAX_BATCH + " moves, not "
                + request.getMovesCount() + ".");
        }
        ApplyMovesResponse.Builder answer = ApplyMovesResponse.newBuilder();
        for (ApplyMoveRequest move : request.getMovesList()) {
            ApplyMoveResult.Builder result = answer.addResultsBuilder();
            try {
                result.setApplied(applyMove(move));
            } catch (RuntimeException e) {
                Status status = errors.apply(e).getStatus();
                result.setRefused(MoveRefusal.newBuilder().setCode(status.getCode().value())
                    .setDescription(status.getDescription() == null ? "" : status.getDescription()));
            }
        }
        return answer.build();
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

    /**
     * A game's record, written by its game's own record writer ({@link com.plyyard.engine.GameModule#record}, the one
     * {@code ./plyyard} reads records with): the moves replayed from the first position, the headers as tags (each
     * player under the tag of its seat's colour).
     */
    public WriteRecordResponse writeRecord(WriteRecordRequest request) {
        VariantRules rules = mapper.rules(request.getVariant(), request.getOptions());
        Position first = request.getPosition().isBlank() ? rules.start() : rules.parse(request.getPosition());
        RecordHeaders headers = request.getHeaders();
        List<com.plyyard.engine.Seat> seats = first.seats();
        if (headers.getPlayersCount() > seats.size()) {
            throw new InvalidInputException(headers.getPlayersCount() + " players were given for the " + seats.size()
                + " seats of " + rules.id() + "; give at most one a seat.");
        }
        long date = headers.getDateEpochMillis();
        if (date < 0 || date > LAST_RECORD_DATE) {
            throw new InvalidInputException("The date " + date + " (epoch milliseconds) is not between 1970 and the end of "
                + "9999; 0 leaves it unknown.");
        }
        for (int i = 0; i < request.getMovesCount(); i++) {
            if (request.getMoves(i).isBlank()) {
                throw new InvalidInputException("Move " + (i + 1) + " of the record is empty.");
            }
        }
        Map<String, String> tags = new LinkedHashMap<>();
        putTag(tags, "Event", headers.getEvent());
        putTag(tags, "Site", headers.getSite());
        putTag(tags, "Date", date == 0 ? "" : RECORD_DATE.format(Instant.ofEpochMilli(date)));
        putTag(tags, "Round", headers.getRound());
        for (int i = 0; i < headers.getPlayersCount(); i++) {
            putTag(tags, capital(seats.get(i).colour()), headers.getPlayers(i));
        }
        putTag(tags, "Termination", headers.getResult().getDescription());
        List<SeatLeaving> leavings = leavings(request, rules.id(), seats.size());
        GameRecord record = first.rules().module().record(first, request.getMovesList(), leavings, tags);
        GameMapper.RecordFormat format = mapper.mapper(rules.game()).orElseThrow().recordFormat();
        return WriteRecordResponse.newBuilder()
            .setText(record.write())
            .setFormat(format.name())
            .setFileExtension(format.fileExtension())
            .setMediaType(format.mediaType())
            .setResult(record.result())
            .build();
    }

    /** The request's leavings for the engine, each checked on its own (the record checks their order and places). */
    private static List<SeatLeaving> leavings(WriteRecordRequest request, String variant, int seats) {
        List<SeatLeaving> out = new ArrayList<>(request.getLeavingsCount());
        for (int k = 0; k < request.getLeavingsCount(); k++) {
            com.plyyard.proto.v1.SeatLeaving l = request.getLeavings(k);
            String where = "Leaving " + (k + 1) + " of the record: ";
            long seat = Integer.toUnsignedLong(l.getSeat());
            if (seat >= seats) {
                throw new InvalidInputException(where + "seat " + seat + " does not exist; " + variant
                    + " has seats 0 to " + (seats - 1) + ".");
            }
            long after = Integer.toUnsignedLong(l.getAfterMoves());
            if (after > request.getMovesCount()) {
                throw new InvalidInputException(where + "it comes after move " + after + ", but the record has "
                    + request.getMovesCount() + " moves.");
            }
            EndReason reason = l.getReason();
            if (reason != EndReason.RESIGNATION && reason != EndReason.TIMEOUT) {
                throw new InvalidInputException(where + "a seat leaves by RESIGNATION or TIMEOUT, not " + reason + ".");
            }
            out.add(new SeatLeaving((int) after, (int) seat, EndReasons.toEngine(reason)));
        }
        return out;
    }

    /** A tag with a value; a blank value leaves the tag to the writer ("?" for the roster tags). */
    private static void putTag(Map<String, String> tags, String tag, String value) {
        if (!value.isBlank()) {
            tags.put(tag, value.strip());
        }
    }
}
