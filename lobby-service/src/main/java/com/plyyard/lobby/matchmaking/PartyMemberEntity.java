package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/** A member of a party (joined), or a player invited to it (not yet joined). */
@Entity
@Table(name = "party_members")
@IdClass(PartyMemberEntity.Key.class)
public class PartyMemberEntity extends PanacheEntityBase {
    @Id
    @Column(name = "party_id")
    public UUID partyId;

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    /** The order of the invitation (the leader is 0). */
    @Column(nullable = false)
    public int idx;

    @Column(nullable = false)
    public boolean joined;

    @Column(name = "joined_at")
    public Instant joinedAt;

    /** The key: party, player. */
    public record Key(UUID partyId, UUID playerId) implements Serializable {
    }
}
