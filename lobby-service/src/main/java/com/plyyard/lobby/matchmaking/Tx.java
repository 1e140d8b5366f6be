package com.plyyard.lobby.matchmaking;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * Every matchmaking change is one transaction through here: the work (which takes the player locks first and throws
 * to refuse, before anything is written), then the lobby events appended at the very end ({@link LobbyLog#flush}).
 * A transaction is run again (at most three more times) when the work asks for it ({@link Retry}: the rows it locked
 * turned out to be the wrong ones) or PostgreSQL broke a deadlock or a serialization conflict.
 */
@ApplicationScoped
public class Tx {
    @Inject
    LobbyLog log;

    /** Thrown by the work to run the whole transaction again (nothing of it is kept). */
    static final class Retry extends RuntimeException {
        Retry(String why) {
            super(why, null, false, false);
        }
    }

    public <T> T call(Supplier<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return QuarkusTransaction.requiringNew().call(() -> {
                    T result = work.get();
                    log.flush();
                    return result;
                });
            } catch (RuntimeException e) {
                if (attempt >= 4 || !retryable(e)) {
                    throw e;
                }
            }
        }
    }

    public void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    static boolean retryable(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof Retry) {
                return true;
            }
            if (c instanceof SQLException s && ("40P01".equals(s.getSQLState()) || "40001".equals(s.getSQLState()))) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }
}
