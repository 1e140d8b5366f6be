package com.plyyard.client.online;

import com.plyyard.client.cli.CliException;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.WatchLobbyRequest;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Waits on the lobby stream until I am paired (a seek filled, a pool wave, a challenge accepted), showing
 * progress; resumes the stream after a broken connection from the last version seen. Take {@link #version} before
 * the request that may pair me and wait from it: a pairing that happens between the request and the wait is then
 * replayed by the server instead of being missed.
 */
public final class Pairing {
    private Pairing() {
    }

    /** The lobby log's current version (from a snapshot): the point to wait from. */
    public static long version(Lobby lobby) {
        Context.CancellableContext ctx = Context.current().withCancellation();
        Context previous = ctx.attach();
        try {
            Iterator<LobbyEvent> events = lobby.matchmaking().withDeadlineAfter(10, TimeUnit.SECONDS)
                .watchLobby(WatchLobbyRequest.newBuilder().setFromVersion(0).build());
            LobbyEvent first = lobby.call(events::next);
            return first.hasSnapshot() ? first.getSnapshotVersion() : first.getVersion();
        } finally {
            ctx.detach(previous);
            ctx.cancel(null);
        }
    }

    /**
     * The pairing after {@code fromVersion} that {@code mine} accepts, or empty when the wait times out; throws when
     * the server refuses.
     */
    public static Optional<Paired> await(Lobby lobby, long fromVersion, Predicate<Paired> mine, long timeoutSeconds,
        PrintWriter out) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        long version = fromVersion;
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
                        return Optional.of(e.getPaired());
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
        return Optional.empty();
    }

    /**
     * Waits for the pairing {@code mine} accepts; on timeout or Ctrl-C runs {@code withdraw} (cancel the seek, give the
     * seat back, leave the pool). A withdrawal the server refuses because the pairing happened meanwhile means we were
     * paired: that pairing is then read from the stream. Throws a one-sentence error ({@code timeout}) otherwise.
     */
    public static Paired awaitOrWithdraw(Lobby lobby, long fromVersion, Predicate<Paired> mine, Runnable withdraw,
        long timeoutSeconds, PrintWriter out, String timeout) {
        try (Undo undo = onInterrupt(withdraw)) {
            Optional<Paired> p = await(lobby, fromVersion, mine, timeoutSeconds, out);
            if (p.isPresent()) {
                return p.get();
            }
            try {
                withdraw.run();
            } catch (com.plyyard.client.cli.CliException e) {
                return await(lobby, fromVersion, mine, 5, out).orElseThrow(() -> e);
            }
            throw new com.plyyard.client.cli.CliException(com.plyyard.client.cli.CliException.FAILED, timeout);
        }
    }

    /**
     * Runs {@code undo} (leave the pool, cancel the seek) if the command is interrupted (Ctrl-C) before
     * {@link Undo#close()}: nobody is paired into a game they are no longer waiting for.
     */
    public static Undo onInterrupt(Runnable undo) {
        return new Undo(undo);
    }

    /** A shutdown hook that is removed again when the wait ends normally. */
    public static final class Undo implements AutoCloseable {
        private final Thread hook;

        private Undo(Runnable undo) {
            hook = new Thread(() -> {
                try {
                    undo.run();
                } catch (RuntimeException e) {
                    // best effort while the JVM stops; the server's own expiry remains
                }
            }, "plyyard-undo");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public void close() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
