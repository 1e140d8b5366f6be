package com.plyyard.lobby.match;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.Player;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What a move writes in PostgreSQL (V7__hot_move_updates.sql): its match row can be updated in place (HOT), since no
 * index of {@code matches} holds a column a move changes and its pages leave room, and a seat the move leaves as it
 * was is not rewritten.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class HotMoveUpdatesTest {
    /** The columns MoveStore's write sets on every move (ai_to_move too, but only in AI matches: it stays a predicate). */
    private static final List<String> MOVED = List.of("version", "state_version", "plies", "state", "turn_started_at",
        "deadline_at", "updated_at");

    @Inject
    MatchMoves moves;

    @Inject
    AgroalDataSource dataSource;

    private final MatchFixtures fx = new MatchFixtures();

    @Test
    void noIndexOfTheMatchesHoldsAColumnAMoveChanges() throws SQLException {
        List<String> indexes = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT pg_get_indexdef(indexrelid) FROM pg_index "
                 + "WHERE indrelid = 'matches'::regclass")) {
            while (rs.next()) {
                indexes.add(rs.getString(1));
            }
        }
        assertTrue(indexes.size() >= 3, "the key, the active and the AI-turn indexes at least: " + indexes);
        for (String index : indexes) {
            for (String column : MOVED) {
                assertFalse(Pattern.compile("\\b" + column + "\\b").matcher(index).find(),
                    "a move changes " + column + ", so an index on it makes every move's update non-HOT: " + index);
            }
        }
    }

    @Test
    void theMatchesLeaveRoomOnEachPageForTheRowsNextVersions() {
        assertEquals(1, fx.count("SELECT count(*) FROM pg_class WHERE oid = 'matches'::regclass "
            + "AND 'fillfactor=70' = ANY (reloptions)"));
    }

    @Test
    void aMoveRewritesTheMoversSeatAndNotTheOther() {
        Player[] p = fx.players("hot", 2);
        Match m = fx.started("draughts:fmjd", clock(60, 2), p[0], p[1]);
        UUID id = UUID.fromString(m.getId());
        long whiteBefore = seatRowVersion(id, 0);
        long blackBefore = seatRowVersion(id, 1);

        moves.submitMove(p[0], m.getId(), "32-28", m.getVersion());

        assertNotEquals(whiteBefore, seatRowVersion(id, 0), "White's clock changed: its seat is written");
        assertEquals(blackBefore, seatRowVersion(id, 1), "Black's seat is as it was: no new row version");
    }

    /** The transaction that wrote the seat's row version (xmin). */
    private long seatRowVersion(UUID match, int idx) {
        return fx.count("SELECT CAST(CAST(xmin AS text) AS bigint) FROM seats WHERE match_id = ? AND idx = ?", match, idx);
    }
}
