package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** The rematch of a finished match: the new match once every person who played asked. */
@Entity
@Table(name = "rematches")
public class RematchEntity extends PanacheEntityBase {
    @Id
    @Column(name = "previous_match_id")
    public UUID previousMatchId;

    @Column(name = "match_id")
    public UUID matchId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
