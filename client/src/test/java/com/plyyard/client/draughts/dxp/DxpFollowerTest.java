package com.plyyard.client.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsPositionNotation;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsState;
import com.plyyard.engine.draughts.dxp.DxpColour;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameEnd;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Move;
import com.plyyard.engine.draughts.dxp.DxpMessage.Reason;
import com.plyyard.engine.draughts.dxp.DxpMessage.Setup;
import com.plyyard.engine.draughts.dxp.DxpMoves;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code dxp serve}'s follower against a scripted initiator over a real socket: it validates every message, ends a
 * game the peer breaks with a CHAT and a GAMEEND, takes moves back, and survives a dropped connection.
 */
class DxpFollowerTest {
    private static final DraughtsRules FMJD = DraughtsRules.fmjd();

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private ServerSocket server;
    private Thread serving;

    @BeforeEach
    void serve() throws IOException {
        server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        DxpFollower follower = new DxpFollower(new DxpFollower.Strength(null, 30), new PrintWriter(out, true),
            new PrintWriter(err, true));
        serving = new Thread(() -> {
            try {
                follower.serve(server);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, "follower");
        serving.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        serving.join(10_000);
    }

    private ScriptedPeer connect() throws IOException {
        return new ScriptedPeer(new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()));
    }

    private static String request(DxpColour follower) {
        return new GameRequest(GameRequest.VERSION, "Script", follower, 1, 0, null).encode();
    }

    private static String request(DxpColour follower, String fen) {
        return new GameRequest(GameRequest.VERSION, "Script", follower, 1, 0, Setup.of(DraughtsPositionNotation.parse(fen))).encode();
    }

    private static void accepted(ScriptedPeer peer) throws IOException {
        GameAccept accept = peer.next(GameAccept.class);
        assertTrue(accept.accepted(), accept.encode());
        assertEquals(DxpFollower.NAME, accept.followerName());
    }

    /** Our move's message, for a legal move of the position. */
    private static String move(DraughtsPosition p, String notation) {
        return DxpMoves.toMessage(p.parseMove(notation), 0).encode();
    }

    @Test
    void anIllegalMoveEndsTheGameWithAChatAndAGameEnd() throws Exception {
        try (ScriptedPeer peer = connect()) {
            peer.send(request(DxpColour.BLACK));
            accepted(peer);
            peer.send("M0000282200"); // nothing stands on 28
            peer.chatSaying("The move 28-22 is not legal");
            assertEquals(new GameEnd(Reason.SENDER_WINS, false), peer.next(GameEnd.class));
            peer.send("E00");
            // the session goes on: the next game is accepted
            peer.send(request(DxpColour.WHITE));
            accepted(peer);
            Move first = peer.next(Move.class);
            DxpMoves.find(FMJD.start(), first);
        }
        assertTrue(out.toString().contains("game=1 ours=black result=win plies=0 reason=illegal-move"), out.toString());
        assertTrue(err.toString().contains("game 1: Script forfeits: The move 28-22 is not legal"), err.toString());
    }

    @Test
    void malformedMessagesAreAnsweredWithASentence() throws Exception {
        try (ScriptedPeer peer = connect()) {
            peer.send("X12");
            peer.chatSaying("Unknown DXP message type 'X'");
            peer.send(request(DxpColour.BLACK));
            accepted(peer);
            peer.send("M00x0322800");
            peer.chatSaying("Malformed MOVE");
            assertEquals(new GameEnd(Reason.SENDER_WINS, false), peer.next(GameEnd.class));
            peer.send("E00");
        }
        assertTrue(err.toString().contains("malformed message from the initiator: Unknown DXP message type 'X'"), err.toString());
        assertTrue(out.toString().contains("result=win plies=0 reason=malformed-message"), out.toString());
    }

    @Test
    void aMoveOutOfTurnEndsTheGame() throws Exception {
        try (ScriptedPeer peer = connect()) {
            // the follower has White and moves first; the script moves for Black at once
            peer.send(request(DxpColour.WHITE), "M0000191400");
            accepted(peer);
            Move ours = peer.next(Move.class);
            DxpMoves.find(FMJD.start(), ours);
            peer.chatSaying("arrived before our move");
            assertEquals(new GameEnd(Reason.SENDER_WINS, false), peer.next(GameEnd.class));
            peer.send("E00");
        }
        assertTrue(out.toString().contains("ours=white result=win plies=1 reason=out-of-turn"), out.toString());
    }

    @Test
    void takeBackToAPositionOfTheGame() throws Exception {
        try (ScriptedPeer peer = connect()) {
            peer.send(request(DxpColour.BLACK));
            accepted(peer);
            DraughtsPosition p = FMJD.start();
            peer.send(move(p, "32-28"));
            p = p.play("32-28");
            p = p.play(DxpMoves.find(p, peer.next(Move.class)));
            String second = p.legalMoves().get(0).notation();
            peer.send(move(p, second));
            p = p.play(second);
            DxpMoves.find(p, peer.next(Move.class));
            // back to the start (move 1, White to move): the follower waits for White's move
            peer.send("B001W");
            assertEquals(new BackAccept(BackAccept.ACCEPTED), peer.next(BackAccept.class));
            DraughtsPosition start = FMJD.start();
            peer.send(move(start, "33-28"));
            DraughtsPosition after = start.play("33-28");
            DxpMoves.find(after, peer.next(Move.class));
            // a position the game has not reached is refused with a sentence
            peer.send("B050W");
            peer.chatSaying("has no position at move 50, white to move");
            assertEquals(new BackAccept(BackAccept.REFUSED), peer.next(BackAccept.class));
            // back to Black's turn at move 1: the follower, Black, moves again from there
            peer.send("B001Z");
            assertEquals(new BackAccept(BackAccept.ACCEPTED), peer.next(BackAccept.class));
            DxpMoves.find(after, peer.next(Move.class));
            peer.send("E10");
            assertEquals(new GameEnd(Reason.UNKNOWN, false), peer.next(GameEnd.class));
        }
        assertTrue(err.toString().contains("took back to move 1, white to move"), err.toString());
        assertTrue(out.toString().contains("ours=black result=win plies=2 reason=peer-resigned"), out.toString());
    }

    @Test
    void aDroppedConnectionEndsTheGameAndTheNextConnectionIsServed() throws Exception {
        try (ScriptedPeer peer = connect()) {
            peer.send(request(DxpColour.BLACK));
            accepted(peer);
            peer.send(move(FMJD.start(), "34-29"));
            peer.next(Move.class);
        } // dropped mid-game
        try (ScriptedPeer peer = connect()) {
            peer.send(request(DxpColour.BLACK));
            accepted(peer);
            peer.send("E01"); // the initiator ends the game and wants no more
            assertEquals(new GameEnd(Reason.UNKNOWN, true), peer.next(GameEnd.class));
            assertTrue(peer.closedByOtherSide(), "a stop code ends the session");
        }
        assertTrue(out.toString().contains("game=1 ours=black result=unfinished plies=2 reason=disconnected"), out.toString());
        assertTrue(err.toString().contains("the peer closed the connection"), err.toString());
        assertTrue(out.toString().contains("game=2 ours=black result=unfinished plies=0 reason=peer-ended"), out.toString());
    }

    @Test
    void requestsItCannotPlayAreRefused() throws Exception {
        try (ScriptedPeer peer = connect()) {
            peer.send("R02" + "Script" + " ".repeat(26) + "Z001000A");
            peer.chatSaying("DXP version 01, not 2");
            assertEquals(GameAccept.WRONG_VERSION, peer.next(GameAccept.class).code());
            peer.send("R01" + "Script" + " ".repeat(26) + "Z001000BW" + "w" + "e".repeat(44) + "zzzzz");
            peer.chatSaying("white man cannot stand on square 1");
            assertEquals(GameAccept.REFUSED, peer.next(GameAccept.class).code());
            peer.send(request(DxpColour.BLACK, "W:W:B1,2"));
            peer.chatSaying("no game left to play");
            assertEquals(GameAccept.REFUSED, peer.next(GameAccept.class).code());
            peer.send(request(DxpColour.BLACK));
            accepted(peer);
            peer.send(request(DxpColour.BLACK));
            peer.chatSaying("Game 1 is still being played");
            assertEquals(GameAccept.REFUSED, peer.next(GameAccept.class).code());
        }
        assertFalse(out.toString().contains("game=2"), out.toString());
    }

    @Test
    void aSetupIsPlayedFromItsPosition() throws Exception {
        // Black to move must take 28 (23x32): the follower, Black, moves first from the setup
        DraughtsState setup = DraughtsPositionNotation.parse("B:W28,K46:B23,K5");
        try (ScriptedPeer peer = connect()) {
            peer.send(request(DxpColour.BLACK, DraughtsPositionNotation.format(setup)));
            accepted(peer);
            DraughtsMove reply = DxpMoves.find(FMJD.position(setup), peer.next(Move.class));
            assertEquals("23x32", reply.notation());
        }
    }
}
