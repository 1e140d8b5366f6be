package com.plyyard.lobby.support;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Stored rows as text, to show that a refused call changed nothing: the text before and after must be equal. Every
 * column of every row, byte columns by their hash. One place for the tests of every layer (edge, service, fixtures).
 */
public final class StoredText {
    private StoredText() {
    }

    /** The rows of a match: the match, its seats (with their connection counts) and its event log. */
    public static String match(DataSource dataSource, UUID id) {
        StringBuilder sb = new StringBuilder();
        try (Connection c = dataSource.getConnection()) {
            rows(c, sb, "SELECT * FROM matches WHERE id = ?", id);
            rows(c, sb, "SELECT * FROM seats WHERE match_id = ? ORDER BY idx", id);
            rows(c, sb, "SELECT version, type, created_at, md5(payload) FROM match_events WHERE match_id = ? ORDER BY version",
                id);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return sb.toString();
    }

    /**
     * Every stored matchmaking row that concerns these players: seeks (owned or seated) and their seats, parties (led or
     * joined) and members, pool tickets and members, challenges, rematch requests, ratings and rating changes, exercise
     * progress, puzzle ratings, attempts and answers, the matches they sit in (id, status, versions), and the lobby events addressed to them.
     */
    public static String players(DataSource dataSource, List<UUID> players) {
        StringBuilder sb = new StringBuilder();
        try (Connection c = dataSource.getConnection()) {
            Array a = c.createArrayOf("uuid", players.toArray());
            String seeks = "(SELECT id FROM seeks WHERE owner_id = ANY(?) UNION SELECT seek_id FROM seek_seats WHERE "
                + "player_id = ANY(?))";
            rows(c, sb, "SELECT * FROM seeks WHERE id IN " + seeks + " ORDER BY id", a, a);
            rows(c, sb, "SELECT * FROM seek_seats WHERE seek_id IN " + seeks + " ORDER BY seek_id, idx", a, a);
            String parties = "(SELECT party_id FROM party_members WHERE player_id = ANY(?) UNION SELECT id FROM parties "
                + "WHERE leader_id = ANY(?))";
            rows(c, sb, "SELECT * FROM parties WHERE id IN " + parties + " ORDER BY id", a, a);
            rows(c, sb, "SELECT * FROM party_members WHERE party_id IN " + parties + " ORDER BY party_id, idx", a, a);
            String tickets = "(SELECT ticket_id FROM pool_ticket_members WHERE player_id = ANY(?))";
            rows(c, sb, "SELECT * FROM pool_tickets WHERE id IN " + tickets + " ORDER BY id", a);
            rows(c, sb, "SELECT * FROM pool_ticket_members WHERE ticket_id IN " + tickets + " ORDER BY ticket_id, idx", a);
            rows(c, sb, "SELECT * FROM challenges WHERE challenger_id = ANY(?) OR opponent_id = ANY(?) ORDER BY id", a, a);
            rows(c, sb, "SELECT * FROM rematch_requests WHERE player_id = ANY(?) ORDER BY previous_match_id, player_id", a);
            rows(c, sb, "SELECT * FROM ratings WHERE player_id = ANY(?) ORDER BY player_id, variant, time_class", a);
            rows(c, sb, "SELECT * FROM rating_changes WHERE player_id = ANY(?) ORDER BY match_id, player_id", a);
            rows(c, sb, "SELECT * FROM exercise_progress WHERE player_id = ANY(?) ORDER BY player_id, exercise_id, part", a);
            rows(c, sb, "SELECT * FROM puzzle_ratings WHERE player_id = ANY(?) ORDER BY player_id, game", a);
            rows(c, sb, "SELECT * FROM puzzle_attempts WHERE player_id = ANY(?) ORDER BY id", a);
            rows(c, sb, "SELECT w.* FROM puzzle_answers w JOIN puzzle_attempts t ON t.id = w.attempt_id WHERE t.player_id"
                + " = ANY(?) ORDER BY w.attempt_id, w.step", a);
            rows(c, sb, "SELECT id, status, version, state_version FROM matches WHERE id IN (SELECT match_id FROM seats "
                + "WHERE player_id = ANY(?)) ORDER BY id", a);
            rows(c, sb, "SELECT version, type FROM lobby_events WHERE recipients && ? ORDER BY version", a);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return sb.toString();
    }

    /** Appends the rows the query finds, a line each: {@code column=value …}. */
    public static void rows(Connection c, StringBuilder sb, String sql, Object... args) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = st.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                while (rs.next()) {
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        Object v = rs.getObject(i);
                        sb.append(md.getColumnName(i)).append('=')
                            .append(v instanceof byte[] bytes ? Arrays.hashCode(bytes) : String.valueOf(v)).append(' ');
                    }
                    sb.append('\n');
                }
            }
        }
    }

    /** The first column of the query's first row as text; null when it finds no row. */
    public static String text(DataSource dataSource, String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = prepared(c, sql, args);
             ResultSet rs = st.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs a statement that changes rows (a test's set-up, outside the lobby's code). */
    public static void execute(DataSource dataSource, String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = prepared(c, sql, args)) {
            st.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static PreparedStatement prepared(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement st = c.prepareStatement(sql);
        for (int i = 0; i < args.length; i++) {
            st.setObject(i + 1, args[i]);
        }
        return st;
    }
}
