package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.rating.TimeClass;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.TimeControl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;

/** What the matchmaking tests share: lobby streams, game specs with a pool of their own, ratings and stored rows. */
public abstract class MatchmakingTestBase extends LobbyTestBase {
    /** Every test takes its own clocks, so its pools are its own (pools are per variant, options, clock, rated). */
    private static final AtomicInteger CLOCKS = new AtomicInteger(600);

    private final List<LobbyStream> lobbyStreams = new ArrayList<>();

    @AfterEach
    void closeLobbyStreams() {
        lobbyStreams.forEach(LobbyStream::close);
        lobbyStreams.clear();
    }

    /** A fresh initial time (seconds) no other test uses: 601, 602, … (a rapid clock). */
    protected static int freshClock() {
        return CLOCKS.incrementAndGet();
    }

    protected static GameSpec spec(String variant, int initialSeconds, boolean rated) {
        return GameSpec.newBuilder().setVariant(variant)
            .setTimeControl(TimeControl.newBuilder().setInitialSeconds(initialSeconds)).setRated(rated).build();
    }

    /** A lobby stream from version 0, after its snapshot arrived (the player is present in the lobby from then on). */
    protected LobbyStream inLobby(TestPlayer p) {
        LobbyStream s = p.watchLobby(0);
        lobbyStreams.add(s);
        assertTrue(s.next(Duration.ofSeconds(10)).hasSnapshot(), "a lobby stream begins with its snapshot");
        return s;
    }

    protected LobbyStream lobbyStream(TestPlayer p, long from) {
        LobbyStream s = p.watchLobby(from);
        lobbyStreams.add(s);
        return s;
    }

    protected PoolTicket join(TestPlayer p, GameSpec game) {
        return p.mm().joinPool(JoinPoolRequest.newBuilder().setGame(game).build());
    }

    /** Waits for the player's Paired event on the stream. */
    protected static LobbyEvent paired(LobbyStream s) {
        return s.until(LobbyEvent::hasPaired, Duration.ofSeconds(15));
    }

    protected static UUID id(TestPlayer p) {
        return UUID.fromString(p.player().getId());
    }

    /** Stores a rating for the player (as a rating history would have left it). */
    protected void setRating(TestPlayer p, String variant, int initialSeconds, int incrementSeconds, double rating, double rd,
                             double volatility) {
        String timeClass = TimeClass.of(initialSeconds * 1000L, incrementSeconds * 1000L);
        execute("INSERT INTO ratings (player_id, variant, time_class, rating, rd, volatility, games, updated_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, 5, now()) ON CONFLICT (player_id, variant, time_class) DO UPDATE SET "
                + "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility",
            id(p), variant, timeClass, rating, rd, volatility);
    }

    protected String ticketStatus(String ticketId) {
        return text("SELECT status FROM pool_tickets WHERE id = ?::uuid", ticketId);
    }

    protected String text(String sql, Object... args) {
        return StoredText.text(dataSource, sql, args);
    }

    protected void execute(String sql, Object... args) {
        StoredText.execute(dataSource, sql, args);
    }

    /** Polls until the condition holds; fails after the time. */
    protected static void await(String what, java.util.function.BooleanSupplier condition, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " did not happen within " + max.toSeconds() + " s");
            Processes.sleep(50);
        }
    }

    /**
     * Every stored matchmaking row that concerns these players (seeks, seats, parties, tickets, challenges, rematches,
     * ratings, the matches they sit in, and the lobby events addressed to them), as text: a refused call must leave it
     * exactly as it was.
     */
    protected String storedLobby(TestPlayer... players) {
        return StoredText.players(dataSource, java.util.Arrays.stream(players).map(MatchmakingTestBase::id).toList());
    }

}
