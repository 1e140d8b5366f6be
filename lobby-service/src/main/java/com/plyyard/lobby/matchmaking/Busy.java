package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.Players;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
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
final class Busy {
    private Busy() {
    }

    static Set<UUID> of(Collection<UUID> players) {
        Set<UUID> out = new LinkedHashSet<>();
        if (players.isEmpty()) {
            return out;
        }
        for (Db.Row r : Db.query("SELECT DISTINCT s.player_id FROM seats s JOIN matches m ON m.id = s.match_id "
            + "WHERE s.player_id = ANY(?) AND s.kind = 'SEAT_PLAYER' AND NOT s.out AND m.status = 'MATCH_ACTIVE' "
            + "AND (m.initial_millis > 0 OR m.increment_millis > 0)", List.copyOf(players))) {
            out.add(r.uuid("player_id"));
        }
        return out;
    }

    /** FAILED_PRECONDITION naming the first busy player, if any; {@code me} is addressed as "you". */
    static void check(Collection<UUID> players, UUID me) {
        Set<UUID> busy = of(players);
        if (busy.isEmpty()) {
            return;
        }
        UUID who = busy.contains(me) ? me : busy.iterator().next();
        if (who.equals(me)) {
            throw LobbyErrors.failedPrecondition("You are playing a match with a clock; finish it before looking for another.");
        }
        String name = Views.player(Players.byIds(new ArrayList<>(List.of(who))), who).getName();
        throw LobbyErrors.failedPrecondition(name + " is playing a match with a clock; try again when it is over.");
    }
}
