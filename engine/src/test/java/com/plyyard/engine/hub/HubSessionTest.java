package com.plyyard.engine.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.HubDialect;
import com.plyyard.engine.Position;
import com.plyyard.engine.draughts.DraughtsModule;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRules;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The Hub engine driven as a GUI drives it, in-process over piped streams. */
@Timeout(30)
class HubSessionTest {
    static final String START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    /** Draughts' Hub dialect, to read the session's answers. */
    static final HubDialect HUB = DraughtsModule.INSTANCE.hub().orElseThrow();

    private PipedWriter gui;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private Thread session;

    @BeforeEach
    void start() throws IOException {
        gui = new PipedWriter();
        PipedReader engineIn = new PipedReader(gui, 1 << 16);
        Writer engineOut = new Writer() {
            private final StringBuilder pending = new StringBuilder();

            @Override
            public void write(char[] chars, int off, int len) {
                for (int i = off; i < off + len; i++) {
                    if (chars[i] == '\n') {
                        answers.add(pending.toString());
                        pending.setLength(0);
                    } else {
                        pending.append(chars[i]);
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        HubSession hub = new HubSession(engineIn, engineOut, new HubSession.Identity("Ply Yard", "test", "Ply Yard"), 4);
        session = new Thread(hub::run, "hub-session");
        session.start();
    }

    @AfterEach
    void stop() throws Exception {
        gui.close(); // the end of the input ends the session
        session.join(10_000);
        assertFalse(session.isAlive(), "the session ends when its input does");
    }

    private void send(String line) {
        try {
            gui.write(line + "\n");
            gui.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HubLine next() throws InterruptedException {
        String line = answers.poll(10, TimeUnit.SECONDS);
        assertNotNull(line, "an answer within 10 s");
        return HubLine.parse(line);
    }

    /** Lines up to and including the first with the command; the others are returned too. */
    private List<HubLine> until(String command) throws InterruptedException {
        List<HubLine> lines = new ArrayList<>();
        HubLine line;
        do {
            line = next();
            lines.add(line);
        } while (!line.command().equals(command));
        return lines;
    }

    private HubLine done() throws InterruptedException {
        List<HubLine> lines = until("done");
        return lines.get(lines.size() - 1);
    }

    @Test
    void handshake() throws Exception {
        send("hub");
        HubLine id = next();
        assertEquals("id", id.command());
        assertEquals("Ply Yard", id.value("name").orElseThrow());
        HubLine param = next();
        assertEquals("param", param.command());
        assertEquals("variant", param.value("name").orElseThrow());
        assertEquals("normal", param.value("value").orElseThrow());
        assertEquals("enum", param.value("type").orElseThrow());
        assertEquals("normal plyyard", param.value("values").orElseThrow());
        HubLine threads = next();
        assertEquals("threads", threads.value("name").orElseThrow());
        assertEquals("1", threads.value("value").orElseThrow());
        assertEquals("int", threads.value("type").orElseThrow());
        assertEquals("wait", next().command());
        send("set-param name=variant value=normal");
        send("set-param name=threads value=2");
        send("init");
        assertEquals("ready", next().command());
        send("level move-time=0.05");
        send("go think");
        assertTrue(done().has("move"), "two threads answer a move");
        send("ping");
        assertEquals("pong", next().command());
    }

    @Test
    void aSearchAnswersALegalMove() throws Exception {
        send("init");
        assertEquals("ready", next().command());
        send("new-game");
        send("pos pos=" + START);
        send("level depth=4");
        send("go think");
        List<HubLine> lines = until("done");
        HubLine done = lines.get(lines.size() - 1);
        DraughtsPosition start = DraughtsRules.fmjd().start();
        String move = done.value("move").orElseThrow();
        Position after = start.play(HUB.parseMove(move, start));
        HUB.parseMove(done.value("ponder").orElseThrow(), after);
        HubLine lastInfo = lines.get(lines.size() - 2);
        assertEquals("info", lastInfo.command());
        assertEquals("4", lastInfo.value("depth").orElseThrow());
        assertTrue(lastInfo.value("pv").orElseThrow().startsWith(move + " "), lastInfo.format());
        assertTrue(lastInfo.value("score").orElseThrow().matches("-?\\d+\\.\\d\\d"), lastInfo.format());

        // the moves are played on the position; the answer is a capture in Hub notation
        send("pos pos=" + START + " moves=\"32-28 19-23\"");
        send("level move-time=0.2");
        send("go think");
        assertEquals("28x19x23", done().value("move").orElseThrow(), "the only move");
    }

    @Test
    void stopAnswersAtOnce() throws Exception {
        send("pos start");
        send("level infinite");
        send("go analyze");
        assertEquals("info", next().command(), "searching");
        send("ping");
        long asked = System.nanoTime();
        send("stop");
        List<HubLine> lines = until("done");
        long millis = (System.nanoTime() - asked) / 1_000_000;
        assertTrue(millis < 2000, "done " + millis + " ms after stop");
        assertTrue(lines.stream().anyMatch(l -> l.command().equals("pong")), "ping answered during the search");
        HubLine done = lines.get(lines.size() - 1);
        HUB.parseMove(done.value("move").orElseThrow(), DraughtsRules.fmjd().start());
        send("ping");
        assertEquals("pong", next().command(), "and the engine keeps serving");
    }

    @Test
    void anotherCommandStopsTheSearchAfterItsDone() throws Exception {
        send("level infinite");
        send("go think");
        assertEquals("info", next().command());
        send("new-game");
        send("ping");
        List<HubLine> lines = until("pong");
        assertEquals("done", lines.get(lines.size() - 2).command(), "done first, then the next command's answer");
    }

    @Test
    void badInputAnswersAnErrorAndTheEngineKeepsRunning() throws Exception {
        send("pos pos=Wxyz");
        assertTrue(next().value("message").orElseThrow().contains("51 characters"));
        send("go think");
        assertEquals("error", next().command(), "no valid position to search");
        HubLine done = next();
        assertEquals("done", done.command());
        assertFalse(done.has("move"));

        send("pos pos=" + START + " moves=\"32-28 32-28\"");
        assertTrue(next().value("message").orElseThrow().contains("not legal"));
        send("level depth=soon");
        assertEquals("error", next().command());
        send("set-param name=variant value=killer");
        assertEquals("Unknown variant 'killer'; the variants are normal (FMJD rules) and plyyard (Ply Yard rules).",
            next().value("message").orElseThrow());
        send("set-param name=threads value=0");
        assertTrue(next().value("message").orElseThrow().contains("threads must be a whole number from 1 to 64"));
        send("set-param name=hash value=64");
        assertTrue(next().value("message").orElseThrow().contains("the parameters are variant and threads"));
        send("dance");
        assertTrue(next().value("message").orElseThrow().contains("Unknown command 'dance'"));
        send("go \"think");
        assertTrue(next().value("message").orElseThrow().startsWith("Malformed Hub line"));

        send("pos pos=" + START);
        send("level depth=2");
        send("go think");
        assertTrue(done().has("move"), "searches again after the errors");
    }

    @Test
    void thePlyyardVariant() throws Exception {
        send("set-param name=variant value=plyyard");
        send("pos start");
        send("level depth=2");
        send("go think");
        List<HubLine> lines = until("done");
        DraughtsPosition start = DraughtsRules.plyyard().start();
        assertFalse(start.state().whiteToMove(), "Black starts");
        HUB.parseMove(lines.get(lines.size() - 1).value("move").orElseThrow(), start);
    }

    @Test
    void quitEndsTheSession() throws Exception {
        send("level infinite");
        send("go think");
        assertEquals("info", next().command());
        send("quit");
        assertEquals("done", done().command());
        session.join(5000);
        assertFalse(session.isAlive());
    }
}
