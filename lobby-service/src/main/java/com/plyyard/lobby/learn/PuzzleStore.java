package com.plyyard.lobby.learn;

import com.plyyard.lobby.rating.Glicko2;
import com.plyyard.proto.v1.PuzzleData;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.hibernate.Session;
import org.hibernate.jdbc.ReturningWork;

/**
 * The puzzles' rows (V5__puzzles.sql) in plain SQL on the unit of work's connection: every method runs inside the
 * caller's transaction ({@code UnitOfWork}). Locks are always taken in one order — attempt, player's rating, puzzle —
 * so that answers finishing at once never deadlock.
 */
@ApplicationScoped
class PuzzleStore {
    @Inject
    EntityManager em;

    /** A stored puzzle: as shipped, and its rating now. */
    record StoredPuzzle(PuzzleData data, Glicko2.Rating rating) {
        String id() {
            return data.getId();
        }

        /** The solver's moves of the line, the first {@code n}. */
        List<String> solverMoves(int n) {
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(data.getLine(2 * i));
            }
            return out;
        }

        int steps() {
            return (data.getLineCount() + 1) / 2;
        }
    }

    /** An attempt's row. */
    record Attempt(UUID id, UUID player, String puzzleId, String game, String variant, LocalDate daily, int step,
                   String result, double puzzleRating, Double ratingChange, Double ratingAfter, Double puzzleRatingChange,
                   Instant startedAt, Instant finishedAt) {
        boolean open() {
            return "open".equals(result);
        }

        /** The row as {@link #advance} leaves it. */
        Attempt advancedTo(int next) {
            return new Attempt(id, player, puzzleId, game, variant, daily, next, result, puzzleRating, ratingChange,
                ratingAfter, puzzleRatingChange, startedAt, finishedAt);
        }

        /** The row as {@link #finish} leaves it. */
        Attempt finished(int next, boolean solved, double change, double after, double puzzleChange, Instant now) {
            return new Attempt(id, player, puzzleId, game, variant, daily, next, solved ? "solved" : "failed",
                puzzleRating, change, after, puzzleChange, startedAt, now);
        }
    }

    /** A player's puzzle rating in a game with the counts; the start rating before the first finished attempt. */
    record PlayerRating(String game, Glicko2.Rating rating, int attempts, int solved) {
        /** The rating as {@link #saveRating} leaves it. */
        PlayerRating after(Glicko2.Rating rated, boolean solvedIt) {
            return new PlayerRating(game, rated, attempts + 1, solved + (solvedIt ? 1 : 0));
        }
    }

    /** An answer as it was given. */
    record GivenAnswer(String move, byte[] answer) {
    }

    /** A set as loaded: its digest and size. */
    record LoadedSet(String digest, int puzzles) {
    }

    // ---- sets

    Map<String, LoadedSet> sets() {
        return work(c -> {
            Map<String, LoadedSet> out = new LinkedHashMap<>();
            try (PreparedStatement st = c.prepareStatement("SELECT game, digest, puzzles FROM puzzle_sets ORDER BY game");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new LoadedSet(rs.getString(2), rs.getInt(3)));
                }
            }
            return out;
        });
    }

    /**
     * Loads a game's set: new puzzles inserted with their shipped rating, known ones updated as shipped (their ratings
     * and plays kept), ones the set no longer holds retired. One lock for every loader, so two lobbies starting together
     * load once: the second finds the digest stored and does nothing.
     */
    void load(String game, String digest, String madeBy, List<PuzzleData> puzzles, Instant now) {
        work(c -> {
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtextextended('plyyard-puzzle-sets', 0))")) {
                lock.execute();
            }
            try (PreparedStatement st = c.prepareStatement("SELECT digest FROM puzzle_sets WHERE game = ?")) {
                st.setString(1, game);
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next() && rs.getString(1).equals(digest)) {
                        return null;
                    }
                }
            }
            int n = puzzles.size();
            String[][] text = new String[9][n];
            Integer[] seed = new Integer[n];
            for (int i = 0; i < n; i++) {
                PuzzleData p = puzzles.get(i);
                text[0][i] = p.getId();
                text[1][i] = p.getGame();
                text[2][i] = p.getVariant();
                text[3][i] = options(p.getOptionsMap());
                text[4][i] = p.getPosition();
                text[5][i] = String.join(" ", p.getLineList());
                text[6][i] = p.getGoal();
                text[7][i] = String.join(",", p.getThemesList());
                text[8][i] = p.getSource();
                seed[i] = p.getRating();
            }
            try (PreparedStatement st = c.prepareStatement("""
                INSERT INTO puzzles (id, game, variant, options, position, line, goal, themes, source, seed_rating, rating,
                                     rd, volatility)
                SELECT v.id, v.game, v.variant, v.options, v.position, v.line, v.goal, v.themes, v.source, v.seed, v.seed,
                       ?, ?
                FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                            CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS integer[]))
                     AS v(id, game, variant, options, position, line, goal, themes, source, seed)
                ON CONFLICT (id) DO UPDATE SET game = excluded.game, variant = excluded.variant, options = excluded.options,
                    position = excluded.position, line = excluded.line, goal = excluded.goal, themes = excluded.themes,
                    source = excluded.source, seed_rating = excluded.seed_rating, retired = false""")) {
                st.setDouble(1, PuzzleRatings.PUZZLE_START_RD);
                st.setDouble(2, Glicko2.START_VOLATILITY);
                for (int k = 0; k < 9; k++) {
                    st.setArray(3 + k, c.createArrayOf("text", text[k]));
                }
                st.setArray(12, c.createArrayOf("integer", seed));
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement(
                "UPDATE puzzles SET retired = true WHERE game = ? AND NOT retired AND id <> ALL (CAST(? AS text[]))")) {
                st.setString(1, game);
                st.setArray(2, c.createArrayOf("text", text[0]));
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement("""
                INSERT INTO puzzle_sets (game, digest, puzzles, made_by, loaded_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (game) DO UPDATE SET digest = excluded.digest, puzzles = excluded.puzzles,
                    made_by = excluded.made_by, loaded_at = excluded.loaded_at""")) {
                st.setString(1, game);
                st.setString(2, digest);
                st.setInt(3, n);
                st.setString(4, madeBy);
                st.setTimestamp(5, Timestamp.from(now));
                st.executeUpdate();
            }
            return null;
        });
    }

    /** The variants with puzzles in play, per game, in name order. */
    Map<String, List<String>> variants() {
        return work(c -> {
            Map<String, List<String>> out = new TreeMap<>();
            try (PreparedStatement st = c.prepareStatement(
                "SELECT DISTINCT game, variant FROM puzzles WHERE NOT retired ORDER BY game, variant");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getString(1), g -> new ArrayList<>()).add(rs.getString(2));
                }
            }
            return out;
        });
    }

    // ---- puzzles

    Optional<StoredPuzzle> puzzle(String id, boolean lock) {
        return work(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT id, game, variant, options, position, line, goal, themes,"
                + " seed_rating, source, rating, rd, volatility FROM puzzles WHERE id = ?" + (lock ? " FOR UPDATE" : ""))) {
                st.setString(1, id);
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    PuzzleData.Builder d = PuzzleData.newBuilder()
                        .setId(rs.getString(1)).setGame(rs.getString(2)).setVariant(rs.getString(3))
                        .putAllOptions(options(rs.getString(4))).setPosition(rs.getString(5))
                        .addAllLine(Arrays.asList(rs.getString(6).split(" "))).setGoal(rs.getString(7))
                        .addAllThemes(rs.getString(8).isEmpty() ? List.of() : Arrays.asList(rs.getString(8).split(",")))
                        .setRating(rs.getInt(9)).setSource(rs.getString(10));
                    return Optional.of(new StoredPuzzle(d.build(),
                        new Glicko2.Rating(rs.getDouble(11), rs.getDouble(12), rs.getDouble(13))));
                }
            }
        });
    }

    /** Puzzles of a game (and variant, when not '') in play that a player has not met. */
    private static final String UNMET = "game = ? AND (? = '' OR variant = ?) AND NOT retired"
        + " AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.player_id = ? AND a.puzzle_id = puzzles.id)";
    /** The nearest at or above a rating and the nearest below it, each from the rating index. */
    private static final String NEAREST = "(SELECT id, rating FROM puzzles WHERE " + UNMET
        + " AND rating >= ? ORDER BY rating LIMIT ?) UNION ALL (SELECT id, rating FROM puzzles WHERE " + UNMET
        + " AND rating < ? ORDER BY rating DESC LIMIT ?)";

    /**
     * Up to {@code n} puzzles of the game (and variant, when given) the player has not met, nearest to {@code rating}:
     * the nearest below and above, from the rating index.
     */
    List<String> nearest(UUID player, String game, String variant, double rating, int n) {
        return work(c -> {
            List<Object[]> found = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(NEAREST)) {
                int i = 1;
                for (int half = 0; half < 2; half++) {
                    st.setString(i++, game);
                    st.setString(i++, variant);
                    st.setString(i++, variant);
                    st.setObject(i++, player);
                    st.setDouble(i++, rating);
                    st.setInt(i++, n);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        found.add(new Object[] {rs.getString(1), Math.abs(rs.getDouble(2) - rating)});
                    }
                }
            }
            found.sort((a, b) -> Double.compare((double) a[1], (double) b[1]));
            return found.stream().limit(n).map(a -> (String) a[0]).toList();
        });
    }

    /** The puzzle of the day for a game: the stored one, or one chosen now and stored (the first caller's choice holds). */
    Optional<String> daily(LocalDate day, String game) {
        return work(c -> {
            Optional<String> stored = dailyStored(c, day, game);
            if (stored.isPresent()) {
                return stored;
            }
            // a fair puzzle (rated 1400-2200 where there are such) not yet a daily one, spread by a hash of the day
            try (PreparedStatement st = c.prepareStatement("""
                INSERT INTO daily_puzzles (day, game, puzzle_id)
                SELECT ?, ?, id FROM puzzles
                WHERE game = ? AND NOT retired AND id NOT IN (SELECT puzzle_id FROM daily_puzzles WHERE game = ?)
                ORDER BY (rating BETWEEN 1400 AND 2200) DESC, md5(id || CAST(? AS text))
                LIMIT 1
                ON CONFLICT (day, game) DO NOTHING""")) {
                st.setObject(1, day);
                st.setString(2, game);
                st.setString(3, game);
                st.setString(4, game);
                st.setString(5, day.toString());
                st.executeUpdate();
            }
            return dailyStored(c, day, game);
        });
    }

    private static Optional<String> dailyStored(Connection c, LocalDate day, String game) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT puzzle_id FROM daily_puzzles WHERE day = ? AND game = ?")) {
            st.setObject(1, day);
            st.setString(2, game);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    void recordPlay(String puzzleId, Glicko2.Rating after, boolean solved) {
        work(c -> {
            try (PreparedStatement st = c.prepareStatement("UPDATE puzzles SET rating = ?, rd = ?, volatility = ?,"
                + " plays = plays + 1, solved = solved + ? WHERE id = ?")) {
                st.setDouble(1, after.rating());
                st.setDouble(2, after.rd());
                st.setDouble(3, after.volatility());
                st.setInt(4, solved ? 1 : 0);
                st.setString(5, puzzleId);
                st.executeUpdate();
            }
            return null;
        });
    }

    // ---- attempts

    private static final String ATTEMPT_COLUMNS = "id, player_id, puzzle_id, game, variant, daily, step, result, puzzle_rating,"
        + " rating_change, rating_after, puzzle_rating_change, started_at, finished_at";

    private static final String ATTEMPT = "SELECT " + ATTEMPT_COLUMNS + " FROM puzzle_attempts WHERE id = ?";
    private static final String ATTEMPT_LOCKED = ATTEMPT + " FOR UPDATE";
    private static final String ATTEMPT_AT = "SELECT " + ATTEMPT_COLUMNS + " FROM puzzle_attempts WHERE player_id = ?"
        + " AND puzzle_id = ?";
    private static final String OPEN_ATTEMPT = "SELECT " + ATTEMPT_COLUMNS + " FROM puzzle_attempts WHERE player_id = ?"
        + " AND game = ? AND (? = '' OR variant = ?) AND result = 'open' AND daily IS NULL ORDER BY started_at, id LIMIT 1";
    private static final String ADVANCE = "UPDATE puzzle_attempts SET step = ? WHERE id = ?";
    private static final String FINISH = "UPDATE puzzle_attempts SET step = ?, result = ?, rating_change = ?,"
        + " rating_after = ?, puzzle_rating_change = ?, finished_at = ? WHERE id = ?";
    private static final String SAVE_ANSWER = "INSERT INTO puzzle_answers (attempt_id, step, move, answer, answered_at)"
        + " VALUES (?, ?, ?, ?, ?)";
    private static final String SAVE_RATING = "UPDATE puzzle_ratings SET rating = ?, rd = ?, volatility = ?,"
        + " attempts = attempts + 1, solved = solved + ?, updated_at = ? WHERE player_id = ? AND game = ?";

    Optional<Attempt> attempt(UUID id, boolean lock) {
        return lock ? one(c -> c.prepareStatement(ATTEMPT_LOCKED), id) : one(c -> c.prepareStatement(ATTEMPT), id);
    }

    Optional<Attempt> attemptAt(UUID player, String puzzleId) {
        return one(c -> c.prepareStatement(ATTEMPT_AT), player, puzzleId);
    }

    /** The player's oldest open attempt outside the daily puzzle, in the game (and variant, when given). */
    Optional<Attempt> openAttempt(UUID player, String game, String variant) {
        return one(c -> c.prepareStatement(OPEN_ATTEMPT), player, game, variant, variant);
    }

    /** A new open attempt; false when another call opened one first (the same puzzle, or an open one in the variant). */
    boolean open(UUID id, UUID player, StoredPuzzle puzzle, LocalDate daily, Instant now) {
        return work(c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO puzzle_attempts (id, player_id, puzzle_id, game,"
                + " variant, daily, step, result, puzzle_rating, started_at) VALUES (?, ?, ?, ?, ?, ?, 0, 'open', ?, ?)"
                + " ON CONFLICT DO NOTHING")) {
                st.setObject(1, id);
                st.setObject(2, player);
                st.setString(3, puzzle.id());
                st.setString(4, puzzle.data().getGame());
                st.setString(5, puzzle.data().getVariant());
                st.setObject(6, daily);
                st.setDouble(7, puzzle.rating().rating());
                st.setTimestamp(8, Timestamp.from(now));
                return st.executeUpdate() == 1;
            }
        });
    }

    void advance(UUID attempt, int step) {
        update(c -> c.prepareStatement(ADVANCE), step, attempt);
    }

    void finish(UUID attempt, int step, boolean solved, double ratingChange, double ratingAfter, double puzzleRatingChange,
                Instant now) {
        update(c -> c.prepareStatement(FINISH), step, solved ? "solved" : "failed", ratingChange, ratingAfter,
            puzzleRatingChange, Timestamp.from(now), attempt);
    }

    /** The player's attempts, newest first. */
    List<Attempt> history(UUID player, String game, int limit) {
        return work(c -> {
            List<Attempt> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT " + ATTEMPT_COLUMNS + " FROM puzzle_attempts WHERE"
                + " player_id = ? AND (? = '' OR game = ?) ORDER BY started_at DESC, id DESC LIMIT ?")) {
                st.setObject(1, player);
                st.setString(2, game);
                st.setString(3, game);
                st.setInt(4, limit);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(attempt(rs));
                    }
                }
            }
            return out;
        });
    }

    // ---- answers

    Optional<GivenAnswer> answer(UUID attempt, int step) {
        return work(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT move, answer FROM puzzle_answers WHERE attempt_id = ? AND step = ?")) {
                st.setObject(1, attempt);
                st.setInt(2, step);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(new GivenAnswer(rs.getString(1), rs.getBytes(2))) : Optional.empty();
                }
            }
        });
    }

    void saveAnswer(UUID attempt, int step, String move, byte[] answer, Instant now) {
        update(c -> c.prepareStatement(SAVE_ANSWER), attempt, step, move, answer, Timestamp.from(now));
    }

    // ---- players' ratings

    /** The player's puzzle rating in a game; with {@code lock}, its row locked (created first when missing). */
    PlayerRating rating(UUID player, String game, boolean lock, Instant now) {
        return work(c -> {
            if (lock) {
                try (PreparedStatement st = c.prepareStatement("INSERT INTO puzzle_ratings (player_id, game, rating, rd,"
                    + " volatility, attempts, solved, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0, ?) ON CONFLICT DO NOTHING")) {
                    Glicko2.Rating start = Glicko2.Rating.start();
                    st.setObject(1, player);
                    st.setString(2, game);
                    st.setDouble(3, start.rating());
                    st.setDouble(4, start.rd());
                    st.setDouble(5, start.volatility());
                    st.setTimestamp(6, Timestamp.from(now));
                    st.executeUpdate();
                }
            }
            try (PreparedStatement st = c.prepareStatement("SELECT rating, rd, volatility, attempts, solved FROM puzzle_ratings"
                + " WHERE player_id = ? AND game = ?" + (lock ? " FOR UPDATE" : ""))) {
                st.setObject(1, player);
                st.setString(2, game);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? new PlayerRating(game, new Glicko2.Rating(rs.getDouble(1), rs.getDouble(2),
                        rs.getDouble(3)), rs.getInt(4), rs.getInt(5)) : new PlayerRating(game, Glicko2.Rating.start(), 0, 0);
                }
            }
        });
    }

    List<PlayerRating> ratings(UUID player) {
        return work(c -> {
            List<PlayerRating> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT game, rating, rd, volatility, attempts, solved FROM"
                + " puzzle_ratings WHERE player_id = ? ORDER BY game")) {
                st.setObject(1, player);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new PlayerRating(rs.getString(1), new Glicko2.Rating(rs.getDouble(2), rs.getDouble(3),
                            rs.getDouble(4)), rs.getInt(5), rs.getInt(6)));
                    }
                }
            }
            return out;
        });
    }

    void saveRating(UUID player, String game, Glicko2.Rating after, boolean solved, Instant now) {
        update(c -> c.prepareStatement(SAVE_RATING), after.rating(), after.rd(), after.volatility(), solved ? 1 : 0,
            Timestamp.from(now), player, game);
    }

    // ---- plumbing

    /** Options as the table keeps them: {@code key=value;…} sorted by key, {@code ""} for none. */
    static String options(Map<String, String> options) {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(options).forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ";").append(k).append('=').append(v));
        return sb.toString();
    }

    static Map<String, String> options(String text) {
        Map<String, String> out = new TreeMap<>();
        if (!text.isEmpty()) {
            for (String pair : text.split(";")) {
                String[] kv = pair.split("=", 2);
                out.put(kv[0], kv.length > 1 ? kv[1] : "");
            }
        }
        return out;
    }

    /** A statement of one of the constants above (the query text is never built from values). */
    @FunctionalInterface
    private interface Prepare {
        PreparedStatement on(Connection c) throws SQLException;
    }

    private Optional<Attempt> one(Prepare prepare, Object... args) {
        return work(c -> {
            try (PreparedStatement st = prepare.on(c)) {
                bind(st, args);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(attempt(rs)) : Optional.empty();
                }
            }
        });
    }

    private void update(Prepare prepare, Object... args) {
        work(c -> {
            try (PreparedStatement st = prepare.on(c)) {
                bind(st, args);
                st.executeUpdate();
            }
            return null;
        });
    }

    private static void bind(PreparedStatement st, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            st.setObject(i + 1, args[i]);
        }
    }

    private static Attempt attempt(ResultSet rs) throws SQLException {
        Date daily = rs.getDate(6);
        Timestamp finished = rs.getTimestamp(14);
        return new Attempt(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3), rs.getString(4),
            rs.getString(5), daily == null ? null : daily.toLocalDate(), rs.getInt(7), rs.getString(8), rs.getDouble(9),
            nullable(rs, 10), nullable(rs, 11), nullable(rs, 12), rs.getTimestamp(13).toInstant(),
            finished == null ? null : finished.toInstant());
    }

    private static Double nullable(ResultSet rs, int column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }

    /** Runs on the transaction's own connection (Hibernate's), so that these statements and the entities' commit together. */
    private <T> T work(ReturningWork<T> work) {
        return em.unwrap(Session.class).doReturningWork(work);
    }
}
