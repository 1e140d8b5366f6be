package com.plyyard.lobby.common;

import java.util.UUID;

/** Ids given by clients: UUIDs, read strictly. */
public final class Ids {
    private Ids() {
    }

    /** A UUID given by the client, or INVALID_ARGUMENT naming what it should have been ("match", "seek", …). */
    public static UUID parse(String text, String what) {
        if (text == null || text.isBlank()) {
            throw LobbyException.invalid("No " + what + " id given.");
        }
        try {
            return UUID.fromString(text.strip());
        } catch (IllegalArgumentException e) {
            throw LobbyException.invalid("'" + text.strip() + "' is not a " + what + " id (a UUID).");
        }
    }
}
