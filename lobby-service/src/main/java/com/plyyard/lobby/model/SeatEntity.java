package com.plyyard.lobby.model;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.util.List;
import java.util.UUID;

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

    public static List<SeatEntity> ofMatch(UUID matchId) {
        return list("matchId = ?1 order by idx", matchId);
    }
}
