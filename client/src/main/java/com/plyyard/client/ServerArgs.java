package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.TlsArgs;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The server options of the account commands ({@code register}, {@code login}, {@code logout}, …), which declare
 * {@code --name} themselves: unlike the other online commands they never register a name on first use.
 */
public class ServerArgs {
    @Option(names = "--target", defaultValue = "localhost:7070", paramLabel = "HOST:PORT",
        description = "lobby-service (default ${DEFAULT-VALUE}).")
    String target;

    @Mixin
    TlsArgs tls = new TlsArgs();

    /** A connection without a session (sign-up, sign-in, recovery). */
    Lobby anonymous() {
        return Lobby.anonymous(target, tls.clientTls());
    }

    /** Signed in with the session this machine keeps for {@code name} (the name used last when null); never registers. */
    Lobby resume(String name) {
        return Lobby.resume(target, name, tls.clientTls());
    }
}
