package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PloyPositionNotationTest {
    static final String SPEC_TWO_PLAYER_START = "1r54r29r38rAAr38r29r541/2r18r28r11r28r302/3r10r10r103/9/9/9/"
        + "3g01g01g013/2g03g82g11g82g812/1g45g92g83gAAg83g92g451 g 2p 3m";

    @Test
    void twoPlayerStartIsTheSpecsText() {
        assertEquals(SPEC_TWO_PLAYER_START, PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M).start().notation());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ploy:3m:2p", "ploy:3m:ffa", "ploy:3m:team", "ploy:imperium:2p", "ploy:imperium:ffa",
        "ploy:imperium:team"})
    void everySetupRoundTrips(String variant) {
        PloyRules rules = (PloyRules) Variants.get(variant);
        PloyPosition start = rules.start();
        PloyPosition again = rules.parse(start.notation());
        assertEquals(start.notation(), again.notation());
        assertEquals(start.pieces(), again.pieces());
        assertEquals(rules.ployMode().seats() == 2 ? 30 : 36, start.pieces().size());
        assertTrue(start.notation().endsWith(" g " + rules.mode() + " " + rules.ruleSetId()));
    }

    @Test
    void setupsMatchTheSpecTables() {
        PloyPosition ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M).start();
        assertEquals(new PloyPiece("b1", 0, 0, PieceKind.LANCE, 0x8A), EliminationTest.at(ffa, "b1"));
        assertEquals(new PloyPiece("i9", 2, 2, PieceKind.COMMANDER, 0x55), EliminationTest.at(ffa, "i9"));
        assertEquals(new PloyPiece("h2", 3, 3, PieceKind.PROBE, 0x41), EliminationTest.at(ffa, "h2"));
        PloyPosition team = PloyRules.of(PloyMode.TEAMS, PloyRuleSet.IMPERIUM).start();
        assertEquals(new PloyPiece("g1", 2, 2, PieceKind.COMMANDER, 0xAA), EliminationTest.at(team, "g1"));
        assertEquals(new PloyPiece("b9", 1, 1, PieceKind.LANCE, 0x54), EliminationTest.at(team, "b9"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''|Empty PPN",
        "9/9/9/9/9/9/9/9/9 g 2p|expected <board> <seat to move> <mode> <rule set>",
        "9/9/9/9/9/9/9/9 g 2p 3m|needs 9 ranks",
        "9/9/9/9/9/9/9/9/8 g 2p 3m|rank 1 has 8 points instead of 9",
        "9/9/9/9/9/9/9/9/4gAA5 g 2p 3m|rank 1 has 10 points",
        "9/9/9/9/9/9/9/9/4gZZ4 g 2p 3m|is not a hex mask",
        "9/9/9/9/9/9/9/9/4y014 g 2p 3m|is neither a digit nor a colour of this mode",
        "9/9/9/9/9/9/9/9/4g0B4 g 2p 3m|has mask 0B",
        "9/9/9/9/9/9/9/9/4g0F4 g 2p 3m|which is no Ploy piece's shape",
        "4rAA4/9/9/9/9/9/9/9/4gAA4 x 2p 3m|the seat to move must be one of g, r",
        "4rAA4/9/9/9/9/9/9/9/4gAA4 g ffa 3m|it is a 'ffa' position, not 2p",
        "4rAA4/9/9/9/9/9/9/9/4gAA4 g 2p imperium|written for rule set 'imperium', not 3m",
        "4rAA4/r018/9/9/9/9/9/9/4gAA4 g 2p 3m zz=1|unexpected field 'zz=1'",
    })
    void malformedTextSaysWhy(String text, String reason) {
        InvalidInputException e = assertThrows(InvalidInputException.class,
            () -> PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M).parse(text));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void impossiblePositionsAreRefused() {
        PloyRules two = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M);
        PloyRules ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
        assertRefused(two, Boards.ppn("g 2p 3m", "a1=gAA", "b1=g55", "c1=g01", "e9=rAA", "e8=r01"), "2 Commanders");
        assertRefused(two, Boards.ppn("g 2p 3m", "a1=gAA", "b1=g01", "c1=g01", "d1=g01", "e1=g01", "e9=rAA", "e8=r01"),
            "4 pieces of shape Shield");
        assertRefused(two, Boards.ppn("g 2p 3m", "a1=gAA", "e8=r01"), "Both players are out");
        assertRefused(ffa, Boards.ppn("g ffa 3m", "a1=g55", "b1=g01", "a9=r55", "i9=y55", "i8=y10", "i1=b55", "h1=b01"),
            "Red has only its Commander left");
        assertRefused(ffa, Boards.ppn("g ffa 3m", "a1=g55", "b1=g01", "a8=r10", "i9=y55", "i8=y10", "i1=b55", "h1=b01"),
            "Red has pieces but no Commander");
        assertRefused(ffa, Boards.ppn("r ffa 3m", "a1=g55", "b1=g01", "i9=y55", "i8=y10", "i1=b55", "h1=b01"),
            "It cannot be Red's turn");
        assertRefused(ffa, Boards.ppn("g ffa 3m own=b1y", "a1=g55", "b1=g01", "a9=r55", "a8=r10", "i9=y55", "i8=y10",
            "i1=b55", "h1=b01"), "cannot happen while Yellow is not out");
        assertRefused(ffa, Boards.ppn("g ffa 3m out=b", "a1=g55", "b1=g01", "a9=r55", "a8=r10", "i9=y55", "i8=y10",
            "i1=b55", "h1=b01"), "out=… lists Blue but the board says nobody");
        assertRefused(two, Boards.ppn("g 2p 3m own=c1r", "a1=gAA", "c1=g01", "e9=rAA", "e8=r01"), "cannot happen");
    }

    private static void assertRefused(PloyRules rules, String ppn, String reason) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> rules.parse(ppn), ppn);
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void derivesWhoIsOutWhenTheTextDoesNotSay() {
        PloyRules ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
        PloyPosition p = ffa.parse(Boards.ppn("g ffa 3m", "a1=g55", "b1=g01", "i9=y55", "i8=y10", "i1=b55", "h1=b01"));
        assertTrue(p.seats().get(1).out());
        assertTrue(p.notation().endsWith(" g ffa 3m out=r"), p.notation());
    }
}
