package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.match.ClockedMatch;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.players.PlayerRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.Map;
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

    /**
     * FAILED_PRECONDITION naming the first busy player, if any, and the match they play (its id and variant); {@code me}
     * is addressed as "you" and told how to go back to it.
     */
    void check(Collection<UUID> who, UUID me) {
        Map<UUID, ClockedMatch> busy = matches.clockedMatches(who);
        if (busy.isEmpty()) {
            return;
        }
        ClockedMatch mine = busy.get(me);
        if (mine != null) {
            throw LobbyException.failedPrecondition(youAreBusy(mine));
        }
        Map.Entry<UUID, ClockedMatch> first = busy.entrySet().iterator().next();
        String name = PlayerRepository.named(players.byIds(List.of(first.getKey())), first.getKey()).getName();
        throw LobbyException.failedPrecondition(name + " is playing match " + named(first.getValue())
            + ", which has a clock; try again when it is over.");
    }

    /** The sentence that tells a busy player which match holds them and how to resume it. */
    static String youAreBusy(ClockedMatch m) {
        return "You are playing match " + named(m) + ", which has a clock; resume it with ./plyyard play --match "
            + m.matchId() + " or on the web page, and finish it before looking for another.";
    }

    private static String named(ClockedMatch m) {
        return m.matchId() + " (" + m.variant() + ")";
    }
}
