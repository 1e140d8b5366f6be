package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** One player, or one party, waiting in the quick-pairing pool named by its pool key. */
@Entity
@Table(name = "pool_tickets")
public class PoolTicketEntity extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(name = "pool_key", nullable = false)
    public String poolKey;

    @Embedded
    public GameSpecColumns game;

    @Column(name = "seat_count", nullable = false)
    public int seatCount;

    /** 2p, ffa or team. */
    @Column(nullable = false)
    public String mode;

    @Column(name = "party_id")
    public UUID partyId;

    @Column(name = "queued_by", nullable = false)
    public UUID queuedBy;

    @Column(name = "allow_ai_fill", nullable = false)
    public boolean allowAiFill;

    /** A {@code TicketStatus} name. */
    @Column(nullable = false)
    public String status;

    @Column(name = "match_id")
    public UUID matchId;

    @Column(name = "queued_at", nullable = false)
    public Instant queuedAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    CheckedGameSpec spec() {
        return CheckedGameSpec.of(game, seatCount, mode);
    }
}
