package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.LobbyStream;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Rematch;
import com.plyyard.proto.v1.RematchRequest;
import com.plyyard.proto.v1.SeatKind;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rematches: every side asks; same game, colours swapped (two seats) or seats rotated by one (four); AI stays AI. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class RematchTest extends MatchmakingTestBase {
    private static RematchRequest of(Match m) {
        return RematchRequest.newBuilder().setMatchId(m.getId()).build();
    }

    @Test
    void twoPlayersSwapColours() {
        TestPlayer white = register("rm-white");
        TestPlayer black = register("rm-black");
        TestPlayer stranger = register("rm-stranger");
        LobbyStream whiteLobby = inLobby(white);
        Match m = started("draughts:fmjd", clock(301, 2), white, black);
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> white.mm().requestRematch(of(m)));
        Match over = white.matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, over.getStatus());
        assertStatus(Status.Code.PERMISSION_DENIED, () -> stranger.mm().requestRematch(of(m)));
        Rematch asked = black.mm().requestRematch(of(m));
        assertEquals(List.of(black.player()), asked.getRequestedByList());
        assertEquals(List.of(white.player()), asked.getWaitingForList());
        assertTrue(asked.getMatchId().isEmpty());
        assertEquals(asked, black.mm().requestRematch(of(m)), "asking again changes nothing");
        LobbyEvent told = whiteLobby.until(LobbyEvent::hasRematch, Duration.ofSeconds(5));
        assertEquals(asked, told.getRematch());
        Rematch done = white.mm().requestRematch(of(m));
        assertTrue(!done.getMatchId().isEmpty());
        Match next = white.get(done.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, next.getStatus());
        assertEquals(black.player(), next.getSeats(0).getPlayer(), "colours swapped");
        assertEquals(white.player(), next.getSeats(1).getPlayer());
        assertEquals(m.getVariant().getId(), next.getVariant().getId());
        assertEquals(m.getTimeControl(), next.getTimeControl());
        assertEquals(m.getRated(), next.getRated());
        LobbyEvent p = paired(whiteLobby);
        assertEquals(next.getId(), p.getPaired().getMatchId());
        assertEquals(1, p.getPaired().getSeat());
        assertEquals(done, black.mm().requestRematch(of(m)), "the rematch exists: asking again answers it");
    }

    @Test
    void fourPlayersMoveOnBySeat() {
        TestPlayer[] p = {register("rm-g"), register("rm-r"), register("rm-y"), register("rm-b")};
        Match m = started("ploy:3m:team", clock(0, 0), p);
        m = p[1].matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        Rematch r = null;
        for (TestPlayer t : p) {
            r = t.mm().requestRematch(of(m));
        }
        Match next = p[0].get(r.getMatchId());
        for (int seat = 0; seat < 4; seat++) {
            assertEquals(p[seat].player(), next.getSeats((seat + 1) % 4).getPlayer(), "seat " + seat + " moves on by one");
        }
        assertEquals(next.getState().getSeats(1).getTeam(), next.getState().getSeats(3).getTeam(),
            "the partners Green and Yellow are partners again, as Red and Blue");
    }

    @Test
    void aiSeatsStayAi() {
        TestPlayer human = register("rm-human");
        Match m = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setTimeControl(clock(0, 0)).addSeats(me()).addSeats(ai(1)).build());
        m = human.matches().resign(TestPlayer.action(human.get(m.getId())));
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        Rematch r = human.mm().requestRematch(of(m));
        assertTrue(!r.getMatchId().isEmpty(), "the only person asked: the rematch starts");
        Match next = human.get(r.getMatchId());
        assertEquals(SeatKind.SEAT_AI, next.getSeats(0).getKind());
        assertEquals(1, next.getSeats(0).getAiLevel());
        assertEquals(human.player(), next.getSeats(1).getPlayer());
        // the AI (White) moves first; then resign to leave ai-service idle
        Match after = human.get(next.getId());
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (after.getMovesCount() == 0 && System.nanoTime() < deadline) {
            com.plyyard.lobby.support.Processes.sleep(50);
            after = human.get(next.getId());
        }
        human.matches().resign(TestPlayer.action(after));
    }
}
