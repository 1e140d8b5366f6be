package com.plyyard.lobby.learn;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.PeriodicTask;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.ListPuzzlesResponse;
import com.plyyard.proto.v1.PuzzleData;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The shipped puzzle sets in the lobby's database: at start (in the background, again every 5 s until rules-service
 * answers) or else on the first puzzle call of this process, each game's set is asked of rules-service (its first page carries the set's digest) and loaded only when the digest differs from the one stored,
 * so that a new release's puzzles arrive with it and a restart costs one call per game. Ratings and plays of puzzles
 * already known are kept; puzzles a set drops are retired.
 */
@ApplicationScoped
public class PuzzleSets {
    private static final Logger LOG = Logger.getLogger(PuzzleSets.class);
    static final List<String> GAMES = List.of("draughts", "ploy", "piracy");
    private static final int PAGE = 1000;

    @Inject
    Rules rules;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyClock clock;

    @Inject
    PuzzleStore store;

    /** Whether the sets are loaded at start, in the background (off in tests that never play puzzles). */
    @ConfigProperty(name = "plyyard.lobby.puzzles.load-at-start", defaultValue = "true")
    boolean loadAtStart;

    private volatile boolean checked;

    /** At start, until done: the sets loaded before the first puzzle call, rules-service being up by then or later. */
    private final PeriodicTask startLoader = new PeriodicTask("lobby-puzzle-sets", () -> {
        if (!checked) {
            ensureLoaded();
        }
    }, LOG);

    void onStart(@Observes StartupEvent event) {
        if (loadAtStart) {
            startLoader.start(Duration.ofMillis(500), Duration.ofSeconds(5));
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        startLoader.stop();
    }

    /**
     * Makes sure every set is loaded as rules-service ships it. Blocking, no transaction open. rules-service down on the
     * first call is UNAVAILABLE; the next call tries again.
     */
    public void ensureLoaded() {
        if (checked) {
            return;
        }
        synchronized (this) {
            if (checked) {
                return;
            }
            loadAll();
            checked = true;
        }
    }

    /** Each game's set compared with the one stored, and loaded when it differs. Blocking, no transaction open. */
    synchronized void loadAll() {
        Map<String, PuzzleStore.LoadedSet> stored = unitOfWork.call(store::sets);
        for (String game : GAMES) {
            load(game, stored.get(game));
        }
    }

    private void load(String game, PuzzleStore.LoadedSet stored) {
        ListPuzzlesResponse first = rules.listPuzzles(game, 0, PAGE);
        if (first.getTotal() == 0 || stored != null && stored.digest().equals(first.getDigest())) {
            return;
        }
        List<PuzzleData> all = new ArrayList<>(first.getPuzzlesList());
        while (all.size() < first.getTotal()) {
            ListPuzzlesResponse page = rules.listPuzzles(game, all.size(), PAGE);
            if (!page.getDigest().equals(first.getDigest()) || page.getPuzzlesCount() == 0) {
                // a rules-service of another release answered (a rolling update): the next call loads again
                throw LobbyException.unavailable("The puzzle set of " + game + " changed while it was read; try again.");
            }
            all.addAll(page.getPuzzlesList());
        }
        long start = System.nanoTime();
        unitOfWork.run(() -> store.load(game, first.getDigest(), first.getMadeBy(), all, clock.now()));
        LOG.infof("loaded %d %s puzzles (set %s) in %d ms", all.size(), game, first.getDigest().substring(0, 12),
            (System.nanoTime() - start) / 1_000_000);
    }
}
