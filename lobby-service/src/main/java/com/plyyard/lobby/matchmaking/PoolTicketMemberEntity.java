package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.UUID;

/** A player of a pool ticket, and the seat they got once paired. */
@Entity
@Table(name = "pool_ticket_members")
@IdClass(PoolTicketMemberEntity.Key.class)
public class PoolTicketMemberEntity extends PanacheEntityBase {
    @Id
    @Column(name = "ticket_id")
    public UUID ticketId;

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    /** The order of PoolTicket.players. */
    @Column(nullable = false)
    public int idx;

    /** Set when paired. */
    public Integer seat;

    /** The key: ticket, player. */
    public record Key(UUID ticketId, UUID playerId) implements Serializable {
    }
}
