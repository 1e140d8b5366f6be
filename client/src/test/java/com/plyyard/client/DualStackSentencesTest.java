package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.grpc.testing.TestCertificates;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TLS-mismatch sentences on a host name with two addresses, as Debian's /etc/hosts gives {@code localhost} (::1 and
 * 127.0.0.1) while the server listens on one only. The channel tries both and reports the last failure, a refused
 * connection, so the client used to say "not reachable; start the platform" to a running lobby (found by
 * {@code ./mvnw verify} on a fresh Debian). The client runs in a JVM of its own whose name service reads a hosts file
 * of the test's ({@code jdk.net.hosts.file}): {@code dual} is 127.0.0.1 and ::1.
 */
@Timeout(120)
class DualStackSentencesTest {
    private static Server tlsLobby;
    private static Server plainLobby;
    private static TestCertificates certs;
    private static Path dir;

    @BeforeAll
    static void start(@TempDir Path temp) throws IOException {
        dir = temp;
        certs = TestCertificates.generate(temp);
        tlsLobby = serve(TlsServerCredentials.create(certs.cert().toFile(), certs.key().toFile()));
        plainLobby = serve(InsecureServerCredentials.create());
        Files.writeString(temp.resolve("hosts"), "127.0.0.1 dual\n::1 dual\n");
    }

    @AfterAll
    static void stop() {
        tlsLobby.shutdownNow();
        plainLobby.shutdownNow();
    }

    private static Server serve(ServerCredentials credentials) throws IOException {
        // IPv4 loopback only: nothing listens on ::1 at this port
        return NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), credentials)
            .build().start();
    }

    /** `./plyyard ratings --target dual:PORT …` in a JVM of its own; its one line on stderr. */
    private static String failure(Server s, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djdk.net.hosts.file=" + dir.resolve("hosts"), "-Dplyyard.credentials.dir=" + dir,
            "-cp", System.getProperty("java.class.path"), PlyYard.class.getName(),
            "ratings", "--target", "dual:" + s.getPort(), "--name", "dual-ann"));
        cmd.addAll(List.of(options));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), err);
        List<String> lines = err.lines().filter(l -> l.startsWith("plyyard: ")).toList();
        assertEquals(1, lines.size(), err);
        return lines.get(0);
    }

    @Test
    void plainTextAgainstATlsPortStillSuggestsTls() throws Exception {
        assertEquals("plyyard: lobby-service at dual:" + tlsLobby.getPort() + " closed the connection; if it serves TLS, "
            + "connect with --tls (and --ca FILE for a certificate of your own).", failure(tlsLobby));
    }

    @Test
    void anUntrustedCertificateStillSaysHandshake() throws Exception {
        String line = failure(tlsLobby, "--ca", certs.otherCa().toString());
        assertTrue(line.startsWith("plyyard: lobby-service at dual:" + tlsLobby.getPort() + " failed the TLS handshake ("),
            line);
    }

    @Test
    void tlsAgainstAPlainTextPortStillSaysItDoesNotSpeakTls() throws Exception {
        assertEquals("plyyard: lobby-service at dual:" + plainLobby.getPort() + " does not speak TLS; connect without --tls "
            + "and --ca (and PLYYARD_TLS_CA).", failure(plainLobby, "--ca", certs.ca().toString()));
    }

    @Test
    void nothingListeningAnywhereIsStillNotReachable() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = free.getLocalPort();
        }
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djdk.net.hosts.file=" + dir.resolve("hosts"), "-Dplyyard.credentials.dir=" + dir,
            "-cp", System.getProperty("java.class.path"), PlyYard.class.getName(),
            "ratings", "--target", "dual:" + port, "--name", "dual-ann");
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(err.contains("lobby-service at dual:" + port + " is not reachable; start the platform"), err);
    }
}
