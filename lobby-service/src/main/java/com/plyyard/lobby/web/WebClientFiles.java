package com.plyyard.lobby.web;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.FileSystemAccess;
import io.vertx.ext.web.handler.StaticHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The web client's files for people working on it: with {@code plyyard.web.dir} set (PLYYARD_WEB_DIR), the page is
 * read from that directory at every request, so an edit shows on reload without a rebuild. Files not there (the
 * generated client code, the protobuf runtime) still come from the jars. Unset, the default, the packaged web client
 * is served by Quarkus' static resources (web-client's META-INF/resources) with the caching headers of
 * application.properties.
 */
@ApplicationScoped
public class WebClientFiles {
    private static final Logger LOG = Logger.getLogger(WebClientFiles.class);

    @ConfigProperty(name = "plyyard.web.dir")
    Optional<String> directory;

    void routes(@Observes Router router) {
        if (directory.isEmpty() || directory.get().isBlank()) {
            return;
        }
        Path dir = Path.of(directory.get()).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("plyyard.web.dir (PLYYARD_WEB_DIR) names " + dir
                + ", which is not a directory: set it to web-client/src/main/resources/META-INF/resources, or unset it.");
        }
        LOG.infof("The web client is served from %s (plyyard.web.dir), without caching", dir);
        // before Quarkus' static resources (which come last); a file missing here falls through to them
        router.get().order(-50).handler(StaticHandler.create(FileSystemAccess.ROOT, dir.toString())
            .setCachingEnabled(false).setIncludeHidden(false));
    }
}
