package com.plyyard.lobby.fuzz;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the lobby stores, compared row by row: for every table of the lobby's schema its row count and a digest of
 * its rows (the sum of each row's 64-bit hash of its text), so two snapshots are equal exactly when every
 * table holds the same rows; the two append-only event logs ({@code match_events}, {@code lobby_events}: a trigger refuses
 * UPDATE and DELETE) by their row count alone; the puzzles by the rows written to them, which a trigger counts. Columns
 * left out: {@code lobby_presence.last_seen}, the time the presence heartbeat refreshes (which the property's
 * configuration keeps off, but the value carries no state a call could break), and {@code sessions.last_used_at} and
 * {@code expires_at}, a session's last use written down in the background (players.SessionUse), whose renewal is no
 * call's change.
 *
 * <p>Snapshots are cheap when nothing was written: {@code pg_current_snapshot()} (its xmin, xmax and the transactions in
 * progress) changes whenever any transaction that writes (or locks rows) has started, so while it stays the same no row
 * can have changed and the digests are not computed again.
 */
public final class StoredRows implements AutoCloseable {
    /**
     * Tables that only ever grow (a trigger refuses UPDATE and DELETE, V1 and V3 migrations): their row count is their
     * content's measure, so their large payloads are not hashed.
     */
    private static final java.util.Set<String> APPEND_ONLY = java.util.Set.of("match_events", "lobby_events");

    /**
     * Tables of thousands of rows that only the puzzle loader and finished puzzle answers write (V5): a row trigger,
     * created here in the test's database, counts the rows written to them, and a snapshot reads that count instead of
     * hashing every row (the puzzles' 4 000 rows took 17 s of the property's snapshots).
     */
    private static final java.util.Set<String> COUNTED = java.util.Set.of("puzzles");

    /** The row expression per table where not the whole row ({@code t::text}). */
    private static final Map<String, String> ROW = Map.of("lobby_presence", "(t.instance_id, t.player_id, t.streams)::text",
        "sessions", "(t.hash, t.id, t.player_id, t.created_at, t.kind, t.device_label, t.address)::text");

    private final Connection db;
    private final List<String> tables = new ArrayList<>();
    private final String digestSql;

    /** A snapshot: the database's transaction snapshot and, per table, "count digest". */
    public record Snapshot(String transactions, Map<String, String> tables) {
    }

    public StoredRows(String jdbcUrl, String user) {
        try {
            db = DriverManager.getConnection(jdbcUrl, user, "");
            db.setAutoCommit(true);
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT table_name FROM "
                + "information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        if (!tables.contains("matches") || !tables.contains("lobby_events")) {
            throw new IllegalStateException("not the lobby's schema: " + tables);
        }
        countWrites();
        StringBuilder sql = new StringBuilder();
        for (String t : tables) {
            if (COUNTED.contains(t)) {
                sql.append(sql.length() == 0 ? "" : " UNION ALL ").append("SELECT '").append(t).append("', count(*), ")
                    .append("coalesce((SELECT rows FROM test_rows_written WHERE table_name = '").append(t)
                    .append("'), 0)::text FROM ").append(t);
                continue;
            }
            if (APPEND_ONLY.contains(t)) {
                sql.append(sql.length() == 0 ? "" : " UNION ALL ").append("SELECT '").append(t).append("', count(*), ")
                    .append("'append-only' FROM ").append(t);
                continue;
            }
            // the sum of the rows' 64-bit hashes: any changed, added or removed row changes it (but for a chance of
            // 2^-64), and unlike an ordered string_agg of md5s it needs no sort (54 s of snapshots -> 37 s); a whole
            // row is hashed column by column with each type's own hash, not through its text (a match's state as hex)
            String hash = ROW.containsKey(t) ? "hashtextextended(" + ROW.get(t) + ", 0)" : "hash_record_extended(t, 0)";
            sql.append(sql.length() == 0 ? "" : " UNION ALL ").append("SELECT '").append(t).append("', count(*), ")
                .append("coalesce(sum(").append(hash).append("), 0)::text FROM ").append(t).append(" t");
        }
        digestSql = sql.toString();
    }

    /** The row trigger of {@link #COUNTED}: every row inserted, updated or deleted there counted in a table of its own. */
    private void countWrites() {
        try (Statement st = db.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS test_rows_written (table_name text PRIMARY KEY, rows bigint NOT NULL)");
            st.execute("""
                CREATE OR REPLACE FUNCTION test_count_row_written() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    INSERT INTO test_rows_written VALUES (TG_TABLE_NAME, 1)
                    ON CONFLICT (table_name) DO UPDATE SET rows = test_rows_written.rows + 1;
                    RETURN NULL;
                END $$""");
            for (String t : COUNTED) {
                if (tables.contains(t)) {
                    st.execute("CREATE OR REPLACE TRIGGER test_count_rows_written AFTER INSERT OR UPDATE OR DELETE ON " + t
                        + " FOR EACH ROW EXECUTE FUNCTION test_count_row_written()");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public List<String> tables() {
        return tables;
    }

    /** The database's transaction snapshot as text: equal while no writing transaction has started. */
    public String transactions() {
        return queryText("SELECT pg_current_snapshot()::text");
    }

    private long fullSnapshots;
    private long fullNanos;

    /** How many full snapshots were taken, and their time. */
    public String cost() {
        return String.format("%d full snapshots, %.1f s", fullSnapshots, fullNanos / 1e9);
    }

    /** A full snapshot (the digests of every table). */
    public Snapshot snapshot() {
        long start = System.nanoTime();
        fullSnapshots++;
        try {
            return fullSnapshot();
        } finally {
            fullNanos += System.nanoTime() - start;
        }
    }

    private Snapshot fullSnapshot() {
        String tx = transactions();
        Map<String, String> out = new LinkedHashMap<>();
        // prepared, so that PostgreSQL plans the union of every table once, not at each of thousands of snapshots
        try (PreparedStatement st = db.prepareStatement(digestSql); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getLong(2) + " " + rs.getString(3));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return new Snapshot(tx, out);
    }

    /** The snapshot now, computing the digests only when a writing transaction has started since {@code before}. */
    public Snapshot since(Snapshot before) {
        return transactions().equals(before.transactions()) ? before : snapshot();
    }

    /**
     * What differs between the snapshots, table by table, with the rows written since {@code before} (their xmin is a
     * transaction that started after it); empty when equal.
     */
    public String difference(Snapshot before, Snapshot after) {
        StringBuilder out = new StringBuilder();
        long xmax = Long.parseLong(before.transactions().split(":")[1]);
        for (String t : tables) {
            String b = before.tables().get(t);
            String a = after.tables().get(t);
            if (Objects.equals(a, b)) {
                continue;
            }
            out.append(String.format("%n  table %s: rows %s -> %s", t, b == null ? "?" : b.split(" ")[0],
                a == null ? "?" : a.split(" ")[0]));
            for (String row : rows("SELECT " + ROW.getOrDefault(t, "t::text") + " FROM " + t
                + " t WHERE xmin::text::bigint >= ? LIMIT 5", xmax)) {
                out.append(String.format("%n    written: %s", row.length() > 400 ? row.substring(0, 400) + "…" : row));
            }
        }
        return out.toString();
    }

    /** Sum of an integer column over a table, e.g. the open streams. */
    public long sum(String table, String column) {
        return Long.parseLong(queryText("SELECT coalesce(sum(" + column + "), 0)::text FROM " + table));
    }

    public String queryText(String sql, Object... args) {
        List<String> r = rows(sql, args);
        return r.isEmpty() ? null : r.get(0);
    }

    public List<String> rows(String sql, Object... args) {
        try (PreparedStatement st = db.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            List<String> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of the first row as bytes (e.g. a stored proto), or null. */
    public byte[] bytes(String sql, Object... args) {
        try (PreparedStatement st = db.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getBytes(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            db.close();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
