package com.plyyard.engine.hub;

import com.plyyard.engine.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One line of the Hub protocol (version 2, Scan 3.x's {@code protocol.txt}): a command word, then arguments, each
 * {@code name=value} or a bare {@code name} (a flag). A value is written in double quotes when it is empty or holds a
 * blank or an {@code =}. The protocol has no escape, so a value can never hold a double quote. Immutable; {@link #with}
 * and {@link #withFlag} return a longer copy.
 *
 * <p>Reading is lenient where the protocol is silent: blanks are spaces and tabs, several of them separate as one,
 * {@code name=} with nothing after it is the empty value, and a repeated name keeps its last value.
 */
public final class HubLine {
    private final String command;
    private final List<Arg> args;

    /** One argument; {@code value} is null for a flag (which reads as the empty string). */
    public record Arg(String name, String value) {
        public boolean isFlag() {
            return value == null;
        }
    }

    private HubLine(String command, List<Arg> args) {
        this.command = command;
        this.args = args;
    }

    /**
     * A line with no arguments yet.
     *
     * @throws IllegalArgumentException if {@code command} is not a word the protocol can carry
     */
    public static HubLine of(String command) {
        requireName(command, "command");
        return new HubLine(command, List.of());
    }

    /**
     * This line with one more {@code name=value}.
     *
     * @throws IllegalArgumentException if the name is not a word, or the value holds a {@code "} or a control
     *                                  character (the protocol cannot carry either)
     */
    public HubLine with(String name, String value) {
        requireName(name, "argument name");
        if (value == null) {
            throw new IllegalArgumentException("The value of '" + name + "' is null; use withFlag for a flag.");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || Character.isISOControl(c)) {
                throw new IllegalArgumentException("The value of '" + name + "' holds " + describe(c)
                    + ", which a Hub line cannot carry.");
            }
        }
        return append(new Arg(name, value));
    }

    /** This line with one more number: integers as they are. */
    public HubLine with(String name, long value) {
        return with(name, Long.toString(value));
    }

    /** This line with one more flag (a bare name, as in {@code go think}). */
    public HubLine withFlag(String name) {
        requireName(name, "flag");
        return append(new Arg(name, null));
    }

    public String command() {
        return command;
    }

    /** The arguments in their order. */
    public List<Arg> args() {
        return args;
    }

    /** True when the line has the argument, as a flag or with a value. */
    public boolean has(String name) {
        return args.stream().anyMatch(a -> a.name().equals(name));
    }

    /** The argument's value (the last one when repeated; a flag reads as the empty string). */
    public Optional<String> value(String name) {
        for (int i = args.size() - 1; i >= 0; i--) {
            Arg a = args.get(i);
            if (a.name().equals(name)) {
                return Optional.of(a.isFlag() ? "" : a.value());
            }
        }
        return Optional.empty();
    }

    /** The line as it is sent, without its line end. */
    public String format() {
        StringBuilder sb = new StringBuilder(command);
        for (Arg a : args) {
            sb.append(' ').append(a.name());
            if (!a.isFlag()) {
                sb.append('=');
                if (isWord(a.value())) {
                    sb.append(a.value());
                } else {
                    sb.append('"').append(a.value()).append('"');
                }
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return format();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HubLine l && l.command.equals(command) && l.args.equals(args);
    }

    @Override
    public int hashCode() {
        return command.hashCode() * 31 + args.hashCode();
    }

    /**
     * Reads one line (without its line end).
     *
     * @throws InvalidInputException if the line is blank or malformed; the message says where
     */
    public static HubLine parse(String text) {
        if (text == null || text.isBlank()) {
            throw malformed(text == null ? "" : text, "it is empty; a line starts with a command word");
        }
        Reader r = new Reader(text);
        r.skipBlanks();
        String command = r.word();
        if (command.isEmpty()) {
            throw malformed(text, "it must start with a command word, not '" + r.peek() + "'");
        }
        List<Arg> args = new ArrayList<>();
        while (true) {
            if (!r.atEnd() && !r.atBlank()) {
                throw malformed(text, "'" + r.peek() + "' at column " + (r.pos + 1) + " must be preceded by a blank");
            }
            r.skipBlanks();
            if (r.atEnd()) {
                break;
            }
            int at = r.pos;
            String name = r.word();
            if (name.isEmpty()) {
                throw malformed(text, "an argument name is missing at column " + (at + 1));
            }
            if (r.atEnd() || r.peek() != '=') {
                args.add(new Arg(name, null));
                continue;
            }
            r.pos++; // '='
            if (!r.atEnd() && r.peek() == '"') {
                int close = text.indexOf('"', r.pos + 1);
                if (close < 0) {
                    throw malformed(text, "the quoted value of '" + name + "' is not closed");
                }
                args.add(new Arg(name, text.substring(r.pos + 1, close)));
                r.pos = close + 1;
            } else {
                args.add(new Arg(name, r.word()));
            }
        }
        return new HubLine(command, List.copyOf(args));
    }

    private HubLine append(Arg arg) {
        List<Arg> more = new ArrayList<>(args);
        more.add(arg);
        return new HubLine(command, List.copyOf(more));
    }

    /** Characters of a bare word (command, name, unquoted value): no control, blank, '=' or '"'. */
    private static boolean isWordChar(char c) {
        return !Character.isISOControl(c) && c != ' ' && c != '=' && c != '"';
    }

    private static boolean isWord(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!isWordChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static void requireName(String s, String what) {
        if (s == null || !isWord(s)) {
            throw new IllegalArgumentException("'" + s + "' cannot be a Hub " + what + ": it must be one word without blanks, "
                + "'=' or '\"'.");
        }
    }

    private static String describe(char c) {
        return c == '"' ? "a double quote" : String.format("the control character U+%04X", (int) c);
    }

    private static InvalidInputException malformed(String text, String why) {
        String shown = text.length() > 200 ? text.substring(0, 200) + "…" : text;
        return new InvalidInputException("Malformed Hub line '" + shown + "': " + why + ".");
    }

    /** A cursor over the line's characters. */
    private static final class Reader {
        private final String text;
        private int pos;

        Reader(String text) {
            this.text = text;
        }

        boolean atEnd() {
            return pos >= text.length();
        }

        char peek() {
            return text.charAt(pos);
        }

        boolean atBlank() {
            char c = peek();
            return c == ' ' || c == '\t';
        }

        void skipBlanks() {
            while (!atEnd() && atBlank()) {
                pos++;
            }
        }

        /** The longest run of word characters here (possibly empty). */
        String word() {
            int start = pos;
            while (!atEnd() && isWordChar(peek())) {
                pos++;
            }
            return text.substring(start, pos);
        }
    }
}
