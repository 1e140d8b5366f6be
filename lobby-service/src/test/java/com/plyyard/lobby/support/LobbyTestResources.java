package com.plyyard.lobby.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Everything a lobby test needs outside the lobby: a real PostgreSQL (zonky, fresh) and the real
 * rules-service (its packaged jar as a child process). Registered once for every test of the module
 * ({@link TestResources}).
 */
public class LobbyTestResources implements QuarkusTestResourceLifecycleManager {
    private EmbeddedPostgresProcess pg;
    private RulesServiceProcess rules;

    @Override
    public Map<String, String> start() {
        rules = RulesServiceProcess.start(Path.of("target", "test-logs"));
        pg = EmbeddedPostgresProcess.start();
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.jdbc.url", pg.jdbcUrl());
        config.put("quarkus.datasource.username", pg.user());
        config.put("quarkus.datasource.password", "");
        config.put("quarkus.grpc.clients.rules.host", "localhost");
        config.put("quarkus.grpc.clients.rules.port", Integer.toString(rules.port()));
        config.put("quarkus.grpc.clients.rules.test-port", Integer.toString(rules.port()));
        config.put("plyyard.test.rules-port", Integer.toString(rules.port()));
        return config;
    }

    @Override
    public void stop() {
        if (rules != null) {
            rules.stop();
        }
        // a test may have restarted rules-service (RulesOutageTest): stop what it started, by pid
        ProcessHandle.current().children()
            .filter(h -> h.info().commandLine().orElse("").contains("rules-service"))
            .forEach(h -> {
                h.destroy();
                h.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).exceptionally(t -> {
                    h.destroyForcibly();
                    return null;
                }).join();
            });
        if (pg != null) {
            pg.close();
        }
    }
}
