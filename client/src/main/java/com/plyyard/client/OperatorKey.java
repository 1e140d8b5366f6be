package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/**
 * The lobby's operator key (OperatorService): {@code $PLYYARD_OPERATOR_KEY}, else the file {@code operator-key} in the
 * Ply Yard home ({@code $PLYYARD_HOME}, default {@code ~/.plyyard}), which {@code up} creates (readable by its owner
 * only) and hands to the lobby it starts.
 */
final class OperatorKey {
    static final String ENV = "PLYYARD_OPERATOR_KEY";

    private OperatorKey() {
    }

    static Path file() {
        String override = System.getProperty("plyyard.credentials.dir"); // the tests' Ply Yard home
        if (override != null) {
            return Path.of(override).resolve("operator-key");
        }
        String home = System.getenv("PLYYARD_HOME");
        Path base = home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), ".plyyard");
        return base.resolve("operator-key");
    }

    /** The key for {@code up}: the configured one, or the one kept in the home (made now when there is none). */
    static String loadOrCreate() {
        String configured = System.getenv(ENV);
        if (configured != null && !configured.isBlank()) {
            return configured.strip();
        }
        Path file = file();
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.UTF_8).strip();
            }
            byte[] raw = new byte[33];
            new SecureRandom().nextBytes(raw);
            String key = Base64.getUrlEncoder().withoutPadding().encodeToString(raw); // 44 characters, 264 bits
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "operator-key", ".tmp");
            try {
                Files.setPosixFilePermissions(tmp, Set.copyOf(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                // a file system without POSIX permissions: the home directory's protection applies
            }
            Files.writeString(tmp, key + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return key;
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "could not keep the operator key in " + file + ": " + e.getMessage());
        }
    }

    /** The key for operator commands; a clear error when there is none. */
    static String find() {
        String configured = System.getenv(ENV);
        if (configured != null && !configured.isBlank()) {
            return configured.strip();
        }
        Path file = file();
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.UTF_8).strip();
            }
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "could not read the operator key in " + file + ": " + e.getMessage());
        }
        throw new CliException(CliException.FAILED, "No operator key: set " + ENV + " to the lobby's OPERATOR_KEY, or run on "
            + "the machine where ./plyyard up keeps it (" + file + ").");
    }
}
