package com.plyyard.ai;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.Position;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Analyze streams one line per completed iteration and stops searching as soon as its client goes; BestMove stops
 * at its client's deadline; more searches than the limit are refused. Long searches here are only ever cut short:
 * the test profile's limit is 2 concurrent searches and 20 s per search, far beyond what any test waits.
 */
@QuarkusTest
class AnalyzeTest {
    private static final ProtoMapper MAPPER = ProtoMapper.standard();

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    @GrpcClient("ai")
    io.grpc.Channel channel;

    @Inject
    EnginePool pool;

    @Inject
    MeterRegistry metrics;

    private final List<Stream> open = new ArrayList<>();

    @AfterEach
    void cancelStreams() throws InterruptedException {
        open.forEach(s -> s.cancel());
        awaitIdle(5000);
    }

    private static BestMoveRequest request(String variant, SearchLimits.Builder limits) {
        return BestMoveRequest.newBuilder().setState(EngineServiceTest.start(variant)).setLimits(limits).build();
    }

    /** An Analyze call seen from the client: its lines as they come, and how it ended. */
    static final class Stream implements ClientResponseObserver<BestMoveRequest, AnalysisLine> {
        final java.util.concurrent.LinkedBlockingQueue<AnalysisLine> lines = new java.util.concurrent.LinkedBlockingQueue<>();
        final CompletableFuture<Throwable> end = new CompletableFuture<>();
        volatile ClientCallStreamObserver<BestMoveRequest> call;

        @Override
        public void beforeStart(ClientCallStreamObserver<BestMoveRequest> requestStream) {
            call = requestStream;
        }

        @Override
        public void onNext(AnalysisLine value) {
            lines.add(value);
        }

        @Override
        public void onError(Throwable t) {
            end.complete(t);
        }

        @Override
        public void onCompleted() {
            end.complete(null);
        }

        AnalysisLine next(long millis) throws InterruptedException {
            AnalysisLine line = lines.poll(millis, TimeUnit.MILLISECONDS);
            assertNotNull(line, "no line within " + millis + " ms");
            return line;
        }

        void cancel() {
            if (call != null) {
                call.cancel("the test is done", null);
            }
        }
    }

    private Stream analyze(BestMoveRequest request) {
        Stream s = new Stream();
        open.add(s);
        EngineServiceGrpc.newStub(channel).analyze(request, s);
        return s;
    }

    private void awaitIdle(long millis) throws InterruptedException {
        long until = System.nanoTime() + millis * 1_000_000L;
        while (pool.running() > 0 && System.nanoTime() < until) {
            Thread.sleep(10);
        }
    }

    private double cancelled(String method) {
        return counter("plyyard.ai.searches.cancelled", method);
    }

    private double counter(String name, String method) {
        var c = metrics.find(name).tag("method", method).counter();
        return c == null ? 0 : c.count();
    }

    @Test
    void linesOfIncreasingDepthThenTheEnd() {
        GameState s = EngineServiceTest.start("draughts:fmjd");
        Iterator<AnalysisLine> it = ai.analyze(BestMoveRequest.newBuilder().setState(s)
            .setLimits(SearchLimits.newBuilder().setDepth(5)).build());
        List<AnalysisLine> lines = new ArrayList<>();
        it.forEachRemaining(lines::add);
        assertEquals(List.of(1, 2, 3, 4, 5), lines.stream().map(l -> l.getDepth()).toList(), "one line per iteration, in order");
        Position p = MAPPER.position(s);
        long nodes = 0;
        for (AnalysisLine line : lines) {
            assertFalse(line.getPvList().isEmpty());
            assertTrue(p.legalMoves().contains(p.parseMove(line.getPv(0))), line.getPv(0));
            assertTrue(line.getNodes() >= nodes, "nodes only grow");
            nodes = line.getNodes();
        }
    }

    @Test
    void analyzeStopsWhenTheClientCancels() throws Exception {
        double before = cancelled("Analyze");
        // a 15-second analysis: only the cancellation can end it early
        Stream s = analyze(request("draughts:fmjd", SearchLimits.newBuilder().setMoveTimeMillis(15_000)));
        AnalysisLine first = s.next(5000);
        assertEquals(1, first.getDepth());
        assertEquals(1, pool.running(), "the search runs");
        long t0 = System.nanoTime();
        s.cancel();
        awaitIdle(3000);
        long stoppedAfter = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, pool.running(), "the server kept searching for a departed client");
        assertTrue(stoppedAfter < 3000, "stopped " + stoppedAfter + " ms after the cancel");
        long until = System.nanoTime() + 2_000_000_000L;
        while (cancelled("Analyze") <= before && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertEquals(before + 1, cancelled("Analyze"), "counted as cancelled");
        Throwable end = s.end.get(2, TimeUnit.SECONDS);
        assertEquals(Status.Code.CANCELLED, Status.fromThrowable(end).getCode());
    }

    @Test
    void aLimitedAnalysisEndsOnItsOwn() throws Exception {
        Stream s = analyze(request("ploy:3m:ffa", SearchLimits.newBuilder().setMoveTimeMillis(300)));
        assertNull(s.end.get(5, TimeUnit.SECONDS), "completed normally");
        assertFalse(s.lines.isEmpty());
        int depth = 0;
        for (AnalysisLine line : s.lines) {
            assertEquals(depth + 1, line.getDepth());
            depth = line.getDepth();
        }
    }

    @Test
    void bestMoveStopsAtTheClientsDeadline() throws InterruptedException {
        double before = cancelled("BestMove");
        double searchesBefore = counter("plyyard.ai.searches", "BestMove");
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> ai.withDeadlineAfter(1500, TimeUnit.MILLISECONDS).bestMove(request("ploy:3m:2p",
                SearchLimits.newBuilder().setMoveTimeMillis(15_000)).toBuilder().build()));
        assertEquals(Status.Code.DEADLINE_EXCEEDED, e.getStatus().getCode());
        awaitIdle(3000);
        assertEquals(0, pool.running(), "the server kept searching after the deadline");
        // On a loaded machine the deadline can pass before the worker picks the call up; then no search starts at all.
        // Every search that did start must have been stopped as cancelled.
        double started = counter("plyyard.ai.searches", "BestMove") - searchesBefore;
        long until = System.nanoTime() + 2_000_000_000L;
        while (cancelled("BestMove") - before < started && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertEquals(started, cancelled("BestMove") - before, "every started search ends as cancelled");
    }

    @Test
    void moreSearchesThanTheLimitAreRefused() throws Exception {
        assertEquals(2, pool.maxConcurrent(), "the test profile's limit");
        List<Stream> busy = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Stream s = analyze(request("piracy:classic", SearchLimits.newBuilder().setMoveTimeMillis(15_000)));
            s.next(5000);
            busy.add(s);
        }
        assertEquals(2, pool.running());
        String d = assertStatus(Status.Code.RESOURCE_EXHAUSTED, () -> ai.bestMove(request("draughts:fmjd",
            SearchLimits.newBuilder().setDepth(1))));
        assertTrue(d.contains("2 searches"), d);
        busy.forEach(Stream::cancel);
        awaitIdle(3000);
        assertEquals(0, pool.running());
        assertEquals(1, ai.bestMove(request("draughts:fmjd", SearchLimits.newBuilder().setDepth(1))).getDepth());
    }
}
