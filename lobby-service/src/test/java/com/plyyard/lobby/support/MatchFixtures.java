package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.players.Accounts;
import com.plyyard.lobby.players.Sessions;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import io.agroal.api.AgroalDataSource;
import io.quarkus.arc.Arc;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.function.Executable;

/**
 * What the service tests of the match lifecycle share (MatchMovesServiceTest and its siblings, RematchesServiceTest):
 * players and matches made through the lobby's own beans ({@link Accounts}, {@link MatchCreation}), the match read back
 * ({@link MatchQueries}), its stored rows read with plain SQL, and {@link #refused}, which checks a refusal's kind and
 * sentence and that the stored match is exactly as before. Not a bean: it looks the beans up when used, so it works in
 * any test running under the {@link ServiceTestProfile}.
 */
public final class MatchFixtures {
    private static final AtomicInteger NAMES = new AtomicInteger();

    private static <T> T bean(Class<T> type) {
        return Arc.container().instance(type).get();
    }

    /** A newly registered player (the name made unique from the prefix). */
    public Player player(String prefix) {
        String name = prefix + "-" + NAMES.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6);
        return bean(Accounts.class).register(name, new Sessions.Device("test", "127.0.0.1")).getPlayer();
    }

    public Player[] players(String prefix, int n) {
        Player[] out = new Player[n];
        for (int i = 0; i < n; i++) {
            out[i] = player(prefix + i);
        }
        return out;
    }

    public static TimeControl clock(int initialSeconds, int incrementSeconds) {
        return TimeControl.newBuilder().setInitialSeconds(initialSeconds).setIncrementSeconds(incrementSeconds).build();
    }

    /** A started match of {@code variant}: {@code players[0]} creates it in seat 0, the others are invited and join. */
    public Match started(String variant, TimeControl clock, Player... players) {
        return started(CreateMatchRequest.newBuilder().setVariant(variant).setTimeControl(clock), players);
    }

    /** As {@link #started(String, TimeControl, Player...)}, from a request with the game set (seats are added here). */
    public Match started(CreateMatchRequest.Builder game, Player... players) {
        CreateMatchRequest.Builder r = game.clone().clearSeats().addSeats(SeatSpec.newBuilder().setMe(true));
        for (int i = 1; i < players.length; i++) {
            r.addSeats(SeatSpec.newBuilder().setInvite(players[i].getName()));
        }
        MatchCreation creation = bean(MatchCreation.class);
        Match m = creation.create(players[0], r.build());
        for (int i = 1; i < players.length; i++) {
            m = creation.join(players[i], JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        }
        return m;
    }

    /** A match waiting for its second player: the creator in seat 0, seat 1 open. */
    public Match waiting(String variant, TimeControl clock, Player creator) {
        return bean(MatchCreation.class).create(creator, CreateMatchRequest.newBuilder().setVariant(variant)
            .setTimeControl(clock).addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setOpen(true))
            .build());
    }

    public Match get(String matchId) {
        return bean(MatchQueries.class).get(matchId);
    }

    /** The legal moves of the match's current position, as the lobby lists them. */
    public List<String> legalMoves(String matchId) {
        return bean(MatchQueries.class).legalMoves(matchId).getMovesList().stream().map(Move::getNotation).toList();
    }

    /** The seat whose player moves now (the seat to move, or whoever plays its turn). */
    public static int mover(Match m) {
        return m.getState().getSeats(m.getState().getToMove()).getPlayedBy();
    }

    /**
     * Runs a call that must be refused: asserts the refusal's kind and sentence, and that the stored rows of the match
     * (the match, its seats, its events) are exactly as before.
     */
    public LobbyException refused(String matchId, ErrorKind kind, String sentence, Executable call) {
        String before = stored(matchId);
        LobbyException e = assertThrows(LobbyException.class, call);
        assertEquals(kind, e.kind(), e.sentence());
        assertEquals(sentence, e.sentence());
        assertEquals(before, stored(matchId), "a refused call must not change the stored match");
        return e;
    }

    /** The stored rows of a match (match, seats, events) as text. */
    public String stored(String matchId) {
        return StoredText.match(bean(AgroalDataSource.class), UUID.fromString(matchId));
    }

    /** The types of the match's stored events, in version order. */
    public List<String> eventTypes(String matchId) {
        List<String> out = new ArrayList<>();
        query("SELECT type FROM match_events WHERE match_id = ? ORDER BY version", matchId, rs -> out.add(rs.getString(1)));
        return out;
    }

    /** The stored {@code deadline_at} of the match in epoch ms, or null. */
    public Long deadline(String matchId) {
        return instant(matchId, "deadline_at");
    }

    /** The stored {@code turn_started_at} of the match in epoch ms, or null. */
    public Long turnStartedAt(String matchId) {
        return instant(matchId, "turn_started_at");
    }

    /** The stored {@code state_version} of the match. */
    public long stateVersion(String matchId) {
        long[] v = {-1};
        query("SELECT state_version FROM matches WHERE id = ?", matchId, rs -> v[0] = rs.getLong(1));
        return v[0];
    }

    /** A count (or any one number) read with {@code sql}, whose parameters are bound in order. */
    public long count(String sql, Object... args) {
        try (Connection c = bean(AgroalDataSource.class).getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Long instant(String matchId, String column) {
        Long[] v = {null};
        query("SELECT " + column + " FROM matches WHERE id = ?", matchId, rs -> {
            Timestamp t = rs.getTimestamp(1);
            v[0] = t == null ? null : t.toInstant().toEpochMilli();
        });
        return v[0];
    }

    private interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(String sql, String matchId, Row row) {
        try (Connection c = bean(AgroalDataSource.class).getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setObject(1, UUID.fromString(matchId));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    row.read(rs);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

}
