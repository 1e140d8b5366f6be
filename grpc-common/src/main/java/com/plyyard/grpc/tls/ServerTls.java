package com.plyyard.grpc.tls;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The TLS settings of a service's one port (gRPC and HTTP share it), as an operator gives them, and the Quarkus settings
 * they become. Off unless a certificate is given; then the port speaks TLS only.
 *
 * <p>Either PEM files ({@code TLS_CERT}: the certificate chain, leaf first; {@code TLS_KEY}: its private key) or a PKCS12
 * keystore ({@code TLS_KEYSTORE}, {@code TLS_KEYSTORE_PASSWORD}). Each service's application.properties maps those
 * variables onto {@link #CERT}, {@link #KEY}, {@link #KEYSTORE} and {@link #KEYSTORE_PASSWORD}. The result is a named
 * configuration of Quarkus' TLS registry ({@code quarkus.tls.plyyard.*}) used by the HTTP server, the HTTPS port moved onto
 * the service's own port, and the plain-text port disabled ({@code quarkus.http.insecure-requests=disabled}).
 */
public final class ServerTls {
    public static final String CERT = "plyyard.tls.cert";
    public static final String KEY = "plyyard.tls.key";
    public static final String KEYSTORE = "plyyard.tls.keystore";
    public static final String KEYSTORE_PASSWORD = "plyyard.tls.keystore-password";
    /** The TLS registry's configuration name: {@code quarkus.tls.plyyard.*}. */
    public static final String CONFIGURATION = "plyyard";

    private static final Map<String, String> VARIABLE = Map.of(CERT, "TLS_CERT", KEY, "TLS_KEY", KEYSTORE, "TLS_KEYSTORE",
        KEYSTORE_PASSWORD, "TLS_KEYSTORE_PASSWORD");

    private final Map<String, String> quarkus;

    private ServerTls(Map<String, String> quarkus) {
        this.quarkus = quarkus;
    }

    /**
     * Reads the four settings (blank counts as unset) and checks them: a certificate without its key, a key without its
     * certificate, both PEM files and a keystore, a keystore password without a keystore, or a file that cannot be read
     * stops the service with a sentence naming the variable (a half-configured TLS must not start as plain text).
     *
     * @param setting the value of a setting by its name ({@link #CERT}, ...), null or blank when unset
     * @throws IllegalStateException with that sentence
     */
    public static ServerTls from(Function<String, String> setting) {
        Optional<String> cert = value(setting, CERT);
        Optional<String> key = value(setting, KEY);
        Optional<String> keystore = value(setting, KEYSTORE);
        Optional<String> password = value(setting, KEYSTORE_PASSWORD);
        Map<String, String> out = new LinkedHashMap<>();
        String prefix = "quarkus.tls." + CONFIGURATION + ".key-store.";
        if (cert.isPresent() || key.isPresent()) {
            if (keystore.isPresent()) {
                throw refuse("give either " + name(CERT) + " and " + name(KEY) + " (PEM files) or " + name(KEYSTORE)
                    + " (PKCS12), not both");
            }
            if (cert.isEmpty() || key.isEmpty()) {
                boolean certMissing = cert.isEmpty();
                throw refuse(name(certMissing ? KEY : CERT) + " is set but " + name(certMissing ? CERT : KEY)
                    + " is not; the certificate and its key go together");
            }
            out.put(prefix + "pem.server.cert", readable(CERT, cert.get()));
            out.put(prefix + "pem.server.key", readable(KEY, key.get()));
        } else if (keystore.isPresent()) {
            out.put(prefix + "p12.path", readable(KEYSTORE, keystore.get()));
            password.ifPresent(p -> out.put(prefix + "p12.password", p));
        } else if (password.isPresent()) {
            throw refuse(name(KEYSTORE_PASSWORD) + " is set but " + name(KEYSTORE) + " is not");
        } else {
            return new ServerTls(Map.of());
        }
        out.put("quarkus.http.tls-configuration-name", CONFIGURATION);
        // gRPC is served on the HTTP server (use-separate-server=false): one port, TLS only
        out.put("quarkus.http.ssl-port", "${quarkus.http.port}");
        out.put("quarkus.http.test-ssl-port", "${quarkus.http.test-port}");
        out.put("quarkus.http.insecure-requests", "disabled");
        return new ServerTls(Map.copyOf(out));
    }

    public boolean enabled() {
        return !quarkus.isEmpty();
    }

    /** The Quarkus settings TLS needs; empty when TLS is off. */
    public Map<String, String> quarkusSettings() {
        return quarkus;
    }

    private static Optional<String> value(Function<String, String> setting, String name) {
        String v = setting.apply(name);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.strip());
    }

    private static String readable(String setting, String file) {
        Path path = Path.of(file);
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw refuse(name(setting) + " names " + path.toAbsolutePath() + ", which is not a readable file");
        }
        return path.toAbsolutePath().toString();
    }

    private static String name(String setting) {
        return VARIABLE.get(setting) + " (" + setting + ")";
    }

    private static IllegalStateException refuse(String why) {
        return new IllegalStateException("TLS is half configured, so the service does not start: " + why + ". See docs/tls.md.");
    }
}
