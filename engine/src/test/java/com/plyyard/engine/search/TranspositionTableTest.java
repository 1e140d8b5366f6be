package com.plyyard.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TranspositionTableTest {
    @Test
    void anEntryReadsBackUnderItsKeyOnly() {
        TranspositionTable table = new TranspositionTable(1);
        long key = 0x1234_5678_9ABC_DEF0L;
        table.store(key, 77, -150, 9, TranspositionTable.LOWER);
        long entry = table.probe(key);
        assertEquals(77, TranspositionTable.move(entry));
        assertEquals(-150, TranspositionTable.score(entry));
        assertEquals(9, TranspositionTable.depth(entry));
        assertEquals(TranspositionTable.LOWER, TranspositionTable.bound(entry));
        assertEquals(0, table.probe(key ^ 1), "another position is not found");
    }

    @Test
    void aSlotTornBetweenTwoWritersReadsAsEmpty() {
        // two keys in the same slot: the data of one with the key word of the other is what a reader sees when two
        // threads store at once; the key check must refuse it instead of handing out the other position's move
        TranspositionTable table = new TranspositionTable(1);
        long a = 42;
        long b = findSameSlot(a);
        table.store(a, 1, 10, 5, TranspositionTable.EXACT);
        long keyWordOfA = table.keyWord(a);
        table.store(b, 2, 20, 6, TranspositionTable.EXACT);
        table.setKeyWord(b, keyWordOfA); // a's key word beside b's data
        assertEquals(0, table.probe(a));
        assertEquals(0, table.probe(b));
    }

    private static long findSameSlot(long key) {
        TranspositionTable table = new TranspositionTable(1);
        for (long k = key + 1; ; k++) {
            if (table.slot(k) == table.slot(key)) {
                return k;
            }
        }
    }
}
