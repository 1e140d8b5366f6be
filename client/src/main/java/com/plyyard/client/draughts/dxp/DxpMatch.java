package com.plyyard.client.draughts.dxp;

import com.plyyard.client.draughts.dxp.DxpConnection.Incoming;
import com.plyyard.client.draughts.dxp.DxpOpenings.Opening;
import com.plyyard.client.selfplay.MatchSummary;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsRecord;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.dxp.DxpColour;
import com.plyyard.engine.draughts.dxp.DxpMessage;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Chat;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameEnd;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Move;
import com.plyyard.engine.draughts.dxp.DxpMessage.Reason;
import com.plyyard.engine.draughts.dxp.DxpMessage.Setup;
import com.plyyard.engine.draughts.dxp.DxpMoves;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The initiator side of DXP ({@code dxp match}): plays a number of games against whatever follower is on the other
 * end, each from an opening's position (a GAMEREQ with a setup), our engine at a fixed time per move, one warm
 * {@link Engine} for the whole match. Anything the follower gets wrong (a malformed or illegal message, a move out of
 * turn, no answer in time, a dropped connection) loses it the game, with a log line that says what happened; the
 * match goes on, over the same connection if it still works, else over a new one.
 */
public final class DxpMatch {
    /**
     * @param games         games to play
     * @param moveMillis    our time per move (also sent to the follower as {@code console time}, Moby Dam's setting)
     * @param maxPlies      plies after which a game is adjudicated a draw
     * @param timeoutMillis how long the follower may be silent when it is its turn to answer
     * @param openings      played in order, each twice (we take White, then Black), from the start again when used up
     */
    public record Settings(int games, long moveMillis, int maxPlies, long timeoutMillis, List<Opening> openings,
                           int threads) {
        public Settings(int games, long moveMillis, int maxPlies, long timeoutMillis, List<Opening> openings) {
            this(games, moveMillis, maxPlies, timeoutMillis, openings, 1);
        }

    }

    /** The match cannot go on (no follower to play); {@code summary} has the games played before, or is null. */
    public static final class Aborted extends Exception {
        private final transient MatchSummary summary;

        Aborted(String message, MatchSummary summary) {
            super(message);
            this.summary = summary;
        }

        public MatchSummary summary() {
            return summary;
        }
    }

    /** How we reach the follower: we listen for it, or dial it. */
    public interface Link extends AutoCloseable {
        /** A connection to the follower; {@code first} is false when an earlier one was lost. */
        Socket open(boolean first) throws IOException;

        /** For log lines and the PDN Site tag. */
        String describe();

        @Override
        void close();
    }

    /** We listen; the follower dials in (e.g. {@code mobydam -c 127.0.0.1 -p PORT}). */
    public static final class Listen implements Link {
        private final ServerSocket server;
        private final long reconnectMillis;

        /** Binds at once, so the port is known (0 = any free port) and a busy one fails early. */
        public Listen(int port, long reconnectMillis) throws IOException {
            this.server = new ServerSocket(port);
            this.reconnectMillis = reconnectMillis;
        }

        public int port() {
            return server.getLocalPort();
        }

        @Override
        public Socket open(boolean first) throws IOException {
            // the first follower may take its time to start; one that went away gets a bounded wait
            server.setSoTimeout(first ? 0 : (int) Math.min(Integer.MAX_VALUE, reconnectMillis));
            try {
                return server.accept();
            } catch (SocketTimeoutException e) {
                throw new IOException("no follower connected to port " + port() + " within " + reconnectMillis + " ms");
            }
        }

        @Override
        public String describe() {
            return "port " + port();
        }

        @Override
        public void close() {
            try {
                server.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    /** We dial the follower (e.g. {@code dxp serve} or a program listening on 27531). */
    public static final class Dial implements Link {
        private static final int TRIES = 3;
        private final String host;
        private final int port;

        public Dial(String host, int port) {
            this.host = host;
            this.port = port;
        }

        @Override
        public Socket open(boolean first) throws IOException {
            IOException last = null;
            for (int i = 0; i < TRIES; i++) {
                Socket socket = new Socket();
                try {
                    socket.connect(new InetSocketAddress(host, port), 5000);
                    return socket;
                } catch (IOException e) {
                    socket.close();
                    last = e;
                    sleep(1000);
                }
            }
            throw new IOException("cannot reach " + host + ":" + port + " (" + last.getMessage() + ")");
        }

        @Override
        public String describe() {
            return host + ":" + port;
        }

        @Override
        public void close() {
            // each connection is closed as it is dropped
        }
    }

    /** One finished game, from our view. */
    private record Played(String result, String reason) {
    }

    private static final DraughtsRules FMJD = DraughtsRules.fmjd();

    private final Settings settings;
    private final Link link;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Writer pdn;
    private final Engine engine;
    private DxpConnection connection;
    private boolean everConnected;
    private String peerName = "the follower";

    /**
     * @param pdn where every game's record goes, as it ends
     */
    public DxpMatch(Settings settings, Link link, PrintWriter out, PrintWriter err, Writer pdn) {
        this.settings = settings;
        this.engine = new Engine(64, settings.threads());
        this.link = link;
        this.out = out;
        this.err = err;
        this.pdn = pdn;
    }

    /**
     * Plays the match; one line per game on {@code out}. The caller prints the summary.
     *
     * @throws Aborted if no follower can be reached (before the first game, or after a lost connection)
     */
    public MatchSummary run() throws Aborted, IOException, InterruptedException {
        int wins = 0;
        int draws = 0;
        int losses = 0;
        log(DxpFollower.prepareTables());
        try {
            for (int g = 0; g < settings.games(); g++) {
                Opening opening = settings.openings().get((g / 2) % settings.openings().size());
                DxpColour ours = g % 2 == 0 ? DxpColour.WHITE : DxpColour.BLACK;
                try {
                    connect();
                } catch (IOException e) {
                    throw new Aborted("The match stops before game " + (g + 1) + ": " + e.getMessage() + ".",
                        g == 0 ? null : new MatchSummary(g, wins, draws, losses));
                }
                DxpGame game = new DxpGame(g + 1, ours, opening.position());
                Played played;
                try {
                    played = play(game);
                } catch (Aborted e) {
                    throw new Aborted(e.getMessage(), g == 0 ? null : new MatchSummary(g, wins, draws, losses));
                }
                switch (played.result()) {
                    case DxpGame.WIN -> wins++;
                    case DxpGame.DRAW -> draws++;
                    default -> losses++;
                }
                out.println("game=" + game.number + " opening=" + opening.label() + " ours=" + ours.label() + " result="
                    + played.result() + " plies=" + game.plies() + " reason=" + played.reason());
                out.flush();
                record(game, opening, played);
            }
        } finally {
            if (connection != null) {
                try {
                    connection.send(new GameEnd(Reason.UNKNOWN, true)); // no more games: the follower may stop
                } catch (IOException ignored) {
                    // it is gone already
                }
                drop();
            }
            link.close();
        }
        return new MatchSummary(settings.games(), wins, draws, losses);
    }

    private void connect() throws IOException {
        if (connection != null) {
            return;
        }
        if (!everConnected) {
            log("waiting for the follower (" + link.describe() + ")");
        } else {
            log("reconnecting (" + link.describe() + ")");
        }
        connection = new DxpConnection(link.open(!everConnected));
        everConnected = true;
        log("connected to " + connection.peer());
    }

    private void drop() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private Played play(DxpGame game) throws InterruptedException, Aborted {
        engine.newGame();
        try {
            connection.send(new Chat("console time " + settings.moveMillis()));
            if (!game.ourTurn()) {
                game.peerTurnSince = System.nanoTime(); // its first move may follow its GAMEACC at once
            }
            connection.send(new GameRequest(GameRequest.VERSION, DxpFollower.NAME, game.ours.opposite(), thinkingMinutes(),
                0, Setup.of(game.first().state())));
            while (true) {
                Incoming in = connection.next(settings.timeoutMillis());
                if (in == null) {
                    return silent(game, "no GAMEACC");
                }
                if (in.kind() == DxpConnection.Kind.CLOSED) {
                    return disconnected(game, in.problem());
                }
                if (in.kind() == DxpConnection.Kind.MALFORMED) {
                    return violation(game, "Your message was not a DXP message: " + in.problem(), "malformed-message");
                }
                DxpMessage m = in.message();
                if (m instanceof GameAccept accept) {
                    peerName = accept.followerName().isEmpty() ? "the follower" : accept.followerName();
                    if (accept.accepted()) {
                        break;
                    }
                    return refused(game, accept);
                } else if (m instanceof Chat chat) {
                    chat(chat);
                } else if (m instanceof GameEnd || m instanceof BackAccept) {
                    log("game " + game.number + ": ignored a late " + m.typeName() + " from " + peerName);
                } else {
                    return violation(game, "A " + m.typeName() + " came before the answer to the GAMEREQ.", "protocol");
                }
            }
            return moves(game);
        } catch (IOException e) {
            return disconnected(game, "the connection failed: " + e.getMessage());
        }
    }

    /** Enough minutes that a follower sharing its clock over the game thinks about as long as we do. */
    private int thinkingMinutes() {
        return (int) Math.max(1, Math.min(999, (settings.moveMillis() * 300 + 59_999) / 60_000));
    }

    private Played moves(DxpGame game) throws IOException, InterruptedException {
        while (true) {
            if (game.position().isOver()) {
                Outcome o = game.position().outcome().orElseThrow();
                return endOurs(game, game.resultOf(o), o.reason().label());
            }
            if (game.plies() >= settings.maxPlies()) {
                return endOurs(game, DxpGame.DRAW, "ply-cap");
            }
            if (game.ourTurn()) {
                think(game);
                continue;
            }
            Incoming in = connection.next(settings.timeoutMillis());
            if (in == null) {
                return silent(game, "no move");
            }
            if (in.kind() == DxpConnection.Kind.CLOSED) {
                return disconnected(game, in.problem());
            }
            if (in.kind() == DxpConnection.Kind.MALFORMED) {
                return violation(game, "Your message was not a DXP message: " + in.problem(), "malformed-message");
            }
            DxpMessage m = in.message();
            if (m instanceof Move move) {
                if (in.arrivedNanos() < game.peerTurnSince) {
                    return violation(game, "The move " + move.describe() + " arrived before our move; moves alternate.",
                        "out-of-turn");
                }
                try {
                    game.play(DxpMoves.find(game.position(), move));
                } catch (IllegalMoveException e) {
                    return violation(game, e.getMessage(), "illegal-move");
                }
            } else if (m instanceof GameEnd end) {
                return peerEnds(game, end);
            } else if (m instanceof Chat chat) {
                chat(chat);
            } else if (m instanceof BackRequest) {
                log("game " + game.number + ": refused a take-back request from " + peerName);
                connection.send(new Chat("Take-backs are not part of a match."));
                connection.send(new BackAccept(BackAccept.REFUSED));
            } else {
                return violation(game, "A " + m.typeName() + " came during the game.", "protocol");
            }
        }
    }

    private void think(DxpGame game) throws IOException {
        long start = System.nanoTime();
        DraughtsMove move = (DraughtsMove) engine.bestMove(game.position(), Engine.Request.of(Limits.millis(settings.moveMillis())),
            connection::ended, null).move();
        long millis = (System.nanoTime() - start) / 1_000_000;
        game.play(move);
        game.peerTurnSince = System.nanoTime();
        connection.send(DxpMoves.toMessage(move, (millis + 500) / 1000));
    }

    /** We end the game (the rules ended it, or the ply cap): our GAMEEND, then the follower's acknowledgement. */
    private Played endOurs(DxpGame game, String result, String reason) throws InterruptedException {
        try {
            connection.send(new GameEnd(DxpGame.reasonFor(result), false));
            awaitAcknowledgement(game);
        } catch (IOException e) {
            log("game " + game.number + ": the connection failed after the end: " + e.getMessage());
            drop();
        }
        return new Played(result, reason);
    }

    /** The follower ends the game: we acknowledge; the rules' result stands if they decided, else its reason. */
    private Played peerEnds(DxpGame game, GameEnd end) throws IOException {
        connection.send(new GameEnd(Reason.UNKNOWN, false));
        Played played = switch (end.reason()) {
            case SENDER_LOSES -> new Played(DxpGame.WIN, "peer-resigned");
            case DRAW -> new Played(DxpGame.DRAW, "peer-claimed-draw");
            case SENDER_WINS -> new Played(DxpGame.LOSS, "peer-claimed-win");
            case UNKNOWN -> {
                log("game " + game.number + ": " + peerName + " ended the game without a reason; it is scored a loss for "
                    + peerName);
                yield new Played(DxpGame.WIN, "peer-ended");
            }
        };
        if (end.stop()) {
            log(peerName + " wants no more games on this connection");
            drop();
        }
        return played;
    }

    /** The follower broke the protocol or the rules: it loses the game; a CHAT and a log line say why. */
    private Played violation(DxpGame game, String why, String reason) throws InterruptedException {
        log("game " + game.number + ": " + peerName + ": " + why + " The game is scored a loss for " + peerName + ".");
        try {
            connection.send(Chat.of(why));
            connection.send(new GameEnd(Reason.SENDER_WINS, false));
            awaitAcknowledgement(game);
        } catch (IOException e) {
            drop();
        }
        return new Played(DxpGame.WIN, reason);
    }

    private Played silent(DxpGame game, String what) {
        log("game " + game.number + ": " + what + " from " + peerName + " within " + settings.timeoutMillis()
            + " ms; the game is scored a loss for " + peerName + ", and the connection is dropped.");
        drop();
        return new Played(DxpGame.WIN, "timeout");
    }

    private Played disconnected(DxpGame game, String problem) {
        log("game " + game.number + ": " + problem + "; the game is scored a loss for " + peerName + ".");
        drop();
        return new Played(DxpGame.WIN, "disconnected");
    }

    private Played refused(DxpGame game, GameAccept accept) throws Aborted, IOException {
        if (accept.code() != GameAccept.REFUSED) {
            throw new Aborted(peerName + " refuses to play " + (accept.code() == GameAccept.WRONG_VERSION
                ? "DXP version 01 (GAMEACC code 1)" : "any game (GAMEACC code " + accept.code() + ")") + ".", null);
        }
        log("game " + game.number + ": " + peerName + " refused the game (code 2); it is scored a loss for " + peerName + ".");
        // a follower that thinks a game is still on refuses the next: end whatever it has
        connection.send(new GameEnd(Reason.UNKNOWN, false));
        return new Played(DxpGame.WIN, "refused");
    }

    /** Waits for the follower's GAMEEND that acknowledges ours; a move that crossed ours is dropped. */
    private void awaitAcknowledgement(DxpGame game) throws InterruptedException {
        while (connection != null) {
            Incoming in = connection.next(settings.timeoutMillis());
            if (in == null) {
                log("game " + game.number + ": " + peerName + " did not acknowledge the end within " + settings.timeoutMillis()
                    + " ms; the connection is dropped.");
                drop();
                return;
            }
            if (in.kind() == DxpConnection.Kind.CLOSED) {
                log("game " + game.number + ": " + in.problem() + " after the end.");
                drop();
                return;
            }
            if (in.kind() == DxpConnection.Kind.MALFORMED) {
                log("game " + game.number + ": ignored a malformed message after the end: " + in.problem());
            } else if (in.message() instanceof GameEnd end) {
                if (end.stop()) {
                    log(peerName + " wants no more games on this connection");
                    drop();
                }
                return;
            } else if (in.message() instanceof Chat chat) {
                chat(chat);
            } else {
                log("game " + game.number + ": ignored a " + in.message().typeName() + " that crossed our GAMEEND");
            }
        }
    }

    private void record(DxpGame game, Opening opening, Played played) throws IOException {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Ply Yard DXP match");
        tags.put("Site", "DXP " + link.describe());
        tags.put("Date", LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd")));
        tags.put("Round", Integer.toString(game.number));
        tags.put("White", game.ours.white() ? DxpFollower.NAME : peerName);
        tags.put("Black", game.ours.white() ? peerName : DxpFollower.NAME);
        tags.put("Termination", played.reason());
        List<String> moves = new ArrayList<>(opening.moves());
        moves.addAll(game.moves());
        DraughtsRecord record = DraughtsRecord.record(FMJD.start(), moves, tags).withResult(game.pdnResult(played.result()));
        pdn.write(record.write());
        pdn.write("\n");
        pdn.flush();
    }

    private void chat(Chat chat) {
        log("chat from " + peerName + ": " + chat.text().replaceAll("\\s+", " "));
    }

    private void log(String line) {
        err.println("dxp: " + line);
        err.flush();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
