package com.plyyard.lobby.match;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.util.UUID;

/** A seat of a match: who sits there (a player, an AI level, an invitation, nobody) and their clock. */
@Entity
@Table(name = "seats")
@IdClass(SeatId.class)
public class SeatEntity extends PanacheEntityBase {
    @Id
    @Column(name = "match_id")
    public UUID matchId;

    @Id
    public int idx;

    /** A {@code SeatKind} name, e.g. SEAT_PLAYER. */
    @Column(nullable = false)
    public String kind;

    @Column(name = "player_id")
    public UUID playerId;

    @Column(name = "invited_player_id")
    public UUID invitedPlayerId;

    @Column(name = "ai_level")
    public Integer aiLevel;

    @Column(name = "clock_millis", nullable = false)
    public long clockMillis;

    @Column(nullable = false)
    public boolean out;

    @Column(name = "offers_draw", nullable = false)
    public boolean offersDraw;

    @Column(nullable = false)
    public int connections;
}
