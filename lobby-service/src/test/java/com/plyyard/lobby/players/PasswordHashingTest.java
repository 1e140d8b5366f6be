package com.plyyard.lobby.players;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rationing of password hashes, without the lobby: one hashing thread and no waiting place, so while a slow check
 * runs the next is refused RESOURCE_EXHAUSTED at once with the sentence a client shows, and served again after.
 */
class PasswordHashingTest {

    /** A hash far costlier than the lobby's (40 passes): checking against it holds the one thread for a while. */
    private static final String SLOW = PasswordHasher.hash("a slow one to check", new PasswordHasher.Cost(19_456, 40, 1));

    private final PasswordHashing hashing = new PasswordHashing();

    @AfterEach
    void stop() {
        hashing.stop(null);
    }

    @Test
    void aFullPoolRefusesAtOnceAndServesAgainAfter() throws Exception {
        hashing.config = config(1, 0);
        hashing.metrics = new SimpleMeterRegistry();
        hashing.init();

        CompletableFuture<Boolean> slow = CompletableFuture.supplyAsync(() -> hashing.check("a slow one to check", SLOW));
        // once the slow check holds the only thread, the next is refused without waiting
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (hashing.hashesRunning() == 0 && !slow.isDone() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        LobbyException refused = null;
        try {
            hashing.checkNoAccount("another");
        } catch (LobbyException e) {
            refused = e;
        }
        assertFalse(slow.isDone(), "the slow check was still running when the next came");
        assertTrue(refused != null, "a check while the only hashing thread was busy was refused");
        assertEquals(ErrorKind.RESOURCE_EXHAUSTED, refused.kind());
        assertEquals("Too many sign-ins are being checked right now; try again in a moment.", refused.sentence());

        assertTrue(slow.get(30, TimeUnit.SECONDS), "the slow check itself was served and matched");
        // with no waiting place, the thread takes the next only once it is back waiting for work: a moment after the
        // slow check's answer
        assertFalse(servedWithin(5, () -> hashing.checkNoAccount("another")), "with the thread free again, checks are served");
        assertTrue(servedWithin(5, () -> hashing.check("right", hashing.hash("right"))), "a hash made now checks");
    }

    @Test
    void aPoolWithoutThreadsStopsTheStart() {
        hashing.metrics = new SimpleMeterRegistry();
        hashing.config = config(0, 8);
        IllegalStateException e = assertThrows(IllegalStateException.class, hashing::init);
        assertTrue(e.getMessage().contains("hash-threads must be at least 1"), e.getMessage());
    }

    private static boolean servedWithin(int seconds, java.util.function.BooleanSupplier call) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            try {
                return call.getAsBoolean();
            } catch (LobbyException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(5);
            }
        }
    }

    private static AccountsConfig config(int threads, int queue) {
        return new AccountsConfig() {
            @Override
            public Argon2 argon2() {
                return new Argon2() {
                    @Override
                    public int memoryKib() {
                        return 19_456;
                    }

                    @Override
                    public int iterations() {
                        return 2;
                    }

                    @Override
                    public int parallelism() {
                        return 1;
                    }
                };
            }

            @Override
            public OptionalInt hashThreads() {
                return OptionalInt.of(threads);
            }

            @Override
            public int hashQueue() {
                return queue;
            }

            @Override
            public int hashNice() {
                return 0;
            }

            @Override
            public Duration sessionIdleExpiry() {
                return Duration.ofDays(30);
            }

            @Override
            public Duration sessionUseFlushEvery() {
                return Duration.ofSeconds(60);
            }

            @Override
            public Duration resetTokenLifetime() {
                return Duration.ofHours(1);
            }
        };
    }
}
