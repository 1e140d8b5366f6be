package com.plyyard.lobby.learn;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.PuzzleAttemptSummary;
import com.plyyard.proto.v1.PuzzleHistoryRequest;
import com.plyyard.proto.v1.PuzzleHistoryResponse;
import com.plyyard.proto.v1.PuzzleJudgement;
import com.plyyard.proto.v1.PuzzleRating;
import com.plyyard.proto.v1.PuzzleResult;
import jakarta.enterprise.context.ApplicationScoped;
import com.plyyard.lobby.ai.AiEngine;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.PuzzleRefutation;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Puzzles for players (learn.proto's NextPuzzle, DailyPuzzle, AnswerPuzzle, PuzzleHistory; docs/learn.md): a puzzle
 * near the player's puzzle rating, each answer judged by rules-service against the stored line, the first wrong one
 * ending the attempt, and at the end both the player and the puzzle rated (Glicko-2). Every answer is stored as given,
 * so that a retried AnswerPuzzle gets the same answer back and counts once. Rules-service is asked with no transaction
 * open; the attempt's row, locked, decides which of two answers sent at once is the one.
 */
@ApplicationScoped
public class PuzzleTrainer {
    /**
     * The refuting reply: the strongest level (5) with a clock of 15 s, of which ai-service spends a thirtieth, half a
     * second.
     */
    static final int REFUTATION_LEVEL = 5;
    static final long REFUTATION_CLOCK_MILLIS = 15_000;
    /** The nearest puzzles a new one is drawn from, so that players of one rating do not all meet the same one. */
    static final int NEAREST = 12;
    static final int HISTORY_DEFAULT = 20;
    static final int HISTORY_MAX = 200;

    @Inject
    Rules rules;

    @Inject
    AiEngine engine;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyClock clock;

    @Inject
    PuzzleStore store;

    @Inject
    PuzzleSets sets;

    /** The player's open attempt in the game (and variant), or a new one near their rating. Blocking. */
    public PuzzleAttempt next(UUID player, NextPuzzleRequest request) {
        Scope scope = scope(request);
        PuzzleStore.Attempt attempt = unitOfWork.call(() -> {
            var open = store.openAttempt(player, scope.game, scope.variant);
            if (open.isPresent()) {
                return open.get();
            }
            Instant now = clock.now();
            double rating = store.rating(player, scope.game, false, now).rating().rating();
            List<String> near = store.nearest(player, scope.game, scope.variant, rating, NEAREST);
            if (near.isEmpty()) {
                throw LobbyException.notFound("You have met every " + (scope.variant.isEmpty() ? scope.game
                    : scope.variant) + " puzzle there is; PuzzleHistory lists them.");
            }
            PuzzleStore.StoredPuzzle puzzle = store.puzzle(near.get(ThreadLocalRandom.current().nextInt(near.size())), false)
                .orElseThrow();
            UUID id = UUID.randomUUID();
            if (!store.open(id, player, puzzle, null, now)) {
                throw new UnitOfWork.RetryTransaction("another call opened an attempt first");
            }
            return store.attempt(id, false).orElseThrow();
        });
        return view(attempt);
    }

    /** The caller's attempt at today's puzzle of the game, opened on the first call. Blocking. */
    public PuzzleAttempt daily(UUID player, NextPuzzleRequest request) {
        if (!request.getVariant().isBlank()) {
            throw LobbyException.invalid("The daily puzzle is one per game: leave the variant out.");
        }
        Scope scope = scope(request);
        PuzzleStore.Attempt attempt = unitOfWork.call(() -> {
            Instant now = clock.now();
            LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC);
            String id = store.daily(day, scope.game).orElseThrow(() -> LobbyException.notFound("There is no "
                + scope.game + " puzzle to choose today's from."));
            var mine = store.attemptAt(player, id);
            if (mine.isPresent()) {
                return mine.get();
            }
            UUID attemptId = UUID.randomUUID();
            if (!store.open(attemptId, player, store.puzzle(id, false).orElseThrow(), day, now)) {
                throw new UnitOfWork.RetryTransaction("another call opened the daily attempt first");
            }
            return store.attempt(attemptId, false).orElseThrow();
        });
        PuzzleAttempt view = view(attempt);
        // met before through NextPuzzle, today's puzzle is still today's
        LocalDate today = LocalDate.ofInstant(clock.now(), ZoneOffset.UTC);
        return view.toBuilder().setDaily(true).setDay((attempt.daily() != null ? attempt.daily() : today).toString()).build();
    }

    /** Judges the attempt's step and records it; a retried answer gets the stored one. Blocking. */
    public PuzzleAnswer answer(UUID player, AnswerPuzzleRequest request) {
        UUID id = Ids.parse(request.getAttemptId(), "puzzle attempt");
        String move = request.getMove().strip();
        int step = request.getStep();
        Read read = unitOfWork.call(() -> {
            PuzzleStore.Attempt a = store.attempt(id, false).filter(x -> x.player().equals(player))
                .orElseThrow(() -> notFound(request.getAttemptId()));
            return new Read(a, store.puzzle(a.puzzleId(), false).orElseThrow(), store.answer(id, step).orElse(null));
        });
        PuzzleAnswer replay = replay(read.given, move, step);
        if (replay != null) {
            return replay;
        }
        checkStep(read.attempt, step);
        if (move.isEmpty()) {
            throw LobbyException.invalid("No move to judge: send the move you play.");
        }
        List<String> moves = new ArrayList<>(read.puzzle.solverMoves(step));
        moves.add(move);
        PuzzleJudgement judged = rules.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder().setPuzzle(read.puzzle.data())
            .addAllMoves(moves).build());
        if (!judged.getLegal()) {
            throw LobbyException.invalid(judged.getSentence()); // not a move at all: nothing is counted
        }
        // what an answer that ends the attempt shows, asked of rules-service and ai-service before the transaction
        boolean ends = !judged.getCorrect() || judged.getSolved();
        List<GameState> line = ends ? lineStates(read.puzzle) : List.of();
        PuzzleRefutation refutation = judged.getCorrect() ? null : refutation(line.get(Math.min(line.size() - 1, 2 * step)),
            move, id);
        return unitOfWork.call(() -> {
            PuzzleStore.Attempt a = store.attempt(id, true).orElseThrow();
            if (a.step() != step || !a.open()) { // another answer to this step came first
                PuzzleAnswer first = replay(store.answer(id, step).orElse(null), move, step);
                if (first != null) {
                    return first;
                }
                checkStep(a, step);
            }
            Instant now = clock.now();
            boolean over = !judged.getCorrect() || judged.getSolved();
            int nextStep = judged.getStep();
            PuzzleAnswer.Builder out = PuzzleAnswer.newBuilder().setCorrect(judged.getCorrect())
                .setSentence(judged.getSentence()).setReply(judged.getReply());
            if (refutation != null) {
                out.setRefutation(refutation);
            }
            // The answer is built from the rows as written here: nothing is read back.
            PuzzleStore.Attempt after;
            PuzzleStore.StoredPuzzle puzzle;
            PuzzleStore.PlayerRating rating;
            if (over) {
                PuzzleStore.PlayerRating before = store.rating(player, a.game(), true, now);
                PuzzleStore.StoredPuzzle played = store.puzzle(a.puzzleId(), true).orElseThrow();
                boolean solved = judged.getCorrect();
                PuzzleRatings.After rated = PuzzleRatings.play(before.rating(), played.rating(), solved);
                double change = rated.player().rating() - before.rating().rating();
                double puzzleChange = rated.puzzle().rating() - played.rating().rating();
                store.saveRating(player, a.game(), rated.player(), solved, now);
                store.recordPlay(played.id(), rated.puzzle(), solved);
                store.finish(id, nextStep, solved, change, rated.player().rating(), puzzleChange, now);
                out.setRatingChange(round(change)).setPuzzleRatingChange(round(puzzleChange));
                after = a.finished(nextStep, solved, change, rated.player().rating(), puzzleChange, now);
                puzzle = new PuzzleStore.StoredPuzzle(played.data(), rated.puzzle());
                rating = before.after(rated.player(), solved);
            } else {
                store.advance(id, nextStep);
                after = a.advancedTo(nextStep);
                puzzle = read.puzzle;
                rating = store.rating(player, a.game(), false, now);
            }
            PuzzleAnswer answer = out.setAttempt(attemptMessage(after, puzzle, rating, judged, line)).build();
            store.saveAnswer(id, step, move, answer.toByteArray(), now);
            return answer;
        });
    }

    /** The player's puzzle ratings and latest attempts. Blocking. */
    public PuzzleHistoryResponse history(UUID player, PuzzleHistoryRequest request) {
        String game = request.getGame().strip();
        if (!game.isEmpty() && !PuzzleSets.GAMES.contains(game)) {
            throw LobbyException.invalid("There is no game '" + game + "'; the games are " + String.join(", ",
                PuzzleSets.GAMES) + ".");
        }
        long asked = Integer.toUnsignedLong(request.getLimit()); // a uint32: above 2^31 is no negative number
        if (asked > HISTORY_MAX) {
            throw LobbyException.invalid("A history holds at most " + HISTORY_MAX + " attempts, not " + asked + ".");
        }
        int limit = asked == 0 ? HISTORY_DEFAULT : (int) asked;
        return unitOfWork.call(() -> {
            PuzzleHistoryResponse.Builder out = PuzzleHistoryResponse.newBuilder();
            store.ratings(player).stream().filter(r -> game.isEmpty() || r.game().equals(game))
                .forEach(r -> out.addRatings(ratingMessage(r)));
            for (PuzzleStore.Attempt a : store.history(player, game, limit)) {
                out.addAttempts(PuzzleAttemptSummary.newBuilder()
                    .setAttemptId(a.id().toString())
                    .setPuzzleId(a.puzzleId())
                    .setVariant(a.variant())
                    .setResult(result(a))
                    .setRatingChange(a.ratingChange() == null ? 0 : round(a.ratingChange()))
                    .setRatingAfter(a.ratingAfter() == null ? 0 : round(a.ratingAfter()))
                    .setPuzzleRating(round(a.puzzleRating()))
                    .setDaily(a.daily() != null)
                    .setStartedAtEpochMillis(a.startedAt().toEpochMilli())
                    .setFinishedAtEpochMillis(a.finishedAt() == null ? 0 : a.finishedAt().toEpochMilli()));
            }
            return out.build();
        });
    }

    // ---- helpers

    private record Scope(String game, String variant) {
    }

    private record Read(PuzzleStore.Attempt attempt, PuzzleStore.StoredPuzzle puzzle, PuzzleStore.GivenAnswer given) {
    }

    /** The game and variant asked for, checked against the puzzles loaded (loading them first if needed). */
    private Scope scope(NextPuzzleRequest request) {
        String game = request.getGame().strip();
        String variant = request.getVariant().strip();
        if (!PuzzleSets.GAMES.contains(game)) {
            throw LobbyException.invalid((game.isEmpty() ? "Say which game's puzzles: " : "There is no game '" + game
                + "'; the games are ") + String.join(", ", PuzzleSets.GAMES) + ".");
        }
        sets.ensureLoaded();
        Map<String, List<String>> variants = unitOfWork.call(store::variants);
        List<String> ofGame = variants.getOrDefault(game, List.of());
        if (ofGame.isEmpty()) {
            throw LobbyException.notFound("There are no " + game + " puzzles yet; there are puzzles for "
                + String.join(", ", variants.keySet()) + ".");
        }
        if (!variant.isEmpty() && !ofGame.contains(variant)) {
            throw LobbyException.invalid("There are no puzzles of a variant '" + variant + "'; the " + game
                + " puzzles are of " + String.join(", ", ofGame) + ".");
        }
        return new Scope(game, variant);
    }

    /** The stored answer when this step was answered before with this move; a refusal when with another. */
    private static PuzzleAnswer replay(PuzzleStore.GivenAnswer given, String move, int step) {
        if (given == null) {
            return null;
        }
        if (!given.move().equals(move)) {
            throw LobbyException.failedPrecondition("Step " + (step + 1) + " of this attempt was answered already, with "
                + given.move() + "; an answer cannot be taken back.");
        }
        try {
            return PuzzleAnswer.parseFrom(given.answer()).toBuilder().setRepeated(true).build();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("a stored puzzle answer does not read", e);
        }
    }

    private static void checkStep(PuzzleStore.Attempt a, int step) {
        if (!a.open()) {
            throw LobbyException.failedPrecondition("This attempt is over (" + a.result() + "); NextPuzzle gives another"
                + " puzzle.");
        }
        if (step != a.step()) {
            throw LobbyException.invalid("This attempt is at step " + (a.step() + 1) + " (step " + a.step()
                + " counted from 0), not " + Integer.toUnsignedString(step) + ": answer that step.");
        }
    }

    private static LobbyException notFound(String attempt) {
        return LobbyException.notFound("You have no puzzle attempt '" + attempt.strip() + "'.");
    }

    /** An attempt as the caller sees it: its position now asked of rules-service (no transaction open). */
    private PuzzleAttempt view(PuzzleStore.Attempt attempt) {
        Instant now = clock.now();
        record Rows(PuzzleStore.StoredPuzzle puzzle, PuzzleStore.PlayerRating rating) {
        }
        Rows rows = unitOfWork.call(() -> new Rows(store.puzzle(attempt.puzzleId(), false).orElseThrow(),
            store.rating(attempt.player(), attempt.game(), false, now)));
        PuzzleJudgement at = rules.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder().setPuzzle(rows.puzzle.data())
            .addAllMoves(rows.puzzle.solverMoves(attempt.step())).build());
        return attemptMessage(attempt, rows.puzzle, rows.rating, at, attempt.open() ? List.of() : lineStates(rows.puzzle));
    }

    /** The positions of a puzzle's whole line: its start, then after each move (rules-service; no transaction open). */
    private List<GameState> lineStates(PuzzleStore.StoredPuzzle puzzle) {
        GameState state = rules.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder().setPuzzle(puzzle.data()).build())
            .getState();
        List<GameState> states = new ArrayList<>(puzzle.data().getLineCount() + 1);
        states.add(state);
        for (String move : puzzle.data().getLineList()) {
            state = rules.applyMove(state, move).getState();
            states.add(state);
        }
        return states;
    }

    /**
     * Where a wrong (but legal) move leads: the position after it and the opponent's best reply, from ai-service at its
     * strongest level for about half a second (exact from Piracy's table where built). Without ai-service, or when the
     * move ended the game, no reply: the failed answer must not wait for, or fail with, the engine.
     */
    private PuzzleRefutation refutation(GameState before, String move, UUID attempt) {
        GameState after = rules.applyMove(before, move).getState();
        PuzzleRefutation.Builder b = PuzzleRefutation.newBuilder().setMove(move).setAfterMove(after);
        if (after.getStatus() != GameStatus.ONGOING) {
            return b.build();
        }
        try {
            String reply = engine.bestMove(after, REFUTATION_LEVEL, REFUTATION_CLOCK_MILLIS, 0,
                attempt.getLeastSignificantBits()).getMove().getNotation();
            b.setReply(reply).setAfterReply(rules.applyMove(after, reply).getState());
        } catch (AiEngine.EngineUnavailable e) {
            // the position after the wrong move still shows what went wrong
        }
        return b.build();
    }

    private static PuzzleAttempt attemptMessage(PuzzleStore.Attempt a, PuzzleStore.StoredPuzzle puzzle,
                                                PuzzleStore.PlayerRating rating, PuzzleJudgement at, List<GameState> line) {
        PuzzleAttempt.Builder b = PuzzleAttempt.newBuilder()
            .setAttemptId(a.id().toString())
            .setPuzzleId(puzzle.id())
            .setGame(a.game())
            .setVariant(a.variant())
            .setGoal(puzzle.data().getGoal())
            .setPuzzleRating(round(puzzle.rating().rating()))
            .setState(at.getState())
            .setStep(a.step())
            .setSteps(puzzle.steps())
            .addAllPlayed(puzzle.data().getLineList().subList(0, Math.min(puzzle.data().getLineCount(), 2 * a.step())))
            .setResult(result(a))
            .setRating(ratingMessage(rating))
            .setDaily(a.daily() != null)
            .setDay(a.daily() == null ? "" : a.daily().toString());
        if (!a.open()) {
            b.addAllThemes(puzzle.data().getThemesList()).addAllSolution(puzzle.data().getLineList())
                .addAllSolutionStates(line);
        }
        return b.build();
    }

    private static PuzzleRating ratingMessage(PuzzleStore.PlayerRating r) {
        return PuzzleRating.newBuilder()
            .setGame(r.game())
            .setRating(round(r.rating().rating()))
            .setDeviation(round(r.rating().rd()))
            .setProvisional(r.rating().provisional())
            .setAttempts(r.attempts())
            .setSolved(r.solved())
            .build();
    }

    private static PuzzleResult result(PuzzleStore.Attempt a) {
        return switch (a.result()) {
            case "open" -> PuzzleResult.PUZZLE_RESULT_OPEN;
            case "solved" -> PuzzleResult.PUZZLE_RESULT_SOLVED;
            default -> PuzzleResult.PUZZLE_RESULT_FAILED;
        };
    }

    private static int round(double v) {
        return (int) Math.round(v);
    }
}
