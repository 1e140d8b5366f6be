package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.InProcessRules;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.ListLegalMovesRequest;
import com.plyyard.proto.v1.ListLegalMovesResponse;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.Move;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * ListLegalMoves, which the web client uses instead of running the rules itself: the rules' moves for the match's
 * position and version, for players and spectators; nothing while a match waits or after it ended; and the refusals.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class LegalMovesTest extends LobbyTestBase {
    @Inject
    InProcessRules rules;

    private static ListLegalMovesRequest of(String matchId) {
        return ListLegalMovesRequest.newBuilder().setMatchId(matchId).build();
    }

    @Test
    void theRulesMovesOfTheCurrentPositionWithItsVersion() {
        TestPlayer white = register("lm-w");
        TestPlayer black = register("lm-b");
        TestPlayer spectator = register("lm-s");
        Match m = started("draughts:fmjd", clock(0, 0), white, black);

        ListLegalMovesResponse start = spectator.matches().listLegalMoves(of(m.getId()));
        assertEquals(m.getVersion(), start.getVersion());
        assertEquals(0, start.getToMove());
        assertEquals(legalMoves(m.getState()), start.getMovesList(), "exactly the rules' moves, in the rules' order");
        assertEquals(9, start.getMovesCount(), "nine opening moves in international draughts");

        Match after = white.move(m, "32-28");
        ListLegalMovesResponse reply = black.matches().listLegalMoves(of(m.getId()));
        assertEquals(after.getVersion(), reply.getVersion());
        assertEquals(1, reply.getToMove());
        assertEquals(legalMoves(after.getState()), reply.getMovesList());
        List<String> notations = reply.getMovesList().stream().map(Move::getNotation).toList();
        assertTrue(notations.contains("19-23"), notations.toString());
    }

    @Test
    void afterAMoveTheMovesComeWithItAndTheRulesAreNotAskedAgain() {
        TestPlayer white = register("lm-kw");
        TestPlayer black = register("lm-kb");
        Match m = started("draughts:fmjd", clock(0, 0), white, black);
        Match after = white.move(m, "32-28");
        List<Move> expected = legalMoves(after.getState());

        int callsBefore = rules.calls();
        ListLegalMovesResponse reply = black.matches().listLegalMoves(of(m.getId()));
        assertEquals(callsBefore, rules.calls(), "the moves the move brought along, no call to the rules");
        assertEquals(after.getVersion(), reply.getVersion());
        assertEquals(expected, reply.getMovesList());

        // a draw offer is a change of the game (a new state version): the rules are asked once, then their answer kept
        Match offered = black.matches().offerDraw(TestPlayer.action(after));
        callsBefore = rules.calls();
        ListLegalMovesResponse again = white.matches().listLegalMoves(of(m.getId()));
        assertEquals(callsBefore + 1, rules.calls(), "a state version the kept moves are not for: the rules answer");
        assertEquals(offered.getVersion(), again.getVersion());
        assertEquals(expected, again.getMovesList());
        assertEquals(again, black.matches().listLegalMoves(of(m.getId())));
        assertEquals(callsBefore + 1, rules.calls(), "and their answer is kept");

        // once the rules are down, the kept moves still answer; the next position's came with its move too
        Match next = black.move(offered, "19-23");
        rules.goDown();
        try {
            ListLegalMovesResponse whileDown = white.matches().listLegalMoves(of(m.getId()));
            assertEquals(next.getVersion(), whileDown.getVersion());
            assertEquals(List.of("28x19"), whileDown.getMovesList().stream().map(Move::getNotation).toList());
        } finally {
            rules.comeBack();
        }
    }

    @Test
    void noMovesWhileWaitingOrAfterTheEnd() {
        TestPlayer a = register("lm-a");
        TestPlayer b = register("lm-b2");
        Match waiting = a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("piracy:classic")
            .addSeats(me()).addSeats(open()).build());
        assertEquals(0, a.matches().listLegalMoves(of(waiting.getId())).getMovesCount());

        Match m = started("ploy:3m:2p", clock(0, 0), a, b);
        ListLegalMovesResponse first = a.matches().listLegalMoves(of(m.getId()));
        assertTrue(first.getMovesCount() > 0);
        m = a.move(m, first.getMoves(0).getNotation());
        Match resigned = b.matches().resign(TestPlayer.action(m));
        ListLegalMovesResponse after = a.matches().listLegalMoves(of(m.getId()));
        assertEquals(0, after.getMovesCount());
        assertEquals(resigned.getVersion(), after.getVersion());
    }

    @Test
    void refusals() {
        TestPlayer a = register("lm-r");
        String unknown = UUID.randomUUID().toString();
        assertEquals("There is no match " + unknown + ".", assertStatus(Status.Code.NOT_FOUND,
            () -> a.matches().listLegalMoves(of(unknown))));
        assertEquals("'not-a-match' is not a match id (a UUID).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> a.matches().listLegalMoves(of("not-a-match"))));
        assertEquals("This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives a token.",
            assertStatus(Status.Code.UNAUTHENTICATED, () -> MatchServiceGrpc.newBlockingStub(channel).listLegalMoves(of(unknown))));
    }
}
