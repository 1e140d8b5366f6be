package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.platform.HealthProbe;
import com.plyyard.client.platform.Platform;
import com.plyyard.client.platform.ServiceSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks {@code up} makes before it starts anything (the full start is exercised by hand, see README). */
class PlatformTest {
    @TempDir
    Path home;

    /** A TCP server that accepts connections and closes them at once: not gRPC. */
    private static ServerSocket notGrpc() throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket s = server.accept()) {
                    s.getOutputStream().write("HTTP/1.0 400 nope\r\n\r\n".getBytes());
                } catch (IOException e) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private Platform platform(ServiceSpec spec) {
        return new Platform(home, List.of(spec), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    }

    @Test
    void probeTellsFreeFromForeignPorts() throws IOException {
        assertEquals(HealthProbe.PortState.FREE, HealthProbe.portState(freePort(), "plyyard.v1.RulesService"));
        try (ServerSocket other = notGrpc()) {
            assertEquals(HealthProbe.PortState.OTHER, HealthProbe.portState(other.getLocalPort(), "plyyard.v1.RulesService"));
        }
    }

    @Test
    void upRefusesAPortHeldByAnotherProgram() throws IOException {
        Path jar = Files.createFile(home.resolve("fake-run.jar"));
        try (ServerSocket other = notGrpc()) {
            ServiceSpec spec = new ServiceSpec("rules-service", jar, other.getLocalPort(), "RULES_PORT", "plyyard.v1.RulesService");
            CliException e = assertThrows(CliException.class, () -> platform(spec).run(5));
            assertEquals(1, e.exitCode());
            assertTrue(e.getMessage().contains("taken by another program"), e.getMessage());
            assertTrue(e.getMessage().contains("RULES_PORT"), e.getMessage());
        }
    }

    @Test
    void upRefusesDataThatAnotherLobbyUses() throws IOException {
        Path data = Files.createDirectories(home.resolve("lobby-db"));
        Path lockFile = Files.createFile(data.resolve("epg-lock"));
        UpCommand.refuseIfDataInUse(data); // present but not held: fine
        try (java.nio.channels.FileChannel held = java.nio.channels.FileChannel.open(lockFile,
                java.nio.file.StandardOpenOption.WRITE);
             java.nio.channels.FileLock lock = held.lock()) {
            CliException e = assertThrows(CliException.class, () -> UpCommand.refuseIfDataInUse(data));
            assertEquals(1, e.exitCode());
            assertTrue(e.getMessage().startsWith("Ply Yard is already running with its data in " + data), e.getMessage());
        }
        UpCommand.refuseIfDataInUse(data); // released again
    }

    @Test
    void upNeedsTheServiceBuilt() throws IOException {
        ServiceSpec spec = new ServiceSpec("rules-service", home.resolve("missing.jar"), freePort(), "RULES_PORT",
            "plyyard.v1.RulesService");
        CliException e = assertThrows(CliException.class, () -> platform(spec).run(5));
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().contains("is not built"), e.getMessage());
    }
}
