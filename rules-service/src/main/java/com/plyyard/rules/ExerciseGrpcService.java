package com.plyyard.rules;

import com.plyyard.grpc.CallCancellation;
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
import java.util.function.Function;

/** plyyard.v1.ExerciseService: the learning exercises and the judgement of an answer (learn.proto). */
@GrpcService
public class ExerciseGrpcService extends ExerciseServiceGrpc.ExerciseServiceImplBase {
    private final ExerciseOperations operations = new ExerciseOperations(ProtoMapper.standard());

    @Override
    @Blocking
    public void listExercises(ListExercisesRequest request, StreamObserver<ListExercisesResponse> out) {
        unary("ListExercises", request, out, operations::listExercises);
    }

    @Override
    @Blocking
    public void judgeAnswer(JudgeAnswerRequest request, StreamObserver<Judgement> out) {
        unary("JudgeAnswer", request, out, operations::judgeAnswer);
    }

    private static <Q, R> void unary(String method, Q request, StreamObserver<R> out, Function<Q, R> work) {
        CallCancellation call = CallCancellation.of(out);
        R result;
        try {
            result = work.apply(request);
        } catch (Throwable t) {
            call.fail(out, ServiceErrors.toStatus(t, method));
            return;
        }
        if (!call.clientGone()) {
            out.onNext(result);
            out.onCompleted();
        }
    }
}
