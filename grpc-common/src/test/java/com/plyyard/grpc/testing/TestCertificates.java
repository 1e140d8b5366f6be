package com.plyyard.grpc.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Certificates made for one test run with the JDK's {@code keytool} (no key or certificate is ever checked in): a test
 * CA, a server certificate it signed for {@code localhost} and {@code 127.0.0.1}, and a second CA that signed nothing
 * (a client trusting only that one must fail the handshake).
 *
 * @param ca               the test CA's certificate (PEM): what a client trusts
 * @param cert             the server's chain (PEM, leaf first, then the CA)
 * @param key              the server's private key (PEM, PKCS#8, readable by its owner only)
 * @param keystore         the same key and chain as a PKCS12 keystore
 * @param keystorePassword its password
 * @param otherCa          an unrelated CA's certificate (PEM)
 */
public record TestCertificates(Path ca, Path cert, Path key, Path keystore, String keystorePassword, Path otherCa) {
    private static final String PASSWORD = "test-only-password";

    /** Makes the files in {@code dir} (about ten keytool runs, a few seconds). */
    public static TestCertificates generate(Path dir) {
        try {
            Files.createDirectories(dir);
            Path caStore = dir.resolve("ca.p12");
            Path serverStore = dir.resolve("server.p12");
            Path otherStore = dir.resolve("other-ca.p12");
            Path request = dir.resolve("server.csr");
            Path signed = dir.resolve("server.cer");
            Path caPem = dir.resolve("ca.pem");
            Path otherPem = dir.resolve("other-ca.pem");
            for (Path p : List.of(caStore, serverStore, otherStore)) {
                Files.deleteIfExists(p);
            }
            keytool("-genkeypair", "-keystore", caStore, "-alias", "ca", "-dname", "CN=Ply Yard test CA", "-keyalg", "EC",
                "-groupname", "secp256r1", "-startdate", "-1d", "-validity", "3", "-ext", "bc:c");
            keytool("-exportcert", "-keystore", caStore, "-alias", "ca", "-rfc", "-file", caPem);
            keytool("-genkeypair", "-keystore", serverStore, "-alias", "server", "-dname", "CN=localhost", "-keyalg", "EC",
                "-groupname", "secp256r1", "-validity", "3");
            keytool("-certreq", "-keystore", serverStore, "-alias", "server", "-file", request);
            keytool("-gencert", "-keystore", caStore, "-alias", "ca", "-infile", request, "-outfile", signed, "-rfc",
                "-startdate", "-1d", "-validity", "3", "-ext", "san=dns:localhost,ip:127.0.0.1", "-ext", "eku=serverAuth",
                "-ext", "ku:c=digitalSignature");
            // the reply is installed over the CA's certificate, which then leaves the keystore: one entry, the server's
            keytool("-importcert", "-keystore", serverStore, "-alias", "ca", "-file", caPem, "-noprompt");
            keytool("-importcert", "-keystore", serverStore, "-alias", "server", "-file", signed, "-noprompt");
            keytool("-delete", "-keystore", serverStore, "-alias", "ca");
            keytool("-genkeypair", "-keystore", otherStore, "-alias", "other", "-dname", "CN=Some other CA", "-keyalg", "EC",
                "-groupname", "secp256r1", "-startdate", "-1d", "-validity", "3", "-ext", "bc:c");
            keytool("-exportcert", "-keystore", otherStore, "-alias", "other", "-rfc", "-file", otherPem);

            KeyStore server = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(serverStore)) {
                server.load(in, PASSWORD.toCharArray());
            }
            StringBuilder chain = new StringBuilder();
            for (Certificate c : server.getCertificateChain("server")) {
                chain.append(pem("CERTIFICATE", c.getEncoded()));
            }
            Path certPem = Files.writeString(dir.resolve("server.pem"), chain);
            Key privateKey = server.getKey("server", PASSWORD.toCharArray());
            Path keyPem = dir.resolve("server.key");
            Files.deleteIfExists(keyPem);
            Files.createFile(keyPem, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(keyPem, pem("PRIVATE KEY", privateKey.getEncoded()));
            return new TestCertificates(caPem, certPem, keyPem, serverStore, PASSWORD, otherPem);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("could not make the test certificates: " + e.getMessage(), e);
        }
    }

    /** An SSL context whose trust is the certificates in a PEM file (for java.net.http clients). */
    public static SSLContext trusting(Path pem) {
        try {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            List<Certificate> certs = new ArrayList<>();
            try (InputStream in = Files.newInputStream(pem)) {
                certs.addAll(CertificateFactory.getInstance("X.509").generateCertificates(in));
            }
            for (int i = 0; i < certs.size(); i++) {
                trust.setCertificateEntry("trusted-" + i, certs.get(i));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust " + pem + ": " + e.getMessage(), e);
        }
    }

    /** Trusts the test CA. */
    public SSLContext clientContext() {
        return trusting(ca);
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static void keytool(Object... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        for (Object a : args) {
            cmd.add(a.toString());
        }
        cmd.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool " + args[0] + " failed: " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
