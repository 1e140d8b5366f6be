package com.plyyard.lobby.match;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** One row of a match's append-only event log; the payload is the MatchEvent proto. */
@Entity
@Table(name = "match_events")
@IdClass(MatchEventId.class)
public class MatchEventEntity extends PanacheEntityBase {
    @Id
    @Column(name = "match_id")
    public UUID matchId;

    @Id
    public long version;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public byte[] payload;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
