package com.plyyard.client.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.draughts.dxp.DxpFrames;
import com.plyyard.engine.draughts.dxp.DxpMessage;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** The other end of a DXP connection in a test: sends hand-written bytes, reads what comes back. */
final class ScriptedPeer implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    ScriptedPeer(Socket socket) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(15_000); // a test that waits longer has failed
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Sends messages as written, each followed by its NUL, in one write (so they arrive together). */
    void send(String... texts) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String t : texts) {
            sb.append(t).append('\0');
        }
        out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** The next message, whatever its type. */
    DxpMessage next() throws IOException {
        String text = DxpFrames.read(in);
        assertNotNull(text, "the other side closed the connection");
        return DxpMessage.parse(text);
    }

    /** The next message, which must be of this type. */
    <T extends DxpMessage> T next(Class<T> type) throws IOException {
        DxpMessage m = next();
        return assertInstanceOf(type, m, () -> "expected a " + type.getSimpleName() + ", got " + m.encode());
    }

    /** The next message must be a CHAT that says this. */
    void chatSaying(String phrase) throws IOException {
        String text = next(DxpMessage.Chat.class).text();
        assertTrue(text.contains(phrase), "'" + text + "' should say '" + phrase + "'");
    }

    /** True if the other side closes the connection before sending anything more. */
    boolean closedByOtherSide() throws IOException {
        return DxpFrames.read(in) == null;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
