package com.plyyard.client;

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

    /** Where the lobby's embedded PostgreSQL keeps its data (the lobby's own default, plyyard.lobby.data-dir). */
    static Path dataDirectory() {
        String home = System.getenv("PLYYARD_HOME");
        Path base = home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), ".plyyard");
        return base.resolve("lobby-db");
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
        List<ServiceSpec> services = List.of(
            new ServiceSpec("rules-service", home.resolve("rules-service/target/quarkus-app/quarkus-run.jar"),
                rulesPort, "RULES_PORT", "plyyard.v1.RulesService"),
            new ServiceSpec("ai-service", home.resolve("ai-service/target/quarkus-app/quarkus-run.jar"),
                aiPort, "AI_PORT", "plyyard.v1.EngineService"),
            // the lobby keeps its data in an embedded PostgreSQL under ~/.plyyard/lobby-db (or $PLYYARD_HOME/lobby-db)
            new ServiceSpec("lobby-service", home.resolve("lobby-service/target/quarkus-app/quarkus-run.jar"),
                port("LOBBY_PORT", 7070), "LOBBY_PORT", "plyyard.v1.LobbyService",
                Map.of("RULES_HOST", "localhost", "RULES_PORT", Integer.toString(rulesPort),
                    "AI_HOST", "localhost", "AI_PORT", Integer.toString(aiPort),
                    // for `./plyyard tokens revoke` (OperatorService); kept in the Ply Yard home, owner-readable only
                    "OPERATOR_KEY", OperatorKey.loadOrCreate())));
        Platform platform = new Platform(home, services, spec.commandLine().getOut(), spec.commandLine().getErr());
        Path data = dataDirectory();
        platform.refuseIfRunning();
        refuseIfDataInUse(data);
        if (fresh) {
            deleteTree(data);
            spec.commandLine().getOut().println("fresh start: removed " + data);
        }
        spec.commandLine().getOut().println("data in " + data);
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
