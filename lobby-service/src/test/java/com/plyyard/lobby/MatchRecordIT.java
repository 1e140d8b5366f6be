package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.GameRecord;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetMatchRecordRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchStatus;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * GetMatchRecord over a real channel, against the real rules-service: the record of a stored match as the engine writes
 * it (players under their colours, the moves, the result's sentence), for spectators too and at any time; the file it
 * is saved as; a free-for-all seat that left while the game went on, where it left; the refusals; and the stored match
 * unchanged by asking.
 */
@QuarkusTest
class MatchRecordIT extends LobbyTestBase {
    private static GetMatchRecordRequest of(String matchId) {
        return GetMatchRecordRequest.newBuilder().setMatchId(matchId).build();
    }

    @Test
    void theRecordOfAFinishedDraughtsMatchForASpectator() {
        TestPlayer white = register("rec-w");
        TestPlayer black = register("rec-b");
        TestPlayer spectator = register("rec-s");
        Match m = started("draughts:fmjd", clock(300, 5), white, black);
        m = white.move(m, "32-28");
        m = black.move(m, "19-23");
        m = white.move(m, "28x19");
        Match over = black.matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, over.getStatus());
        String before = stored(m.getId());

        MatchRecord r = spectator.matches().getMatchRecord(of(m.getId()));

        assertEquals(before, stored(m.getId()), "asking changes nothing stored");
        assertEquals(m.getId(), r.getMatchId());
        assertEquals(over.getVersion(), r.getVersion());
        assertEquals("PDN", r.getFormat());
        assertEquals("plyyard-" + m.getId() + ".pdn", r.getFileName());
        assertEquals("application/x-pdn", r.getMediaType());
        String date = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC)
            .format(Instant.ofEpochMilli(over.getCreatedAtEpochMillis()));
        String text = r.getText();
        assertTrue(text.startsWith("[Event \"Ply Yard match " + m.getId() + "\"]\n[Site \"Ply Yard\"]\n[Date \"" + date
            + "\"]\n[Round \"-\"]\n[White \"" + white.name() + "\"]\n[Black \"" + black.name() + "\"]\n[Result \"*\"]\n"
            + "[GameType \"20\"]\n"), text);
        assertTrue(text.contains("[Termination \"" + over.getResult().getDescription() + "\"]"), text);
        assertTrue(text.endsWith("\n1. 32-28 19-23 2. 28x19 *\n"), "the moves, and '*' after a resignation: " + text);
    }

    @Test
    void aMatchGoingOnWithAnAiSeatAndOneWaiting() {
        TestPlayer cook = register("rec-c");
        Match piracy = cook.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("piracy:classic")
            .addSeats(me()).addSeats(ai(1)).build());
        MatchRecord r = cook.matches().getMatchRecord(of(piracy.getId()));
        assertEquals("Piracy record", r.getFormat());
        assertEquals("plyyard-" + piracy.getId() + ".piracy.txt", r.getFileName());
        assertEquals("text/plain", r.getMediaType());
        assertTrue(r.getText().contains("[Cook \"" + cook.name() + "\"]\n[Silver \"Ply Yard AI level 1\"]\n"), r.getText());
        assertTrue(r.getText().contains("[Result \"*\"]"), r.getText());
        assertFalse(r.getText().contains("Termination"), "no result yet: " + r.getText());

        TestPlayer green = register("rec-g");
        Match waiting = green.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("ploy:3m:2p")
            .addSeats(me()).addSeats(open()).build());
        MatchRecord empty = register("rec-x").matches().getMatchRecord(of(waiting.getId()));
        assertEquals("Ploy record", empty.getFormat());
        assertEquals("plyyard-" + waiting.getId() + ".ploy.txt", empty.getFileName());
        assertTrue(empty.getText().contains("[Green \"" + green.name() + "\"]\n[Red \"?\"]\n"), empty.getText());
        assertTrue(empty.getText().endsWith("\n\n*\n"), "no moves, no result: " + empty.getText());
    }

    /** Red resigned and the game went on: the record says where Red left, and the engine replays it to the stored position. */
    @Test
    void aFreeForAllSeatThatLeftWhileTheGameWentOnIsRecordedWhereItLeft() {
        TestPlayer[] p = {register("rec-f0"), register("rec-f1"), register("rec-f2"), register("rec-f3")};
        Match m = started("ploy:3m:ffa", clock(0, 0), p);
        m = p[1].matches().resign(TestPlayer.action(m)); // Red, out of turn; the game goes on
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        MatchRecord beforeAMove = p[0].matches().getMatchRecord(of(m.getId()));
        assertTrue(beforeAMove.getText().endsWith("\n\nr:resigns *\n"), "the resignation alone: " + beforeAMove.getText());

        m = p[0].move(m, legalMoves(m.getState()).get(0).getNotation());
        String first = m.getMoves(0).getMove().getNotation();
        m = p[2].move(m, legalMoves(m.getState()).get(0).getNotation()); // Yellow: Red's turn is skipped
        String before = stored(m.getId());
        MatchRecord r = p[2].matches().getMatchRecord(of(m.getId()));
        assertEquals(before, stored(m.getId()), "asking changes nothing stored");
        assertTrue(r.getText().contains("\n\nr:resigns 1. g:" + first + " y:"), r.getText());
        GameRecord back = Variants.module("ploy").readRecord(r.getText());
        assertEquals(m.getState().getPosition(), back.replay().notation(), "replayed to the stored position");
    }

    @Test
    void refusals() {
        TestPlayer a = register("rec-r");
        String unknown = UUID.randomUUID().toString();
        String d = assertStatus(Status.Code.NOT_FOUND, () -> a.matches().getMatchRecord(of(unknown)));
        assertEquals("There is no match " + unknown + ".", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().getMatchRecord(of("not-a-match")));
        assertEquals("'not-a-match' is not a match id (a UUID).", d);
        d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().getMatchRecord(of("")));
        assertEquals("No match id given.", d);
        assertStatus(Status.Code.UNAUTHENTICATED,
            () -> MatchServiceGrpc.newBlockingStub(channel).getMatchRecord(of(unknown)));
    }
}
