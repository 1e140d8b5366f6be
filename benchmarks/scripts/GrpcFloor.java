// The ceiling of trivial unary gRPC calls on this machine: what any service's per-move calls are measured against
// (docs/benchmarks.md, "The floor under issue 14's targets"). A single-file program, run without a build step:
//
//   java -cp client/target/plyyard.jar benchmarks/scripts/GrpcFloor.java server 9999 &
//   java -cp client/target/plyyard.jar benchmarks/scripts/GrpcFloor.java client 9999 64 20
//
// The server answers grpc.health.v1.Health/Check (a few bytes each way); the client keeps CONCURRENCY calls in flight
// for 10 s of warm-up and SECONDS measured, and prints `concurrency=<n> calls_per_s=<x>`.

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

public class GrpcFloor {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            Grpc.newServerBuilderForPort(port, InsecureServerCredentials.create())
                .addService(new HealthStatusManager().getHealthService()).build().start().awaitTermination();
            return;
        }
        int concurrency = Integer.parseInt(args[2]);
        int seconds = Integer.parseInt(args[3]);
        ManagedChannel channel = Grpc.newChannelBuilder("localhost:" + port, InsecureChannelCredentials.create()).build();
        HealthGrpc.HealthStub health = HealthGrpc.newStub(channel);
        AtomicLong answered = new AtomicLong();
        AtomicBoolean measuring = new AtomicBoolean();
        AtomicBoolean stopping = new AtomicBoolean();
        for (int i = 0; i < concurrency; i++) {
            new Caller(health, answered, measuring, stopping).call();
        }
        Thread.sleep(10_000);
        measuring.set(true);
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long calls = answered.get();
        double elapsed = (System.nanoTime() - start) / 1e9;
        stopping.set(true);
        System.out.printf("concurrency=%d calls_per_s=%.0f%n", concurrency, calls / elapsed);
        System.exit(0);
    }

    /** One call in flight at a time: the next is sent when the last has completed. */
    record Caller(HealthGrpc.HealthStub health, AtomicLong answered, AtomicBoolean measuring, AtomicBoolean stopping)
        implements StreamObserver<HealthCheckResponse> {
        void call() {
            health.check(HealthCheckRequest.getDefaultInstance(), this);
        }

        @Override
        public void onNext(HealthCheckResponse response) {
        }

        @Override
        public void onError(Throwable t) {
            System.err.println("call failed: " + t);
        }

        @Override
        public void onCompleted() {
            if (measuring.get()) {
                answered.incrementAndGet();
            }
            if (!stopping.get()) {
                call();
            }
        }
    }
}
