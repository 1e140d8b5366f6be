package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.lobby.rules.RulesClient;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GameState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Checks a GameSpec exactly as CreateMatch checks its variant, options and clock: through rules-service's NewGame. */
@ApplicationScoped
class Specs {
    @Inject
    RulesClient rules;

    /** A checked spec and the variant's start position. Call outside any transaction (it asks rules-service). */
    record Checked(Spec spec, GameState start) {
    }

    Checked check(GameSpec g) {
        if (g.getVariant().isBlank()) {
            throw LobbyErrors.invalid("No variant given; ListVariants on rules-service names them, e.g. draughts:fmjd.");
        }
        MatchLogic.checkTimeControl(g.getTimeControl());
        GameState start = rules.newGame(g.getVariant().strip(), g.getOptions()); // INVALID_ARGUMENT passes through
        return new Checked(spec(start, Integer.toUnsignedLong(g.getTimeControl().getInitialSeconds()) * 1000,
            Integer.toUnsignedLong(g.getTimeControl().getIncrementSeconds()) * 1000, g.getRated()), start);
    }

    /** The start position of a stored spec (for the match a seek, a pool or a challenge creates). */
    GameState start(Spec s) {
        return rules.newGame(s.variant(), s.options());
    }

    static Spec spec(GameState start, long initialMillis, long incrementMillis, boolean rated) {
        int seats = start.getVariant().getSeatCount() > 0 ? start.getVariant().getSeatCount() : start.getSeatsCount();
        String mode = start.getVariant().getMode();
        if (mode.isBlank()) {
            mode = seats == 2 ? "2p" : "ffa";
        }
        return new Spec(start.getVariant().getId(), start.getVariant().getOptions(), initialMillis, incrementMillis, rated,
            seats, mode);
    }
}
