package com.plyyard.lobby.matchmaking;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.rating.TimeClass;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.VariantOptions;
import java.util.Base64;

/**
 * A checked game specification: the canonical variant id, the effective options (every default filled in, as
 * rules-service's NewGame reports them), the clock, rated or casual, and the variant's seats and mode. Two requests
 * for the same game give equal specs, whatever defaults they spelled out, so they meet in the same pool.
 */
record Spec(String variant, VariantOptions options, long initialMillis, long incrementMillis, boolean rated, int seatCount,
            String mode) {

    /** The pool's name: variant, clock, rated, options. Tickets pair only within one pool. */
    String poolKey() {
        return variant + " " + initialMillis / 1000 + "+" + incrementMillis / 1000 + " " + (rated ? "rated" : "casual") + " "
            + Base64.getUrlEncoder().withoutPadding().encodeToString(options.toByteArray());
    }

    String timeClass() {
        return TimeClass.of(initialMillis, incrementMillis);
    }

    GameSpec proto() {
        return GameSpec.newBuilder()
            .setVariant(variant)
            .setOptions(options)
            .setTimeControl(TimeControl.newBuilder()
                .setInitialSeconds((int) (initialMillis / 1000)).setIncrementSeconds((int) (incrementMillis / 1000)))
            .setRated(rated)
            .build();
    }

    /** From a stored seek, ticket or challenge row (columns variant, options, initial_millis, increment_millis, rated). */
    static Spec of(Db.Row r, int seatCount, String mode) {
        try {
            return new Spec(r.str("variant"), VariantOptions.parseFrom(r.bytes("options")), r.lng("initial_millis"),
                r.lng("increment_millis"), r.bool("rated"), seatCount, mode);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored options do not parse", e);
        }
    }
}
