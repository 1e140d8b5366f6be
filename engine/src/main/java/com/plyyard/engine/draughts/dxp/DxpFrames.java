package com.plyyard.engine.draughts.dxp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * DXP over a byte stream (the protocol's SOCKET layer, TCP port 27531 by default): each message is its ASCII
 * characters followed by one NUL byte. Nothing else is framed; a message never holds a NUL itself.
 */
public final class DxpFrames {
    /** The protocol's own TCP port. */
    public static final int DEFAULT_PORT = 27531;

    private DxpFrames() {
    }

    /**
     * Reads the text of the next message, without its NUL. Bytes are read one by one, so pass a buffered stream.
     *
     * @return the text (possibly malformed: {@link DxpMessage#parse} judges it), or null when the stream ends between
     *         two messages
     * @throws EOFException if the stream ends inside a message
     * @throws DxpException if the message is longer than the protocol allows; the stream is read on to its NUL, so the
     *                      next call starts at the next message
     */
    public static String read(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder(DxpMessage.MAX_LENGTH);
        int length = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (length == 0) {
                    return null;
                }
                throw new EOFException("The connection ended inside a DXP message, after " + length + " characters.");
            }
            if (b == 0) {
                break;
            }
            length++;
            if (length <= DxpMessage.MAX_LENGTH) {
                sb.append((char) b); // ISO-8859-1: a byte above 127 stays visible for parse to reject
            }
        }
        if (length > DxpMessage.MAX_LENGTH) {
            throw new DxpException("A DXP message has at most " + DxpMessage.MAX_LENGTH + " characters; one of " + length
                + " arrived (it starts \"" + sb.substring(0, Math.min(20, sb.length())) + "\").");
        }
        return sb.toString();
    }

    /** Writes a message and its NUL, and flushes. */
    public static void write(OutputStream out, DxpMessage message) throws IOException {
        byte[] text = message.encode().getBytes(StandardCharsets.US_ASCII);
        byte[] frame = new byte[text.length + 1];
        System.arraycopy(text, 0, frame, 0, text.length);
        out.write(frame);
        out.flush();
    }
}
