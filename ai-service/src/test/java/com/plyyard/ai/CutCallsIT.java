package com.plyyard.ai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.grpc.testing.ServiceProcess;
import com.plyyard.mapping.testing.LocalOracle;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.SearchLimits;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Calls the client gives up on while the answer is being written must not hurt the connection they share with other
 * calls. Found by AiServicePropertiesIT: Quarkus's gRPC on the Vert.x HTTP server wrote a search's late answer to a
 * stream the client had just reset, and the HTTP/2 layer took that for a new stream the server may not open
 * (PROTOCOL_ERROR "Request stream N is not correct for server connection"): it closed the whole connection, every other
 * call on it ending INTERNAL (upstream: quarkusio/quarkus#56268). grpc-common's EventLoopWrites makes the writes on
 * the event loop, where a reset stream is known. Here 150 searches are cut by deadlines around their answer time while
 * one long Analyze stream shares the connection: every cut call ends OK or DEADLINE_EXCEEDED, and the stream goes on
 * to its end. Without EventLoopWrites the stream ended INTERNAL within the first fifty calls in each of five runs.
 */
class CutCallsIT {
    private static ServiceProcess ai;

    @BeforeAll
    static void start() {
        Path jar = ServiceProcess.jar("plyyard.ai.jar", Path.of("target", "quarkus-app", "quarkus-run.jar"), "ai-service");
        ai = ServiceProcess.start("ai-service-cut-calls", jar, ServiceProcess.freePort(), List.of("-Dplyyard.ai.max-concurrent=6",
                "-Dplyyard.ai.piracy.tablebase.build-max-positions=0"),
            Map.of(), Path.of("target", "it-logs"), Duration.ofSeconds(60));
    }

    @AfterAll
    static void stop() {
        if (ai != null) {
            ai.stop();
        }
    }

    @Test
    void callsCutWhileTheirAnswerIsWrittenLeaveTheConnectionServing() throws Exception {
        GameState start = new LocalOracle().newGame("draughts:fmjd", VariantOptions.getDefaultInstance());
        CompletableFuture<Status> streamEnd = new CompletableFuture<>();
        AtomicInteger lines = new AtomicInteger();
        EngineServiceGrpc.newStub(ai.channel()).withDeadlineAfter(120, TimeUnit.SECONDS).analyze(
            BestMoveRequest.newBuilder().setState(start).setLimits(SearchLimits.newBuilder().setMoveTimeMillis(12_000)).build(),
            new StreamObserver<>() {
                @Override
                public void onNext(AnalysisLine line) {
                    lines.incrementAndGet();
                }

                @Override
                public void onError(Throwable t) {
                    streamEnd.complete(Status.fromThrowable(t));
                }

                @Override
                public void onCompleted() {
                    streamEnd.complete(Status.OK);
                }
            });
        long firstLine = System.nanoTime() + 20_000_000_000L;
        while (lines.get() == 0 && !streamEnd.isDone() && System.nanoTime() < firstLine) {
            ServiceProcess.sleep(10);
        }
        assertTrue(lines.get() > 0, () -> "the long stream started: " + streamEnd.getNow(null));
        Map<Status.Code, Integer> answers = new TreeMap<>();
        Random r = new Random(5);
        EngineServiceGrpc.EngineServiceBlockingStub stub = EngineServiceGrpc.newBlockingStub(ai.channel());
        long until = System.nanoTime() + 10_000_000_000L;
        int calls = 0;
        // at most 150 cut calls: each is an RST_STREAM, and more than 200 in 30 s on one connection are a rapid-reset
        // attack to the HTTP server (quarkus.http.limits.rst-flood-max-rst-frame-per-window), answered with GOAWAY
        while (System.nanoTime() < until && !streamEnd.isDone()
            && answers.getOrDefault(Status.Code.DEADLINE_EXCEEDED, 0) < 150) {
            BestMoveRequest quick = BestMoveRequest.newBuilder().setState(start)
                .setLimits(SearchLimits.newBuilder().setDepth(1 + r.nextInt(3))).build();
            Status.Code code;
            try {
                // one call in five waits long enough to be answered whatever the machine's load, so that answers are
                // written on the connection between the cut calls (on a busy machine none of 1–30 ms may come in time)
                long deadline = calls % 5 == 4 ? 300 + r.nextInt(300) : 1 + r.nextInt(30);
                stub.withDeadlineAfter(deadline, TimeUnit.MILLISECONDS).bestMove(quick);
                code = Status.Code.OK;
            } catch (StatusRuntimeException e) {
                code = e.getStatus().getCode();
                if (code != Status.Code.DEADLINE_EXCEEDED && code != Status.Code.RESOURCE_EXHAUSTED) {
                    throw new AssertionError("a cut call ended " + e.getStatus() + " after " + calls + " calls", e);
                }
            }
            answers.merge(code, 1, Integer::sum);
            calls++;
        }
        System.out.println("cut calls: " + calls + " " + answers + ", analysis lines " + lines.get() + ", stream "
            + (streamEnd.isDone() ? streamEnd.getNow(null) : "open"));
        assertTrue(answers.getOrDefault(Status.Code.DEADLINE_EXCEEDED, 0) >= 100, "calls were cut: " + answers);
        // answers came among the cut ones (the longer deadlines', and some short ones' on a fast machine) …
        assertTrue(answers.getOrDefault(Status.Code.OK, 0) > 0, "calls were answered: " + answers);
        // … and after the cuts the same connection answers every call that waits for its answer
        for (int i = 0; i < 20; i++) {
            BestMoveRequest quick = BestMoveRequest.newBuilder().setState(start)
                .setLimits(SearchLimits.newBuilder().setDepth(1 + r.nextInt(3))).build();
            assertTrue(stub.withDeadlineAfter(30, TimeUnit.SECONDS).bestMove(quick).hasMove(), "call " + i + " after the cuts");
        }
        assertEquals(Status.Code.OK, streamEnd.get(60, TimeUnit.SECONDS).getCode(), () -> "the long stream went on to its "
            + "end: " + streamEnd.getNow(null));
    }
}
