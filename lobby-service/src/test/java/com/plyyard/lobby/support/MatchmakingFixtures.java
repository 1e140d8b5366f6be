package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.MatchEndings;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.matchmaking.LobbyEventLog;
import com.plyyard.lobby.matchmaking.MatchmakingConfig;
import com.plyyard.lobby.matchmaking.MatchmakingSweeper;
import com.plyyard.lobby.matchmaking.Pairer;
import com.plyyard.lobby.players.Accounts;
import com.plyyard.lobby.players.Sessions;
import com.plyyard.lobby.rating.TimeClass;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.function.Executable;

/**
 * What the matchmaking service tests share (they call the beans, not the RPCs, under {@link ServiceTestProfile}):
 * players registered through {@code Accounts}, game specs with pools of their own, clocked matches that keep players
 * busy, stored ratings, the lobby's events as a player sees them, and {@link #refused}: a refusal's kind and sentence,
 * and that the stored rows of everyone involved and the lobby's version stayed as they were.
 */
public abstract class MatchmakingFixtures {
    private static final AtomicInteger NAMES = new AtomicInteger();
    /**
     * Initial clock seconds 1001, 1002, …: a pool (variant, options, clock, rated) no other test uses; rapid (below
     * 1500 s). MatchmakingTestBase counts from 601, far below.
     */
    private static final AtomicInteger CLOCKS = new AtomicInteger(1000);

    @Inject
    protected Accounts accounts;

    @Inject
    protected ManualClock clock;

    @Inject
    protected Pairer pairer;

    @Inject
    protected MatchmakingSweeper sweeper;

    @Inject
    protected MatchmakingConfig config;

    @Inject
    protected LobbyEventLog lobbyLog;

    @Inject
    protected MatchCreation matchCreation;

    @Inject
    protected MatchEndings endings;

    @Inject
    protected MatchQueries matches;

    @Inject
    protected DataSource dataSource;

    /** A new player; {@code prefix} at most 16 characters (names have at most 32). */
    protected Player register(String prefix) {
        String name = prefix + "-" + NAMES.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6);
        return accounts.register(name, new Sessions.Device("test", "127.0.0.1")).getPlayer();
    }

    protected static int freshClock() {
        return CLOCKS.incrementAndGet();
    }

    protected static GameSpec spec(String variant, int initialSeconds, boolean rated) {
        return GameSpec.newBuilder().setVariant(variant)
            .setTimeControl(TimeControl.newBuilder().setInitialSeconds(initialSeconds)).setRated(rated).build();
    }

    /** A game of its own pool: a fresh clock. */
    protected static GameSpec fresh(String variant, boolean rated) {
        return spec(variant, freshClock(), rated);
    }

    protected static UUID id(Player p) {
        return UUID.fromString(p.getId());
    }

    /** The time class of a game's clock, as the ratings file it. */
    protected static String timeClass(GameSpec game) {
        return TimeClass.of(game.getTimeControl().getInitialSeconds() * 1000L, game.getTimeControl().getIncrementSeconds() * 1000L);
    }

    /** Stores a rating for the player in the game's variant and time class (as a rating history would have left it). */
    protected void setRating(Player p, GameSpec game, double rating, double rd, double volatility, int games) {
        execute("INSERT INTO ratings (player_id, variant, time_class, rating, rd, volatility, games, updated_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, now()) ON CONFLICT (player_id, variant, time_class) DO UPDATE SET "
                + "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games",
            id(p), game.getVariant(), timeClass(game), rating, rd, volatility, games);
    }

    protected void setRating(Player p, GameSpec game, double rating) {
        setRating(p, game, rating, 100, 0.06, 10);
    }

    /**
     * A started match created with CreateMatch and JoinMatch (not through matchmaking): players[0] creates it on seat 0,
     * the others are invited to the next seats and join in order.
     */
    protected Match started(String variant, TimeControl tc, boolean rated, Player... players) {
        CreateMatchRequest.Builder b = CreateMatchRequest.newBuilder().setVariant(variant).setTimeControl(tc).setRated(rated)
            .addSeats(SeatSpec.newBuilder().setMe(true));
        for (int i = 1; i < players.length; i++) {
            b.addSeats(SeatSpec.newBuilder().setInvite(players[i].getName()));
        }
        Match m = matchCreation.create(players[0], b.build());
        for (int i = 1; i < players.length; i++) {
            m = matchCreation.join(players[i], JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        }
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        return m;
    }

    /** A casual draughts match with a clock (300 + 0) between two players: both are busy until it ends. */
    protected Match clockedMatch(Player a, Player b) {
        return started("draughts:fmjd", TimeControl.newBuilder().setInitialSeconds(300).build(), false, a, b);
    }

    protected Match resign(Player who, String matchId) {
        return endings.resign(who, matchId, matches.get(matchId).getVersion());
    }

    /**
     * Runs a call that must be refused with this kind and exactly this sentence, and checks that it changed nothing:
     * neither the stored rows about the players involved nor the lobby's event version. The background jobs get a
     * round first, so nothing they still had to do lands in between.
     */
    protected LobbyException refused(ErrorKind kind, String sentence, Executable call, Player... involved) {
        sweeper.sweepNow();
        pairer.waveNow();
        String before = stored(involved);
        long version = lobbyVersion();
        LobbyException e = assertThrows(LobbyException.class, call);
        assertEquals(kind, e.kind(), e.sentence());
        assertEquals(sentence, e.sentence());
        assertEquals(before, stored(involved), "a refused call changes nothing stored: " + sentence);
        assertEquals(version, lobbyVersion(), "a refused call adds no lobby event: " + sentence);
        return e;
    }

    /** The lobby's latest event version. */
    protected long lobbyVersion() {
        return Long.parseLong(text("SELECT version FROM lobby_log"));
    }

    /** The lobby events after {@code version} that this player may see, in order. */
    protected List<LobbyEvent> eventsFor(Player p, long version) {
        return lobbyLog.after(version, id(p), 1000);
    }

    /** The player's Paired events after {@code version}. */
    protected List<LobbyEvent> pairedEvents(Player p, long version) {
        return eventsFor(p, version).stream().filter(LobbyEvent::hasPaired).toList();
    }

    protected String seekStatus(String seekId) {
        return text("SELECT status FROM seeks WHERE id = ?::uuid", seekId);
    }

    protected String ticketStatus(String ticketId) {
        return text("SELECT status FROM pool_tickets WHERE id = ?::uuid", ticketId);
    }

    protected String challengeStatus(String challengeId) {
        return text("SELECT status FROM challenges WHERE id = ?::uuid", challengeId);
    }

    /** How many matches the player sits in. */
    protected long matchesOf(Player p) {
        return count("SELECT count(*) FROM seats WHERE player_id = ?", id(p));
    }

    /**
     * Every stored row about these players, as text: their seeks (owned or seated) and seats, parties and members,
     * pool tickets and members, challenges, ratings and rating changes, the matches they sit in, and the lobby events
     * addressed to them.
     */
    protected String stored(Player... players) {
        return StoredText.players(dataSource, java.util.Arrays.stream(players).map(MatchmakingFixtures::id).toList());
    }

    protected String text(String sql, Object... args) {
        return StoredText.text(dataSource, sql, args);
    }

    protected long count(String sql, Object... args) {
        return Long.parseLong(text(sql, args));
    }

    protected void execute(String sql, Object... args) {
        StoredText.execute(dataSource, sql, args);
    }
}
