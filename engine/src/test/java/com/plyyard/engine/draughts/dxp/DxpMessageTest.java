package com.plyyard.engine.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.draughts.DraughtsPositionNotation;
import com.plyyard.engine.draughts.DraughtsRuleSet;
import com.plyyard.engine.draughts.DraughtsState;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.BackRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Chat;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameAccept;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameEnd;
import com.plyyard.engine.draughts.dxp.DxpMessage.GameRequest;
import com.plyyard.engine.draughts.dxp.DxpMessage.Move;
import com.plyyard.engine.draughts.dxp.DxpMessage.Reason;
import com.plyyard.engine.draughts.dxp.DxpMessage.Setup;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The DXP layouts: every type written and read back, field by field, and malformed messages refused with a sentence. */
class DxpMessageTest {
    private static final String START_SQUARES = "z".repeat(20) + "e".repeat(10) + "w".repeat(20);

    private static DxpMessage roundTrip(DxpMessage m) {
        DxpMessage back = DxpMessage.parse(m.encode());
        assertEquals(m, back, m.encode());
        assertEquals(m.encode(), back.encode());
        return back;
    }

    @Test
    void gameRequestWithTheStandardStart() {
        GameRequest r = new GameRequest(GameRequest.VERSION, "Ply Yard", DxpColour.BLACK, 10, 0, null);
        String text = r.encode();
        // R, version, name in 32, follower's colour, minutes, moves, A
        assertEquals("R01" + "Ply Yard" + " ".repeat(24) + "Z010000A", text);
        assertEquals(43, text.length());
        roundTrip(r);
        assertEquals(DraughtsState.start(DraughtsRuleSet.FMJD), r.start());
    }

    @Test
    void gameRequestWithASetup() {
        DraughtsState board = DraughtsPositionNotation.parse("B:WK3,28,33:B12,K40,19");
        GameRequest r = new GameRequest(1, "Moby Dam", DxpColour.WHITE, 5, 75, Setup.of(board));
        String text = r.encode();
        assertEquals(94, text.length());
        assertEquals("BZ", text.substring(42, 44), "B, then Black to move");
        String squares = text.substring(44);
        assertEquals('W', squares.charAt(2));
        assertEquals('w', squares.charAt(27));
        assertEquals('z', squares.charAt(11));
        assertEquals('Z', squares.charAt(39));
        assertEquals(44, squares.chars().filter(c -> c == 'e').count());
        GameRequest back = (GameRequest) roundTrip(r);
        assertEquals(board, back.start());
        assertEquals("Moby Dam", back.initiatorName());
        assertEquals(75, back.moveLimit());
    }

    @Test
    void theStartAsASetupIsTheStandardStart() {
        assertEquals(START_SQUARES, Setup.of(DraughtsState.start(DraughtsRuleSet.FMJD)).squares());
    }

    @Test
    void gameAcceptAndItsCodes() {
        GameAccept a = new GameAccept("Ply Yard", GameAccept.ACCEPTED);
        assertEquals("APly Yard" + " ".repeat(24) + "0", a.encode());
        assertEquals(34, a.encode().length());
        assertTrue(((GameAccept) roundTrip(a)).accepted());
        assertFalse(((GameAccept) roundTrip(new GameAccept("Tornado voor Windows 4.0", GameAccept.REFUSED))).accepted());
        // a 32-character name fills its field exactly
        roundTrip(new GameAccept("x".repeat(32), GameAccept.NO_GAMES));
    }

    @Test
    void movesQuietAndCapturing() {
        Move quiet = new Move(12, 6, 11, List.of());
        assertEquals("M0012061100", quiet.encode());
        roundTrip(quiet);
        Move capture = new Move(12, 5, 25, List.of(4, 22, 12, 23));
        assertEquals("M001205250404221223", capture.encode());
        assertEquals(19, capture.encode().length());
        roundTrip(capture);
        // the published example: 5x25 taking 22, 12, 23 and 20 (in any order)
        Move example = (Move) DxpMessage.parse("M001205250422122320");
        assertEquals(List.of(22, 12, 23, 20), example.captured());
        assertEquals(5, example.from());
        assertEquals(25, example.to());
        roundTrip(new Move(9999, 50, 1, List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)));
    }

    @Test
    void gameEndChatBackRequestAndBackAccept() {
        assertEquals("E00", roundTrip(new GameEnd(Reason.UNKNOWN, false)).encode());
        assertEquals("E11", roundTrip(new GameEnd(Reason.SENDER_LOSES, true)).encode());
        assertEquals("E20", roundTrip(new GameEnd(Reason.DRAW, false)).encode());
        assertEquals("E30", roundTrip(new GameEnd(Reason.SENDER_WINS, false)).encode());
        assertEquals("CWhat do you think about move 35?", roundTrip(new Chat("What do you think about move 35?")).encode());
        assertEquals("C", roundTrip(new Chat("")).encode());
        roundTrip(new Chat("x".repeat(126)));
        assertEquals("B005Z", roundTrip(new BackRequest(5, DxpColour.BLACK)).encode());
        assertEquals("B999W", roundTrip(new BackRequest(999, DxpColour.WHITE)).encode());
        assertEquals("K0", roundTrip(new BackAccept(BackAccept.ACCEPTED)).encode());
        assertEquals("K2", roundTrip(new BackAccept(BackAccept.REFUSED)).encode());
    }

    @Test
    void chatOfAnyTextFits() {
        Chat c = Chat.of("line one\nline two é " + "y".repeat(200));
        assertEquals(126, c.text().length());
        assertTrue(c.text().startsWith("line one line two   y"), c.text());
    }

    private static void rejected(String text, String... phrases) {
        DxpException e = assertThrows(DxpException.class, () -> DxpMessage.parse(text), text);
        assertTrue(e.getMessage().endsWith(".") && Character.isUpperCase(e.getMessage().charAt(0)), e.getMessage());
        for (String p : phrases) {
            assertTrue(e.getMessage().contains(p), "'" + e.getMessage() + "' should say '" + p + "'");
        }
    }

    @Test
    void wrongLengthsAreRefused() {
        rejected("R01Ply Yard", "Malformed GAMEREQ", "43 characters", "94 with a setup", "not 11");
        rejected("R01" + " ".repeat(32) + "Z010000A" + "W" + START_SQUARES, "with A", "ends there");
        rejected("R01" + "Ply Yard" + " ".repeat(24) + "Z010000B" + "W" + START_SQUARES.substring(1) + "ee", "Malformed GAMEREQ");
        rejected("APly Yard0", "Malformed GAMEACC", "34 characters", "not 10");
        rejected("M001206110", "Malformed MOVE", "at least 11 characters");
        rejected("M0012061101", "says 1 captured piece, so it has 13 characters, not 11");
        rejected("M00120611001", "says 0 captured pieces, so it has 11 characters, not 12");
        rejected("E0", "Malformed GAMEEND", "3 characters");
        rejected("E000", "Malformed GAMEEND");
        rejected("B05Z", "Malformed BACKREQ", "5 characters");
        rejected("K", "Malformed BACKACC", "2 characters");
        rejected("C" + "x".repeat(127), "at most 127 characters");
    }

    @Test
    void badFieldsAreRefused() {
        rejected("R0x" + " ".repeat(32) + "Z010000A", "version must be 2 digits, not '0x'");
        rejected("R01" + "Ply Yard" + " ".repeat(24) + "B010000A", "follower's colour must be W (white) or Z (black), not 'B'");
        rejected("R01" + "Ply Yard" + " ".repeat(24) + "Z01a000A", "thinking time must be 3 digits");
        rejected("R01" + "Ply Yard" + " ".repeat(24) + "Z010000C", "start position code is 'C'");
        rejected("R01" + "Ply Yard" + " ".repeat(24) + "Z010000BW" + "x" + START_SQUARES.substring(1), "1 of the setup is 'x'");
        rejected("M00x2061100", "time must be 4 digits");
        rejected("M0012511100", "from square is 51");
        rejected("M0012060000", "to square is 0");
        rejected("M00120611010x", "captured square 1 must be 2 digits");
        rejected("M00120611" + "21" + "01".repeat(21), "at most 20 pieces");
        rejected("E40", "reason is 4");
        rejected("E02", "stop code is 2");
        rejected("B000W", "BACKREQ move number must be 1 to 999, not 0");
        rejected("B005X", "colour to move must be W (white) or Z (black)");
        rejected("Kx", "acceptance code must be 1 digit");
        rejected("C\u00e9t\u00e9", "ASCII characters 1 to 127 only");
    }

    @Test
    void unknownAndEmptyMessagesAreRefused() {
        rejected("X01", "Unknown DXP message type 'X'", "R (GAMEREQ)", "K (BACKACC)");
        rejected("m0012061100", "Unknown DXP message type 'm'");
        rejected("", "empty DXP message");
    }

    @Test
    void fieldsAreCheckedWhenMessagesAreMade() {
        assertThrows(DxpException.class, () -> new GameRequest(1, "n".repeat(33), DxpColour.WHITE, 1, 0, null));
        assertThrows(DxpException.class, () -> new GameRequest(1, "n", DxpColour.WHITE, 1000, 0, null));
        assertThrows(DxpException.class, () -> new Move(10000, 1, 2, List.of()));
        assertThrows(DxpException.class, () -> new Move(0, 1, 2, List.of(51)));
        assertThrows(DxpException.class, () -> new Chat("a\u0000b"));
        assertThrows(DxpException.class, () -> new BackRequest(1000, DxpColour.WHITE));
        // a well-formed setup the rules cannot reach is refused when the position is asked for, not when it is read
        GameRequest impossible = (GameRequest) DxpMessage.parse("R01" + "x" + " ".repeat(31) + "Z001000BW" + "w" + "e".repeat(49));
        InvalidInputException e = assertThrows(InvalidInputException.class, impossible::start);
        assertTrue(e.getMessage().contains("white man cannot stand on square 1"), e.getMessage());
    }

    @Test
    void framesAreTextAndANul() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DxpFrames.write(out, new Chat("hello"));
        DxpFrames.write(out, new GameEnd(Reason.DRAW, false));
        assertEquals("Chello\0E20\0", out.toString(StandardCharsets.US_ASCII));
        // a message longer than the protocol allows is refused, and the next one is read as usual
        byte[] bytes = ("C" + "z".repeat(200) + "\0K0\0E0").getBytes(StandardCharsets.US_ASCII);
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        DxpException tooLong = assertThrows(DxpException.class, () -> DxpFrames.read(in));
        assertTrue(tooLong.getMessage().contains("one of 201 arrived"), tooLong.getMessage());
        assertEquals("K0", DxpFrames.read(in));
        assertThrows(EOFException.class, () -> DxpFrames.read(in), "the stream ended inside E0");
        assertNull(DxpFrames.read(new ByteArrayInputStream(new byte[0])));
    }
}
