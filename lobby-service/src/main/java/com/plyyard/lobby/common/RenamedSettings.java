package com.plyyard.lobby.common;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The settings renamed when every duration became a {@code Duration} ("10s", "250ms") under one prefix per area: a
 * lobby started with an old name stops at once with a sentence naming the new one, rather than silently running on the
 * default.
 */
@ApplicationScoped
public class RenamedSettings {
    static final Map<String, String> RENAMED = new LinkedHashMap<>();

    static {
        RENAMED.put("plyyard.lobby.rules-deadline-seconds", "plyyard.lobby.rules.deadline (e.g. 10s)");
        RENAMED.put("plyyard.lobby.ai.deadline-seconds", "plyyard.lobby.ai.deadline (e.g. 30s)");
        RENAMED.put("plyyard.lobby.clock-check-every", "plyyard.lobby.clock.check-every (e.g. 250ms)");
        RENAMED.put("plyyard.lobby.workers", "plyyard.lobby.calls.workers");
        RENAMED.put("plyyard.lobby.queue", "plyyard.lobby.calls.queue");
        RENAMED.put("plyyard.lobby.seek-grace-seconds", "plyyard.lobby.matchmaking.seek-grace (e.g. 30s)");
        RENAMED.put("plyyard.lobby.presence-heartbeat-seconds", "plyyard.lobby.matchmaking.presence-heartbeat (e.g. 10s)");
        RENAMED.put("plyyard.lobby.sweep-every-millis", "plyyard.lobby.matchmaking.sweep-every (e.g. 1s)");
        RENAMED.put("plyyard.lobby.pairing-interval-millis", "plyyard.lobby.matchmaking.pairing-every (e.g. 2s)");
        RENAMED.put("plyyard.lobby.pairing.gap-base", "plyyard.lobby.matchmaking.rating-gap.base");
        RENAMED.put("plyyard.lobby.pairing.gap-step", "plyyard.lobby.matchmaking.rating-gap.step");
        RENAMED.put("plyyard.lobby.pairing.gap-step-seconds", "plyyard.lobby.matchmaking.rating-gap.step-every (e.g. 10s)");
        RENAMED.put("plyyard.lobby.pairing.gap-max", "plyyard.lobby.matchmaking.rating-gap.max");
        RENAMED.put("plyyard.lobby.ai-fill-seconds", "plyyard.lobby.matchmaking.ai-fill.after (e.g. 30s)");
        RENAMED.put("plyyard.lobby.ai-fill-level", "plyyard.lobby.matchmaking.ai-fill.level");
    }

    void onStart(@Observes @Priority(1) StartupEvent event) {
        List<String> problems = oldNamesIn(ConfigProvider.getConfig());
        if (!problems.isEmpty()) {
            throw new IllegalStateException("lobby-service settings were renamed: " + String.join("; ", problems) + ".");
        }
    }

    /**
     * "old is now new" for every old name the configuration sets. An environment variable that names an old and a new
     * setting alike (PLYYARD_LOBBY_CLOCK_CHECK_EVERY: plyyard.lobby.clock-check-every and plyyard.lobby.clock.check-every)
     * is taken for the new one; the old name only counts there when a source spells it out (a -D option, a properties
     * file).
     */
    static List<String> oldNamesIn(Config config) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : RENAMED.entrySet()) {
            String old = e.getKey();
            if (config.getOptionalValue(old, String.class).isEmpty()) {
                continue;
            }
            String now = e.getValue().split(" ")[0];
            if (envName(old).equals(envName(now)) && !spelledOut(config, old)) {
                continue;
            }
            out.add(old + " is now " + e.getValue());
        }
        return out;
    }

    /** The environment variable a property name reads (MicroProfile Config's rule). */
    static String envName(String property) {
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static boolean spelledOut(Config config, String name) {
        for (ConfigSource source : config.getConfigSources()) {
            if (source.getPropertyNames().contains(name)) {
                return true;
            }
        }
        return false;
    }
}
