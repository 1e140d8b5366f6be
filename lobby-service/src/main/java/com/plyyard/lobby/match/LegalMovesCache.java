package com.plyyard.lobby.match;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.plyyard.proto.v1.Move;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The legal moves of the positions this instance played lately, for ListLegalMoves: a move's ApplyMove brings the
 * moves of the position after it (the rules generate them anyway), so the player to move, who asks next, is answered
 * without another call to rules-service (docs/scaling.md, "Moves judged together, and the legal moves with them"). A
 * match's state changes only with its {@code state_version}, so the moves kept for a state version are exactly the
 * rules' answer for it; any other version (another instance moved, the entry was evicted) asks the rules and keeps
 * their answer.
 */
@ApplicationScoped
class LegalMovesCache {
    /** Moves kept at most, over all matches: a few thousand positions (a draughts position has about ten). */
    private static final long MAX_MOVES = 200_000;

    private record Entry(long stateVersion, List<Move> moves) {
    }

    @Inject
    MeterRegistry metrics;

    private Cache<UUID, Entry> entries;
    private Counter hits;
    private Counter asked;

    @PostConstruct
    void init() {
        entries = Caffeine.newBuilder().maximumWeight(MAX_MOVES).<UUID, Entry>weigher((id, e) -> 1 + e.moves.size())
            .expireAfterAccess(Duration.ofMinutes(30)).build();
        hits = Counter.builder("plyyard.lobby.legal.moves").tag("source", "kept")
            .description("ListLegalMoves answers, by where their moves came from").register(metrics);
        asked = Counter.builder("plyyard.lobby.legal.moves").tag("source", "rules")
            .description("ListLegalMoves answers, by where their moves came from").register(metrics);
    }

    /** The moves of the match's position at {@code stateVersion}, known to the rules. */
    void put(UUID matchId, long stateVersion, List<Move> moves) {
        entries.put(matchId, new Entry(stateVersion, List.copyOf(moves)));
    }

    /** The moves kept for that state version, or the rules' answer ({@code rules}), then kept. */
    List<Move> get(UUID matchId, long stateVersion, Supplier<List<Move>> rules) {
        Entry e = entries.getIfPresent(matchId);
        if (e != null && e.stateVersion == stateVersion) {
            hits.increment();
            return e.moves;
        }
        asked.increment();
        List<Move> moves = List.copyOf(rules.get());
        Entry now = new Entry(stateVersion, moves);
        // a newer state's moves, put meanwhile by a move, are not replaced by these
        entries.asMap().merge(matchId, now, (old, mine) -> old.stateVersion > mine.stateVersion ? old : mine);
        return moves;
    }
}
