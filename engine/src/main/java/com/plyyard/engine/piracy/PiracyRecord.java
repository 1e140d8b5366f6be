package com.plyyard.engine.piracy;

import com.plyyard.engine.GameRecord;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.record.RecordLexer;
import com.plyyard.engine.record.RecordMoves;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Piracy game record in the PGN style: roster tags ({@code Cook}, {@code Silver}), {@code [Variant
 * "piracy:classic"]}, the sea ({@code [BoardSize "8"]}, {@code [Island "d4"]} — the island itself is
 * recorded; {@code [IslandSeed]} is informational), the other options when not the default, {@code
 * [Position "…"]} for a non-standard start, then numbered moves in long form with their suffixes
 * ({@code 1. Fc3 Lf6 2. …}). Results: {@code cook}, {@code silver}, {@code draw} or {@code *}.
 */
public final class PiracyRecord implements GameRecord {
    private final PiracyRules rules;
    private final String start;
    private final Map<String, String> tags;
    private final List<String> moves;
    private final String result;

    private PiracyRecord(PiracyRules rules, String start, Map<String, String> tags, List<String> moves, String result) {
        this.rules = rules;
        this.start = start;
        this.tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        this.moves = List.copyOf(moves);
        this.result = result;
    }

    /** Records a game; moves in any accepted spelling are stored in long form with suffixes. */
    public static PiracyRecord record(PiracyPosition first, List<String> moves, Map<String, String> tags) {
        PiracyPosition p = first;
        List<String> written = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            PiracyPosition current = p;
            String text = moves.get(i);
            PiracyMove m = RecordMoves.at("Move " + (i + 1) + " (" + text + "): ", () -> current.parseMove(text));
            written.add(m.longNotation());
            p = p.play(m);
        }
        return new PiracyRecord(first.rules(), first.notation(), tags, written, resultOf(p));
    }

    @Override
    public PiracyRules rules() {
        return rules;
    }

    /** The first position, in the Piracy position notation. */
    public String start() {
        return start;
    }

    @Override
    public PiracyPosition first() {
        return rules.parse(start);
    }

    @Override
    public Map<String, String> tags() {
        return tags;
    }

    /** Moves in long form with suffixes, e.g. "Fc3++". */
    @Override
    public List<String> moves() {
        return moves;
    }

    @Override
    public String result() {
        return result;
    }

    @Override
    public PiracyPosition replay() {
        PiracyPosition p = rules.parse(start);
        for (String m : moves) {
            p = p.play(m);
        }
        return p;
    }

    static String resultOf(PiracyPosition p) {
        return p.outcome().map(PiracyRecord::resultOf).orElse("*");
    }

    private static String resultOf(Outcome o) {
        return o.draw() ? "draw" : o.winners().get(0) == PiracyState.COOK ? "cook" : "silver";
    }

    @Override
    public String write() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String t : List.of("Event", "Site", "Date", "Round", "Cook", "Silver")) {
            out.put(t, tags.getOrDefault(t, t.equals("Date") ? "????.??.??" : "?"));
        }
        out.put("Result", result);
        out.put("Variant", rules.id());
        Map<String, String> options = rules.options();
        out.put("BoardSize", options.get(PiracyRules.OPTION_BOARD_SIZE));
        out.put("Island", options.get(PiracyRules.OPTION_ISLAND));
        if (options.containsKey(PiracyRules.OPTION_ISLAND_SEED)) {
            out.put("IslandSeed", options.get(PiracyRules.OPTION_ISLAND_SEED));
        }
        if (!options.get(PiracyRules.OPTION_FIRST).equals("cook")) {
            out.put("First", options.get(PiracyRules.OPTION_FIRST));
        }
        if (!rules.circleRule()) {
            out.put("CircleRule", "false");
        }
        if (rules.survivorSinkingLoses()) {
            out.put("SurvivorSinks", "loss");
        }
        if (!start.equals(rules.start().notation())) {
            out.put("Position", start);
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            out.putIfAbsent(e.getKey(), e.getValue());
        }
        StringBuilder sb = new StringBuilder();
        RecordLexer.writeTags(sb, out);
        sb.append('\n');
        List<String> tokens = new ArrayList<>();
        PiracyPosition p = rules.parse(start);
        int number = 1;
        boolean first = true;
        for (String move : moves) {
            boolean cook = p.toMove() == PiracyState.COOK;
            tokens.add(cook || first ? number + (cook ? ". " : "... ") + move : move);
            if (!cook) {
                number++;
            }
            first = false;
            p = p.play(move);
        }
        tokens.add(result);
        return sb.append(RecordLexer.wrap(tokens)).toString();
    }

    /**
     * Reads a record.
     *
     * @throws InvalidInputException if it is malformed or does not say its variant and island
     * @throws IllegalMoveException  if a move is illegal
     */
    public static PiracyRecord parse(String text) {
        RecordLexer lexer = new RecordLexer(text, t -> t.equals("*") || t.equals("draw") || t.equals("cook")
            || t.equals("silver"));
        if (!lexer.hasMore()) {
            throw new InvalidInputException("The record holds no game.");
        }
        Map<String, String> tags = lexer.tags();
        if (!"piracy:classic".equals(tags.get("Variant"))) {
            throw new InvalidInputException("The record does not say its variant: add [Variant \"piracy:classic\"].");
        }
        if (!tags.containsKey("Island") && !tags.containsKey("Position")) {
            throw new InvalidInputException("The record does not say where the island is: add [Island \"d4\"].");
        }
        Map<String, String> options = new LinkedHashMap<>();
        copy(tags, "BoardSize", options, PiracyRules.OPTION_BOARD_SIZE);
        copy(tags, "Island", options, PiracyRules.OPTION_ISLAND);
        copy(tags, "IslandSeed", options, PiracyRules.OPTION_ISLAND_SEED);
        copy(tags, "First", options, PiracyRules.OPTION_FIRST);
        copy(tags, "CircleRule", options, PiracyRules.OPTION_CIRCLE_RULE);
        copy(tags, "SurvivorSinks", options, PiracyRules.OPTION_SURVIVOR_SINKS);
        PiracyRules rules = PiracyRules.fromOptions(options);
        PiracyPosition first = tags.containsKey("Position") ? rules.parse(tags.get("Position")) : rules.start();
        List<String> tokens = new ArrayList<>();
        String stated = lexer.moves(tokens);
        if (stated == null) {
            stated = tags.get("Result");
        }
        PiracyRecord record = record(first, tokens, tags);
        if (stated != null && !stated.equals("*") && !record.result.equals("*") && !stated.equals(record.result)) {
            throw new InvalidInputException("The record's result " + stated + " contradicts its final position: "
                + record.replay().outcome().orElseThrow().description());
        }
        Map<String, String> rest = new LinkedHashMap<>(tags);
        for (String t : List.of("Result", "Variant", "BoardSize", "Island", "IslandSeed", "First", "CircleRule",
            "SurvivorSinks", "Position")) {
            rest.remove(t);
        }
        String result = record.result.equals("*") && stated != null ? stated : record.result;
        return new PiracyRecord(first.rules(), first.notation(), rest, record.moves, result);
    }

    private static void copy(Map<String, String> tags, String tag, Map<String, String> options, String option) {
        if (tags.containsKey(tag)) {
            options.put(option, tags.get(tag));
        }
    }
}
