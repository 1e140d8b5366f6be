package com.plyyard.grpc.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the services' TLS settings become, and which half-made settings stop a service (with which sentence). */
class ServerTlsTest {
    @TempDir
    Path dir;

    private static ServerTls tls(Map<String, String> settings) {
        return ServerTls.from(settings::get);
    }

    private Path file(String name) throws IOException {
        return Files.writeString(dir.resolve(name), "x");
    }

    @Test
    void offWhenNothingOrOnlyBlanksAreSet() {
        assertFalse(tls(Map.of()).enabled());
        assertEquals(Map.of(), tls(Map.of()).quarkusSettings());
        // application.properties maps unset variables to "" (plyyard.tls.cert=${TLS_CERT:})
        assertFalse(tls(Map.of(ServerTls.CERT, "", ServerTls.KEY, " ", ServerTls.KEYSTORE, "",
            ServerTls.KEYSTORE_PASSWORD, "")).enabled());
    }

    @Test
    void pemFilesBecomeTheTlsRegistrysConfigurationOnTheServicesOwnPortOnly() throws IOException {
        Path cert = file("server.pem");
        Path key = file("server.key");
        ServerTls tls = tls(Map.of(ServerTls.CERT, cert.toString(), ServerTls.KEY, " " + key + " "));
        assertTrue(tls.enabled());
        assertEquals(Map.of(
            "quarkus.tls.plyyard.key-store.pem.server.cert", cert.toAbsolutePath().toString(),
            "quarkus.tls.plyyard.key-store.pem.server.key", key.toAbsolutePath().toString(),
            "quarkus.http.tls-configuration-name", "plyyard",
            "quarkus.http.ssl-port", "${quarkus.http.port}",
            "quarkus.http.test-ssl-port", "${quarkus.http.test-port}",
            "quarkus.http.insecure-requests", "disabled"), tls.quarkusSettings());
    }

    @Test
    void aPkcs12KeystoreWithOrWithoutPassword() throws IOException {
        Path store = file("server.p12");
        Map<String, String> settings = new HashMap<>(Map.of(ServerTls.KEYSTORE, store.toString(),
            ServerTls.KEYSTORE_PASSWORD, "secret"));
        Map<String, String> quarkus = tls(settings).quarkusSettings();
        assertEquals(store.toAbsolutePath().toString(), quarkus.get("quarkus.tls.plyyard.key-store.p12.path"));
        assertEquals("secret", quarkus.get("quarkus.tls.plyyard.key-store.p12.password"));
        assertEquals("disabled", quarkus.get("quarkus.http.insecure-requests"));
        settings.remove(ServerTls.KEYSTORE_PASSWORD);
        assertFalse(tls(settings).quarkusSettings().containsKey("quarkus.tls.plyyard.key-store.p12.password"));
    }

    private static String refusal(Map<String, String> settings) {
        return assertThrows(IllegalStateException.class, () -> tls(settings)).getMessage();
    }

    @Test
    void halfMadeSettingsStopTheServiceNamingTheVariable() throws IOException {
        String cert = file("server.pem").toString();
        String key = file("server.key").toString();
        String store = file("server.p12").toString();
        assertEquals("TLS is half configured, so the service does not start: TLS_CERT (plyyard.tls.cert) is set but TLS_KEY "
            + "(plyyard.tls.key) is not; the certificate and its key go together. See docs/tls.md.",
            refusal(Map.of(ServerTls.CERT, cert)));
        assertTrue(refusal(Map.of(ServerTls.KEY, key)).contains("TLS_KEY (plyyard.tls.key) is set but TLS_CERT "
            + "(plyyard.tls.cert) is not"));
        assertTrue(refusal(Map.of(ServerTls.CERT, cert, ServerTls.KEY, key, ServerTls.KEYSTORE, store))
            .contains("give either TLS_CERT (plyyard.tls.cert) and TLS_KEY (plyyard.tls.key) (PEM files) or TLS_KEYSTORE"));
        assertTrue(refusal(Map.of(ServerTls.KEYSTORE_PASSWORD, "secret"))
            .contains("TLS_KEYSTORE_PASSWORD (plyyard.tls.keystore-password) is set but TLS_KEYSTORE"));
        Path missing = dir.resolve("missing.pem");
        assertTrue(refusal(Map.of(ServerTls.CERT, missing.toString(), ServerTls.KEY, key))
            .contains("TLS_CERT (plyyard.tls.cert) names " + missing.toAbsolutePath() + ", which is not a readable file"));
        assertTrue(refusal(Map.of(ServerTls.KEYSTORE, dir.toString())).contains("which is not a readable file"),
            "a directory is not a keystore");
    }
}
