package com.plyyard.lobby.watch;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * The open watch streams of this instance as Prometheus gauges ({@code plyyard_lobby_streams{kind="match"|"lobby"}})
 * and the matches their events are kept in memory for ({@code plyyard_lobby_watched_matches}): what an operator sizes
 * an instance by, and what the load generator's 10 000-stream run reads.
 */
@ApplicationScoped
class StreamGauges {
    @Inject
    MeterRegistry registry;

    @Inject
    MatchStreams matchStreams;

    @Inject
    LobbyStreams lobbyStreams;

    void onStart(@Observes StartupEvent event) {
        Gauge.builder("plyyard.lobby.streams", matchStreams, MatchStreams::size).tag("kind", "match")
            .description("open WatchMatch streams").register(registry);
        Gauge.builder("plyyard.lobby.streams", lobbyStreams, LobbyStreams::size).tag("kind", "lobby")
            .description("open WatchLobby streams").register(registry);
        Gauge.builder("plyyard.lobby.watched.matches", matchStreams, MatchStreams::watchedMatches)
            .description("matches with open WatchMatch streams on this instance").register(registry);
    }
}
