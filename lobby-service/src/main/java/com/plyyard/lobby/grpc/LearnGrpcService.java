package com.plyyard.lobby.grpc;

import com.plyyard.lobby.learn.Learning;
import com.plyyard.lobby.learn.PuzzleTrainer;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.ListLessonsRequest;
import com.plyyard.proto.v1.ListLessonsResponse;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.PuzzleHistoryRequest;
import com.plyyard.proto.v1.PuzzleHistoryResponse;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;
import java.util.UUID;

/** plyyard.v1.LearnService: lessons, exercises, puzzles and each player's progress (learn.proto, docs/learn.md). */
@GrpcService
public class LearnGrpcService extends LearnServiceGrpc.LearnServiceImplBase {
    @Inject
    WorkerPool workers;

    @Inject
    Tokens tokens;

    @Inject
    Learning learning;

    @Inject
    PuzzleTrainer puzzles;

    @Override
    public void listLessons(ListLessonsRequest request, StreamObserver<ListLessonsResponse> out) {
        workers.unary("ListLessons", out, token -> learning.lessons(caller(token), request.getGame()));
    }

    @Override
    public void answerExercise(JudgeAnswerRequest request, StreamObserver<Judgement> out) {
        workers.unary("AnswerExercise", out, token -> learning.answer(caller(token), request));
    }

    @Override
    public void nextPuzzle(NextPuzzleRequest request, StreamObserver<PuzzleAttempt> out) {
        workers.unary("NextPuzzle", out, token -> puzzles.next(caller(token), request));
    }

    @Override
    public void dailyPuzzle(NextPuzzleRequest request, StreamObserver<PuzzleAttempt> out) {
        workers.unary("DailyPuzzle", out, token -> puzzles.daily(caller(token), request));
    }

    @Override
    public void answerPuzzle(AnswerPuzzleRequest request, StreamObserver<PuzzleAnswer> out) {
        workers.unary("AnswerPuzzle", out, token -> puzzles.answer(caller(token), request));
    }

    @Override
    public void puzzleHistory(PuzzleHistoryRequest request, StreamObserver<PuzzleHistoryResponse> out) {
        workers.unary("PuzzleHistory", out, token -> puzzles.history(caller(token), request));
    }

    private UUID caller(String token) {
        return UUID.fromString(tokens.caller(token).getId());
    }
}
