package com.plyyard.lobby.match;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** The rows of the matches' append-only event log ({@code match_events}). Call inside a unit of work. */
@ApplicationScoped
public class MatchEventRepository implements PanacheRepositoryBase<MatchEventEntity, MatchEventId> {
    /** Up to {@code limit} events after {@code version}, in version order. */
    public List<MatchEventEntity> after(UUID matchId, long version, int limit) {
        return find("matchId = ?1 and version > ?2 order by version", matchId, version).page(0, limit).list();
    }

    /** The events of one type, in version order. */
    public List<MatchEventEntity> ofType(UUID matchId, String type) {
        return list("matchId = ?1 and type = ?2 order by version", matchId, type);
    }
}
