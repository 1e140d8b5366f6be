package com.plyyard.lobby.review;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.proto.v1.ReviewStart;
import com.plyyard.proto.v1.ReviewSummary;
import com.plyyard.proto.v1.ReviewedMove;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.Session;
import org.hibernate.jdbc.ReturningWork;

/** The reviews' rows (V6__reviews.sql), on the transaction's own connection. Call inside a unit of work. */
@ApplicationScoped
class ReviewStore {
    /**
     * A follower's poll: the review's row and the moves stored from a ply on, one row per move (or one with no move).
     * One statement reads one snapshot, so a review seen done comes with all its moves.
     */
    private static final String FOLLOW = """
        SELECT r.status, r.start, r.summary, r.error, r.lease_until, m.move
        FROM reviews r LEFT JOIN review_moves m ON m.review_id = r.id AND m.ply >= ?
        WHERE r.id = ?
        ORDER BY m.ply""";
    /** A new review, or one taken over: its old one failed or its instance stopped renewing the lease. */
    private static final String CLAIM = """
        INSERT INTO reviews (id, match_id, game, start, status, lease_until, started_at)
        VALUES (?, ?, ?, ?, 'running', ?, ?)
        ON CONFLICT (id) DO UPDATE SET start = EXCLUDED.start, status = 'running', summary = NULL, error = NULL,
            lease_until = EXCLUDED.lease_until, started_at = EXCLUDED.started_at, finished_at = NULL
        WHERE reviews.status = 'failed' OR (reviews.status = 'running' AND reviews.lease_until < EXCLUDED.started_at)""";
    private static final String FORGET_MOVES = "DELETE FROM review_moves WHERE review_id = ?";
    private static final String ADD_MOVE = "INSERT INTO review_moves (review_id, ply, move) VALUES (?, ?, ?)"
        + " ON CONFLICT DO NOTHING";
    private static final String RENEW = "UPDATE reviews SET lease_until = ? WHERE id = ? AND status = 'running'";
    private static final String FINISH = "UPDATE reviews SET status = 'done', summary = ?, finished_at = ? WHERE id = ?"
        + " AND status = 'running'";
    private static final String FAIL = "UPDATE reviews SET status = 'failed', error = ?, finished_at = ? WHERE id = ?"
        + " AND status = 'running'";

    @Inject
    EntityManager em;

    /** A review's row: its state, start, summary (when done) and error (when failed). */
    record Row(String status, ReviewStart start, ReviewSummary summary, String error, Instant leaseUntil) {
        boolean done() {
            return "done".equals(status);
        }

        boolean failed() {
            return "failed".equals(status);
        }

        /** Failed, or running on an instance that stopped renewing its lease: the next caller starts it again. */
        boolean startAgain(Instant now) {
            return failed() || ("running".equals(status) && leaseUntil.isBefore(now));
        }
    }

    /** A poll's answer: the review's row and the moves not yet seen. */
    record Progress(Row row, List<ReviewedMove> moves) {
    }

    /** The review's row and the moves reviewed from {@code ply} on, in order; empty when there is no such review. */
    Optional<Progress> follow(String id, int ply) {
        return work(c -> {
            try (PreparedStatement st = c.prepareStatement(FOLLOW)) {
                st.setInt(1, ply);
                st.setString(2, id);
                try (ResultSet rs = st.executeQuery()) {
                    Row row = null;
                    List<ReviewedMove> moves = new ArrayList<>();
                    while (rs.next()) {
                        if (row == null) {
                            byte[] summary = rs.getBytes(3);
                            row = new Row(rs.getString(1), ReviewStart.parseFrom(rs.getBytes(2)),
                                summary == null ? null : ReviewSummary.parseFrom(summary), rs.getString(4),
                                rs.getTimestamp(5).toInstant());
                        }
                        byte[] move = rs.getBytes(6);
                        if (move != null) {
                            moves.add(ReviewedMove.parseFrom(move));
                        }
                    }
                    return Optional.ofNullable(row).map(r -> new Progress(r, moves));
                } catch (InvalidProtocolBufferException e) {
                    throw new IllegalStateException("a stored review does not read", e);
                }
            }
        });
    }

    /** Starts the review (or takes over a failed or abandoned one); false when another call holds it or it is done. */
    boolean claim(String id, UUID matchId, String game, ReviewStart start, Instant now, Instant leaseUntil) {
        return work(c -> {
            int claimed;
            try (PreparedStatement st = c.prepareStatement(CLAIM)) {
                st.setString(1, id);
                st.setObject(2, matchId);
                st.setString(3, game);
                st.setBytes(4, start.toByteArray());
                st.setTimestamp(5, Timestamp.from(leaseUntil));
                st.setTimestamp(6, Timestamp.from(now));
                claimed = st.executeUpdate();
            }
            if (claimed == 1) {
                try (PreparedStatement st = c.prepareStatement(FORGET_MOVES)) {
                    st.setString(1, id);
                    st.executeUpdate();
                }
            }
            return claimed == 1;
        });
    }

    void addMove(String id, ReviewedMove move, Instant leaseUntil) {
        write(c -> c.prepareStatement(ADD_MOVE), id, move.getPly(), move.toByteArray());
        write(c -> c.prepareStatement(RENEW), Timestamp.from(leaseUntil), id);
    }

    void finish(String id, ReviewSummary summary, Instant now) {
        write(c -> c.prepareStatement(FINISH), summary.toByteArray(), Timestamp.from(now), id);
    }

    void fail(String id, String error, Instant now) {
        write(c -> c.prepareStatement(FAIL), error, Timestamp.from(now), id);
    }

    /** A statement of the constants above, its parameters bound in order. */
    private interface Prepare {
        PreparedStatement on(Connection c) throws SQLException;
    }

    private void write(Prepare prepare, Object... args) {
        work(c -> {
            try (PreparedStatement st = prepare.on(c)) {
                for (int i = 0; i < args.length; i++) {
                    st.setObject(i + 1, args[i]);
                }
                st.executeUpdate();
            }
            return null;
        });
    }

    private <T> T work(ReturningWork<T> work) {
        return em.unwrap(Session.class).doReturningWork(work);
    }
}
