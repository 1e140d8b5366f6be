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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The move's hot path in plain SQL (docs/scaling.md, "The move path"): one statement reads the match, its seats, the
 * names a view needs and the database clock; the rules are asked with no transaction open and no row locked; then one
 * statement writes everything the move changes, guarded by the version read ({@code UPDATE … WHERE version = ?}),
 * together with the moves of other matches that reach their write at the same time ({@link MoveWriter}): one
 * statement and one commit for the batch. A move thus costs two round trips and a share of a commit, and no lock is
 * held while rules-service thinks.
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
     * A batch of moves of different matches in one statement ({@link MoveWriter}): each match row if it is still at
     * the version its move was read at, then the seats and the event of each row written (only through the rows the
     * first part returns; a seat the move leaves as it was is not rewritten, a new row version saved). The answer
     * names the matches written; a move whose match changed meanwhile writes nothing and touches no other move. Data-modifying parts of a WITH run exactly once whether or not the query reads them;
     * all of it commits or none. Times travel as microseconds since the epoch (timestamptz's own precision). No
     * NOTIFY here: it would serialise the commits ({@link com.plyyard.lobby.db.NotificationBatcher}).
     */
    private static final String WRITE = """
        WITH v AS (
            SELECT * FROM unnest(CAST(? AS uuid[]), CAST(? AS bigint[]), CAST(? AS bigint[]), CAST(? AS bigint[]),
                                 CAST(? AS integer[]), CAST(? AS bytea[]), CAST(? AS bigint[]), CAST(? AS bigint[]),
                                 CAST(? AS boolean[]), CAST(? AS bigint[]), CAST(? AS bytea[]))
                AS v(id, read_version, version, state_version, plies, state, turn_started_us, deadline_us, ai_to_move,
                     updated_us, event)),
        m AS (
            UPDATE matches SET version = v.version, state_version = v.state_version, plies = v.plies, state = v.state,
                   turn_started_at = TIMESTAMPTZ 'epoch' + v.turn_started_us * INTERVAL '1 microsecond',
                   deadline_at = TIMESTAMPTZ 'epoch' + v.deadline_us * INTERVAL '1 microsecond',
                   ai_to_move = v.ai_to_move,
                   updated_at = TIMESTAMPTZ 'epoch' + v.updated_us * INTERVAL '1 microsecond'
            FROM v
            WHERE matches.id = v.id AND matches.version = v.read_version AND matches.status = 'MATCH_ACTIVE'
            RETURNING matches.id),
        s AS (
            UPDATE seats SET clock_millis = w.clock_millis, out = w.out, offers_draw = false
            FROM m, unnest(CAST(? AS uuid[]), CAST(? AS integer[]), CAST(? AS bigint[]), CAST(? AS boolean[]))
                AS w(match_id, idx, clock_millis, out)
            WHERE w.match_id = m.id AND seats.match_id = w.match_id AND seats.idx = w.idx
              AND (seats.clock_millis, seats.out, seats.offers_draw) IS DISTINCT FROM (w.clock_millis, w.out, false)
            RETURNING 1),
        e AS (
            INSERT INTO match_events (match_id, version, type, payload, created_at)
            SELECT v.id, v.version, 'MOVE_PLAYED', v.event, TIMESTAMPTZ 'epoch' + v.updated_us * INTERVAL '1 microsecond'
            FROM v JOIN m ON m.id = v.id
            RETURNING 1)
        SELECT id FROM m""";

    private static final String POSITION = "SELECT status, version, state_version, state FROM matches WHERE id = ?";

    /** The moves of a match up to a version, for the move list of the answer when this instance has not kept it. */
    private static final String MOVES = """
        SELECT payload FROM match_events WHERE match_id = ? AND type = 'MOVE_PLAYED' AND version <= ? ORDER BY version""";

    @Inject
    AgroalDataSource dataSource;

    /** A match as read for a move: detached rows (nothing tracks them), the names of its players, the clock. */
    record Snapshot(MatchEntity row, List<SeatEntity> seats, Map<UUID, Player> names, long now) {
    }

    /** What ListLegalMoves needs of a match: one row, read by one statement (so consistent) with no lock and no transaction. */
    record Position(String status, long version, long stateVersion, byte[] state) {
    }

    /** The match's status, versions and state as they are now, or NOT_FOUND. */
    Position position(UUID id) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(POSITION)) {
            st.setObject(1, id);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    throw MatchChanges.notFound(id);
                }
                return new Position(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getBytes(4));
            }
        } catch (SQLException e) {
            throw failed("position read", id, e);
        }
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
     * A move to write: the changed row and seats, and {@code event} (stamped) as version {@code row.version} (already
     * counted up from {@code readVersion}).
     */
    record Write(MatchEntity row, List<SeatEntity> seats, long readVersion, MatchEvent event) {
    }

    /**
     * Writes the moves, at most one per match, in one statement and one commit. Returns the matches written; a move
     * whose match is no longer at its {@code readVersion} (another change came first) or no longer active wrote nothing.
     */
    Set<UUID> write(List<Write> moves) {
        int n = moves.size();
        UUID[] ids = new UUID[n];
        Long[] readVersions = new Long[n];
        Long[] versions = new Long[n];
        Long[] stateVersions = new Long[n];
        Integer[] plies = new Integer[n];
        byte[][] states = new byte[n][];
        Long[] turnStarted = new Long[n];
        Long[] deadlines = new Long[n];
        Boolean[] aiToMove = new Boolean[n];
        Long[] updated = new Long[n];
        byte[][] events = new byte[n][];
        List<UUID> seatMatches = new ArrayList<>();
        List<Integer> seatIdx = new ArrayList<>();
        List<Long> seatClocks = new ArrayList<>();
        List<Boolean> seatOut = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Write w = moves.get(i);
            MatchEntity row = w.row();
            ids[i] = row.id;
            readVersions[i] = w.readVersion();
            versions[i] = row.version;
            stateVersions[i] = row.stateVersion;
            plies[i] = row.plies;
            states[i] = row.state;
            turnStarted[i] = micros(row.turnStartedAt);
            deadlines[i] = micros(row.deadlineAt);
            aiToMove[i] = row.aiToMove;
            updated[i] = micros(row.updatedAt);
            events[i] = w.event().toByteArray();
            for (SeatEntity s : w.seats()) {
                seatMatches.add(row.id);
                seatIdx.add(s.idx);
                seatClocks.add(s.clockMillis);
                seatOut.add(s.out);
            }
        }
        UUID first = ids[0];
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(WRITE)) {
            int p = 1;
            st.setArray(p++, c.createArrayOf("uuid", ids));
            st.setArray(p++, c.createArrayOf("bigint", readVersions));
            st.setArray(p++, c.createArrayOf("bigint", versions));
            st.setArray(p++, c.createArrayOf("bigint", stateVersions));
            st.setArray(p++, c.createArrayOf("integer", plies));
            st.setArray(p++, c.createArrayOf("bytea", states));
            st.setArray(p++, c.createArrayOf("bigint", turnStarted));
            st.setArray(p++, c.createArrayOf("bigint", deadlines));
            st.setArray(p++, c.createArrayOf("boolean", aiToMove));
            st.setArray(p++, c.createArrayOf("bigint", updated));
            st.setArray(p++, c.createArrayOf("bytea", events));
            st.setArray(p++, c.createArrayOf("uuid", seatMatches.toArray(new UUID[0])));
            st.setArray(p++, c.createArrayOf("integer", seatIdx.toArray(new Integer[0])));
            st.setArray(p++, c.createArrayOf("bigint", seatClocks.toArray(new Long[0])));
            st.setArray(p, c.createArrayOf("boolean", seatOut.toArray(new Boolean[0])));
            Set<UUID> written = new HashSet<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    written.add(rs.getObject(1, UUID.class));
                }
            }
            return written;
        } catch (SQLException e) {
            throw failed(n == 1 ? "write" : "write of " + n + " moves", first, e);
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

    /** Microseconds since the epoch, timestamptz's own precision; null stays null. */
    static Long micros(Instant i) {
        return i == null ? null : Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1_000);
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
