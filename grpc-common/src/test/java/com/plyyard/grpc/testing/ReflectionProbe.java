package com.plyyard.grpc.testing;

import io.grpc.Channel;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Asks a server's reflection service which services it offers, as grpcurl does. */
public final class ReflectionProbe {
    private ReflectionProbe() {
    }

    public static List<String> listServicesV1(Channel channel) throws Exception {
        CompletableFuture<List<String>> result = new CompletableFuture<>();
        List<String> names = new ArrayList<>();
        StreamObserver<io.grpc.reflection.v1.ServerReflectionRequest> requests =
            io.grpc.reflection.v1.ServerReflectionGrpc.newStub(channel).serverReflectionInfo(new StreamObserver<>() {
                @Override
                public void onNext(io.grpc.reflection.v1.ServerReflectionResponse r) {
                    r.getListServicesResponse().getServiceList().forEach(s -> names.add(s.getName()));
                }

                @Override
                public void onError(Throwable t) {
                    result.completeExceptionally(t);
                }

                @Override
                public void onCompleted() {
                    result.complete(names);
                }
            });
        requests.onNext(io.grpc.reflection.v1.ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onCompleted();
        return result.get(10, TimeUnit.SECONDS);
    }

    @SuppressWarnings("deprecation")
    public static List<String> listServicesV1alpha(Channel channel) throws Exception {
        CompletableFuture<List<String>> result = new CompletableFuture<>();
        List<String> names = new ArrayList<>();
        StreamObserver<io.grpc.reflection.v1alpha.ServerReflectionRequest> requests =
            io.grpc.reflection.v1alpha.ServerReflectionGrpc.newStub(channel).serverReflectionInfo(new StreamObserver<>() {
                @Override
                public void onNext(io.grpc.reflection.v1alpha.ServerReflectionResponse r) {
                    r.getListServicesResponse().getServiceList().forEach(s -> names.add(s.getName()));
                }

                @Override
                public void onError(Throwable t) {
                    result.completeExceptionally(t);
                }

                @Override
                public void onCompleted() {
                    result.complete(names);
                }
            });
        requests.onNext(io.grpc.reflection.v1alpha.ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onCompleted();
        return result.get(10, TimeUnit.SECONDS);
    }
}
