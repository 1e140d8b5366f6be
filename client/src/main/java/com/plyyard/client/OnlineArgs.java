package com.plyyard.client;

import picocli.CommandLine.Option;

/** The options of every command that talks to lobby-service. */
public class OnlineArgs {
    @Option(names = "--target", defaultValue = "localhost:7070", paramLabel = "HOST:PORT",
        description = "lobby-service (default ${DEFAULT-VALUE}).")
    String target;

    @Option(names = "--name", paramLabel = "NAME",
        description = "Player name: registers it on first use; later uses the stored token (~/.plyyard/credentials.properties).")
    String name;
}
