package com.plyyard.lobby.match;

import com.plyyard.lobby.clock.MatchClock;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A match row. Proto messages (options, state, result) are stored as their binary encoding. */
@Entity
@Table(name = "matches")
public class MatchEntity extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(nullable = false)
    public String variant;

    @Column(nullable = false)
    public byte[] options;

    @Column(name = "initial_millis", nullable = false)
    public long initialMillis;

    @Column(name = "increment_millis", nullable = false)
    public long incrementMillis;

    @Column(nullable = false)
    public boolean rated;

    /** A {@code MatchStatus} name, e.g. MATCH_ACTIVE. */
    @Column(nullable = false)
    public String status;

    @Column(nullable = false)
    public long version;

    @Column(name = "state_version", nullable = false)
    public long stateVersion;

    @Column(nullable = false)
    public int plies;

    @Column(nullable = false)
    public byte[] state;

    public byte[] result;

    @Column(name = "turn_started_at")
    public Instant turnStartedAt;

    @Column(name = "deadline_at")
    public Instant deadlineAt;

    /** True while the match is active and the player who moves now holds an AI seat. */
    @Column(name = "ai_to_move", nullable = false)
    public boolean aiToMove;

    @Column(name = "created_by", nullable = false)
    public UUID createdBy;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public MatchClock clock() {
        return new MatchClock(initialMillis, incrementMillis);
    }
}
