package com.plyyard.client.online;

import com.plyyard.client.cli.CliException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The session tokens this machine keeps: {@code $PLYYARD_HOME/credentials.properties} (default {@code ~/.plyyard}),
 * readable by its owner only. A token is kept per server and name ({@code <target>/<name>.token}, the name in lower
 * case: names are unique ignoring case), and the name used last per server ({@code <target>.name}) is the default when
 * a command gets no {@code --name}, so one machine can act as several players. The first format, one token per server
 * ({@code <target>.token}), is still read and moved to the new key on the next write.
 */
final class Credentials {
    private Credentials() {
    }

    /** The name used last on {@code target}, if any. */
    static Optional<String> lastName(String target) {
        return Optional.ofNullable(load().getProperty(target + ".name"));
    }

    /** The token kept for {@code name} on {@code target}, if any. */
    static Optional<String> token(String target, String name) {
        Properties credentials = load();
        String token = credentials.getProperty(key(target, name));
        if (token == null && name.equals(credentials.getProperty(target + ".name"))) {
            token = credentials.getProperty(target + ".token"); // the first format: one player per server
        }
        return Optional.ofNullable(token);
    }

    /** Keeps {@code token} for {@code name} on {@code target}, which becomes the server's default name. */
    static void remember(String target, String name, String token) {
        update(credentials -> {
            String oldToken = credentials.getProperty(target + ".token");
            String oldName = credentials.getProperty(target + ".name");
            if (oldToken != null && oldName != null) {
                credentials.putIfAbsent(key(target, oldName), oldToken);
            }
            credentials.remove(target + ".token");
            credentials.setProperty(key(target, name), token);
            credentials.setProperty(target + ".name", name);
        });
    }

    /**
     * Forgets the token kept for {@code name} on {@code target} (the session ended); the name stays the server's default,
     * so the next command says how to sign in again. False when there was none.
     */
    static boolean forget(String target, String name) {
        boolean[] had = {false};
        update(credentials -> {
            had[0] = credentials.remove(key(target, name)) != null;
            if (name.equals(credentials.getProperty(target + ".name")) && credentials.remove(target + ".token") != null) {
                had[0] = true;
            }
        });
        return had[0];
    }

    private static String key(String target, String name) {
        return target + "/" + name.toLowerCase(Locale.ROOT) + ".token";
    }

    static Path file() {
        String override = System.getProperty("plyyard.credentials.dir");
        if (override != null) {
            return Path.of(override).resolve("credentials.properties");
        }
        String home = System.getenv("PLYYARD_HOME");
        Path dir = home != null ? Path.of(home) : Path.of(System.getProperty("user.home"), ".plyyard");
        return dir.resolve("credentials.properties");
    }

    private static Properties load() {
        Properties p = new Properties();
        Path file = file();
        if (Files.exists(file)) {
            try (Reader r = Files.newBufferedReader(file)) {
                p.load(r);
            } catch (IOException e) {
                throw new CliException(CliException.FAILED, "Cannot read " + file + ": " + e.getMessage());
            }
        }
        return p;
    }

    /** Serialises read-modify-write of the file within this JVM; the file lock does it between processes. */
    private static final Object FILE_GUARD = new Object();

    /**
     * Changes the credentials file under a lock, re-reading it first: commands running at the same time (two
     * terminals, two players on one machine) lose no token. The file is replaced atomically, so a reader never sees
     * half of it.
     */
    private static void update(java.util.function.Consumer<Properties> change) {
        Path file = file();
        synchronized (FILE_GUARD) {
            try {
                Files.createDirectories(file.getParent());
                try (FileChannel lockFile = FileChannel.open(file.resolveSibling("credentials.lock"), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                     FileLock lock = lockFile.lock()) {
                    Properties p = load();
                    change.accept(p);
                    Path temp = Files.createTempFile(file.getParent(), "credentials", ".tmp");
                    try {
                        temp.toFile().setReadable(false, false);
                        temp.toFile().setReadable(true, true);
                        try (Writer w = Files.newBufferedWriter(temp)) {
                            p.store(w, "Ply Yard player tokens, per server and name (keep private)");
                        }
                        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } finally {
                        Files.deleteIfExists(temp);
                    }
                }
            } catch (IOException e) {
                throw new CliException(CliException.FAILED, "Cannot write " + file + ": " + e.getMessage());
            }
        }
    }
}
