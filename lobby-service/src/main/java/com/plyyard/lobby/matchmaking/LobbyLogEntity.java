package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The single row holding the lobby event log's latest version; appending locks it (docs/lobby.md). */
@Entity
@Table(name = "lobby_log")
public class LobbyLogEntity extends PanacheEntityBase {
    static final int ID = 1;

    @Id
    public int id;

    @Column(nullable = false)
    public long version;
}
