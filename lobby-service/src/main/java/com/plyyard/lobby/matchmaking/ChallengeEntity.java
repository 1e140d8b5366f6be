package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A challenge: to a named player, or an open link (no opponent until someone accepts). */
@Entity
@Table(name = "challenges")
public class ChallengeEntity extends PanacheEntityBase {
    static final String OPEN = "CHALLENGE_OPEN";

    @Id
    public UUID id;

    @Column(name = "challenger_id", nullable = false)
    public UUID challengerId;

    @Column(name = "opponent_id")
    public UUID opponentId;

    @Column(name = "open_link", nullable = false)
    public boolean openLink;

    @Embedded
    public GameSpecColumns game;

    /** Null: at random. */
    @Column(name = "challenger_seat")
    public Integer challengerSeat;

    /** A {@code ChallengeStatus} name. */
    @Column(nullable = false)
    public String status;

    @Column(name = "match_id")
    public UUID matchId;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    CheckedGameSpec spec() {
        return CheckedGameSpec.of(game, 2, "2p");
    }
}
