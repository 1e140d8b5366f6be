package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When sessions were last used. A call that presents a session must not write to the database for it (a move would
 * pay a second statement), so each use is noted here in memory and written down in one transaction per
 * {@link AccountsConfig#sessionUseFlushEvery()} (a minute): the last use and, for password and recovery sessions, the
 * idle expiry it renews. Until then {@link #lastUse} gives the use noted here, which the expiry check takes over the
 * stored one. The same round deletes sessions that ended unused.
 */
@ApplicationScoped
public class SessionUse {
    private final Map<String, Instant> uses = new ConcurrentHashMap<>();

    @Inject
    LobbyClock clock;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    SessionRepository sessions;

    @Inject
    TokenOwners owners;

    @Inject
    Notifications notifications;

    @Inject
    AccountsConfig config;

    /** Notes a use of the session whose token hash is {@code hashHex}. */
    void touch(String hashHex, Instant at) {
        uses.merge(hashHex, at, (a, b) -> a.isAfter(b) ? a : b);
    }

    /** The latest use noted here and not yet written down, or null. */
    Instant lastUse(String hashHex) {
        return uses.get(hashHex);
    }

    /** Forgets a session that ended (nothing to write for it). */
    void forget(String hashHex) {
        uses.remove(hashHex);
    }

    /**
     * Writes the noted uses down, then deletes sessions that ended unused (at most 1 000 a round) and tells every
     * instance to drop them from its cache. Runs on the scheduler; tests call it directly.
     */
    @Scheduled(every = "${plyyard.lobby.accounts.session-use-flush-every}", delayed = "${plyyard.lobby.accounts.session-use-flush-every}",
        concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void flush() {
        List<Map.Entry<String, Instant>> batch = new ArrayList<>(uses.entrySet());
        if (!batch.isEmpty()) {
            unitOfWork.run(() -> {
                for (Map.Entry<String, Instant> use : batch) {
                    sessions.recordUse(HexFormat.of().parseHex(use.getKey()), use.getValue(),
                        use.getValue().plus(config.sessionIdleExpiry()));
                }
            });
            for (Map.Entry<String, Instant> use : batch) {
                uses.remove(use.getKey(), use.getValue()); // unless a later use came meanwhile
                owners.forget(use.getKey()); // the next call reads the stored use afresh
            }
        }
        unitOfWork.run(() -> {
            for (byte[] hash : sessions.expired(clock.now(), 1000)) {
                sessions.deleteByHash(hash);
                String hex = HexFormat.of().formatHex(hash);
                notifications.send(Notifications.TOKENS_REVOKED, hex);
                unitOfWork.afterCommit(() -> owners.forget(hex));
            }
        });
    }
}
