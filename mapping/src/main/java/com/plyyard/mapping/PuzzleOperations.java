package com.plyyard.mapping;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.PuzzleJudge;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.grpc.Statuses;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.ListPuzzlesRequest;
import com.plyyard.proto.v1.ListPuzzlesResponse;
import com.plyyard.proto.v1.PuzzleData;
import com.plyyard.proto.v1.PuzzleJudgement;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * ExerciseService's puzzle operations (learn.proto): the shipped sets a page at a time with each set's digest, and the
 * judgement of a solver's move against a puzzle sent whole ({@link PuzzleJudge}). rules-service serves them; the
 * lobby's tests run them in-process.
 */
public final class PuzzleOperations {
    static final int DEFAULT_PAGE = 500;
    static final int MAX_PAGE = 1000;

    private final ProtoMapper mapper;
    /** Each game's set as messages, its digest and its maker: read once, the sets are part of the rules' release. */
    private final Map<String, Shipped> sets = new ConcurrentHashMap<>();

    private record Shipped(List<PuzzleData> puzzles, String digest, String madeBy) {
    }

    public PuzzleOperations(ProtoMapper mapper) {
        this.mapper = mapper;
    }

    public ListPuzzlesResponse listPuzzles(ListPuzzlesRequest request) {
        String game = request.getGame().strip();
        List<String> games = Variants.modules().stream().map(GameModule::game).toList();
        if (!games.contains(game)) {
            throw Statuses.invalid((game.isEmpty() ? "Say which game's puzzles: " : "There is no game '" + game
                + "'; the games are ") + String.join(", ", games) + ".");
        }
        long asked = Integer.toUnsignedLong(request.getLimit()); // a uint32: above 2^31 is no negative number
        if (asked > MAX_PAGE) {
            throw Statuses.invalid("A page holds at most " + MAX_PAGE + " puzzles, not " + asked + ".");
        }
        int limit = asked == 0 ? DEFAULT_PAGE : (int) asked;
        Shipped set = sets.computeIfAbsent(game, this::read);
        if (Integer.toUnsignedLong(request.getOffset()) > set.puzzles.size()) {
            throw Statuses.invalid("The " + game + " set has " + set.puzzles.size() + " puzzles; offset "
                + Integer.toUnsignedString(request.getOffset()) + " is beyond its end.");
        }
        int from = request.getOffset();
        int to = (int) Math.min(set.puzzles.size(), (long) from + limit);
        return ListPuzzlesResponse.newBuilder()
            .addAllPuzzles(set.puzzles.subList(from, to))
            .setTotal(set.puzzles.size())
            .setDigest(set.digest)
            .setMadeBy(set.madeBy)
            .build();
    }

    public PuzzleJudgement judgePuzzleMove(JudgePuzzleMoveRequest request) {
        Puzzle puzzle = puzzle(request.getPuzzle());
        PuzzleJudge.Verdict v = PuzzleJudge.judge(puzzle, request.getMovesList());
        return PuzzleJudgement.newBuilder()
            .setCorrect(v.correct())
            .setSolved(v.solved())
            .setSentence(v.sentence())
            .setReply(v.reply())
            .setState(mapper.state(v.position()))
            .setStep(v.step())
            .setExpected(v.expected())
            .setLegal(v.legal())
            .build();
    }

    /** The engine's puzzle from the message; what does not read is INVALID_ARGUMENT with the reason. */
    static Puzzle puzzle(PuzzleData d) {
        if (d.getLineCount() == 0 || d.getLineCount() % 2 == 0) {
            throw new InvalidInputException("A puzzle's line ends with a move of the solver: it has an odd number of"
                + " moves, not " + d.getLineCount() + ".");
        }
        Puzzle p = new Puzzle(d.getId(), d.getVariant(), d.getOptionsMap(), d.getPosition(), d.getLineList(),
            Puzzle.Goal.fromId(d.getGoal()), d.getThemesList(), d.getRating(), d.getSource());
        p.rules(); // an unknown variant or option is refused here, with the catalog's sentence
        return p;
    }

    public static PuzzleData message(Puzzle p) {
        return PuzzleData.newBuilder()
            .setId(p.id())
            .setGame(p.game())
            .setVariant(p.variant())
            .putAllOptions(p.options())
            .setPosition(p.position())
            .addAllLine(p.line())
            .setGoal(p.goal().id())
            .addAllThemes(p.themes())
            .setRating(p.rating())
            .setSource(p.source())
            .build();
    }

    private Shipped read(String game) {
        String text = Puzzles.file(game).orElse("");
        List<PuzzleData> puzzles = Puzzles.of(game).stream().map(PuzzleOperations::message).toList();
        // a game of two rule sets ships both in one file, each part under its own head
        String madeBy = text.lines().filter(l -> l.startsWith("# made by:"))
            .map(l -> l.substring("# made by:".length()).strip()).collect(Collectors.joining("; "));
        return new Shipped(puzzles, text.isEmpty() ? "" : sha256(text), madeBy);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
