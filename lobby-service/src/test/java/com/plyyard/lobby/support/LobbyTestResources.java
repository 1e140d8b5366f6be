package com.plyyard.lobby.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Everything a lobby test needs outside the lobby: a real PostgreSQL (zonky, fresh), and, except under the
 * {@link ServiceTestProfile}, the real rules-service and the real ai-service (their packaged jars as child processes).
 * Registered for every test of the module ({@link TestResources}); Quarkus starts it anew for each test profile.
 */
public class LobbyTestResources implements QuarkusTestResourceLifecycleManager {
    private String profile;
    private EmbeddedPostgresProcess pg;
    private RulesServiceProcess rules;
    private AiServiceProcess ai;

    @Override
    public void setContext(Context context) {
        profile = context.testProfile();
    }

    @Override
    public Map<String, String> start() {
        pg = EmbeddedPostgresProcess.start();
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.jdbc.url", pg.jdbcUrl());
        config.put("quarkus.datasource.username", pg.user());
        config.put("quarkus.datasource.password", "");
        if (underServiceTestProfile()) {
            return config; // the service tests: PostgreSQL only, the rules and the AI in-process
        }
        rules = RulesServiceProcess.start(Path.of("target", "test-logs"));
        ai = AiServiceProcess.start(Path.of("target", "test-logs"));
        config.put("quarkus.grpc.clients.rules.host", "localhost");
        config.put("quarkus.grpc.clients.rules.port", Integer.toString(rules.port()));
        config.put("quarkus.grpc.clients.rules.test-port", Integer.toString(rules.port()));
        config.put("plyyard.test.rules-port", Integer.toString(rules.port()));
        config.put("quarkus.grpc.clients.ai.host", "localhost");
        config.put("quarkus.grpc.clients.ai.port", Integer.toString(ai.port()));
        config.put("quarkus.grpc.clients.ai.test-port", Integer.toString(ai.port()));
        config.put("plyyard.test.ai-port", Integer.toString(ai.port()));
        return config;
    }

    /** The {@link ServiceTestProfile}, or a profile made from it (e.g. with an identity provider's settings added). */
    private boolean underServiceTestProfile() {
        if (profile == null) {
            return false;
        }
        try {
            return ServiceTestProfile.class.isAssignableFrom(Class.forName(profile, false,
                Thread.currentThread().getContextClassLoader()));
        } catch (ClassNotFoundException e) {
            return ServiceTestProfile.class.getName().equals(profile);
        }
    }

    @Override
    public void stop() {
        if (rules != null) {
            rules.stop();
        }
        if (ai != null) {
            ai.stop();
        }
        // a test may have restarted rules-service or ai-service (the outage tests): stop what it started, by pid
        ProcessHandle.current().children()
            .filter(h -> h.info().commandLine().orElse("").contains("rules-service")
                || h.info().commandLine().orElse("").contains("ai-service"))
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
