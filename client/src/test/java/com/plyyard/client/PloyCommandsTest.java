package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** perft, moves and apply for Ploy: the same output format as for draughts. */
class PloyCommandsTest {
    static final String FFA = "r551r105y55/9/g838/9/9/9/y388/6y102/g551g013b011b55 g ffa 3m";

    @Test
    void perft() {
        Run r = Run.of("perft", "--variant", "ploy:3m:2p", "--depth", "2");
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertTrue(r.out().get(0).matches("d=1 nodes=139 ms=\\d+"), r.out().get(0));
        assertTrue(r.out().get(1).matches("d=2 nodes=19321 ms=\\d+"), r.out().get(1));
        Run divide = Run.of("perft", "--variant", "ploy:imperium:team", "--depth", "1", "--divide");
        assertEquals(28 + 1, divide.out().size());
        assertTrue(divide.out().get(0).matches("move=\\S+ nodes=1"), divide.out().get(0));
    }

    @Test
    void moves() {
        Run r = Run.of("moves", "--variant", "ploy:imperium:ffa");
        assertEquals(26, r.out().size());
        assertEquals(r.out().stream().sorted().toList(), r.out(), "sorted");
        assertTrue(r.out().contains("c2-d3"), r.out()::toString);
    }

    @Test
    void applyToTheEndOfAFreeForAll() {
        Run r = Run.of("apply", "--variant", "ploy:3m:ffa", "--position", FFA, "--moves", "a7xa9 a3xa1, i1r1");
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertEquals(List.of("position=y831y105y55/9/9/9/9/9/9/6y102/y381y013b011bAA y ffa 3m out=rg own=c1g,a9g,c9r",
            "status=ongoing to_move=yellow ply=3"), r.out());
        Run end = Run.of("apply", "--variant", "ploy:3m:ffa", "--position", FFA, "--moves", "a7xa9 a3xa1 i1r1 g2xg1");
        assertEquals("status=win winner=yellow reason=last-standing ply=4", end.out().get(1));
    }

    @Test
    void optionsAndBadInput() {
        Run r = Run.of("apply", "--variant", "ploy:3m:2p", "--option", "no-capture-draw-plies=2", "--moves", "e1r1 e9r1");
        assertEquals("status=draw reason=no-capture-limit ply=2", r.out().get(1));
        Run bad = Run.of("moves", "--variant", "ploy:3m:2p", "--position", "9/9 g 2p 3m");
        assertEquals(2, bad.exitCode());
        assertEquals(1, bad.err().size());
        assertTrue(bad.err().get(0).startsWith("plyyard: Malformed PPN"), bad.err().get(0));
        Run notYours = Run.of("apply", "--variant", "ploy:3m:2p", "--moves", "e9r1");
        assertEquals(2, notYours.exitCode());
        assertTrue(notYours.err().get(0).contains("controlled by Red"), notYours.err().get(0));
        Run partnership = Run.of("moves", "--variant", "ploy:3m:2p", "--option", "partnership=3m");
        assertEquals(2, partnership.exitCode());
    }
}
