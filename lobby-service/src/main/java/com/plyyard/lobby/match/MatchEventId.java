package com.plyyard.lobby.match;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** The key of a match event: its match and version. */
public class MatchEventId implements Serializable {
    public UUID matchId;
    public long version;

    public MatchEventId() {
    }

    public MatchEventId(UUID matchId, long version) {
        this.matchId = matchId;
        this.version = version;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MatchEventId e && e.version == version && Objects.equals(e.matchId, matchId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(matchId, version);
    }
}
