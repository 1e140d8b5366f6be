package com.plyyard.lobby.players;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.Locking;
import com.plyyard.proto.v1.Player;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Players. Also the players' row locks: the one serialisation point of matchmaking (docs/lobby.md,
 * "Locks"). Call inside a unit of work.
 */
@ApplicationScoped
public class PlayerRepository implements PanacheRepositoryBase<PlayerEntity, UUID> {
    private final Cache<UUID, Player> seen = Caffeine.newBuilder().maximumSize(50_000).build();

    /**
     * Adds a player unless the name is taken (ignoring case). The unique index on lower(name) decides races;
     * {@code ON CONFLICT DO NOTHING} keeps the transaction usable, which an entity insert would not.
     *
     * @return false when the name is taken
     */
    public boolean insertIfNameFree(UUID id, String name, Instant now) {
        int rows = getEntityManager().createNativeQuery(
                "INSERT INTO players (id, name, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")
            .setParameter(1, id).setParameter(2, name).setParameter(3, now).executeUpdate();
        return rows == 1;
    }

    /**
     * Players by id, for views; ids without a player are left out. A player's id and name never change and players
     * are never deleted, so the players seen lately are kept here and only the others read (one query): each view of
     * a match named its players with a query of its own, a twentieth of the lobby's CPU at 64 matches.
     */
    public Map<UUID, Player> byIds(Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        Map<UUID, Player> out = new HashMap<>();
        Set<UUID> unknown = new HashSet<>();
        for (UUID id : ids) {
            Player known = seen.getIfPresent(id);
            if (known != null) {
                out.put(id, known);
            } else {
                unknown.add(id);
            }
        }
        if (!unknown.isEmpty()) {
            for (PlayerEntity p : list("id in ?1", List.copyOf(unknown))) {
                Player player = view(p);
                seen.put(p.id, player);
                out.put(p.id, player);
            }
        }
        return out;
    }

    /** The player called {@code name} (ignoring case), or null. */
    public PlayerEntity byName(String name) {
        return find("lower(name) = ?1", name.strip().toLowerCase(Locale.ROOT)).firstResult();
    }

    /** The player called {@code name}, or NOT_FOUND saying so. */
    public PlayerEntity requireByName(String name) {
        PlayerEntity p = byName(name);
        if (p == null) {
            throw LobbyException.notFound("No player is called '" + name.strip() + "'.");
        }
        return p;
    }

    /**
     * Locks the players' rows, in id order in one statement (two such calls wait for each other and never deadlock);
     * blocks until all are locked. NOT_FOUND when one does not exist.
     */
    public void lock(Collection<UUID> ids) {
        List<UUID> sorted = sorted(ids);
        if (!sorted.isEmpty() && lockRows(sorted, false) != sorted.size()) {
            throw LobbyException.notFound("A player of this request does not exist any more.");
        }
    }

    /** Locks the players' rows unless one is held by another transaction; true when this transaction holds them all. */
    public boolean tryLock(Collection<UUID> ids) {
        List<UUID> sorted = sorted(ids);
        return sorted.isEmpty() || lockRows(sorted, true) == sorted.size();
    }

    private int lockRows(List<UUID> sorted, boolean skipLocked) {
        return Locking.forUpdate(getEntityManager().createQuery("select p from PlayerEntity p where p.id in :ids order by p.id",
                PlayerEntity.class).setParameter("ids", sorted), skipLocked)
            .getResultList().size();
    }

    private static List<UUID> sorted(Collection<UUID> ids) {
        return new ArrayList<>(new TreeSet<>(ids));
    }

    /** The Player message of an entity. */
    public static Player view(PlayerEntity p) {
        return Player.newBuilder().setId(p.id.toString()).setName(p.name).build();
    }

    /** The player of {@code id} from a map of names, or one with the id only (a player that no longer resolves). */
    public static Player named(Map<UUID, Player> names, UUID id) {
        Player p = names.get(id);
        return p != null ? p : Player.newBuilder().setId(id.toString()).build();
    }
}
