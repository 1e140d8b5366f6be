package com.plyyard.lobby.players;

import com.plyyard.proto.v1.Player;
import java.time.Instant;

/** Whose a token is, and when it was made (for the optional expiry, {@link TokensConfig#lifetime()}). */
public record TokenOwner(Player player, Instant createdAt) {
}
