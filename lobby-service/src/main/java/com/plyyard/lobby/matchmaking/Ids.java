package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import java.util.UUID;

final class Ids {
    private Ids() {
    }

    /** A UUID given by the client, or INVALID_ARGUMENT naming what it should have been. */
    static UUID parse(String text, String what) {
        if (text == null || text.isBlank()) {
            throw LobbyErrors.invalid("No " + what + " id given.");
        }
        try {
            return UUID.fromString(text.strip());
        } catch (IllegalArgumentException e) {
            throw LobbyErrors.invalid("'" + text.strip() + "' is not a " + what + " id (a UUID).");
        }
    }
}
