package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The players' row locks: the one serialisation point of matchmaking. Every call that books or unbooks a player (a seek
 * seat, a pool ticket, a party, a challenge, a rematch) locks the rows of every player involved first, in one statement
 * in id order (so two such calls wait for each other and never deadlock), and only then the rows it changes. The
 * pairer and the sweepers never wait: they lock with SKIP LOCKED and leave what they cannot lock for their next round.
 */
final class Locks {
    private Locks() {
    }

    /** Blocks until every player's row is locked; NOT_FOUND when one does not exist. */
    static void players(Collection<UUID> ids) {
        List<UUID> sorted = new ArrayList<>(new TreeSet<>(ids));
        if (sorted.isEmpty()) {
            return;
        }
        List<UUID> locked = Db.ids("SELECT id FROM players WHERE id = ANY(?) ORDER BY id FOR UPDATE", sorted);
        if (locked.size() != sorted.size()) {
            throw LobbyErrors.notFound("A player of this request does not exist any more.");
        }
    }

    /** Locks every player's row unless one is locked by another transaction; true when all are now locked by this one. */
    static boolean tryPlayers(Collection<UUID> ids) {
        List<UUID> sorted = new ArrayList<>(new TreeSet<>(ids));
        if (sorted.isEmpty()) {
            return true;
        }
        return Db.ids("SELECT id FROM players WHERE id = ANY(?) ORDER BY id FOR UPDATE SKIP LOCKED", sorted).size()
            == sorted.size();
    }

    /**
     * Locks the rows {@code ids} of {@code table} (blocking, in id order), or with {@code skip} only if none is held by
     * another transaction; true when all are locked.
     */
    static boolean rows(String table, Collection<UUID> ids, boolean skip) {
        List<UUID> sorted = new ArrayList<>(new TreeSet<>(ids));
        if (sorted.isEmpty()) {
            return true;
        }
        return Db.ids("SELECT id FROM " + table + " WHERE id = ANY(?) ORDER BY id FOR UPDATE" + (skip ? " SKIP LOCKED" : ""),
            sorted).size() == sorted.size();
    }
}
