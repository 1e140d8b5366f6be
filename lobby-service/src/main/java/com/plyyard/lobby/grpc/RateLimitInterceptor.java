package com.plyyard.lobby.grpc;

import com.google.protobuf.Any;
import com.google.rpc.Code;
import com.google.rpc.RetryInfo;
import com.plyyard.lobby.limits.LimitedAction;
import com.plyyard.lobby.limits.RateLimiter;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;

/**
 * Counts the limited calls (docs/reliability.md, "Abuse") before they reach a worker: a call over its caller's limit is
 * answered at once, on the event loop, RESOURCE_EXHAUSTED with a sentence, a {@code google.rpc.RetryInfo} in the status
 * details ({@code grpc-status-details-bin}) and {@code grpc-retry-pushback-ms} for clients with a retry policy. A
 * call without a token is not counted here: {@link AuthInterceptor} refuses it.
 */
@ApplicationScoped
@GlobalInterceptor
public class RateLimitInterceptor implements ServerInterceptor {
    static final Metadata.Key<String> RETRY_PUSHBACK = Metadata.Key.of("grpc-retry-pushback-ms", Metadata.ASCII_STRING_MARSHALLER);

    private static final Map<String, LimitedAction> LIMITED = Map.ofEntries(
        Map.entry("plyyard.v1.MatchService/SubmitMove", LimitedAction.MOVE),
        Map.entry("plyyard.v1.MatchService/CreateMatch", LimitedAction.CREATION),
        Map.entry("plyyard.v1.MatchmakingService/CreateSeek", LimitedAction.CREATION),
        Map.entry("plyyard.v1.MatchmakingService/CreateChallenge", LimitedAction.CREATION),
        Map.entry("plyyard.v1.MatchmakingService/CreateParty", LimitedAction.CREATION),
        Map.entry("plyyard.v1.MatchmakingService/RequestRematch", LimitedAction.CREATION),
        Map.entry("plyyard.v1.MatchmakingService/JoinPool", LimitedAction.POOL_JOIN),
        Map.entry("plyyard.v1.LobbyService/Register", LimitedAction.REGISTRATION),
        Map.entry("plyyard.v1.AccountService/SignUp", LimitedAction.REGISTRATION),
        Map.entry("plyyard.v1.MatchService/WatchMatch", LimitedAction.STREAM),
        Map.entry("plyyard.v1.MatchmakingService/WatchLobby", LimitedAction.STREAM),
        // an answer to an exercise is a move judged by rules-service: it shares the moves' bucket
        Map.entry("plyyard.v1.LearnService/AnswerExercise", LimitedAction.MOVE),
        Map.entry("plyyard.v1.LearnService/AnswerPuzzle", LimitedAction.MOVE),
        // a puzzle attempt is a row written for the caller, as a seek is
        Map.entry("plyyard.v1.LearnService/NextPuzzle", LimitedAction.CREATION),
        Map.entry("plyyard.v1.LearnService/DailyPuzzle", LimitedAction.CREATION),
        // a review may set ai-service searching for minutes: it counts as a creation
        Map.entry("plyyard.v1.LearnService/ReviewMatch", LimitedAction.CREATION),
        Map.entry("plyyard.v1.LearnService/ReviewRecord", LimitedAction.CREATION));

    @Inject
    RateLimiter limiter;

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        LimitedAction action = LIMITED.get(call.getMethodDescriptor().getFullMethodName());
        if (action == null) {
            return next.startCall(call, headers);
        }
        String caller = action == LimitedAction.REGISTRATION ? ForwardedClient.clientAddress(call, headers)
            : AuthInterceptor.bearer(headers.get(AuthInterceptor.AUTHORIZATION));
        if (caller == null) {
            return next.startCall(call, headers);
        }
        Optional<RateLimiter.Refusal> refused = limiter.take(action, caller);
        if (refused.isEmpty()) {
            return next.startCall(call, headers);
        }
        StatusRuntimeException status = toStatus(refused.get());
        call.close(status.getStatus(), status.getTrailers());
        return new ServerCall.Listener<>() {
        };
    }

    static StatusRuntimeException toStatus(RateLimiter.Refusal refusal) {
        return toStatus(refusal.sentence(), refusal.retryAfter());
    }

    /** RESOURCE_EXHAUSTED with the sentence, and the wait as RetryInfo and {@code grpc-retry-pushback-ms}. */
    static StatusRuntimeException toStatus(String sentence, java.time.Duration retryAfter) {
        long millis = retryAfter.toMillis();
        RetryInfo retry = RetryInfo.newBuilder().setRetryDelay(com.google.protobuf.Duration.newBuilder()
            .setSeconds(millis / 1000).setNanos((int) (millis % 1000) * 1_000_000)).build();
        StatusRuntimeException e = StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
            .setCode(Code.RESOURCE_EXHAUSTED_VALUE).setMessage(sentence).addDetails(Any.pack(retry)).build());
        e.getTrailers().put(RETRY_PUSHBACK, Long.toString(millis));
        return e;
    }
}
