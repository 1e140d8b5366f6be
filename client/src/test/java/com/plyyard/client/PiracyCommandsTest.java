package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** perft, moves and apply for Piracy: the same output format as the other games. */
class PiracyCommandsTest {

    @Test
    void movesAndApply() {
        Run moves = Run.of("moves", "--variant", "piracy:classic", "--option", "island=d4", "--position",
            "8 d4 b4N:0:+0 c6N:0:+0 c 0 -");
        assertEquals(List.of("F++", "L+"), moves.out());
        Run apply = Run.of("apply", "--variant", "piracy:classic", "--option", "island=d4", "--moves", "F L R");
        assertEquals(0, apply.exitCode(), apply.err()::toString);
        assertEquals("status=ongoing to_move=silver ply=3", apply.out().get(1));
        Run win = Run.of("apply", "--variant", "piracy:classic", "--position", "8 d4 g4E:0:+0 g5SE:6:+0 c 0 -",
            "--moves", "L L L L F F F F");
        assertEquals(List.of("position=8 d4 b7W:0:+4 - c 8 0", "status=win winner=cook reason=ship-survived ply=8"),
            win.out());
    }

    @Test
    void perftAndBadInput() {
        Run perft = Run.of("perft", "--variant", "piracy:classic", "--depth", "2");
        assertTrue(perft.out().get(0).matches("d=1 nodes=3 ms=\\d+"), perft.out().get(0));
        Run size = Run.of("moves", "--variant", "piracy:classic", "--option", "board-size=5");
        assertEquals(2, size.exitCode());
        assertEquals(1, size.err().size());
        Run island = Run.of("moves", "--variant", "piracy:classic", "--option", "island=a1");
        assertEquals(2, island.exitCode());
        Run malformed = Run.of("moves", "--variant", "piracy:classic", "--position", "8 d4 nonsense");
        assertEquals(2, malformed.exitCode());
        assertTrue(malformed.err().get(0).startsWith("plyyard: Malformed Piracy position"), malformed.err().get(0));
    }
}
