package com.plyyard.lobby.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One PostgreSQL cluster made by initdb once per test JVM (started and stopped once, so that it is a clean shut-down
 * cluster), copied for every test server. A copy holds exactly what initdb would make again: the same binaries, the
 * same settings; a server's own settings (fsync, TLS, port) are given when it starts. Removed when the JVM exits.
 */
final class TemplateCluster {
    private static Path template;

    private TemplateCluster() {
    }

    /** A new data directory holding a copy of the template (made at the first call). */
    static synchronized Path copy() throws IOException {
        if (template == null) {
            Path dir = Files.createTempDirectory("plyyard-pg-template");
            EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).start().close();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir), "pg-template-cleanup"));
            template = dir;
        }
        Path target = Files.createTempDirectory("plyyard-pg"); // 0700, as PostgreSQL wants its data directory
        Files.walkFileTree(template, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path to = target.resolve(template.relativize(dir).toString());
                if (!Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
                    Files.copy(dir, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String name = file.getFileName().toString();
                // the pid file of the template's one start is gone after its clean stop; never copy a stale one
                if (!name.equals("postmaster.pid") && !name.equals("epg-lock")) {
                    Files.copy(file, target.resolve(template.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return target;
    }

    /** Removes a data directory and everything in it. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + dir + ": " + e.getMessage(), e);
        }
    }
}
