package com.plyyard.client.draughts.dxp;

import com.plyyard.client.draughts.dxp.DxpConnection.Incoming;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsTablebase;
import com.plyyard.engine.draughts.dxp.DxpMessage;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Chat;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameEnd;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Move;
import com.plyyard.engine.draughts.dxp.DxpMessage.Reason;
import com.plyyard.engine.draughts.dxp.DxpMoves;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Locale;

/**
 * The follower side of DXP ({@code dxp serve}): answers game requests, plays our engine, acknowledges game ends,
 * takes moves back on request, and refuses anything the protocol or the rules do not allow with a CHAT line that
 * says why (an illegal, malformed or out-of-turn move also ends the game with a GAMEEND, reason 3: the sender wins).
 * One {@link Engine} serves every game, so its transposition table stays warm from move to move.
 *
 * <p>Output: one line per finished game on {@code out},
 * {@code game=<i> ours=<white|black> result=<win|draw|loss|unfinished> plies=<n> reason=<why>}; log lines
 * ({@code dxp: …}) on {@code err}.
 */
public final class DxpFollower {
    /** The name we give in GAMEACC. */
    public static final String NAME = "Ply Yard";

    private static final DraughtsRules FMJD = DraughtsRules.fmjd();

    /**
     * How hard to think.
     *
     * @param level      a level, limited by the game's clock from the GAMEREQ (when {@code moveMillis} is 0)
     * @param moveMillis a fixed time per move, or 0
     * @param threads    search threads (Lazy SMP; 1 = one thread)
     */
    public record Strength(Level level, long moveMillis, int threads) {
        public Strength(Level level, long moveMillis) {
            this(level, moveMillis, 1);
        }
    }

    private final Strength strength;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Engine engine;
    private int games;

    public DxpFollower(Strength strength, PrintWriter out, PrintWriter err) {
        this.strength = strength;
        this.engine = new Engine(64, strength.threads());
        this.out = out;
        this.err = err;
    }

    /** Serves one connection after another until the server socket is closed. */
    public void serve(ServerSocket server) throws IOException {
        log(prepareTables());
        log("listening on port " + server.getLocalPort() + " for DXP initiators");
        while (true) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketException closed) {
                return;
            }
            session(socket);
            log("waiting for the next connection");
        }
    }

    /**
     * Plays the games one connection asks for, until the peer disconnects or sends a stop code.
     */
    public void session(Socket socket) {
        try (DxpConnection connection = new DxpConnection(socket)) {
            log("connection from " + connection.peer());
            new Session(connection).run();
        } catch (IOException e) {
            log("the connection failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void log(String line) {
        err.println("dxp: " + line);
        err.flush();
    }

    /** The games of one connection. */
    private final class Session {
        private final DxpConnection connection;
        private DxpGame game;
        private String peerName = "the initiator";
        private long clockMillis = -1;

        Session(DxpConnection connection) {
            this.connection = connection;
        }

        void run() throws IOException, InterruptedException {
            while (true) {
                Incoming in = connection.next(0);
                switch (in.kind()) {
                    case CLOSED -> {
                        if (active()) {
                            finish(null, "disconnected");
                        }
                        log(in.problem());
                        return;
                    }
                    case MALFORMED -> malformed(in.problem());
                    case MESSAGE -> {
                        if (!handle(in)) {
                            return;
                        }
                    }
                }
            }
        }

        /** A game is being played (its end has not been sent or received). */
        private boolean active() {
            return game != null && !game.endSent;
        }

        /** @return false when the session is over (a stop code) */
        private boolean handle(Incoming in) throws IOException {
            DxpMessage m = in.message();
            if (m instanceof GameRequest request) {
                gameRequest(request);
            } else if (m instanceof Move move) {
                move(move, in.arrivedNanos());
            } else if (m instanceof GameEnd end) {
                return gameEnd(end);
            } else if (m instanceof Chat chat) {
                log("chat from " + peerName + ": " + chat.text().replaceAll("\\s+", " "));
            } else if (m instanceof BackRequest back) {
                backRequest(back);
            } else {
                log("ignored a " + m.typeName() + " from " + peerName
                    + ": only the side that asked receives one");
            }
            return true;
        }

        private void malformed(String why) throws IOException {
            log("malformed message from " + peerName + ": " + why);
            if (active() && !game.ourTurn()) {
                // the peer's move, unreadable: the game cannot go on
                if (game.position().isOver()) {
                    endByRules("sent a malformed message after the end");
                } else {
                    forfeit("Your message was not a DXP message: " + why, "malformed-message");
                }
            } else {
                connection.send(Chat.of(why));
            }
        }

        private void gameRequest(GameRequest request) throws IOException {
            peerName = request.initiatorName().isEmpty() ? "the initiator" : request.initiatorName();
            if (active()) {
                refuse(GameAccept.REFUSED, "Game " + game.number + " is still being played; end it with GAMEEND first.");
                return;
            }
            if (request.version() != GameRequest.VERSION) {
                refuse(GameAccept.WRONG_VERSION, "This follower speaks DXP version 01, not " + request.version() + ".");
                return;
            }
            DraughtsPosition first;
            try {
                first = FMJD.position(request.start());
            } catch (InvalidInputException e) {
                refuse(GameAccept.REFUSED, "The setup is not a position of international draughts: " + e.getMessage());
                return;
            }
            if (first.isOver()) {
                refuse(GameAccept.REFUSED, "The setup has no game left to play: " + first.outcome().orElseThrow().description());
                return;
            }
            games++;
            game = new DxpGame(games, request.followerColour(), first);
            clockMillis = request.thinkingMinutes() > 0 ? request.thinkingMinutes() * 60_000L : -1;
            engine.newGame();
            log("game " + games + ": " + peerName + " plays " + request.followerColour().opposite().label() + ", we play "
                + game.ours.label() + ", from " + first.notation() + " (" + request.thinkingMinutes() + " min"
                + (request.moveLimit() > 0 ? " for " + request.moveLimit() + " moves" : "") + ")");
            if (!game.ourTurn()) {
                game.peerTurnSince = System.nanoTime();
            }
            connection.send(new GameAccept(NAME, GameAccept.ACCEPTED));
            if (game.ourTurn()) {
                think();
            }
        }

        private void refuse(int code, String why) throws IOException {
            log("refused a game request from " + peerName + ": " + why);
            connection.send(Chat.of(why));
            connection.send(new GameAccept(NAME, code));
        }

        private void move(Move move, long arrivedNanos) throws IOException {
            if (game == null || game.endSent) {
                String why = "No game is in progress; the move " + move.describe() + " is ignored.";
                log(why);
                if (game == null) {
                    connection.send(Chat.of(why));
                }
                return; // after our GAMEEND a move may cross it: the acknowledgement follows
            }
            if (arrivedNanos < game.peerTurnSince) {
                forfeit("The move " + move.describe() + " arrived before our move; moves alternate.", "out-of-turn");
                return;
            }
            DraughtsPosition p = game.position();
            if (p.isOver()) {
                // our last move ended the game; the peer moved instead of sending GAMEEND
                endByRules("moved after the end");
                return;
            }
            DraughtsMove legal;
            try {
                legal = DxpMoves.find(p, move);
            } catch (IllegalMoveException e) {
                forfeit(e.getMessage(), "illegal-move");
                return;
            }
            game.play(legal);
            DraughtsPosition next = game.position();
            if (next.isOver()) {
                Outcome o = next.outcome().orElseThrow();
                String result = game.resultOf(o);
                endGame(DxpGame.reasonFor(result), result, o.reason().label());
                return;
            }
            think();
        }

        /** Our move: searched, sent, played. */
        private void think() throws IOException {
            long start = System.nanoTime();
            Engine.Request request = strength.moveMillis() > 0 ? Engine.Request.of(Limits.millis(strength.moveMillis()))
                : new Engine.Request(null, strength.level(), clockMillis, 0, game.number * 1009L + game.plies());
            DraughtsMove move = (DraughtsMove) engine.bestMove(game.position(), request, connection::ended, null).move();
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (clockMillis >= 0) {
                clockMillis = Math.max(0, clockMillis - millis);
            }
            game.play(move);
            game.peerTurnSince = System.nanoTime();
            connection.send(DxpMoves.toMessage(move, (millis + 500) / 1000));
        }

        /** Our move ended the game by the rules, and the peer went on instead of ending it: we end it. */
        private void endByRules(String what) throws IOException {
            Outcome o = game.position().outcome().orElseThrow();
            String result = game.resultOf(o);
            log("game " + game.number + ": " + peerName + " " + what + ": " + o.description());
            connection.send(Chat.of("The game is over: " + o.description()));
            endGame(DxpGame.reasonFor(result), result, o.reason().label());
        }

        /** The peer broke the protocol or the rules: the game ends, lost by the peer, and a CHAT says why. */
        private void forfeit(String why, String reason) throws IOException {
            log("game " + game.number + ": " + peerName + " forfeits: " + why);
            connection.send(Chat.of(why));
            endGame(Reason.SENDER_WINS, DxpGame.WIN, reason);
        }

        /** We end the game (our GAMEEND; the peer acknowledges it with its own). */
        private void endGame(Reason reason, String result, String why) throws IOException {
            game.endSent = true;
            finish(result, why);
            connection.send(new GameEnd(reason, false));
        }

        /** @return false when the peer's stop code ends the session */
        private boolean gameEnd(GameEnd end) throws IOException {
            if (active()) {
                // the peer ends the game: acknowledge with reason 0 and its stop code
                DraughtsPosition p = game.position();
                String result;
                String why;
                if (p.isOver()) {
                    result = game.resultOf(p.outcome().orElseThrow());
                    why = p.outcome().orElseThrow().reason().label();
                } else {
                    result = switch (end.reason()) {
                        case SENDER_LOSES -> DxpGame.WIN;
                        case DRAW -> DxpGame.DRAW;
                        case SENDER_WINS -> DxpGame.LOSS;
                        case UNKNOWN -> null;
                    };
                    why = switch (end.reason()) {
                        case SENDER_LOSES -> "peer-resigned";
                        case DRAW -> "peer-claimed-draw";
                        case SENDER_WINS -> "peer-claimed-win";
                        case UNKNOWN -> "peer-ended";
                    };
                }
                game.endSent = true;
                finish(result, why);
                connection.send(new GameEnd(Reason.UNKNOWN, end.stop()));
            } else if (game != null) {
                game = null; // the acknowledgement of ours
            }
            if (end.stop()) {
                log(peerName + " wants no more games; closing the connection");
                return false;
            }
            return true;
        }

        private void finish(String result, String reason) {
            out.println("game=" + game.number + " ours=" + game.ours.label() + " result=" + (result == null ? "unfinished" : result)
                + " plies=" + game.plies() + " reason=" + reason);
            out.flush();
        }

        private void backRequest(BackRequest back) throws IOException {
            String target = "move " + back.moveNumber() + ", " + back.toMove().label() + " to move";
            if (!active()) {
                log("refused a take-back to " + target + ": no game is in progress");
                connection.send(Chat.of("No game is in progress; nothing to take back."));
                connection.send(new BackAccept(BackAccept.REFUSED));
                return;
            }
            if (!game.takeBack(back.moveNumber(), back.toMove())) {
                String why = "Game " + game.number + " has no position at " + target + " (it is at " + game.where() + ").";
                log("refused a take-back: " + why);
                connection.send(Chat.of(why));
                connection.send(new BackAccept(BackAccept.REFUSED));
                return;
            }
            log("game " + game.number + ": took back to " + target + " for " + peerName);
            if (!game.ourTurn()) {
                game.peerTurnSince = System.nanoTime();
            }
            connection.send(new BackAccept(BackAccept.ACCEPTED));
            if (game.ourTurn()) {
                think();
            }
        }
    }

    /** Dials an initiator and plays what it asks for, for one connection. */
    public void connect(String host, int port) throws IOException {
        log(prepareTables());
        session(new Socket(host, port));
    }

    /**
     * Reads the FMJD endgame table before the first game rather than in its first search (five pieces take seconds),
     * and says what the engine plays with.
     */
    static String prepareTables() {
        long start = System.nanoTime();
        return DraughtsTablebase.played(FMJD.ruleSet())
            .map(t -> String.format(Locale.ROOT, "playing with the endgame table of up to %d pieces (ready in %.1f s)",
                t.pieces(), (System.nanoTime() - start) / 1e9))
            .orElse("playing without endgame tables (./plyyard tablebase build --variant draughts:fmjd makes one)");
    }
}
