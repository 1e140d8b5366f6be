package com.plyyard.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.VariantRules;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantsTest {

    @Test
    void knowsTheDraughtsVariants() {
        assertTrue(Variants.ids().containsAll(List.of("draughts:fmjd", "draughts:plyyard")));
        VariantRules plyyard = Variants.get("draughts:plyyard");
        assertEquals("draughts", plyyard.game());
        assertEquals("plyyard", plyyard.ruleSetId());
        assertEquals("2p", plyyard.mode());
        assertEquals(Map.of("no-capture-draw-plies", "50"), plyyard.options());
        assertEquals(List.of("white", "black"), plyyard.seatColours());
        assertEquals(Map.of(), Variants.get("draughts:fmjd").options());
    }

    @Test
    void optionsAreChecked() {
        assertEquals("7", Variants.get("draughts:plyyard", Map.of("no-capture-draw-plies", "7")).options().get("no-capture-draw-plies"));
        assertThrows(InvalidInputException.class, () -> Variants.get("draughts:plyyard", Map.of("no-capture-draw-plies", "x")));
        assertThrows(InvalidInputException.class, () -> Variants.get("draughts:plyyard", Map.of("no-capture-draw-plies", "-1")));
        assertThrows(InvalidInputException.class, () -> Variants.get("draughts:plyyard", Map.of("colour", "red")));
        InvalidInputException fmjd = assertThrows(InvalidInputException.class,
            () -> Variants.get("draughts:fmjd", Map.of("no-capture-draw-plies", "7")));
        assertTrue(fmjd.getMessage().contains("no options"), fmjd.getMessage());
    }

    @Test
    void unknownVariantsListTheKnownOnes() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Variants.get("draughts:russian"));
        assertTrue(e.getMessage().contains("draughts:fmjd"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> Variants.get(""));
        assertThrows(InvalidInputException.class, () -> Variants.get(null));
    }

    @Test
    void perftThroughTheGenericInterface() {
        VariantRules fmjd = Variants.get("draughts:fmjd");
        assertEquals(4265, fmjd.perft(fmjd.start(), 4, () -> false));
        Map<String, Long> divide = fmjd.divide(fmjd.start(), 3, () -> false);
        assertEquals(9, divide.size());
        assertEquals(658, divide.values().stream().mapToLong(Long::longValue).sum());
        assertThrows(java.util.concurrent.CancellationException.class, () -> fmjd.perft(fmjd.start(), 8, () -> true));
    }
}
