package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DraughtsRecordTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = DraughtsRecordTest.class.getResourceAsStream("/draughts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void replaysACompleteLidraughtsGame() throws IOException {
        // 151 moves of a real game (lidraughts.org/001NahOY, with clock comments), Black resigned
        DraughtsRecord game = DraughtsRecord.parse(resource("lidraughts-001NahOY.pdn"));
        assertEquals(DraughtsRuleSet.FMJD, game.rules().ruleSet());
        assertEquals(301, game.moves().size());
        assertEquals("2-0", game.result());
        assertEquals("Anonymous", game.tags().get("White"));
        DraughtsPosition end = game.replay();
        assertEquals("B:WK2,K5,K16,K35,K50:BK1", end.notation());
        assertEquals(301, end.ply());
        assertTrue(end.outcome().isEmpty(), "Black resigned; the rules had not ended the game");
        // written out and read back, the record is the same game
        DraughtsRecord again = DraughtsRecord.parse(game.write());
        assertEquals(game.moves(), again.moves());
        assertEquals(game.result(), again.result());
        assertEquals(game.write(), again.write());
        assertTrue(game.write().contains("[GameType \"20\"]"));
        assertTrue(game.write().contains("151. 8-2 2-0"));
    }

    @Test
    void plyyardRecordsSayTheirRulesAndStartFenButNeverType20() {
        DraughtsPosition start = DraughtsRules.plyyard().start();
        DraughtsRecord game = DraughtsRecord.record(start, List.of("19-23", "32-28", "23x32", "37x28"), Map.of("White", "Ann", "Black", "Bo"));
        String pdn = game.write();
        assertTrue(pdn.contains("[Rules \"plyyard\"]"), pdn);
        assertTrue(pdn.contains("[FEN \"B:W31,32,33"), pdn);
        assertFalse(pdn.contains("GameType"), pdn);
        assertTrue(pdn.contains("1... 19-23 2. 32-28 23x32 3. 37x28 *"), pdn);
        DraughtsRecord back = DraughtsRecord.parse(pdn);
        assertEquals(DraughtsRuleSet.PLYYARD, back.rules().ruleSet());
        assertEquals(game.moves(), back.moves());
        assertEquals(game.replay(), back.replay());
    }

    @Test
    void nonDefaultPlyyardDrawThresholdTravelsWithTheRecord() {
        DraughtsRecord game = DraughtsRecord.record(DraughtsRules.plyyard(60).start(), List.of("19-23"), Map.of());
        assertTrue(game.write().contains("[DrawPlies \"60\"]"));
        assertEquals(60, DraughtsRecord.parse(game.write()).rules().noCaptureDrawPlies());
    }

    @Test
    void resultComesFromTheFinalPosition() {
        DraughtsRecord won = DraughtsRecord.record(DraughtsRules.fmjd().parse("W:W28:B22"), List.of("28x17"), Map.of());
        assertEquals("2-0", won.result());
        assertTrue(won.write().contains("[FEN \"W:W28:B22\"]"));
        assertTrue(won.write().contains("1. 28x17 2-0"));
        assertEquals("2-0", DraughtsRecord.parse(won.write()).result());
    }

    @Test
    void readsCommentsVariationsNagsAndOldResults() {
        String pdn = "[GameType \"20\"]\n[Result \"1/2-1/2\"]\n; a line comment\n"
            + "1. 32-28 {quiet} 19-23 $1 2. 28x19 (2. 33-29 23x34 (2... 18-22)) 14x23 1/2-1/2\n";
        DraughtsRecord game = DraughtsRecord.parse(pdn);
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23"), game.moves());
        assertEquals("1-1", game.result());
    }

    @Test
    void readsSeveralGames() {
        String one = "[GameType \"20\"]\n1. 32-28 19-23 *\n";
        String two = "[Rules \"plyyard\"]\n[FEN \"B:W31-50:B1-20\"]\n1... 19-23 *\n";
        List<DraughtsRecord> games = DraughtsRecord.parseAll(one + "\n" + two);
        assertEquals(2, games.size());
        assertEquals(DraughtsRuleSet.PLYYARD, games.get(1).rules().ruleSet());
    }

    @Test
    void theRuleSetIsNeverGuessed() {
        InvalidInputException none = assertThrows(InvalidInputException.class, () -> DraughtsRecord.parse("[Event \"x\"]\n1. 32-28 *"));
        assertTrue(none.getMessage().contains("does not say its rule set"), none.getMessage());
        assertThrows(InvalidInputException.class,
            () -> DraughtsRecord.parse("[GameType \"20\"]\n[Rules \"plyyard\"]\n1. 32-28 *"));
        assertThrows(InvalidInputException.class, () -> DraughtsRecord.parse("[GameType \"21\"]\n1. 32-28 *"));
        assertEquals(DraughtsRuleSet.FMJD, DraughtsRecord.parse("[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *").rules().ruleSet());
    }

    @Test
    void illegalMovesNameTheirNumber() {
        IllegalMoveException e = assertThrows(IllegalMoveException.class,
            () -> DraughtsRecord.parse("[GameType \"20\"]\n1. 32-28 19-23 2. 33-29 *"));
        assertTrue(e.getMessage().startsWith("Move 2. 33-29:"), e.getMessage());
        assertTrue(e.getMessage().contains("capturing is compulsory"), e.getMessage());
        InvalidInputException bad = assertThrows(InvalidInputException.class,
            () -> DraughtsRecord.parse("[Rules \"plyyard\"]\n1... 19-23 2. 32-2x *"));
        assertTrue(bad.getMessage().startsWith("Move 2. 32-2x:"), bad.getMessage());
    }

    @Test
    void aResultContradictingTheRulesIsRejected() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
            () -> DraughtsRecord.parse("[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 0-2"));
        assertTrue(e.getMessage().contains("contradicts"), e.getMessage());
    }

    @Test
    void malformedTags() {
        assertThrows(InvalidInputException.class, () -> DraughtsRecord.parse("[GameType 20]\n1. 32-28 *"));
        assertThrows(InvalidInputException.class, () -> DraughtsRecord.parse("[GameType \"20\"\n1. 32-28 *"));
        assertThrows(InvalidInputException.class, () -> DraughtsRecord.parse("[GameType \"20\"]\n1. 32-28 {open *"));
        assertThrows(InvalidInputException.class, () -> DraughtsRecord.parse(""));
    }

    @Test
    void aResultTheRulesDidNotDecideIsKeptAndReadBack() {
        DraughtsRecord adjourned = DraughtsRecord.record(DraughtsRules.fmjd().start(), List.of("32-28", "19-23"), Map.of());
        assertEquals("*", adjourned.result());
        DraughtsRecord resigned = adjourned.withResult("0-1");
        assertEquals("0-2", resigned.result());
        assertEquals("0-2", DraughtsRecord.parse(resigned.write()).result());
        DraughtsRecord won = DraughtsRecord.record(DraughtsRules.fmjd().parse("W:W28:B23"), List.of("28x19"), Map.of());
        assertEquals("2-0", won.withResult("2-0").result());
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> won.withResult("1-1"));
        assertTrue(e.getMessage().contains("contradicts the final position"), e.getMessage());
    }
}
