package com.plyyard.client.draughts.dxp;

import com.plyyard.engine.draughts.dxp.DxpException;
import com.plyyard.engine.draughts.dxp.DxpFrames;
import com.plyyard.engine.draughts.dxp.DxpMessage;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One DXP connection. A reader thread reads every message as it arrives and queues it with its arrival time, so
 * the engine can think while the peer talks, and a move that arrived while it was not the peer's turn can be told
 * from one that came after ({@link Incoming#arrivedNanos()}). Malformed messages are queued too, with the reason.
 */
final class DxpConnection implements AutoCloseable {
    /** What the reader found next. */
    enum Kind { MESSAGE, MALFORMED, CLOSED }

    /**
     * @param message      the message (MESSAGE only)
     * @param problem      why it is malformed, or why the connection ended (MALFORMED, CLOSED)
     * @param arrivedNanos {@link System#nanoTime()} when it was read whole
     */
    record Incoming(Kind kind, DxpMessage message, String problem, long arrivedNanos) {
    }

    private final Socket socket;
    private final OutputStream out;
    private final BlockingQueue<Incoming> queue = new LinkedBlockingQueue<>();
    private final String peer;
    private volatile Incoming end;
    private volatile boolean closing;

    DxpConnection(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true); // one small message per turn: Nagle would only add latency
        this.out = socket.getOutputStream();
        this.peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        InputStream in = new BufferedInputStream(socket.getInputStream());
        Thread reader = new Thread(() -> readAll(in), "dxp-reader " + peer);
        reader.setDaemon(true);
        reader.start();
    }

    /** The peer's address, for log lines. */
    String peer() {
        return peer;
    }

    private void readAll(InputStream in) {
        while (true) {
            Incoming next;
            try {
                String text = DxpFrames.read(in);
                if (text == null) {
                    next = new Incoming(Kind.CLOSED, null, "the peer closed the connection", System.nanoTime());
                } else {
                    next = parse(text);
                }
            } catch (DxpException e) {
                next = new Incoming(Kind.MALFORMED, null, e.getMessage(), System.nanoTime());
            } catch (EOFException e) {
                next = new Incoming(Kind.CLOSED, null, "the connection ended inside a message", System.nanoTime());
            } catch (IOException e) {
                next = new Incoming(Kind.CLOSED, null, closing ? "we closed the connection" : "the connection failed: "
                    + e.getMessage(), System.nanoTime());
            }
            if (next.kind() == Kind.CLOSED) {
                end = next;
                queue.add(next);
                return;
            }
            queue.add(next);
        }
    }

    private static Incoming parse(String text) {
        try {
            return new Incoming(Kind.MESSAGE, DxpMessage.parse(text), null, System.nanoTime());
        } catch (DxpException e) {
            return new Incoming(Kind.MALFORMED, null, e.getMessage(), System.nanoTime());
        }
    }

    /**
     * The next thing the peer sent, in order; after the end of the connection, always its CLOSED.
     *
     * @param timeoutMillis how long to wait; 0 = as long as it takes
     * @return null if nothing came in time
     */
    Incoming next(long timeoutMillis) throws InterruptedException {
        Incoming closed = end;
        if (closed != null && queue.isEmpty()) {
            return closed;
        }
        return timeoutMillis <= 0 ? queue.take() : queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** True once the connection has ended (the peer left, or it failed): a search can stop early. */
    boolean ended() {
        return end != null;
    }

    /** Sends one message; a failure to send means the connection is gone. */
    synchronized void send(DxpMessage message) throws IOException {
        DxpFrames.write(out, message);
    }

    @Override
    public void close() {
        closing = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a broken socket: nothing left to do
        }
    }
}
