package com.plyyard.mapping.testing;

import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import java.util.List;

/**
 * Where the properties get valid games from: the real rules (rules-service over gRPC, or the engine through the same
 * mapping the services use, {@link LocalOracle}). Everything here must succeed: it builds the valid inputs that the
 * properties then send as they are, mutate, or send to the wrong game.
 */
public interface GameOracle {
    List<Variant> variants();

    GameState newGame(String variantId, VariantOptions options);

    List<Move> legalMoves(GameState state);

    GameState play(GameState state, String move);

    /** The seat resigns: the game ends, or (free-for-all) goes on without it. */
    GameState resign(GameState state, int seat);
}
