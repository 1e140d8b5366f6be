package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.clock.MatchClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GameState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Checks a GameSpec exactly as CreateMatch checks its variant, options and clock: through rules-service's NewGame.
 * Call outside any transaction (it asks rules-service).
 */
@ApplicationScoped
class GameSpecChecker {
    @Inject
    Rules rules;

    /** A checked spec and the variant's start position. */
    record Checked(CheckedGameSpec spec, GameState start) {
    }

    Checked check(GameSpec g) {
        if (g.getVariant().isBlank()) {
            throw LobbyException.invalid("No variant given; ListVariants on rules-service names them, e.g. draughts:fmjd.");
        }
        MatchClock clock = MatchClock.ofSeconds(g.getTimeControl().getInitialSeconds(), g.getTimeControl().getIncrementSeconds());
        GameState start = rules.newGame(g.getVariant().strip(), g.getOptions()); // its refusal passes through
        int seats = start.getVariant().getSeatCount() > 0 ? start.getVariant().getSeatCount() : start.getSeatsCount();
        String mode = start.getVariant().getMode();
        if (mode.isBlank()) {
            mode = seats == 2 ? "2p" : "ffa";
        }
        return new Checked(new CheckedGameSpec(start.getVariant().getId(), start.getVariant().getOptions(), clock, g.getRated(),
            seats, mode), start);
    }

    /** The start position of a stored spec (for the match a seek, a pool or a challenge creates). */
    GameState start(CheckedGameSpec s) {
        return rules.newGame(s.variant(), s.options());
    }
}
