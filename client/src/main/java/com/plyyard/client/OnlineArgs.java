package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.TlsArgs;
import java.io.PrintWriter;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The options of every command that talks to lobby-service. */
public class OnlineArgs {
    @Option(names = "--target", defaultValue = "localhost:7070", paramLabel = "HOST:PORT",
        description = "lobby-service (default ${DEFAULT-VALUE}).")
    String target;

    @Option(names = "--name", paramLabel = "NAME",
        description = "Player name: registers it on first use; later uses the stored token (~/.plyyard/credentials.properties).")
    String name;

    @Mixin
    TlsArgs tls = new TlsArgs();

    /** Connects and signs in, over TLS when --tls, --ca or PLYYARD_TLS_CA asks for it. */
    Lobby connect() {
        return Lobby.connect(target, name, tls.clientTls());
    }

    /**
     * The command that plays or resumes {@code matchId} from this machine, with the options this command was given that
     * it needs: {@code ./plyyard play --match <id>} plus {@code --target}, {@code --name} and TLS when they were given.
     */
    String playCommand(String matchId) {
        return command("play --match " + matchId);
    }

    /** {@code ./plyyard <words>} with the options this command was given that another needs to reach the same player. */
    String command(String words) {
        return "./plyyard " + words + (target.equals("localhost:7070") ? "" : " --target " + target)
            + (name == null ? "" : " --name " + name.strip()) + tls.asOptions();
    }

    /**
     * The whole body of a command that makes one call: connect and sign in, call (a refusal becomes the server's
     * sentence), print what {@code describe} makes of the answer (nothing for null), exit code 0.
     */
    <T> int once(CommandSpec spec, Function<Lobby, T> rpc, Function<T, String> describe) {
        PrintWriter out = spec.commandLine().getOut();
        try (Lobby lobby = connect()) {
            T answer = lobby.call(() -> rpc.apply(lobby));
            String text = describe.apply(answer);
            if (text != null && !text.isEmpty()) {
                out.println(text);
            }
            out.flush();
            return 0;
        }
    }
}
