package com.plyyard.lobby.watch;

import com.plyyard.lobby.common.LobbyException;

/** Where a stream's events go: the client's call, adapted by the gRPC edge. */
public interface EventSink<E> {
    /** Sends one event; may throw when the call has been closed meanwhile. */
    void send(E event);

    /**
     * Whether the client takes more now; when it does not, the pump stops sending (nothing is queued for it) and waits
     * for {@link EventPump#ready()}, so a slow client holds no more memory than its transport's window.
     */
    default boolean ready() {
        return true;
    }

    /** Ends the stream with the refusal (the client reconnects with the version the sentence names). */
    void fail(LobbyException reason);
}
