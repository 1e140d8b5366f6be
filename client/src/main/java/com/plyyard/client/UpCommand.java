package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.ClientTls;
import com.plyyard.client.platform.Platform;
import com.plyyard.client.platform.ServiceSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code up}: starts the platform's services, waits until they are healthy, and stays until Ctrl-C. */
@Command(name = "up", mixinStandardHelpOptions = true,
    description = "Starts the Ply Yard services (rules-service on localhost:7071, ai-service on localhost:7072, lobby-service "
        + "on localhost:7070 with its embedded PostgreSQL) and runs until Ctrl-C.")
public class UpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
        description = "How long to wait for each service to report SERVING (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--fresh", description = "Start with an empty database: delete the lobby's data directory first.")
    boolean fresh;

    @Option(names = "--tls-cert", paramLabel = "FILE", defaultValue = "${env:TLS_CERT}",
        description = "Serve every port over TLS only, with this certificate chain (PEM, leaf first; default: $TLS_CERT). "
            + "Needs --tls-key.")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", defaultValue = "${env:TLS_KEY}",
        description = "The private key of --tls-cert (PEM; default: $TLS_KEY).")
    Path tlsKey;

    @Option(names = "--tls-ca", paramLabel = "FILE", defaultValue = "${env:PLYYARD_TLS_CA}",
        description = "With --tls-cert: the certificates the lobby and the health checks trust (PEM; default: "
            + "$PLYYARD_TLS_CA, else the --tls-cert file itself).")
    Path tlsCa;

    /**
     * The TLS files {@code up} hands to the services: each serves its port over TLS only ({@code TLS_CERT},
     * {@code TLS_KEY}), and the lobby trusts {@code ca} for its calls to rules-service and ai-service.
     */
    public record TlsFiles(Path cert, Path key, Path ca) {
        /** The client side of the same files: what the health checks and the online commands trust. */
        public ClientTls clientTls() {
            return ClientTls.trusting(ca);
        }
    }

    /**
     * The services as {@code up} starts them on these ports; {@code tls} null: plain text, as always (TLS settings
     * inherited from the environment are then blanked, so a stray RULES_TLS_TRUST cannot half-enable TLS).
     */
    public static List<ServiceSpec> services(Path home, int lobbyPort, int rulesPort, int aiPort, TlsFiles tls,
                                             Map<String, String> lobbyEnv) {
        Map<String, String> serving = new java.util.HashMap<>();
        Map<String, String> lobby = new java.util.HashMap<>(Map.of("RULES_HOST", "localhost",
            "RULES_PORT", Integer.toString(rulesPort), "AI_HOST", "localhost", "AI_PORT", Integer.toString(aiPort)));
        if (tls == null) {
            for (String v : List.of("TLS_CERT", "TLS_KEY", "TLS_KEYSTORE", "TLS_KEYSTORE_PASSWORD")) {
                serving.put(v, "");
            }
            lobby.put("RULES_TLS_TRUST", "");
            lobby.put("AI_TLS_TRUST", "");
        } else {
            serving.put("TLS_CERT", tls.cert().toString());
            serving.put("TLS_KEY", tls.key().toString());
            lobby.put("RULES_TLS_TRUST", tls.ca().toString());
            lobby.put("AI_TLS_TRUST", tls.ca().toString());
        }
        lobby.putAll(serving);
        lobby.putAll(lobbyEnv);
        return List.of(
            new ServiceSpec("rules-service", home.resolve("rules-service/target/quarkus-app/quarkus-run.jar"),
                rulesPort, "RULES_PORT", "plyyard.v1.RulesService", serving),
            new ServiceSpec("ai-service", home.resolve("ai-service/target/quarkus-app/quarkus-run.jar"),
                aiPort, "AI_PORT", "plyyard.v1.EngineService", serving),
            // the lobby keeps its data in an embedded PostgreSQL under ~/.plyyard/lobby-db (or $PLYYARD_HOME/lobby-db)
            new ServiceSpec("lobby-service", home.resolve("lobby-service/target/quarkus-app/quarkus-run.jar"),
                lobbyPort, "LOBBY_PORT", "plyyard.v1.LobbyService", lobby));
    }

    /** The TLS files from the options (or TLS_CERT / TLS_KEY / PLYYARD_TLS_CA), checked; null when TLS is off. */
    TlsFiles tlsFiles() {
        String keystore = System.getenv("TLS_KEYSTORE");
        if (keystore != null && !keystore.isBlank()) {
            throw CliException.badInput("up serves TLS from PEM files: unset TLS_KEYSTORE and give --tls-cert and --tls-key "
                + "(or TLS_CERT and TLS_KEY).");
        }
        boolean cert = tlsCert != null && !tlsCert.toString().isBlank();
        boolean key = tlsKey != null && !tlsKey.toString().isBlank();
        if (!cert && !key) {
            return null;
        }
        if (cert != key) {
            throw CliException.badInput("--tls-cert and --tls-key go together (or TLS_CERT and TLS_KEY): give both.");
        }
        Path ca = tlsCa != null && !tlsCa.toString().isBlank() ? tlsCa : tlsCert;
        for (Map.Entry<String, Path> f : Map.of("--tls-cert", tlsCert, "--tls-key", tlsKey, "--tls-ca", ca).entrySet()) {
            if (!java.nio.file.Files.isRegularFile(f.getValue()) || !java.nio.file.Files.isReadable(f.getValue())) {
                throw CliException.badInput(f.getKey() + " names " + f.getValue() + ", which is not a readable file.");
            }
        }
        return new TlsFiles(tlsCert.toAbsolutePath(), tlsKey.toAbsolutePath(), ca.toAbsolutePath());
    }

    /** The Ply Yard home: {@code $PLYYARD_HOME}, default {@code ~/.plyyard} (data, logs, credentials, keys). */
    static Path plyyardHome() {
        String home = System.getenv("PLYYARD_HOME");
        return (home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), ".plyyard"))
            .toAbsolutePath().normalize();
    }

    /** Where the lobby's embedded PostgreSQL keeps its data (the lobby's own default, plyyard.lobby.data-dir). */
    static Path dataDirectory() {
        return plyyardHome().resolve("lobby-db");
    }

    /**
     * Another platform (or a lone lobby-service) on other ports may use the same data: its embedded PostgreSQL holds
     * a lock on {@code epg-lock} in the data directory. Say so, instead of letting the lobby fail to start.
     */
    static void refuseIfDataInUse(Path data) {
        Path lockFile = data.resolve("epg-lock");
        if (!java.nio.file.Files.exists(lockFile)) {
            return;
        }
        boolean inUse;
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(lockFile,
            java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.channels.FileLock lock = channel.tryLock();
            inUse = lock == null;
            if (lock != null) {
                lock.release();
            }
        } catch (java.nio.channels.OverlappingFileLockException e) {
            inUse = true; // held by this very process
        } catch (java.io.IOException e) {
            return; // cannot tell: the lobby will say what is wrong
        }
        if (inUse) {
            throw new CliException(CliException.FAILED, "Ply Yard is already running with its data in " + data
                + " (another ./plyyard up or lobby-service uses it); stop that one first, or give this one another PLYYARD_HOME.");
        }
    }

    @Override
    public Integer call() {
        if (timeoutSeconds < 1) {
            throw CliException.badInput("--timeout must be at least 1 second, not " + timeoutSeconds + ".");
        }
        Path home = Path.of(System.getProperty("plyyard.home", ".")).toAbsolutePath().normalize();
        int rulesPort = port("RULES_PORT", 7071);
        int aiPort = port("AI_PORT", 7072);
        TlsFiles tls = tlsFiles();
        // the operator key for `./plyyard tokens revoke` (OperatorService); kept in the Ply Yard home, owner-readable only
        List<ServiceSpec> services = services(home, port("LOBBY_PORT", 7070), rulesPort, aiPort, tls,
            Map.of("OPERATOR_KEY", OperatorKey.loadOrCreate()));
        Platform platform = new Platform(home, plyyardHome(), services, spec.commandLine().getOut(),
            spec.commandLine().getErr(), tls == null ? ClientTls.PLAIN : tls.clientTls());
        Path data = dataDirectory();
        platform.stopLeftovers(); // an earlier up that was killed: its services stop first
        platform.refuseIfRunning();
        refuseIfDataInUse(data);
        if (fresh) {
            deleteTree(data);
            spec.commandLine().getOut().println("fresh start: removed " + data);
        }
        spec.commandLine().getOut().println("data in " + data);
        if (tls != null) {
            spec.commandLine().getOut().println("tls on: certificate " + tls.cert() + "; clients connect with --ca "
                + tls.ca());
        }
        spec.commandLine().getOut().flush();
        return platform.run(timeoutSeconds);
    }

    private static void deleteTree(Path dir) {
        if (!java.nio.file.Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(p);
            }
        } catch (java.io.IOException e) {
            throw new CliException(CliException.FAILED, "could not remove " + dir + " for --fresh: " + e.getMessage());
        }
    }

    private static int port(String variable, int fallback) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int port = Integer.parseInt(value.strip());
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw CliException.badInput(variable + " must be a port number between 1 and 65535, not '" + value + "'.");
    }
}
