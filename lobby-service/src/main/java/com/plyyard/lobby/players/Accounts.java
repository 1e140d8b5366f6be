package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Pattern;

/** Register: a new player with a unique name and a fresh token ({@link Tokens}). */
@ApplicationScoped
public class Accounts {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{2,32}");

    @Inject
    LobbyClock clock;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PlayerRepository players;

    @Inject
    Tokens tokens;

    public RegisterResponse register(String rawName) {
        String name = rawName == null ? "" : rawName.strip();
        if (!NAME.matcher(name).matches()) {
            throw LobbyException.invalid("A player name has 2 to 32 characters among letters, digits, '_' and '-'; '"
                + name + "' does not.");
        }
        String token = Tokens.newToken();
        UUID id = UUID.randomUUID();
        Instant now = clock.now();
        boolean created = unitOfWork.call(() -> players.insertIfNameFree(id, name, Tokens.sha256(token), now));
        if (!created) {
            throw LobbyException.alreadyExists("The name '" + name + "' is taken (names are unique ignoring case); choose "
                + "another.");
        }
        return RegisterResponse.newBuilder().setPlayer(Player.newBuilder().setId(id.toString()).setName(name)).setToken(token)
            .setExpiresAtEpochMillis(tokens.expiresAtEpochMillis(now)).build();
    }
}
