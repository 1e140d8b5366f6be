package com.plyyard.lobby.matchmaking;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.clock.MatchClock;
import com.plyyard.lobby.rating.TimeClass;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.VariantOptions;
import java.util.Base64;

/**
 * A game specification checked by rules-service ({@link GameSpecChecker}): the canonical variant id, the effective
 * options (every default filled in, as NewGame reports them), the clock, rated or casual, and the variant's seats and
 * mode. Two requests for the same game give equal specs, whatever defaults they spelled out, so they meet in the same
 * pool.
 */
record CheckedGameSpec(String variant, VariantOptions options, MatchClock clock, boolean rated, int seatCount, String mode) {

    /** The pool's name: variant, clock, rated, options. Tickets pair only within one pool. */
    String poolKey() {
        return variant + " " + clock.initialMillis() / 1000 + "+" + clock.incrementMillis() / 1000 + " "
            + (rated ? "rated" : "casual") + " " + Base64.getUrlEncoder().withoutPadding().encodeToString(options.toByteArray());
    }

    String timeClass() {
        return TimeClass.of(clock.initialMillis(), clock.incrementMillis());
    }

    GameSpec proto() {
        return GameSpec.newBuilder()
            .setVariant(variant)
            .setOptions(options)
            .setTimeControl(TimeControl.newBuilder()
                .setInitialSeconds((int) (clock.initialMillis() / 1000)).setIncrementSeconds((int) (clock.incrementMillis() / 1000)))
            .setRated(rated)
            .build();
    }

    /** From the stored columns of a seek, ticket or challenge. */
    static CheckedGameSpec of(GameSpecColumns c, int seatCount, String mode) {
        return new CheckedGameSpec(c.variant, options(c.options), new MatchClock(c.initialMillis, c.incrementMillis), c.rated,
            seatCount, mode);
    }

    static VariantOptions options(byte[] stored) {
        try {
            return VariantOptions.parseFrom(stored);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored options do not parse", e);
        }
    }
}
