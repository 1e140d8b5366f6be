package com.plyyard.lobby.grpc;

import com.plyyard.lobby.learn.Learning;
import com.plyyard.lobby.learn.PuzzleTrainer;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.lobby.review.GameReviews;
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
import com.plyyard.proto.v1.ReviewMatchRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewRecordRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;
import java.util.UUID;

/** plyyard.v1.LearnService: lessons, exercises, puzzles, game reviews and each player's progress (learn.proto, docs/learn.md). */
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

    @Inject
    GameReviews reviews;

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

    @Override
    public void reviewMatch(ReviewMatchRequest request, StreamObserver<ReviewProgress> out) {
        workers.streamCall("ReviewMatch", out, token -> {
            caller(token);
            reviews.reviewMatch(request.getMatchId(), sink("ReviewMatch", out));
        });
    }

    @Override
    public void reviewRecord(ReviewRecordRequest request, StreamObserver<ReviewProgress> out) {
        workers.streamCall("ReviewRecord", out, token -> {
            caller(token);
            reviews.reviewRecord(request, sink("ReviewRecord", out));
        });
    }

    /** A review's gRPC stream: gone once cancelled; failures mapped to statuses at this edge. */
    private static GameReviews.Sink sink(String method, StreamObserver<ReviewProgress> out) {
        ServerCallStreamObserver<ReviewProgress> call = (ServerCallStreamObserver<ReviewProgress>) out;
        return new GameReviews.Sink() {
            private volatile boolean gone;

            @Override
            public boolean gone() {
                return gone || call.isCancelled();
            }

            @Override
            public void send(ReviewProgress progress) {
                try {
                    call.onNext(progress);
                } catch (RuntimeException e) {
                    gone = true; // cancelled under us
                }
            }

            @Override
            public void complete() {
                try {
                    call.onCompleted();
                } catch (RuntimeException e) {
                    gone = true;
                }
            }

            @Override
            public void fail(Throwable error) {
                WorkerPool.safeError(call, ErrorMapper.toStatus(error, method));
            }
        };
    }

    private UUID caller(String token) {
        return UUID.fromString(tokens.caller(token).getId());
    }
}
