package com.plyyard.client.online;

import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Follows a match's event stream into a queue, and resumes it after a broken connection with the last
 * version seen — no gaps, no duplicates (the lobby's WatchMatch guarantees it). The first subscription asks
 * for a snapshot; resumptions ask for what was missed.
 */
public final class MatchFollower implements AutoCloseable {
    /** Put on the queue when the stream cannot be resumed (the error is attached). */
    public record Broken(StatusRuntimeException error) {
    }

    private final Lobby lobby;
    private final String matchId;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private volatile long version;
    private volatile boolean closed;
    private volatile Context.CancellableContext context;
    private int retries;

    public MatchFollower(Lobby lobby, String matchId, long fromVersion) {
        this.lobby = lobby;
        this.matchId = matchId;
        this.version = fromVersion;
        subscribe();
    }

    private void subscribe() {
        Context.CancellableContext ctx = Context.current().withCancellation();
        context = ctx;
        ctx.run(() -> lobby.matchStreams().watchMatch(WatchMatchRequest.newBuilder().setMatchId(matchId)
            .setFromVersion(version).build(), new StreamObserver<>() {
                @Override
                public void onNext(MatchEvent e) {
                    retries = 0;
                    if (e.hasSnapshot()) {
                        version = e.getSnapshot().getVersion();
                    } else {
                        version = e.getVersion();
                    }
                    queue.add(e);
                }

                @Override
                public void onError(Throwable t) {
                    if (closed) {
                        return;
                    }
                    Status.Code code = Status.fromThrowable(t).getCode();
                    // CANCELLED while this follower is open is not ours: a server stopping resets its streams
                    // (RST_STREAM CANCEL) as often as it answers UNAVAILABLE, and the stream resumes the same way
                    boolean transient_ = code == Status.Code.UNAVAILABLE || code == Status.Code.INTERNAL
                        || code == Status.Code.UNKNOWN || code == Status.Code.DEADLINE_EXCEEDED
                        || code == Status.Code.CANCELLED;
                    if (transient_ && retries++ < 30) {
                        try {
                            TimeUnit.MILLISECONDS.sleep(Math.min(5000, 200L << Math.min(retries, 5)));
                        } catch (InterruptedException ie) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                        subscribe(); // resume from the last version seen
                    } else {
                        queue.add(new Broken(t instanceof StatusRuntimeException s ? s : Status.fromThrowable(t).asRuntimeException()));
                    }
                }

                @Override
                public void onCompleted() {
                    if (!closed) {
                        subscribe();
                    }
                }
            }));
    }

    /** The next event or {@link Broken}, or null after the timeout. */
    public Object next(long timeoutMillis) throws InterruptedException {
        return queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    public long version() {
        return version;
    }

    @Override
    public void close() {
        closed = true;
        Context.CancellableContext ctx = context;
        if (ctx != null) {
            ctx.cancel(null);
        }
    }
}
