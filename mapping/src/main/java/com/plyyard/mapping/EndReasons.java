package com.plyyard.mapping;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.proto.v1.EndReason;

/**
 * The engine's {@link com.plyyard.engine.EndReason} ⇄ the proto {@link EndReason}, constant by constant. The
 * switches have no default on purpose: a reason added on either side stops the build here instead of being
 * matched by a name that may not exist on the other side.
 */
public final class EndReasons {
    private EndReasons() {
    }

    public static EndReason toProto(com.plyyard.engine.EndReason reason) {
        return switch (reason) {
            case NO_PIECES -> EndReason.NO_PIECES;
            case NO_LEGAL_MOVE -> EndReason.NO_LEGAL_MOVE;
            case COMMANDER_CAPTURED -> EndReason.COMMANDER_CAPTURED;
            case BARE_COMMANDER -> EndReason.BARE_COMMANDER;
            case LAST_STANDING -> EndReason.LAST_STANDING;
            case SHIP_SURVIVED -> EndReason.SHIP_SURVIVED;
            case THREEFOLD_REPETITION -> EndReason.THREEFOLD_REPETITION;
            case TWENTY_FIVE_MOVE_RULE -> EndReason.TWENTY_FIVE_MOVE_RULE;
            case SIXTEEN_MOVE_RULE -> EndReason.SIXTEEN_MOVE_RULE;
            case FIVE_MOVE_RULE -> EndReason.FIVE_MOVE_RULE;
            case NO_CAPTURE_LIMIT -> EndReason.NO_CAPTURE_LIMIT;
            case BOTH_SUNK -> EndReason.BOTH_SUNK;
            case SURVIVOR_SANK -> EndReason.SURVIVOR_SANK;
            case PLY_LIMIT -> EndReason.PLY_LIMIT;
            case AGREEMENT -> EndReason.AGREEMENT;
            case RESIGNATION -> EndReason.RESIGNATION;
            case TIMEOUT -> EndReason.TIMEOUT;
            case ABORTED -> EndReason.ABORTED;
        };
    }

    /**
     * @throws InvalidInputException for {@code END_REASON_UNSPECIFIED} or a number this build does not know
     */
    public static com.plyyard.engine.EndReason toEngine(EndReason reason) {
        return switch (reason) {
            case NO_PIECES -> com.plyyard.engine.EndReason.NO_PIECES;
            case NO_LEGAL_MOVE -> com.plyyard.engine.EndReason.NO_LEGAL_MOVE;
            case COMMANDER_CAPTURED -> com.plyyard.engine.EndReason.COMMANDER_CAPTURED;
            case BARE_COMMANDER -> com.plyyard.engine.EndReason.BARE_COMMANDER;
            case LAST_STANDING -> com.plyyard.engine.EndReason.LAST_STANDING;
            case SHIP_SURVIVED -> com.plyyard.engine.EndReason.SHIP_SURVIVED;
            case THREEFOLD_REPETITION -> com.plyyard.engine.EndReason.THREEFOLD_REPETITION;
            case TWENTY_FIVE_MOVE_RULE -> com.plyyard.engine.EndReason.TWENTY_FIVE_MOVE_RULE;
            case SIXTEEN_MOVE_RULE -> com.plyyard.engine.EndReason.SIXTEEN_MOVE_RULE;
            case FIVE_MOVE_RULE -> com.plyyard.engine.EndReason.FIVE_MOVE_RULE;
            case NO_CAPTURE_LIMIT -> com.plyyard.engine.EndReason.NO_CAPTURE_LIMIT;
            case BOTH_SUNK -> com.plyyard.engine.EndReason.BOTH_SUNK;
            case SURVIVOR_SANK -> com.plyyard.engine.EndReason.SURVIVOR_SANK;
            case PLY_LIMIT -> com.plyyard.engine.EndReason.PLY_LIMIT;
            case AGREEMENT -> com.plyyard.engine.EndReason.AGREEMENT;
            case RESIGNATION -> com.plyyard.engine.EndReason.RESIGNATION;
            case TIMEOUT -> com.plyyard.engine.EndReason.TIMEOUT;
            case ABORTED -> com.plyyard.engine.EndReason.ABORTED;
            case END_REASON_UNSPECIFIED, UNRECOGNIZED -> throw new InvalidInputException(
                "No end reason given (" + reason + "); the engine knows only the named ones.");
        };
    }
}
