package com.plyyard.engine.ploy;

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
 * A Ploy game record in the PGN style: the seven roster tags (one per seat colour instead of White/Black),
 * {@code [Variant "ploy:3m:ffa"]}, the options that differ from the defaults ({@code Partnership},
 * {@code RepetitionDraw}, {@code NoCaptureDrawPlies}), {@code [PPN "…"]} when the game did not start from the
 * setup, then the moves. Four-player moves carry their mover ({@code g:a2-a5}); a move number starts each
 * round. Results: the winning colours joined by {@code +} ({@code green}, {@code red+blue}), {@code draw}, or
 * {@code *}.
 */
public final class PloyRecord implements GameRecord {
    private static final List<String> ROSTER = List.of("Event", "Site", "Date", "Round");

    private final PloyRules rules;
    private final String start;
    private final Map<String, String> tags;
    private final List<String> moves;
    private final String result;

    private PloyRecord(PloyRules rules, String start, Map<String, String> tags, List<String> moves, String result) {
        this.rules = rules;
        this.start = start;
        this.tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        this.moves = List.copyOf(moves);
        this.result = result;
    }

    /**
     * Records a game from its first position and moves (any accepted spelling; stored canonically).
     *
     * @throws IllegalMoveException if a move is illegal (the message names its number)
     */
    public static PloyRecord record(PloyPosition first, List<String> moves, Map<String, String> tags) {
        PloyPosition p = first;
        List<String> canonical = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            PloyMove m = parseNumbered(p, moves.get(i), i);
            canonical.add(m.notation());
            p = p.play(m);
        }
        return new PloyRecord(first.rules(), first.notation(), tags, canonical, resultOf(p));
    }

    @Override
    public PloyRules rules() {
        return rules;
    }

    /** The first position, PPN. */
    public String start() {
        return start;
    }

    @Override
    public PloyPosition first() {
        return rules.parse(start);
    }

    @Override
    public Map<String, String> tags() {
        return tags;
    }

    @Override
    public List<String> moves() {
        return moves;
    }

    @Override
    public String result() {
        return result;
    }

    /** Every position of the game, the first one included. */
    public List<PloyPosition> positions() {
        List<PloyPosition> out = new ArrayList<>();
        PloyPosition p = rules.parse(start);
        out.add(p);
        for (int i = 0; i < moves.size(); i++) {
            p = p.play(parseNumbered(p, moves.get(i), i));
            out.add(p);
        }
        return out;
    }

    @Override
    public PloyPosition replay() {
        List<PloyPosition> all = positions();
        return all.get(all.size() - 1);
    }

    private static PloyMove parseNumbered(PloyPosition p, String move, int index) {
        return RecordMoves.at("Move " + (index + 1) + " (" + move + "): ", () -> p.parseMove(move));
    }

    static String resultOf(PloyPosition p) {
        return p.outcome().map(o -> resultOf(o, p.rules())).orElse("*");
    }

    private static String resultOf(Outcome o, PloyRules rules) {
        if (o.draw()) {
            return "draw";
        }
        List<String> names = new ArrayList<>();
        for (int w : o.winners()) {
            names.add(rules.seatColours().get(w));
        }
        return String.join("+", names);
    }

    @Override
    public String write() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String t : ROSTER) {
            out.put(t, tags.getOrDefault(t, t.equals("Date") ? "????.??.??" : "?"));
        }
        for (String colour : rules.seatColours()) {
            String tag = Character.toUpperCase(colour.charAt(0)) + colour.substring(1);
            out.put(tag, tags.getOrDefault(tag, "?"));
        }
        out.put("Result", result);
        out.put("Variant", rules.id());
        if (rules.ployMode() == PloyMode.TEAMS && rules.partnership() != Partnership.SEED) {
            out.put("Partnership", rules.partnership().id());
        }
        if (!rules.repetitionDraw()) {
            out.put("RepetitionDraw", "false");
        }
        if (rules.noCaptureDrawPlies() != PloyRules.DEFAULT_NO_CAPTURE_DRAW_PLIES) {
            out.put("NoCaptureDrawPlies", Integer.toString(rules.noCaptureDrawPlies()));
        }
        if (!start.equals(rules.start().notation())) {
            out.put("PPN", start);
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            out.putIfAbsent(e.getKey(), e.getValue());
        }
        StringBuilder sb = new StringBuilder();
        RecordLexer.writeTags(sb, out);
        sb.append('\n');
        List<String> tokens = new ArrayList<>();
        boolean fourPlayers = rules.ployMode() != PloyMode.TWO_PLAYER;
        PloyPosition p = rules.parse(start);
        int round = 1;
        int lastTurn = Integer.MAX_VALUE;
        for (String move : moves) {
            int turn = p.toMove();
            String token = fourPlayers ? rules.ployMode().letter(p.mover()) + ":" + move : move;
            if (turn <= lastTurn) {
                token = round++ + ". " + token;
            }
            lastTurn = turn;
            tokens.add(token);
            p = p.play(move);
        }
        tokens.add(result);
        return sb.append(RecordLexer.wrap(tokens)).toString();
    }

    /**
     * Reads a record (the first one in the text).
     *
     * @throws InvalidInputException if it is malformed or does not say its variant
     * @throws IllegalMoveException  if a move is illegal
     */
    public static PloyRecord parse(String text) {
        RecordLexer lexer = new RecordLexer(text, PloyRecord::isResult);
        if (!lexer.hasMore()) {
            throw new InvalidInputException("The record holds no game.");
        }
        Map<String, String> tags = lexer.tags();
        String variant = tags.get("Variant");
        if (variant == null || !variant.startsWith("ploy:")) {
            throw new InvalidInputException("The record does not say its variant: add e.g. [Variant \"ploy:3m:2p\"].");
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (tags.containsKey("Partnership")) {
            options.put(PloyRules.OPTION_PARTNERSHIP, tags.get("Partnership"));
        }
        if (tags.containsKey("RepetitionDraw")) {
            options.put(PloyRules.OPTION_REPETITION_DRAW, tags.get("RepetitionDraw"));
        }
        if (tags.containsKey("NoCaptureDrawPlies")) {
            options.put(PloyRules.OPTION_NO_CAPTURE_DRAW_PLIES, tags.get("NoCaptureDrawPlies"));
        }
        if (!PloyModule.INSTANCE.variantIds().contains(variant)) {
            throw new InvalidInputException("Unknown variant '" + variant + "'; the Ploy variants are "
                + String.join(", ", PloyModule.INSTANCE.variantIds()) + ".");
        }
        PloyRules rules = (PloyRules) PloyModule.INSTANCE.rules(variant, options);
        PloyPosition first = tags.containsKey("PPN") ? rules.parse(tags.get("PPN")) : rules.start();
        List<String> tokens = new ArrayList<>();
        String result = lexer.moves(tokens);
        PloyRecord record = record(first, tokens, tags);
        String stated = result != null ? result : tags.get("Result");
        if (stated != null && !stated.equals("*") && !record.result.equals("*") && !stated.equals(record.result)) {
            throw new InvalidInputException("The record's result " + stated + " contradicts its final position: "
                + record.replay().outcome().orElseThrow().description());
        }
        String kept = stated == null ? record.result : (record.result.equals("*") ? stated : record.result);
        Map<String, String> rest = new LinkedHashMap<>(tags);
        for (String t : List.of("Result", "Variant", "Partnership", "RepetitionDraw", "NoCaptureDrawPlies", "PPN")) {
            rest.remove(t);
        }
        return new PloyRecord(rules, first.notation(), rest, record.moves, kept);
    }

    private static boolean isResult(String token) {
        return token.equals("*") || token.equals("draw") || token.matches("(green|red|yellow|blue)(\\+(green|red|yellow|blue))*");
    }
}
