package com.plyyard.lobby.grpc;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;

/**
 * A stand-in OpenID Connect provider on 127.0.0.1, made in the test: an RSA key of its own, its discovery document at
 * {@code <issuer>/.well-known/openid-configuration} and its key set (JWKS) at {@code <issuer>/keys}, served by the JDK's
 * own HTTP server; and tokens signed with that key ({@link #token()}), or with another one. Nothing leaves the machine.
 *
 * <p>A test resource: started before the lobby of the test profile that names it, which it points at itself
 * ({@code plyyard.lobby.oidc.issuer}, {@code plyyard.lobby.oidc.audience}). Quarkus may load this class twice (once
 * for the test resource, once with the test), so what the test needs of the running provider goes through the JVM's
 * system properties (the issuer and the private key) and through HTTP (how often the key set was fetched), never through
 * static fields.
 */
public class LocalIssuer implements QuarkusTestResourceLifecycleManager {
    static final String AUDIENCE = "plyyard-lobby-test";
    static final String KEY_ID = "local-key-1";
    /** The key {@link #rotate()} adds to the key set. */
    static final String NEW_KEY_ID = "local-key-2";
    private static final String REALM = "/realms/local";

    private static final String ISSUER_PROPERTY = "plyyard.test.local-issuer";
    private static final String KEY_PROPERTY = "plyyard.test.local-issuer.private-key";
    private static final String NEW_KEY_PROPERTY = "plyyard.test.local-issuer.new-private-key";

    private final AtomicInteger keySetFetches = new AtomicInteger();
    private volatile RSAPublicKey newKey;
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException("the stand-in identity provider could not listen on 127.0.0.1", e);
        }
        KeyPair key = rsa();
        String issuer = "http://127.0.0.1:" + server.getAddress().getPort() + REALM;
        System.setProperty(ISSUER_PROPERTY, issuer);
        System.setProperty(KEY_PROPERTY, Base64.getEncoder().encodeToString(key.getPrivate().getEncoded()));
        server.createContext(REALM + "/.well-known/openid-configuration", exchange -> json(exchange, """
            {"issuer": "%1$s", "jwks_uri": "%1$s/keys", "token_endpoint": "%1$s/token",
             "id_token_signing_alg_values_supported": ["RS256"]}""".formatted(issuer)));
        server.createContext(REALM + "/keys", exchange -> {
            keySetFetches.incrementAndGet();
            json(exchange, newKey == null ? keySet((RSAPublicKey) key.getPublic())
                : keySet((RSAPublicKey) key.getPublic(), newKey));
        });
        server.createContext(REALM + "/rotate", exchange -> {
            KeyPair added = rsa();
            System.setProperty(NEW_KEY_PROPERTY, Base64.getEncoder().encodeToString(added.getPrivate().getEncoded()));
            newKey = (RSAPublicKey) added.getPublic();
            json(exchange, "{}");
        });
        server.createContext(REALM + "/fetches", exchange -> json(exchange, Integer.toString(keySetFetches.get())));
        server.start();
        return Map.of("plyyard.lobby.oidc.issuer", issuer, "plyyard.lobby.oidc.audience", AUDIENCE);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
        System.clearProperty(ISSUER_PROPERTY);
        System.clearProperty(KEY_PROPERTY);
        System.clearProperty(NEW_KEY_PROPERTY);
    }

    /** The issuer URL of this run (once started). */
    static String issuer() {
        return System.getProperty(ISSUER_PROPERTY);
    }

    /** How often the lobby fetched the key set so far (asked of the running provider). */
    static int keySetFetches() throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(
            HttpRequest.newBuilder(URI.create(issuer() + "/fetches")).build(), HttpResponse.BodyHandlers.ofString());
        return Integer.parseInt(r.body().strip());
    }

    /**
     * A token's claims as this provider makes them for the lobby: its issuer, the lobby's audience, a subject and a
     * preferred name, five minutes to live from {@code nowSeconds}.
     */
    static JwtClaimsBuilder claims(String subject, String preferredName, long nowSeconds) {
        return Jwt.issuer(issuer()).audience(AUDIENCE).subject(subject).claim("preferred_username", preferredName)
            .issuedAt(nowSeconds).expiresAt(nowSeconds + 300);
    }

    /** Claims signed with the provider's own key (the one its key set publishes). */
    static String signed(JwtClaimsBuilder claims) {
        return claims.jws().keyId(KEY_ID).sign(privateKey(KEY_PROPERTY));
    }

    /** The provider starts publishing a second key ({@link #NEW_KEY_ID}) beside its first, as at a key rotation. */
    static void rotate() throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(
            HttpRequest.newBuilder(URI.create(issuer() + "/rotate")).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("rotate: " + r.statusCode());
        }
    }

    /** Claims signed with the key {@link #rotate()} added. */
    static String signedWithNewKey(JwtClaimsBuilder claims) {
        return claims.jws().keyId(NEW_KEY_ID).sign(privateKey(NEW_KEY_PROPERTY));
    }

    /** Claims signed with another key, under the key id given. */
    static String signedWith(PrivateKey key, String keyId, JwtClaimsBuilder claims) {
        return claims.jws().keyId(keyId).sign(key);
    }

    static KeyPair anotherKey() {
        return rsa();
    }

    private static PrivateKey privateKey(String property) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(
                new PKCS8EncodedKeySpec(Base64.getDecoder().decode(System.getProperty(property))));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String keySet(RSAPublicKey key) {
        return new JsonWebKeySet(jwk(key, KEY_ID)).toJson();
    }

    private static String keySet(RSAPublicKey key, RSAPublicKey added) {
        return new JsonWebKeySet(jwk(key, KEY_ID), jwk(added, NEW_KEY_ID)).toJson();
    }

    private static RsaJsonWebKey jwk(RSAPublicKey key, String id) {
        RsaJsonWebKey jwk = new RsaJsonWebKey(key);
        jwk.setKeyId(id);
        jwk.setAlgorithm("RS256");
        jwk.setUse("sig");
        return jwk;
    }

    private static void json(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return g.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
