package com.plyyard.client.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.draughts.dxp.DxpOpenings.Opening;
import com.plyyard.client.selfplay.MatchSummary;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRecord;
import com.plyyard.engine.draughts.dxp.DxpColour;
import com.plyyard.engine.draughts.dxp.DxpMessage.Chat;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameEnd;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Move;
import com.plyyard.engine.draughts.dxp.DxpMessage.Reason;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code dxp match}'s runner against a scripted follower that gets everything wrong, one fault per game: each game
 * is scored a loss for the follower with a log line saying why, and the match goes on (over a new connection when
 * the old one is gone).
 */
class DxpMatchRunnerTest {
    private static final String ACCEPT = "A" + "Script" + " ".repeat(26) + "0";

    @Test
    void everyFaultOfTheFollowerLosesItTheGameAndTheMatchGoesOn() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        StringWriter pdn = new StringWriter();
        List<Opening> openings = DxpOpenings.ballots();
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            DxpMatch match = new DxpMatch(new DxpMatch.Settings(6, 20, 300, 1500, openings),
                new DxpMatch.Dial("127.0.0.1", server.getLocalPort()), new PrintWriter(out, true), new PrintWriter(err, true), pdn);
            CompletableFuture<MatchSummary> result = CompletableFuture.supplyAsync(() -> {
                try {
                    return match.run();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (ScriptedPeer peer = new ScriptedPeer(server.accept())) {
                // game 1, the runner White: a malformed reply
                GameRequest request = start(peer, DxpColour.BLACK);
                assertEquals(openings.get(0).position().state(), request.start());
                peer.send(ACCEPT);
                peer.next(Move.class);
                peer.send("M12");
                peer.chatSaying("Malformed MOVE");
                acknowledgeOurLoss(peer);
                // game 2, the runner Black and the follower to move: an illegal move
                start(peer, DxpColour.WHITE);
                peer.send(ACCEPT, "M0000282200");
                peer.chatSaying("The move 28-22 is not legal");
                acknowledgeOurLoss(peer);
                // game 3: the follower gives up
                start(peer, DxpColour.BLACK);
                peer.send(ACCEPT);
                peer.next(Move.class);
                peer.send("E10");
                assertEquals(new GameEnd(Reason.UNKNOWN, false), peer.next(GameEnd.class));
                // game 4: the follower accepts, then drops the connection
                start(peer, DxpColour.WHITE);
                peer.send(ACCEPT);
            }
            try (ScriptedPeer peer = new ScriptedPeer(server.accept())) {
                // game 5, over the new connection: a move while the runner is thinking
                start(peer, DxpColour.BLACK);
                DraughtsPosition p = openings.get(2).position();
                assertTrue(p.state().whiteToMove());
                peer.send(ACCEPT, "M0000191400");
                peer.next(Move.class);
                peer.chatSaying("arrived before our move");
                acknowledgeOurLoss(peer);
                // game 6: the follower accepts and falls silent; the runner gives up on it and on the connection
                start(peer, DxpColour.WHITE);
                peer.send(ACCEPT);
                assertTrue(peer.closedByOtherSide());
            }
            MatchSummary summary = result.get(30, TimeUnit.SECONDS);
            assertEquals(new MatchSummary(6, 6, 0, 0), summary);
        }
        List<String> lines = Arrays.asList(out.toString().split("\\R"));
        assertEquals(6, lines.size(), out.toString());
        String[] reasons = {"malformed-message", "illegal-move", "peer-resigned", "disconnected", "out-of-turn", "timeout"};
        for (int i = 0; i < 6; i++) {
            String opening = openings.get(i / 2).label();
            assertEquals("game=" + (i + 1) + " opening=" + opening + " ours=" + (i % 2 == 0 ? "white" : "black")
                + " result=win plies=" + lines.get(i).replaceAll(".* plies=(\\d+) .*", "$1") + " reason=" + reasons[i], lines.get(i));
        }
        String log = err.toString();
        assertTrue(log.contains("game 1: Script: Your message was not a DXP message: Malformed MOVE \"M12\""), log);
        assertTrue(log.contains("The game is scored a loss for Script."), log);
        assertTrue(log.contains("game 4: the peer closed the connection; the game is scored a loss for Script."), log);
        assertTrue(log.contains("game 6: no move from Script within 1500 ms; the game is scored a loss for Script"), log);
        assertTrue(log.contains("reconnecting"), log);
        List<DraughtsRecord> records = DraughtsRecord.parseAll(pdn.toString());
        assertEquals(6, records.size());
        assertEquals("2-0", records.get(0).result(), "the runner had White and won game 1");
        assertEquals("0-2", records.get(1).result(), "the runner had Black and won game 2");
        assertEquals("malformed-message", records.get(0).tags().get("Termination"));
        assertEquals(List.of(openings.get(0).moves().get(0), openings.get(0).moves().get(1)), records.get(0).moves().subList(0, 2));
    }

    /** The console-time chat and the GAMEREQ that open every game; the follower's colour is checked. */
    private static GameRequest start(ScriptedPeer peer, DxpColour follower) throws Exception {
        assertEquals(new Chat("console time 20"), peer.next(Chat.class));
        GameRequest request = peer.next(GameRequest.class);
        assertEquals(follower, request.followerColour());
        assertNotNull(request.setup(), "every game starts from its opening's position");
        assertEquals(0, request.moveLimit());
        assertEquals("Ply Yard", request.initiatorName());
        return request;
    }

    private static void acknowledgeOurLoss(ScriptedPeer peer) throws Exception {
        assertEquals(new GameEnd(Reason.SENDER_WINS, false), peer.next(GameEnd.class));
        peer.send("E00");
    }
}
