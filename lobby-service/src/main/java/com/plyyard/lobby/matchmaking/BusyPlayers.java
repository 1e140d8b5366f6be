package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.players.PlayerRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * A player is busy while they play an active match with a clock (and are not out of it): a busy player gets no new
 * pairing — JoinPool, CreateSeek, AcceptSeek, AcceptChallenge and a rematch are refused (FAILED_PRECONDITION) and the
 * pairer leaves their tickets waiting until the game ends. Matches without a clock (correspondence) do not count: one
 * may play many at once. The check runs under the players' row locks, and pairing creates the match under the same
 * locks, so a call racing a pairing sees it.
 */
@ApplicationScoped
class BusyPlayers {
    @Inject
    MatchQueries matches;

    @Inject
    PlayerRepository players;

    Set<UUID> of(Collection<UUID> who) {
        return matches.playingClocked(who);
    }

    /** FAILED_PRECONDITION naming the first busy player, if any; {@code me} is addressed as "you". */
    void check(Collection<UUID> who, UUID me) {
        Set<UUID> busy = of(who);
        if (busy.isEmpty()) {
            return;
        }
        if (busy.contains(me)) {
            throw LobbyException.failedPrecondition("You are playing a match with a clock; finish it before looking for another.");
        }
        UUID first = busy.iterator().next();
        String name = PlayerRepository.named(players.byIds(List.of(first)), first).getName();
        throw LobbyException.failedPrecondition(name + " is playing a match with a clock; try again when it is over.");
    }
}
