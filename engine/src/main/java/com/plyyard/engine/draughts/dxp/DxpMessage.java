package com.plyyard.engine.draughts.dxp;

import com.plyyard.engine.draughts.DraughtsRuleSet;
import com.plyyard.engine.draughts.DraughtsState;
import com.plyyard.engine.draughts.Piece;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The messages of the DamExchange protocol (DXP, layer 2), version 01, as published by the protocol's authors
 * (mesander.nl/damexchange): fixed-width ASCII fields, the first character naming the type, 1 to 127 characters
 * in all (no NUL inside; over TCP each message is followed by one, see {@link DxpFrames}). Numbers are written with
 * leading zeros; colours are {@code W} (white) and {@code Z} (black). {@link #parse} reads exactly these layouts and
 * rejects anything else with a sentence; {@link #encode} writes them.
 */
public sealed interface DxpMessage {
    /** The longest message the protocol allows, without its NUL. */
    int MAX_LENGTH = 127;
    /** The width of a program name in GAMEREQ and GAMEACC. */
    int NAME_WIDTH = 32;

    /** The type character: R, A, M, E, C, B or K. */
    char type();

    /** The message as the protocol writes it, without the NUL. */
    String encode();

    /** The protocol's name of the type: GAMEREQ, GAMEACC, MOVE, GAMEEND, CHAT, BACKREQ or BACKACC. */
    default String typeName() {
        return typeName(type());
    }

    /**
     * GAMEREQ ({@code R}), initiator to follower: {@code R}, version (2 digits, {@code 01}), the initiator's name
     * (32 characters, blank-padded), the follower's colour, thinking time in minutes for the whole game (3 digits),
     * the number of moves that time is for (3 digits, {@code 000} = no limit), then {@code A} (the standard start,
     * White to move) or {@code B} followed by the colour to move and the 50 squares in order ({@code e} empty,
     * {@code w}/{@code z} a white/black man, {@code W}/{@code Z} a white/black king). 43 characters, or 94 with a setup.
     *
     * @param setup the start position, or null for the standard start
     */
    record GameRequest(int version, String initiatorName, DxpColour followerColour, int thinkingMinutes, int moveLimit,
                       Setup setup) implements DxpMessage {
        public static final int VERSION = 1;
        static final int LENGTH = 43;
        static final int LENGTH_WITH_SETUP = 94;

        public GameRequest {
            checkRange(version, 0, 99, "GAMEREQ version");
            initiatorName = checkName(initiatorName, "initiator's name");
            checkRange(thinkingMinutes, 0, 999, "GAMEREQ thinking time");
            checkRange(moveLimit, 0, 999, "GAMEREQ number of moves");
            if (followerColour == null) {
                throw new DxpException("A GAMEREQ needs the follower's colour.");
            }
        }

        /** The board the game starts from: the setup's, or the standard start with White to move. */
        public DraughtsState start() {
            return setup == null ? DraughtsState.start(DraughtsRuleSet.FMJD) : setup.state();
        }

        @Override
        public char type() {
            return 'R';
        }

        @Override
        public String encode() {
            StringBuilder sb = new StringBuilder(LENGTH_WITH_SETUP).append('R').append(digits(version, 2))
                .append(padName(initiatorName)).append(followerColour.code()).append(digits(thinkingMinutes, 3))
                .append(digits(moveLimit, 3));
            if (setup == null) {
                return sb.append('A').toString();
            }
            return sb.append('B').append(setup.toMove().code()).append(setup.squares()).toString();
        }
    }

    /**
     * A GAMEREQ's start position: the colour to move and one character per square 1..50.
     *
     * @param squares exactly 50 of {@code e}, {@code w}, {@code z}, {@code W}, {@code Z}
     */
    record Setup(DxpColour toMove, String squares) {
        public Setup {
            if (toMove == null) {
                throw new DxpException("A setup needs the colour to move.");
            }
            if (squares == null || squares.length() != 50) {
                throw new DxpException("A setup lists 50 squares, not " + (squares == null ? 0 : squares.length()) + ".");
            }
            for (int i = 0; i < 50; i++) {
                if ("ewzWZ".indexOf(squares.charAt(i)) < 0) {
                    throw new DxpException("Square " + (i + 1) + " of the setup is '" + squares.charAt(i)
                        + "'; a square is e (empty), w, z (men), W or Z (kings).");
                }
            }
        }

        public static Setup of(DraughtsState board) {
            StringBuilder sb = new StringBuilder(50);
            for (int s = 1; s <= 50; s++) {
                Piece p = board.pieceAt(s);
                sb.append(p == null ? 'e' : switch (p) {
                    case WHITE_MAN -> 'w';
                    case BLACK_MAN -> 'z';
                    case WHITE_KING -> 'W';
                    case BLACK_KING -> 'Z';
                });
            }
            return new Setup(DxpColour.of(board.whiteToMove()), sb.toString());
        }

        /**
         * The board the setup describes.
         *
         * @throws com.plyyard.engine.InvalidInputException if no game can reach it (a man on its own promotion row)
         */
        public DraughtsState state() {
            Map<Integer, Piece> pieces = new TreeMap<>();
            for (int s = 1; s <= 50; s++) {
                switch (squares.charAt(s - 1)) {
                    case 'w' -> pieces.put(s, Piece.WHITE_MAN);
                    case 'z' -> pieces.put(s, Piece.BLACK_MAN);
                    case 'W' -> pieces.put(s, Piece.WHITE_KING);
                    case 'Z' -> pieces.put(s, Piece.BLACK_KING);
                    default -> {
                    }
                }
            }
            return DraughtsState.of(toMove.white(), pieces);
        }
    }

    /**
     * GAMEACC ({@code A}), follower to initiator: {@code A}, the follower's name (32 characters, blank-padded) and the
     * acceptance code (1 digit). 34 characters.
     */
    record GameAccept(String followerName, int code) implements DxpMessage {
        /** The follower accepts the game. */
        public static final int ACCEPTED = 0;
        /** Refused: the GAMEREQ's protocol version is not the one the follower speaks. */
        public static final int WRONG_VERSION = 1;
        /** Refused (this game: its time, its position), but the follower will play another. */
        public static final int REFUSED = 2;
        /** Refused: the follower wants no game at all. */
        public static final int NO_GAMES = 3;
        static final int LENGTH = 34;

        public GameAccept {
            followerName = checkName(followerName, "follower's name");
            checkRange(code, 0, 9, "GAMEACC acceptance code");
        }

        public boolean accepted() {
            return code == ACCEPTED;
        }

        @Override
        public char type() {
            return 'A';
        }

        @Override
        public String encode() {
            return "A" + padName(followerName) + code;
        }
    }

    /**
     * MOVE ({@code M}), either side: {@code M}, the seconds the sender thought (4 digits, informational), from and to
     * squares (2 digits each), the number of captured pieces (2 digits, at most 20) and the square of each (2 digits
     * each, in any order). 11 characters plus 2 per captured piece.
     */
    record Move(int seconds, int from, int to, List<Integer> captured) implements DxpMessage {
        /** The most pieces one capture can take: every piece of a side. */
        public static final int MAX_CAPTURED = 20;

        public Move {
            checkRange(seconds, 0, 9999, "MOVE's time");
            checkSquare(from, "MOVE's from square");
            checkSquare(to, "MOVE's to square");
            captured = List.copyOf(captured);
            if (captured.size() > MAX_CAPTURED) {
                throw new DxpException("A MOVE captures at most " + MAX_CAPTURED + " pieces, not " + captured.size() + ".");
            }
            for (int s : captured) {
                checkSquare(s, "captured square");
            }
        }

        @Override
        public char type() {
            return 'M';
        }

        @Override
        public String encode() {
            StringBuilder sb = new StringBuilder(11 + 2 * captured.size()).append('M').append(digits(seconds, 4))
                .append(digits(from, 2)).append(digits(to, 2)).append(digits(captured.size(), 2));
            for (int s : captured) {
                sb.append(digits(s, 2));
            }
            return sb.toString();
        }

        /** The move as we write it, e.g. {@code 32-28} or {@code 28x19 (23)}: for log lines. */
        public String describe() {
            if (captured.isEmpty()) {
                return from + "-" + to;
            }
            return from + "x" + to + " capturing " + String.join(",", captured.stream().map(String::valueOf).toList());
        }
    }

    /**
     * GAMEEND ({@code E}), either side: {@code E}, the reason (1 digit) and the stop code ({@code 0}: another game may
     * follow, {@code 1}: the sender wants no more games). 3 characters. It is sent instead of a move by the side to
     * move, and the other side acknowledges it with a GAMEEND of its own (reason 0).
     */
    record GameEnd(Reason reason, boolean stop) implements DxpMessage {
        public GameEnd {
            if (reason == null) {
                throw new DxpException("A GAMEEND needs a reason (0 if none).");
            }
        }

        @Override
        public char type() {
            return 'E';
        }

        @Override
        public String encode() {
            return "E" + reason.ordinal() + (stop ? '1' : '0');
        }
    }

    /** A GAMEEND's reason, from the sender's view; informational. The digit is the ordinal. */
    enum Reason {
        /** 0: no reason given (always allowed; the acknowledgement always carries it). */
        UNKNOWN,
        /** 1: the sender gives up. */
        SENDER_LOSES,
        /** 2: a draw (e.g. the same position a third time). */
        DRAW,
        /** 3: the sender wins. */
        SENDER_WINS
    }

    /** CHAT ({@code C}), either side, at any time: {@code C} and 1 to 126 characters of free text. */
    record Chat(String text) implements DxpMessage {
        public static final int MAX_TEXT = MAX_LENGTH - 1;

        public Chat {
            if (text == null || text.length() > MAX_TEXT) {
                throw new DxpException("A CHAT carries at most " + MAX_TEXT + " characters, not "
                    + (text == null ? 0 : text.length()) + ".");
            }
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == 0 || c > 127) {
                    throw new DxpException("A CHAT carries ASCII characters 1 to 127 only; character " + (i + 1)
                        + " is U+" + String.format(Locale.ROOT, "%04X", (int) c) + ".");
                }
            }
        }

        /** A chat line from any text: non-ASCII and control characters become spaces, and it is cut to fit. */
        public static Chat of(String text) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < text.length() && sb.length() < MAX_TEXT; i++) {
                char c = text.charAt(i);
                sb.append(c < 32 || c > 126 ? ' ' : c);
            }
            return new Chat(sb.toString());
        }

        @Override
        public char type() {
            return 'C';
        }

        @Override
        public String encode() {
            return "C" + text;
        }
    }

    /**
     * BACKREQ ({@code B}), either side, meant for a human at one end: {@code B}, the move number to go back to
     * (3 digits, 001 to 999; the game's first move is 1) and the colour to move there. 5 characters.
     */
    record BackRequest(int moveNumber, DxpColour toMove) implements DxpMessage {
        public BackRequest {
            checkRange(moveNumber, 1, 999, "BACKREQ move number");
            if (toMove == null) {
                throw new DxpException("A BACKREQ needs the colour to move.");
            }
        }

        @Override
        public char type() {
            return 'B';
        }

        @Override
        public String encode() {
            return "B" + digits(moveNumber, 3) + toMove.code();
        }
    }

    /**
     * BACKACC ({@code K}), the answer to a BACKREQ: {@code K} and the acceptance code (1 digit; 0 = done, any other
     * refuses). 2 characters.
     */
    record BackAccept(int code) implements DxpMessage {
        /** The take-back was made. */
        public static final int ACCEPTED = 0;
        /** Refused (not a position of this game, no game in progress); the code Moby Dam answers with, too. */
        public static final int REFUSED = 2;

        public BackAccept {
            checkRange(code, 0, 9, "BACKACC acceptance code");
        }

        public boolean accepted() {
            return code == ACCEPTED;
        }

        @Override
        public char type() {
            return 'K';
        }

        @Override
        public String encode() {
            return "K" + code;
        }
    }

    /**
     * Reads one message (without its NUL).
     *
     * @throws DxpException with a sentence saying what is wrong: an unknown type, a wrong length, a field that is not
     *                      what its layout allows
     */
    static DxpMessage parse(String text) {
        if (text == null || text.isEmpty()) {
            throw new DxpException("An empty DXP message; every message starts with its type (R, A, M, E, C, B or K).");
        }
        if (text.length() > MAX_LENGTH) {
            throw new DxpException("A DXP message has at most " + MAX_LENGTH + " characters; this one has " + text.length() + ".");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || c > 127) {
                throw new DxpException("A DXP message holds ASCII characters 1 to 127 only; character " + (i + 1) + " is U+"
                    + String.format(Locale.ROOT, "%04X", (int) c) + ".");
            }
        }
        char type = text.charAt(0);
        if ("RAMECBK".indexOf(type) < 0) {
            throw new DxpException("Unknown DXP message type '" + printable(type) + "'; the types are R (GAMEREQ), "
                + "A (GAMEACC), M (MOVE), E (GAMEEND), C (CHAT), B (BACKREQ) and K (BACKACC).");
        }
        try {
            return switch (type) {
                case 'R' -> parseGameRequest(text);
                case 'A' -> {
                    length(text, GameAccept.LENGTH, "GAMEACC", "A, the follower's name in 32 characters and a 1-digit code");
                    yield new GameAccept(name(text, 1), digits(text, 33, 1, "acceptance code"));
                }
                case 'M' -> parseMove(text);
                case 'E' -> {
                    length(text, 3, "GAMEEND", "E, a 1-digit reason and a 1-digit stop code");
                    int reason = digits(text, 1, 1, "reason");
                    if (reason > 3) {
                        throw new DxpException("The reason is " + reason + "; reasons are 0 (none), 1 (the sender gives up), "
                            + "2 (draw) and 3 (the sender wins).");
                    }
                    int stop = digits(text, 2, 1, "stop code");
                    if (stop > 1) {
                        throw new DxpException("The stop code is " + stop + "; it is 0 (another game may follow) or 1 (stop).");
                    }
                    yield new GameEnd(Reason.values()[reason], stop == 1);
                }
                case 'C' -> new Chat(text.substring(1));
                case 'B' -> {
                    length(text, 5, "BACKREQ", "B, a 3-digit move number and the colour to move");
                    yield new BackRequest(digits(text, 1, 3, "move number"), DxpColour.parse(text.charAt(4), "colour to move"));
                }
                default -> {
                    length(text, 2, "BACKACC", "K and a 1-digit code");
                    yield new BackAccept(digits(text, 1, 1, "acceptance code"));
                }
            };
        } catch (DxpException e) {
            String why = e.getMessage();
            throw new DxpException("Malformed " + typeName(type) + " \"" + text + "\": " + Character.toLowerCase(why.charAt(0))
                + why.substring(1));
        }
    }

    private static GameRequest parseGameRequest(String text) {
        if (text.length() != GameRequest.LENGTH && text.length() != GameRequest.LENGTH_WITH_SETUP) {
            throw new DxpException("A GAMEREQ has " + GameRequest.LENGTH + " characters, or " + GameRequest.LENGTH_WITH_SETUP
                + " with a setup, not " + text.length() + ".");
        }
        int version = digits(text, 1, 2, "version");
        String name = name(text, 3);
        DxpColour follower = DxpColour.parse(text.charAt(35), "follower's colour");
        int minutes = digits(text, 36, 3, "thinking time");
        int moves = digits(text, 39, 3, "number of moves");
        char start = text.charAt(42);
        Setup setup;
        if (start == 'A') {
            if (text.length() != GameRequest.LENGTH) {
                throw new DxpException("With A (the standard start) a GAMEREQ ends there, at " + GameRequest.LENGTH
                    + " characters; this one has " + text.length() + ".");
            }
            setup = null;
        } else if (start == 'B') {
            if (text.length() != GameRequest.LENGTH_WITH_SETUP) {
                throw new DxpException("With B (a setup) a GAMEREQ has " + GameRequest.LENGTH_WITH_SETUP
                    + " characters: the colour to move and 50 squares.");
            }
            setup = new Setup(DxpColour.parse(text.charAt(43), "colour to move"), text.substring(44));
        } else {
            throw new DxpException("The start position code is '" + printable(start) + "'; it is A (the standard start) or "
                + "B (a setup follows).");
        }
        return new GameRequest(version, name, follower, minutes, moves, setup);
    }

    private static Move parseMove(String text) {
        if (text.length() < 11) {
            throw new DxpException("A MOVE has at least 11 characters (M, 4 digits of time, from, to and the number "
                + "captured, 2 digits each), not " + text.length() + ".");
        }
        int seconds = digits(text, 1, 4, "time");
        int from = digits(text, 5, 2, "from square");
        int to = digits(text, 7, 2, "to square");
        int count = digits(text, 9, 2, "number captured");
        if (text.length() != 11 + 2 * count) {
            throw new DxpException("It says " + count + " captured " + (count == 1 ? "piece" : "pieces") + ", so it has "
                + (11 + 2 * count) + " characters, not " + text.length() + ".");
        }
        List<Integer> captured = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            captured.add(digits(text, 11 + 2 * i, 2, "captured square " + (i + 1)));
        }
        return new Move(seconds, from, to, captured);
    }

    private static void length(String text, int expected, String type, String layout) {
        if (text.length() != expected) {
            throw new DxpException("A " + type + " has " + expected + " characters (" + layout + "), not " + text.length() + ".");
        }
    }

    private static int digits(String text, int start, int width, String field) {
        String s = text.substring(start, start + width);
        for (int i = 0; i < width; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                throw new DxpException("The " + field + " must be " + width + (width == 1 ? " digit" : " digits") + ", not '"
                    + s + "'.");
            }
        }
        return Integer.parseInt(s);
    }

    private static String name(String text, int start) {
        return text.substring(start, start + NAME_WIDTH).stripTrailing();
    }

    private static String typeName(char type) {
        return switch (type) {
            case 'R' -> "GAMEREQ";
            case 'A' -> "GAMEACC";
            case 'M' -> "MOVE";
            case 'E' -> "GAMEEND";
            case 'C' -> "CHAT";
            case 'B' -> "BACKREQ";
            case 'K' -> "BACKACC";
            default -> "message";
        };
    }

    private static String printable(char c) {
        return c >= 32 && c < 127 ? String.valueOf(c) : String.format(Locale.ROOT, "\\x%02X", (int) c);
    }

    private static String digits(int value, int width) {
        return String.format(Locale.ROOT, "%0" + width + "d", value);
    }

    private static String padName(String name) {
        return String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s", name);
    }

    private static void checkRange(int value, int min, int max, String field) {
        if (value < min || value > max) {
            throw new DxpException("The " + field + " must be " + min + " to " + max + ", not " + value + ".");
        }
    }

    private static void checkSquare(int square, String field) {
        if (square < 1 || square > 50) {
            throw new DxpException("The " + field + " is " + square + "; squares are numbered 1 to 50.");
        }
    }

    /** A name as the protocol carries it: at most 32 printable ASCII characters, no leading blank. */
    private static String checkName(String name, String field) {
        if (name == null) {
            throw new DxpException("The " + field + " is missing.");
        }
        String n = name.strip();
        if (n.length() > NAME_WIDTH) {
            throw new DxpException("The " + field + " has at most " + NAME_WIDTH + " characters, not " + n.length() + ".");
        }
        for (int i = 0; i < n.length(); i++) {
            char c = n.charAt(i);
            if (c < 32 || c > 126) {
                throw new DxpException("The " + field + " holds printable ASCII only; character " + (i + 1) + " is U+"
                    + String.format(Locale.ROOT, "%04X", (int) c) + ".");
            }
        }
        return n;
    }
}
