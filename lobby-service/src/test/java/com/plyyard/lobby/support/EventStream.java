package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A WatchMatch stream as a client sees it: every event received, in order, and how it ended. */
public final class EventStream implements ClientResponseObserver<WatchMatchRequest, MatchEvent>, AutoCloseable {
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final List<MatchEvent> received = new ArrayList<>();
    private volatile ClientCallStreamObserver<WatchMatchRequest> call;
    private volatile Throwable error;
    private volatile boolean completed;

    public static EventStream open(MatchServiceGrpc.MatchServiceStub stub, String matchId, long fromVersion) {
        EventStream s = new EventStream();
        stub.watchMatch(WatchMatchRequest.newBuilder().setMatchId(matchId).setFromVersion(fromVersion).build(), s);
        return s;
    }

    @Override
    public void beforeStart(ClientCallStreamObserver<WatchMatchRequest> requestStream) {
        call = requestStream;
    }

    @Override
    public void onNext(MatchEvent value) {
        queue.add(value);
    }

    @Override
    public void onError(Throwable t) {
        error = t;
        queue.add(t);
    }

    @Override
    public void onCompleted() {
        completed = true;
        queue.add("completed");
    }

    /** The next event, failing after the timeout or when the stream ended. */
    public MatchEvent next(Duration max) {
        try {
            Object o = queue.poll(max.toMillis(), TimeUnit.MILLISECONDS);
            if (o == null) {
                fail("no event within " + max.toMillis() + " ms; received so far: " + summary());
            }
            if (o instanceof MatchEvent e) {
                received.add(e);
                return e;
            }
            queue.add(o); // keep the end visible
            fail("the stream ended: " + o);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public MatchEvent next() {
        return next(Duration.ofSeconds(10));
    }

    /** Reads events until one matches; returns it. */
    public MatchEvent until(Predicate<MatchEvent> p, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                fail("no matching event within " + max.toMillis() + " ms; received: " + summary());
            }
            MatchEvent e = next(Duration.ofNanos(left));
            if (p.test(e)) {
                return e;
            }
        }
    }

    /** Reads every event up to and including the version. */
    public void untilVersion(long version) {
        until(e -> e.getVersion() >= version, Duration.ofSeconds(15));
        assertEquals(version, received.get(received.size() - 1).getVersion(), "versions must arrive one by one");
    }

    /** Nothing else arrives within the time. */
    public void assertQuiet(Duration d) {
        try {
            Object o = queue.poll(d.toMillis(), TimeUnit.MILLISECONDS);
            if (o != null) {
                fail("unexpected: " + o);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for the stream's end and returns its error (null when completed). */
    public Throwable awaitEnd(Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                Object o = queue.poll(100, TimeUnit.MILLISECONDS);
                if (o instanceof MatchEvent e) {
                    received.add(e);
                } else if (o != null) {
                    return error;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        fail("the stream did not end within " + max.toMillis() + " ms");
        return null;
    }

    public List<MatchEvent> received() {
        return received;
    }

    public long lastVersion() {
        for (int i = received.size() - 1; i >= 0; i--) {
            if (received.get(i).getVersion() > 0) {
                return received.get(i).getVersion();
            }
        }
        assertNotNull(null, "no versioned event received");
        return 0;
    }

    private String summary() {
        List<String> s = new ArrayList<>();
        for (MatchEvent e : received) {
            s.add(e.getVersion() + ":" + e.getEventCase());
        }
        return s + (error != null ? " error " + error : "") + (completed ? " completed" : "");
    }

    @Override
    public void close() {
        if (call != null) {
            call.cancel("the test is done", null);
        }
    }
}
