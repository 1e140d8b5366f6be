package com.plyyard.lobby.match;

import com.plyyard.proto.v1.SeatKind;
import java.util.UUID;

/**
 * What a new match's seat holds when it is created: a player, an AI of a level 1..5, an invitation to a player, or
 * nobody yet (open).
 */
public record SeatPlan(SeatKind kind, UUID playerId, int aiLevel) {
    public static SeatPlan player(UUID id) {
        return new SeatPlan(SeatKind.SEAT_PLAYER, id, 0);
    }

    public static SeatPlan ai(int level) {
        return new SeatPlan(SeatKind.SEAT_AI, null, level);
    }

    static SeatPlan invited(UUID id) {
        return new SeatPlan(SeatKind.SEAT_INVITED, id, 0);
    }

    static SeatPlan open() {
        return new SeatPlan(SeatKind.SEAT_OPEN, null, 0);
    }

    public boolean isAi() {
        return kind == SeatKind.SEAT_AI;
    }
}
