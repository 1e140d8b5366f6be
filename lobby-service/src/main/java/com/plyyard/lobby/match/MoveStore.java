package com.plyyard.lobby.match;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.TransientFailures;
import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.Player;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The move's hot path in plain SQL (docs/scaling.md, "The move path"): one statement reads the match, its seats, the
 * names a view needs and the database clock; the rules are asked with no transaction open and no row locked; then one
 * statement writes everything the move changes, guarded by the version read ({@code UPDATE … WHERE version = ?}), in
 * its own commit. A move thus costs two round trips and one commit, and no lock is held while rules-service thinks.
 *
 * <p>Every other change of a match (resign, draws, presence, flags) still takes the row lock in a unit of work; it
 * bumps the version, so a move read before it finds nothing to update and is read and checked again.
 */
@ApplicationScoped
class MoveStore {
    private static final Logger LOG = Logger.getLogger(MoveStore.class);

    @Inject
    LobbyClock clock;

    /** One row per seat, the match's columns repeated; one snapshot of the database, so every part belongs together. */
    private static final String READ = """
        SELECT m.status, m.version, m.state_version, m.plies, m.state, m.result, m.turn_started_at, m.deadline_at,
               m.ai_to_move, m.created_by, m.created_at, m.updated_at, m.initial_millis, m.increment_millis, m.rated,
               CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint) AS now_millis, cp.name AS creator_name,
               s.idx, s.kind, s.player_id, s.invited_player_id, s.ai_level, s.clock_millis, s.out, s.offers_draw,
               s.connections, sp.name AS seat_name
        FROM matches m
        JOIN seats s ON s.match_id = m.id
        LEFT JOIN players cp ON cp.id = m.created_by
        LEFT JOIN players sp ON sp.id = coalesce(s.player_id, s.invited_player_id)
        WHERE m.id = ?
        ORDER BY s.idx""";

    /**
     * The whole move in one statement: the match row if it is still at the version read, then its seats and its event
     * (both only through the row the first part returns); the answer has a row if the move was written. Data-modifying
     * parts of a WITH run exactly once whether or not the query reads them; all of it commits or none. No NOTIFY here:
     * it would serialise the moves' commits ({@link com.plyyard.lobby.db.NotificationBatcher}).
     */
    private static final String WRITE = """
        WITH m AS (
            UPDATE matches SET version = ?, state_version = ?, plies = ?, state = ?, turn_started_at = ?, deadline_at = ?,
                   ai_to_move = ?, updated_at = ?
            WHERE id = ? AND version = ? AND status = 'MATCH_ACTIVE'
            RETURNING id),
        s AS (
            UPDATE seats SET clock_millis = v.clock_millis, out = v.out, offers_draw = false
            FROM m, unnest(CAST(? AS integer[]), CAST(? AS bigint[]), CAST(? AS boolean[])) AS v(idx, clock_millis, out)
            WHERE seats.match_id = m.id AND seats.idx = v.idx
            RETURNING 1),
        e AS (
            INSERT INTO match_events (match_id, version, type, payload, created_at)
            SELECT m.id, ?, 'MOVE_PLAYED', ?, ? FROM m
            RETURNING 1)
        SELECT 1 FROM m""";

    /** The moves of a match up to a version, for the move list of the answer when this instance has not kept it. */
    private static final String MOVES = """
        SELECT payload FROM match_events WHERE match_id = ? AND type = 'MOVE_PLAYED' AND version <= ? ORDER BY version""";

    @Inject
    AgroalDataSource dataSource;

    /** A match as read for a move: detached rows (nothing tracks them), the names of its players, the clock. */
    record Snapshot(MatchEntity row, List<SeatEntity> seats, Map<UUID, Player> names, long now) {
    }

    /** The match as it is now, or NOT_FOUND. */
    Snapshot read(UUID id) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(READ)) {
            st.setObject(1, id);
            try (ResultSet rs = st.executeQuery()) {
                MatchEntity m = null;
                List<SeatEntity> seats = new ArrayList<>();
                Map<UUID, Player> names = new HashMap<>();
                long now = 0;
                while (rs.next()) {
                    if (m == null) {
                        m = new MatchEntity();
                        m.id = id;
                        m.status = rs.getString("status");
                        m.version = rs.getLong("version");
                        m.stateVersion = rs.getLong("state_version");
                        m.plies = rs.getInt("plies");
                        m.state = rs.getBytes("state");
                        m.result = rs.getBytes("result");
                        m.turnStartedAt = instant(rs.getTimestamp("turn_started_at"));
                        m.deadlineAt = instant(rs.getTimestamp("deadline_at"));
                        m.aiToMove = rs.getBoolean("ai_to_move");
                        m.createdBy = rs.getObject("created_by", UUID.class);
                        m.createdAt = instant(rs.getTimestamp("created_at"));
                        m.updatedAt = instant(rs.getTimestamp("updated_at"));
                        m.initialMillis = rs.getLong("initial_millis");
                        m.incrementMillis = rs.getLong("increment_millis");
                        m.rated = rs.getBoolean("rated");
                        now = clock.nowMillis(rs.getLong("now_millis"));
                        name(names, m.createdBy, rs.getString("creator_name"));
                    }
                    SeatEntity s = new SeatEntity();
                    s.matchId = id;
                    s.idx = rs.getInt("idx");
                    s.kind = rs.getString("kind");
                    s.playerId = rs.getObject("player_id", UUID.class);
                    s.invitedPlayerId = rs.getObject("invited_player_id", UUID.class);
                    int level = rs.getInt("ai_level");
                    s.aiLevel = rs.wasNull() ? null : level;
                    s.clockMillis = rs.getLong("clock_millis");
                    s.out = rs.getBoolean("out");
                    s.offersDraw = rs.getBoolean("offers_draw");
                    s.connections = rs.getInt("connections");
                    name(names, s.playerId != null ? s.playerId : s.invitedPlayerId, rs.getString("seat_name"));
                    seats.add(s);
                }
                if (m == null) {
                    throw MatchChanges.notFound(id);
                }
                return new Snapshot(m, seats, names, now);
            }
        } catch (SQLException e) {
            throw failed("read", id, e);
        }
    }

    /**
     * Writes the move: the changed row and seats, and {@code event} (stamped) as version {@code row.version} (already counted
     * up from {@code readVersion}). False, with nothing written, when the match is no longer at {@code readVersion}
     * (another change came first) or no longer active.
     */
    boolean write(MatchEntity row, List<SeatEntity> seats, long readVersion, MatchEvent event) {
        int n = seats.size();
        Integer[] idx = new Integer[n];
        Long[] clocks = new Long[n];
        Boolean[] out = new Boolean[n];
        for (int i = 0; i < n; i++) {
            SeatEntity s = seats.get(i);
            idx[i] = s.idx;
            clocks[i] = s.clockMillis;
            out[i] = s.out;
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(WRITE)) {
            int p = 1;
            st.setLong(p++, row.version);
            st.setLong(p++, row.stateVersion);
            st.setInt(p++, row.plies);
            st.setBytes(p++, row.state);
            st.setTimestamp(p++, timestamp(row.turnStartedAt));
            st.setTimestamp(p++, timestamp(row.deadlineAt));
            st.setBoolean(p++, row.aiToMove);
            st.setTimestamp(p++, timestamp(row.updatedAt));
            st.setObject(p++, row.id);
            st.setLong(p++, readVersion);
            st.setArray(p++, c.createArrayOf("integer", idx));
            st.setArray(p++, c.createArrayOf("bigint", clocks));
            st.setArray(p++, c.createArrayOf("boolean", out));
            st.setLong(p++, row.version);
            st.setBytes(p++, event.toByteArray());
            st.setTimestamp(p, timestamp(row.updatedAt));
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw failed("write", row.id, e);
        }
    }

    /** The match's moves up to {@code version}, as the match lists them. */
    List<MatchMove> moves(UUID id, long version) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(MOVES)) {
            st.setObject(1, id);
            st.setLong(2, version);
            List<MatchMove> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(MatchViews.move(MatchEvent.parseFrom(rs.getBytes(1))));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failed("moves", id, e);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("A stored match event does not parse: " + e.getMessage(), e);
        }
    }

    private static void name(Map<UUID, Player> names, UUID id, String name) {
        if (id != null && name != null) {
            names.put(id, Player.newBuilder().setId(id.toString()).setName(name).build());
        }
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private static Timestamp timestamp(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    /** The database failed: UNAVAILABLE when it is unreachable (nothing was written), otherwise an internal error. */
    private static RuntimeException failed(String what, UUID id, SQLException e) {
        if (TransientFailures.databaseUnreachable(e)) {
            return new IllegalStateException("the database is unreachable", e);
        }
        LOG.errorf(e, "the move path's %s of match %s failed", what, id);
        return new IllegalStateException("the move path's " + what + " failed: " + e.getMessage(), e);
    }
}
