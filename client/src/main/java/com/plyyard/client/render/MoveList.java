package com.plyyard.client.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The legal moves for a player to read: one line per point the moves start from ({@code b1: b1-b2 b1-b3 b1xb4
 * b1r1…r7}), instead of a hundred bare notations. Game-blind: the starting point is the notation's leading square
 * ({@code c2} or {@code 31}, after an optional mover prefix {@code g:}); a run of three or more turns {@code r1 r2 r3}
 * of one move is written as a range. Moves without a square (Piracy's {@code L F R}) make one line.
 */
public final class MoveList {
    private static final Pattern ORIGIN = Pattern.compile("^(?:[a-z]:)?([a-z][1-9]|[0-9]{1,2})(?=[-x:r]|$)");
    private static final Pattern TURN = Pattern.compile("^(.*)r([1-7])$");

    private MoveList() {
    }

    public static String grouped(List<String> notations, Style style) {
        String nl = System.lineSeparator();
        Map<String, List<String>> byOrigin = new LinkedHashMap<>();
        for (String n : notations) {
            Matcher m = ORIGIN.matcher(n);
            byOrigin.computeIfAbsent(m.find() ? m.group(1) : "", k -> new ArrayList<>()).add(n);
        }
        StringBuilder sb = new StringBuilder().append(notations.size()).append(notations.size() == 1 ? " legal move" : " legal moves");
        sb.append(byOrigin.keySet().stream().anyMatch(k -> !k.isEmpty()) ? ", by the point they start from:" : ":").append(nl);
        for (Map.Entry<String, List<String>> e : byOrigin.entrySet()) {
            sb.append("  ").append(e.getKey().isEmpty() ? "" : e.getKey() + ": ")
                .append(String.join(" ", compressTurns(e.getValue(), style.unicode() ? "…" : "..."))).append(nl);
        }
        return sb.toString();
    }

    /** {@code b1r1 b1r2 … b1r7} → {@code b1r1…r7}: runs of three or more consecutive turns of one move. */
    private static List<String> compressTurns(List<String> moves, String ellipsis) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < moves.size()) {
            Matcher first = TURN.matcher(moves.get(i));
            int j = i + 1;
            if (first.matches()) {
                int k = Integer.parseInt(first.group(2));
                while (j < moves.size() && moves.get(j).equals(first.group(1) + "r" + (k + j - i))) {
                    j++;
                }
            }
            if (j - i >= 3) {
                out.add(moves.get(i) + ellipsis + "r" + (Integer.parseInt(first.group(2)) + j - i - 1));
            } else {
                j = i + 1;
                out.add(moves.get(i));
            }
            i = j;
        }
        return out;
    }
}
