package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.persistence.EntityManager;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hibernate.Session;

/**
 * Plain SQL on the transaction's own connection (the matchmaking tables are read and written with explicit SQL, so
 * every lock is visible in the code). Pending Hibernate changes (matches and seats created in the same transaction)
 * are flushed first. Parameters: UUID, String, numbers, booleans, byte[], Instant, a Collection of UUIDs (bound as
 * {@code uuid[]}), null.
 */
final class Db {
    private Db() {
    }

    /** One result row by lower-case column name. */
    static final class Row {
        private final Map<String, Object> values;

        Row(Map<String, Object> values) {
            this.values = values;
        }

        Object get(String column) {
            if (!values.containsKey(column)) {
                throw new IllegalArgumentException("no column " + column + " in " + values.keySet());
            }
            return values.get(column);
        }

        UUID uuid(String column) {
            Object v = get(column);
            return v == null ? null : v instanceof UUID u ? u : UUID.fromString(v.toString());
        }

        String str(String column) {
            Object v = get(column);
            return v == null ? null : v.toString();
        }

        long lng(String column) {
            return ((Number) get(column)).longValue();
        }

        Integer intOrNull(String column) {
            Object v = get(column);
            return v == null ? null : ((Number) v).intValue();
        }

        int integer(String column) {
            return ((Number) get(column)).intValue();
        }

        double dbl(String column) {
            return ((Number) get(column)).doubleValue();
        }

        boolean bool(String column) {
            return (Boolean) get(column);
        }

        byte[] bytes(String column) {
            return (byte[]) get(column);
        }

        Instant instant(String column) {
            Object v = get(column);
            return v == null ? null : ((Timestamp) v).toInstant();
        }

        long millis(String column) {
            Instant i = instant(column);
            return i == null ? 0 : i.toEpochMilli();
        }
    }

    static List<Row> query(String sql, Object... args) {
        return work(c -> {
            try (PreparedStatement st = prepare(c, sql, args); ResultSet rs = st.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                List<Row> out = new ArrayList<>();
                while (rs.next()) {
                    Map<String, Object> row = new HashMap<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        row.put(md.getColumnLabel(i).toLowerCase(java.util.Locale.ROOT), rs.getObject(i));
                    }
                    out.add(new Row(row));
                }
                return out;
            }
        });
    }

    static Row one(String sql, Object... args) {
        List<Row> rows = query(sql, args);
        return rows.isEmpty() ? null : rows.get(0);
    }

    static List<UUID> ids(String sql, Object... args) {
        List<UUID> out = new ArrayList<>();
        for (Row r : query(sql, args)) {
            out.add(r.uuid("id"));
        }
        return out;
    }

    static long count(String sql, Object... args) {
        Row r = one(sql, args);
        return r == null ? 0 : ((Number) r.values.values().iterator().next()).longValue();
    }

    static int update(String sql, Object... args) {
        return work(c -> {
            try (PreparedStatement st = prepare(c, sql, args)) {
                return st.executeUpdate();
            }
        });
    }

    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    static <T> T work(Work<T> work) {
        EntityManager em = Panache.getEntityManager();
        em.flush();
        return em.unwrap(Session.class).doReturningWork(work::run);
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement st = c.prepareStatement(sql);
        try {
            for (int i = 0; i < args.length; i++) {
                bind(c, st, i + 1, args[i]);
            }
            return st;
        } catch (SQLException | RuntimeException e) {
            st.close();
            throw e;
        }
    }

    private static void bind(Connection c, PreparedStatement st, int i, Object v) throws SQLException {
        if (v == null) {
            st.setNull(i, Types.NULL);
        } else if (v instanceof Instant t) {
            st.setTimestamp(i, Timestamp.from(t));
        } else if (v instanceof byte[] b) {
            st.setBytes(i, b);
        } else if (v instanceof Collection<?> col) {
            Array a = c.createArrayOf("uuid", col.toArray());
            st.setArray(i, a);
        } else {
            st.setObject(i, v);
        }
    }
}
