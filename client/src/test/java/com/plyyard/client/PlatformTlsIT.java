package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.ClientTls;
import com.plyyard.client.platform.Platform;
import com.plyyard.client.platform.ServiceSpec;
import com.plyyard.grpc.testing.TestCertificates;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The platform as {@code ./plyyard up --tls-cert FILE --tls-key FILE} starts it (the same service list and environment,
 * the health checks over TLS), on free ports with a fresh embedded PostgreSQL and a certificate made for this run; then
 * the client's own commands over TLS: a whole game against the AI (WatchMatch stream, moves through rules-service, AI
 * moves through ai-service, all over TLS), and the sentences for plain text and for a missing --ca.
 */
@Timeout(300)
class PlatformTlsIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static Platform platform;
    private static TestCertificates certs;
    private static String target;
    private static List<ServiceSpec> services;
    private static final StringWriter LOG = new StringWriter();

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @BeforeAll
    static void startPlatform() throws Exception {
        Path home = Files.createTempDirectory("plyyard-tls");
        System.setProperty("plyyard.credentials.dir", home.toString());
        certs = TestCertificates.generate(home.resolve("certs"));
        int lobby = freePort();
        UpCommand.TlsFiles tls = new UpCommand.TlsFiles(certs.cert(), certs.key(), certs.ca());
        services = UpCommand.services(ROOT, lobby, freePort(), freePort(), tls, Map.of("PLYYARD_HOME", home.toString()));
        platform = new Platform(ROOT, services, new PrintWriter(LOG, true), new PrintWriter(LOG, true), tls.clientTls());
        platform.startAll(120);
        target = "localhost:" + lobby;
    }

    @AfterAll
    static void stopPlatform() {
        if (platform != null) {
            platform.stopAll();
        }
        System.clearProperty("plyyard.credentials.dir");
    }

    @Test
    void upHandsEveryServiceTheCertificateAndTheLobbyTheTrust() {
        for (ServiceSpec s : services) {
            assertEquals(certs.cert().toString(), s.env().get("TLS_CERT"), s.name());
            assertEquals(certs.key().toString(), s.env().get("TLS_KEY"), s.name());
        }
        ServiceSpec lobby = services.get(2);
        assertEquals(certs.ca().toString(), lobby.env().get("RULES_TLS_TRUST"));
        assertEquals(certs.ca().toString(), lobby.env().get("AI_TLS_TRUST"));
        assertTrue(LOG.toString().contains("lobby-service  grpc://" + target + "  ready"), LOG::toString);
    }

    @Test
    void aWholeGameAgainstTheAiOverTls() {
        Run r = Run.of("play", "--target", target, "--ca", certs.ca().toString(), "--name", "tls-player", "--variant",
            "draughts:fmjd", "--vs", "ai", "--level", "beginner", "--autoplay", "first", "--ascii");
        assertEquals(0, r.exitCode(), () -> r.err() + " / " + r.out().subList(Math.max(0, r.out().size() - 5), r.out().size()));
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("result: ")), () -> String.join("\n", r.out()));
    }

    @Test
    void theOnlineCommandsWithoutTlsOrWithoutTheCaAreOneSentence() {
        Run plain = Run.of("seek", "list", "--target", target, "--name", "tls-plain");
        assertEquals(1, plain.exitCode());
        assertTrue(plain.err().get(0).contains("closed the connection; if it serves TLS, connect with --tls"),
            plain.err()::toString);
        Run untrusted = Run.of("seek", "list", "--target", target, "--name", "tls-plain", "--tls");
        assertEquals(1, untrusted.exitCode());
        assertTrue(untrusted.err().get(0).contains("failed the TLS handshake"), untrusted.err()::toString);
        Run trusted = Run.of("seek", "list", "--target", target, "--name", "tls-plain", "--ca", certs.ca().toString());
        assertEquals(0, trusted.exitCode(), trusted.err()::toString);
    }

    @Test
    void aSecondUpSeesThePlatformRunningOverTls() {
        Platform again = new Platform(ROOT, services, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
            ClientTls.trusting(certs.ca()));
        CliException e = assertThrows(CliException.class, again::refuseIfRunning);
        assertTrue(e.getMessage().startsWith("Ply Yard is already running"), e.getMessage());
    }
}
