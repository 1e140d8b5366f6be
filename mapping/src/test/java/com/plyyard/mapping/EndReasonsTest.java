package com.plyyard.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.proto.v1.EndReason;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The engine's end reasons and the proto's named ones are in one-to-one correspondence. */
class EndReasonsTest {
    @Test
    void everyEngineReasonMapsToADistinctProtoReasonAndBack() {
        Set<EndReason> seen = EnumSet.noneOf(EndReason.class);
        for (com.plyyard.engine.EndReason reason : com.plyyard.engine.EndReason.values()) {
            EndReason proto = EndReasons.toProto(reason);
            assertTrue(seen.add(proto), reason + " maps to " + proto + ", which another reason already maps to");
            assertEquals(reason, EndReasons.toEngine(proto), reason + " does not come back from " + proto);
        }
    }

    @Test
    void everyNamedProtoReasonMapsToAnEngineReasonAndBack() {
        int named = 0;
        for (EndReason proto : EndReason.values()) {
            if (proto == EndReason.END_REASON_UNSPECIFIED || proto == EndReason.UNRECOGNIZED) {
                continue;
            }
            named++;
            assertEquals(proto, EndReasons.toProto(EndReasons.toEngine(proto)), proto.toString());
        }
        assertEquals(com.plyyard.engine.EndReason.values().length, named, "as many named proto reasons as engine reasons");
    }

    @Test
    void theSameConstantNamesOnBothSides() {
        // the wire contract: clients see the proto names, the CLI the engine's labels of the same constants
        for (com.plyyard.engine.EndReason reason : com.plyyard.engine.EndReason.values()) {
            assertEquals(reason.name(), EndReasons.toProto(reason).name());
        }
    }

    @Test
    void unspecifiedAndUnknownReasonsAreRefused() {
        assertThrows(InvalidInputException.class, () -> EndReasons.toEngine(EndReason.END_REASON_UNSPECIFIED));
        assertThrows(InvalidInputException.class, () -> EndReasons.toEngine(EndReason.UNRECOGNIZED));
    }
}
