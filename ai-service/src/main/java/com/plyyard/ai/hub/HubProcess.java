package com.plyyard.ai.hub;

import com.plyyard.engine.HubDialect;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.hub.HubLine;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One running external Hub engine, past its handshake ({@code hub} … {@code wait}, the variant set to the one
 * asked for, e.g. {@code normal}, {@code init} … {@code ready}). Its output is read by a daemon thread into a queue,
 * so every wait has a deadline; the end of its output means it died. Not thread-safe: one search at a time (the caller's lock).
 */
final class HubProcess implements AutoCloseable {
    /** What went wrong; the process is of no further use after any of them. */
    enum Failure { CANNOT_START, DIED, TIMED_OUT, NOT_HUB }

    static final class HubException extends Exception {
        private final Failure failure;

        HubException(Failure failure, String message) {
            super(message);
            this.failure = failure;
        }

        Failure failure() {
            return failure;
        }
    }

    /** The engine's answer: its {@code done} line, its last {@code info} line (or null), the time it took. */
    record Answer(HubLine done, HubLine lastInfo, long millis) {
    }

    private static final String END = "\u0000end";
    private static final long POLL_MILLIS = 20;

    private final Process process;
    private final HubDialect.Variant variant;
    private final BufferedWriter toEngine;
    private final BlockingQueue<String> fromEngine = new LinkedBlockingQueue<>();
    private String name = "";

    private HubProcess(Process process, HubDialect.Variant variant) {
        this.process = process;
        this.variant = variant;
        this.toEngine = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts the command and runs the handshake, each step within {@code stepMillis}.
     *
     * @param variant the Hub variant the engine is to play
     * @param stderr told every line the engine writes on its standard error
     */
    static HubProcess start(List<String> command, HubDialect.Variant variant, long stepMillis, Consumer<String> stderr)
        throws HubException {
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException | RuntimeException e) {
            throw new HubException(Failure.CANNOT_START, "could not start (" + e.getMessage() + ")");
        }
        HubProcess hub = new HubProcess(process, variant);
        pump(process.getInputStream(), line -> hub.fromEngine.add(line), () -> hub.fromEngine.add(END), "hub-engine-out");
        pump(process.getErrorStream(), stderr, () -> { }, "hub-engine-err");
        try {
            hub.handshake(stepMillis);
        } catch (HubException e) {
            hub.close();
            throw e;
        }
        return hub;
    }

    /** The engine's name from its {@code id} line (empty when it gave none). */
    String name() {
        return name;
    }

    /** The Hub variant it was set to play. */
    HubDialect.Variant variant() {
        return variant;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Searches a position: {@code pos}, {@code level}, {@code go think}, then waits for {@code done}. At
     * {@code moveMillis}, or as soon as {@code stop} says so, it sends {@code stop}; {@code graceMillis} after that
     * without {@code done}, it gives up.
     */
    Answer search(String hubPosition, HubLine level, long moveMillis, long graceMillis, BooleanSupplier stop)
        throws HubException {
        discardStaleLines();
        long start = System.nanoTime();
        send(HubLine.of("pos").with("pos", hubPosition));
        send(level);
        send(HubLine.of("go").withFlag("think"));
        long stopAt = start + moveMillis * 1_000_000L;
        long giveUpAt = Long.MAX_VALUE;
        HubLine lastInfo = null;
        while (true) {
            long now = System.nanoTime();
            if (giveUpAt == Long.MAX_VALUE && (now >= stopAt || stop.getAsBoolean())) {
                send(HubLine.of("stop"));
                giveUpAt = now + graceMillis * 1_000_000L;
            }
            if (now >= giveUpAt) {
                throw new HubException(Failure.TIMED_OUT, "gave no move within " + (moveMillis + graceMillis) + " ms");
            }
            HubLine line = poll();
            if (line == null) {
                continue;
            }
            switch (line.command()) {
                case "info" -> lastInfo = line;
                case "done" -> {
                    return new Answer(line, lastInfo, (System.nanoTime() - start) / 1_000_000);
                }
                default -> {
                    // pong, error and anything newer than the protocol: not an answer
                }
            }
        }
    }

    /** Asks the engine to quit, and ends it if it has not within a moment. */
    @Override
    public void close() {
        try {
            send(HubLine.of("quit"));
            process.waitFor(500, TimeUnit.MILLISECONDS);
        } catch (HubException e) {
            // already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
    }

    private void handshake(long stepMillis) throws HubException {
        send(HubLine.of("hub"));
        HubLine param = null;
        for (HubLine line = expect("wait", stepMillis); !line.command().equals("wait"); line = expect("wait", stepMillis)) {
            if (line.command().equals("id")) {
                name = line.value("name").orElse("");
            } else if (line.command().equals("param") && line.value("name").orElse("").equals("variant")) {
                param = line;
            }
        }
        String wanted = variant.name();
        if (param != null && !param.value("value").orElse("").equals(wanted)) {
            List<String> values = List.of(param.value("values").orElse("").split("\\s+"));
            if (param.has("values") && !values.contains(wanted)) {
                throw new HubException(Failure.NOT_HUB, "offers no '" + wanted + "' (" + variant.description()
                    + ") variant, only " + String.join(", ", values));
            }
            send(HubLine.of("set-param").with("name", "variant").with("value", wanted));
        }
        send(HubLine.of("init"));
        while (!expect("ready", stepMillis).command().equals("ready")) {
            // the protocol lets the engine say what it likes while it initialises
        }
    }

    /** The next line before the deadline, whatever it is. */
    private HubLine expect(String awaited, long stepMillis) throws HubException {
        long giveUpAt = System.nanoTime() + stepMillis * 1_000_000L;
        while (System.nanoTime() < giveUpAt) {
            HubLine line = poll();
            if (line != null) {
                return line;
            }
        }
        throw new HubException(Failure.TIMED_OUT, "did not answer '" + awaited + "' within " + stepMillis + " ms at start-up");
    }

    /** One line, or null after a short wait; lines that are not Hub lines are skipped. */
    private HubLine poll() throws HubException {
        String raw;
        try {
            raw = fromEngine.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HubException(Failure.TIMED_OUT, "was abandoned: the waiting thread was interrupted");
        }
        if (raw == null || raw.isBlank()) {
            return null;
        }
        if (raw.equals(END)) {
            fromEngine.add(END); // dead stays dead for every later read
            throw new HubException(Failure.DIED, "died" + exitStatus());
        }
        try {
            return HubLine.parse(raw);
        } catch (InvalidInputException e) {
            return null;
        }
    }

    /** Lines left over from an earlier search (there should be none) must not be taken for this one's answer. */
    private void discardStaleLines() throws HubException {
        String raw;
        while ((raw = fromEngine.poll()) != null) {
            if (raw.equals(END)) {
                fromEngine.add(END);
                throw new HubException(Failure.DIED, "died" + exitStatus());
            }
        }
    }

    private void send(HubLine line) throws HubException {
        try {
            toEngine.write(line.format());
            toEngine.write('\n');
            toEngine.flush();
        } catch (IOException e) {
            throw new HubException(Failure.DIED, "died: its input is closed" + exitStatus());
        }
    }

    private String exitStatus() {
        try {
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                return " (exit code " + process.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    /** Reads a stream of the process line by line on a daemon thread; {@code atEnd} runs when it closes. */
    private static void pump(InputStream stream, Consumer<String> lines, Runnable atEnd, String threadName) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                // the process is gone: the same as the end of its output
            }
            atEnd.run();
        }, threadName);
        t.setDaemon(true);
        t.start();
    }
}
