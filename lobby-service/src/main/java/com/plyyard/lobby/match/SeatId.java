package com.plyyard.lobby.match;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** The key of a seat: its match and index. */
public class SeatId implements Serializable {
    public UUID matchId;
    public int idx;

    public SeatId() {
    }

    public SeatId(UUID matchId, int idx) {
        this.matchId = matchId;
        this.idx = idx;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SeatId s && s.idx == idx && Objects.equals(s.matchId, matchId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(matchId, idx);
    }
}
