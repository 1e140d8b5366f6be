package com.plyyard.client.online;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options that choose TLS for the commands that talk to lobby-service (off by default: plain text). */
public class TlsArgs {
    @Option(names = "--tls",
        description = "Connect with TLS, trusting the JVM's certificate authorities (see --ca for a certificate of your own).")
    boolean tls;

    /** Resolved by picocli from the system property or the environment variable PLYYARD_TLS_CA when not given. */
    @Option(names = "--ca", paramLabel = "FILE", defaultValue = "${PLYYARD_TLS_CA}",
        description = "Connect with TLS, trusting the certificates in this PEM file (the CA that signed the server's "
            + "certificate, or that certificate itself); default: $PLYYARD_TLS_CA.")
    String ca;

    /** These options as typed on a command line (" --tls", " --ca FILE"), for a command to suggest; "" for none. */
    public String asOptions() {
        if (ca != null && !ca.isBlank() && !ca.equals(System.getenv("PLYYARD_TLS_CA"))) {
            return " --ca " + ca.strip();
        }
        return tls ? " --tls" : "";
    }

    public ClientTls clientTls() {
        if (ca != null && !ca.isBlank()) {
            return ClientTls.trusting(Path.of(ca.strip()));
        }
        return tls ? new ClientTls(true, null) : ClientTls.PLAIN;
    }
}
