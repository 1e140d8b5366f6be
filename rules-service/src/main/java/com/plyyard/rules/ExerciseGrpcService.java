package com.plyyard.rules;

import com.plyyard.mapping.ExerciseOperations;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.mapping.PuzzleOperations;
import com.plyyard.proto.v1.ExerciseServiceGrpc;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.ListExercisesRequest;
import com.plyyard.proto.v1.ListExercisesResponse;
import com.plyyard.proto.v1.ListPuzzlesRequest;
import com.plyyard.proto.v1.ListPuzzlesResponse;
import com.plyyard.proto.v1.PuzzleJudgement;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;

/** plyyard.v1.ExerciseService: the learning exercises and puzzles, and the judgement of an answer (learn.proto). */
@GrpcService
public class ExerciseGrpcService extends ExerciseServiceGrpc.ExerciseServiceImplBase {
    private final ExerciseOperations operations = new ExerciseOperations(ProtoMapper.standard());
    private final PuzzleOperations puzzles = new PuzzleOperations(ProtoMapper.standard());

    @Override
    @Blocking
    public void listExercises(ListExercisesRequest request, StreamObserver<ListExercisesResponse> out) {
        RulesGrpcService.unary("ListExercises", request, out, (r, gone) -> operations.listExercises(r));
    }

    @Override
    @Blocking
    public void judgeAnswer(JudgeAnswerRequest request, StreamObserver<Judgement> out) {
        RulesGrpcService.unary("JudgeAnswer", request, out, (r, gone) -> operations.judgeAnswer(r));
    }

    @Override
    @Blocking
    public void listPuzzles(ListPuzzlesRequest request, StreamObserver<ListPuzzlesResponse> out) {
        RulesGrpcService.unary("ListPuzzles", request, out, (r, gone) -> puzzles.listPuzzles(r));
    }

    @Override
    @Blocking
    public void judgePuzzleMove(JudgePuzzleMoveRequest request, StreamObserver<PuzzleJudgement> out) {
        RulesGrpcService.unary("JudgePuzzleMove", request, out, (r, gone) -> puzzles.judgePuzzleMove(r));
    }
}
