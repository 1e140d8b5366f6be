package com.plyyard.rules;

import com.plyyard.mapping.ExerciseOperations;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.ExerciseServiceGrpc;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.ListExercisesRequest;
import com.plyyard.proto.v1.ListExercisesResponse;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;

/** plyyard.v1.ExerciseService: the learning exercises and the judgement of an answer (learn.proto). */
@GrpcService
public class ExerciseGrpcService extends ExerciseServiceGrpc.ExerciseServiceImplBase {
    private final ExerciseOperations operations = new ExerciseOperations(ProtoMapper.standard());

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
}
