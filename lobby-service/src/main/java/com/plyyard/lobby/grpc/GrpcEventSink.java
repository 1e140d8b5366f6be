package com.plyyard.lobby.grpc;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.watch.EventSink;
import io.grpc.stub.ServerCallStreamObserver;

/** A server-streaming call as the watch package's {@link EventSink}: events are messages, a refusal is a status. */
final class GrpcEventSink<E> implements EventSink<E> {
    private final ServerCallStreamObserver<E> call;
    private final String method;

    GrpcEventSink(ServerCallStreamObserver<E> call, String method) {
        this.call = call;
        this.method = method;
    }

    @Override
    public void send(E event) {
        call.onNext(event);
    }

    @Override
    public boolean ready() {
        return call.isReady();
    }

    @Override
    public void fail(LobbyException reason) {
        call.onError(ErrorMapper.toStatus(reason, method));
    }
}
