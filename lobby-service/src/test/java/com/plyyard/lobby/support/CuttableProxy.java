package com.plyyard.lobby.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in front of a local port whose connections the test can cut: {@link #cut()} closes every relayed
 * connection and stops accepting new ones (connections are refused, as when a network is down); {@link #restore()}
 * listens on the same port again. A browser that loads its page through it loses its streams as in a real outage.
 */
public final class CuttableProxy implements AutoCloseable {
    private final int target;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    public CuttableProxy(int target) {
        this.target = target;
        this.port = Processes.freePort();
        restore();
    }

    public int port() {
        return port;
    }

    /** Closes every relayed connection and refuses new ones until {@link #restore()}. */
    public synchronized void cut() {
        closeQuietly(server);
        server = null;
        for (Socket s : open) {
            closeQuietly(s);
        }
        open.clear();
    }

    public synchronized void restore() {
        if (server != null) {
            return;
        }
        try {
            ServerSocket s = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            server = s;
            Thread acceptor = new Thread(() -> accept(s), "proxy-accept-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void accept(ServerSocket s) {
        while (!s.isClosed()) {
            try {
                Socket client = s.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                return; // closed by cut()
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: close the other below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        cut();
    }
}
