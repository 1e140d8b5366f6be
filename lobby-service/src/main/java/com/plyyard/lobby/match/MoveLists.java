package com.plyyard.lobby.match;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.plyyard.proto.v1.MatchMove;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The move lists of the matches this instance moved in lately, for the {@code Match} a SubmitMove answers and the
 * views of the other changes (a resignation, a draw, a watcher's first snapshot): without it, each of them re-read and
 * parsed every earlier move of its game (a cost that grew with the game's length and was a quarter of the lobby's CPU
 * at 64 matches, docs/benchmarks.md). Moves are never taken back and a match's plies count its MOVE_PLAYED events, so
 * a list of {@code plies - 1} moves is exactly the prefix of the game before its move {@code plies}; any other list
 * (another instance moved meanwhile, or the entry was evicted) is read again.
 *
 * <p>Only committed moves are held: a list enters after its last move's commit (or as read back after it), never from
 * inside a unit of work whose move might still roll back.
 */
@Singleton
class MoveLists {
    private final Cache<UUID, List<MatchMove>> lists;

    MoveLists() {
        this(20_000, Duration.ofMinutes(30));
    }

    MoveLists(long maxMatches, Duration idle) {
        lists = Caffeine.newBuilder().maximumSize(maxMatches).expireAfterAccess(idle).build();
    }

    /**
     * The list after {@code move}, the match's move number {@code move.getPly()}: the cached list with it appended
     * when that list is the game before it, otherwise {@code stored} (the whole list as stored, the move included).
     */
    List<MatchMove> after(UUID matchId, MatchMove move, Supplier<List<MatchMove>> stored) {
        List<MatchMove> before = lists.getIfPresent(matchId);
        List<MatchMove> now;
        if (before != null && before.size() == move.getPly() - 1) {
            List<MatchMove> grown = new ArrayList<>(before.size() + 1);
            grown.addAll(before);
            grown.add(move);
            now = Collections.unmodifiableList(grown);
        } else {
            now = List.copyOf(stored.get());
        }
        lists.put(matchId, now);
        return now;
    }

    /**
     * The match's first {@code plies} moves if this instance holds exactly that many, else null (the caller reads
     * them): held lists are committed prefixes of the game, so one of that length is the game's.
     */
    List<MatchMove> held(UUID matchId, int plies) {
        List<MatchMove> list = lists.getIfPresent(matchId);
        return list != null && list.size() == plies ? list : null;
    }

    long size() {
        lists.cleanUp();
        return lists.estimatedSize();
    }
}
