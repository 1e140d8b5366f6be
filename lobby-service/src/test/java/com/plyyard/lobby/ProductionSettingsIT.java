package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The packaged lobby in profile prod refuses to start without a database password, saying so, before connecting. */
class ProductionSettingsIT {
    @Test
    void profileProdRefusesAnEmptyDatabasePassword() throws Exception {
        Path log = Path.of("target", "it-logs", "prod-no-password.log").toAbsolutePath();
        int port = Processes.freePort();
        Process p = Processes.startJar(LobbyProcess.jar(), List.of(), Map.of(
            "QUARKUS_PROFILE", "prod",
            "LOBBY_PORT", Integer.toString(port),
            "DB_URL", "jdbc:postgresql://localhost:1/never-reached",
            "DB_USER", "plyyard",
            "DB_PASSWORD", ""), log);
        try {
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the lobby should have stopped at once");
            assertNotEquals(0, p.exitValue());
            String out = Files.readString(log);
            assertTrue(out.contains("profile prod refuses to start with an empty database password: set DB_PASSWORD"),
                Processes.tail(log));
        } finally {
            p.destroyForcibly();
        }
    }
}
