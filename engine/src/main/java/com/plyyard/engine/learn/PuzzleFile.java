package com.plyyard.engine.learn;

import com.plyyard.engine.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The puzzle file format: one puzzle a line, nine fields separated by tabs —
 * {@code id variant options position line goal themes rating source} — where options are {@code key=value} pairs
 * joined by {@code ;} (or {@code -}), the line is moves separated by spaces, and themes are joined by {@code ,} (or
 * {@code -}). Lines starting with {@code #} are comments: a generated file's first lines say how it was made (the
 * command, its seed and settings), so that the set can be rebuilt.
 */
public final class PuzzleFile {
    private static final int FIELDS = 9;

    private PuzzleFile() {
    }

    public static List<Puzzle> read(String text) {
        List<Puzzle> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                out.add(parse(lines[i].replace("\r", "")));
            } catch (RuntimeException e) {
                throw new InvalidInputException("Puzzle line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** The comments at the head of a file (without their {@code #}). */
    public static List<String> header(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.startsWith("#")) {
                break;
            }
            out.add(line.substring(1).strip());
        }
        return out;
    }

    static Puzzle parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != FIELDS) {
            throw new InvalidInputException("a puzzle has " + FIELDS + " tab-separated fields, this line " + f.length);
        }
        Map<String, String> options = new TreeMap<>();
        if (!f[2].equals("-")) {
            for (String pair : f[2].split(";")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new InvalidInputException("option '" + pair + "' is not key=value");
                }
                options.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        List<String> themes = f[6].equals("-") ? List.of() : Arrays.asList(f[6].split(","));
        int rating;
        try {
            rating = Integer.parseInt(f[7]);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("rating '" + f[7] + "' is not a number");
        }
        return new Puzzle(f[0], f[1], options, f[3], Arrays.asList(f[4].split(" ")), Puzzle.Goal.fromId(f[5]), themes,
            rating, f[8]);
    }

    public static String write(List<String> header, List<Puzzle> puzzles) {
        StringBuilder out = new StringBuilder();
        for (String h : header) {
            out.append("# ").append(h).append('\n');
        }
        for (Puzzle p : puzzles) {
            out.append(line(p)).append('\n');
        }
        return out.toString();
    }

    static String line(Puzzle p) {
        Map<String, String> sorted = new LinkedHashMap<>(new TreeMap<>(p.options()));
        String options = sorted.isEmpty() ? "-" : String.join(";", sorted.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue()).toList());
        return String.join("\t", p.id(), p.variant(), options, p.position(), String.join(" ", p.line()), p.goal().id(),
            p.themes().isEmpty() ? "-" : String.join(",", p.themes()), Integer.toString(p.rating()), p.source());
    }
}
