package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.fail;

import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.WatchLobbyRequest;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A WatchLobby stream as a client sees it: every event received, in order, and how it ended. */
public final class LobbyStream implements ClientResponseObserver<WatchLobbyRequest, LobbyEvent>, AutoCloseable {
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final List<LobbyEvent> received = new ArrayList<>();
    private volatile ClientCallStreamObserver<WatchLobbyRequest> call;
    private volatile Throwable error;

    public static LobbyStream open(MatchmakingServiceGrpc.MatchmakingServiceStub stub, long fromVersion) {
        LobbyStream s = new LobbyStream();
        stub.watchLobby(WatchLobbyRequest.newBuilder().setFromVersion(fromVersion).build(), s);
        return s;
    }

    @Override
    public void beforeStart(ClientCallStreamObserver<WatchLobbyRequest> requestStream) {
        call = requestStream;
    }

    @Override
    public void onNext(LobbyEvent value) {
        queue.add(value);
    }

    @Override
    public void onError(Throwable t) {
        error = t;
        queue.add(t);
    }

    @Override
    public void onCompleted() {
        queue.add("completed");
    }

    /** The next event, failing after the timeout or when the stream ended. */
    public LobbyEvent next(Duration max) {
        try {
            Object o = queue.poll(max.toMillis(), TimeUnit.MILLISECONDS);
            if (o == null) {
                fail("no lobby event within " + max.toMillis() + " ms; received so far: " + summary());
            }
            if (o instanceof LobbyEvent e) {
                received.add(e);
                return e;
            }
            queue.add(o);
            fail("the lobby stream ended: " + o);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public LobbyEvent next() {
        return next(Duration.ofSeconds(10));
    }

    /** Reads events until one matches; returns it. */
    public LobbyEvent until(Predicate<LobbyEvent> p, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                fail("no matching lobby event within " + max.toMillis() + " ms; received: " + summary());
            }
            LobbyEvent e = next(Duration.ofNanos(left));
            if (p.test(e)) {
                return e;
            }
        }
    }

    /** Reads whatever arrives within the time (no failure when nothing does). */
    public List<LobbyEvent> drain(Duration d) {
        List<LobbyEvent> out = new ArrayList<>();
        long deadline = System.nanoTime() + d.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return out;
                }
                Object o = queue.poll(left, TimeUnit.NANOSECONDS);
                if (o == null) {
                    return out;
                }
                if (o instanceof LobbyEvent e) {
                    received.add(e);
                    out.add(e);
                } else {
                    queue.add(o);
                    return out;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Throwable error() {
        return error;
    }

    public List<LobbyEvent> received() {
        return received;
    }

    /** The last version received (0 when only the snapshot arrived: then the snapshot's version). */
    public long lastVersion() {
        for (int i = received.size() - 1; i >= 0; i--) {
            LobbyEvent e = received.get(i);
            if (e.getVersion() > 0) {
                return e.getVersion();
            }
            if (e.hasSnapshot()) {
                return e.getSnapshotVersion();
            }
        }
        return 0;
    }

    private String summary() {
        List<String> s = new ArrayList<>();
        for (LobbyEvent e : received) {
            s.add(e.getVersion() + ":" + e.getEventCase());
        }
        return s + (error != null ? " error " + error : "");
    }

    @Override
    public void close() {
        if (call != null) {
            call.cancel("the test is done", null);
        }
    }
}
