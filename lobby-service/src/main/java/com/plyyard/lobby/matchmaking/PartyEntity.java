package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A party: a leader and the players they invited. */
@Entity
@Table(name = "parties")
public class PartyEntity extends PanacheEntityBase {
    static final String OPEN = "PARTY_OPEN";
    static final String DISBANDED = "PARTY_DISBANDED";

    @Id
    public UUID id;

    @Column(name = "leader_id", nullable = false)
    public UUID leaderId;

    /** PARTY_OPEN or PARTY_DISBANDED. */
    @Column(nullable = false)
    public String status;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
