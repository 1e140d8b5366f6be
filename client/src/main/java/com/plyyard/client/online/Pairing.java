package com.plyyard.client.online;

import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.WatchLobbyRequest;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Waits on the lobby stream until I am paired (a seek filled, a pool wave, a challenge accepted), showing
 * progress; resumes the stream after a broken connection from the last version seen.
 */
public final class Pairing {
    private Pairing() {
    }

    /** The pairing that {@code mine} accepts, or throws when the server refuses or the wait times out. */
    public static Paired await(Lobby lobby, Predicate<Paired> mine, long timeoutSeconds, PrintWriter out) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        long version = 0;
        int retries = 0;
        while (System.nanoTime() < deadline) {
            Context.CancellableContext ctx = Context.current().withCancellation();
            Context previous = ctx.attach();
            try {
                Iterator<LobbyEvent> events = lobby.matchmaking()
                    .withDeadlineAfter(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())), TimeUnit.MILLISECONDS)
                    .watchLobby(WatchLobbyRequest.newBuilder().setFromVersion(version).build());
                while (events.hasNext()) {
                    LobbyEvent e = events.next();
                    retries = 0;
                    version = e.hasSnapshot() ? e.getSnapshotVersion() : e.getVersion();
                    if (e.hasPaired() && mine.test(e.getPaired())) {
                        return e.getPaired();
                    }
                    if (e.hasPool()) {
                        out.println("waiting: " + e.getPool().getPlayersWaiting() + " in the pool");
                        out.flush();
                    }
                }
            } catch (StatusRuntimeException e) {
                Status.Code code = e.getStatus().getCode();
                if (code == Status.Code.DEADLINE_EXCEEDED) {
                    break;
                }
                if (code != Status.Code.UNAVAILABLE || retries++ > 20) {
                    throw lobby.failure(e);
                }
                sleep(500);
            } finally {
                ctx.detach(previous);
                ctx.cancel(null);
            }
        }
        throw new com.plyyard.client.CliException(com.plyyard.client.CliException.FAILED,
            "nobody was paired with you within " + timeoutSeconds + " s; your seek or ticket stays open.");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
