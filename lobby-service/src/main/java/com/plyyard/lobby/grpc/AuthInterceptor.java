package com.plyyard.lobby.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Reads {@code authorization: Bearer <token>} for every plyyard.v1 method except those that make an account or a
 * session (LobbyService/Register, AccountService/SignUp, SignIn and RecoverAccount) and puts the token into the gRPC
 * {@link Context}, with the client's address ({@link ForwardedClient#clientAddress}) for every plyyard.v1 call. A missing or malformed header is refused here at once
 * (UNAUTHENTICATED); whether the token belongs to a player is checked on a worker thread by
 * {@link com.plyyard.lobby.players.Tokens#caller}, because that needs the database and interceptors run on
 * the event loop. Health and reflection need no token.
 */
@ApplicationScoped
@GlobalInterceptor
public class AuthInterceptor implements ServerInterceptor {
    public static final Context.Key<String> TOKEN = Context.key("plyyard-token");
    public static final Context.Key<String> ADDRESS = Context.key("plyyard-client-address");
    static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    /** The calls made without a token: they make the account or the session that gives one. */
    static final java.util.Set<String> WITHOUT_TOKEN = java.util.Set.of("plyyard.v1.LobbyService/Register",
        "plyyard.v1.AccountService/SignUp", "plyyard.v1.AccountService/SignIn", "plyyard.v1.AccountService/RecoverAccount");
    private static final String OPERATOR = "plyyard.v1.OperatorService/";
    static final String NO_TOKEN = "This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives "
        + "a token.";
    /** OperatorService's calls carry the operator key, which Register does not give. */
    static final String NO_OPERATOR_KEY = "This call needs the operator key as its bearer token (the metadata "
        + "'authorization: Bearer <operator key>').";

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        if (!method.startsWith("plyyard.v1.")) {
            return next.startCall(call, headers);
        }
        Context context = Context.current().withValue(ADDRESS, ForwardedClient.clientAddress(call, headers));
        if (WITHOUT_TOKEN.contains(method)) {
            return Contexts.interceptCall(context, call, headers, next);
        }
        String token = bearer(headers.get(AUTHORIZATION));
        if (token == null) {
            call.close(Status.UNAUTHENTICATED.withDescription(method.startsWith(OPERATOR) ? NO_OPERATOR_KEY : NO_TOKEN),
                new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        return Contexts.interceptCall(context.withValue(TOKEN, token), call, headers, next);
    }

    static String bearer(String header) {
        if (header == null) {
            return null;
        }
        String h = header.strip();
        if (h.length() < 7 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String token = h.substring(7).strip();
        return token.isEmpty() ? null : token;
    }
}
