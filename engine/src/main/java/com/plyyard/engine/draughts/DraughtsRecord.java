package com.plyyard.engine.draughts;

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
 * A PDN game record: tags, the moves (canonical PDN) and the result.
 *
 * <p>The rule set is always recorded, never inferred: {@code fmjd} records carry {@code [GameType "20"]};
 * {@code plyyard} records carry {@code [Rules "plyyard"]} and the Black-starts {@code FEN} tag and never
 * GameType 20. A non-default plyyard draw threshold is kept in {@code [DrawPlies "n"]}. Results are
 * written {@code 2-0}, {@code 0-2}, {@code 1-1} or {@code *}; {@code 1-0}, {@code 0-1} and
 * {@code 1/2-1/2} are read too. Comments, variations and NAGs are skipped on reading.
 */
public final class DraughtsRecord implements GameRecord {
    public static final String TAG_RULES = "Rules";
    public static final String TAG_DRAW_PLIES = "DrawPlies";
    private static final List<String> SEVEN = List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");

    private final DraughtsRules rules;
    private final DraughtsState start;
    private final Map<String, String> tags;
    private final List<String> moves;
    private final String result;

    private DraughtsRecord(DraughtsRules rules, DraughtsState start, Map<String, String> tags, List<String> moves, String result) {
        this.rules = rules;
        this.start = start;
        this.tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        this.moves = List.copyOf(moves);
        this.result = result;
    }

    /**
     * Records a game from its first position and moves. The result comes from the final position (or
     * {@code *} while it is ongoing); {@code tags} fills the seven standard tags (missing ones get "?").
     *
     * @throws IllegalMoveException if a move is illegal (the message names its number)
     */
    public static DraughtsRecord record(DraughtsPosition first, List<String> moves, Map<String, String> tags) {
        List<String> canonical = new ArrayList<>(moves.size());
        DraughtsPosition p = first;
        for (int i = 0; i < moves.size(); i++) {
            DraughtsMove m = parseNumbered(p, moves.get(i), i, first.state().whiteToMove());
            canonical.add(m.notation());
            p = p.play(m);
        }
        String result = resultOf(p);
        return new DraughtsRecord(first.rules(), first.state(), tags, canonical, result);
    }

    /**
     * The same record with a result the rules did not decide: a resignation, a forfeit, an adjudication (a game
     * ended by the rules keeps its own result; reading the text back checks the same).
     *
     * @param result {@code 2-0}, {@code 0-2}, {@code 1-1} or {@code *} (the other spellings {@link #parse} reads too)
     * @throws InvalidInputException if it is not a result, or the final position's result is another
     */
    public DraughtsRecord withResult(String result) {
        String normalised = normaliseResult(result);
        if (normalised == null) {
            throw new InvalidInputException("No result given.");
        }
        DraughtsPosition last = replay();
        if (last.isOver() && !normalised.equals("*") && !normalised.equals(resultOf(last))) {
            throw new InvalidInputException("The result " + normalised + " contradicts the final position: "
                + last.outcome().orElseThrow().description());
        }
        return new DraughtsRecord(rules, start, tags, moves, normalised);
    }

    @Override
    public DraughtsRules rules() {
        return rules;
    }

    public DraughtsState start() {
        return start;
    }

    @Override
    public DraughtsPosition first() {
        return rules.position(start);
    }

    @Override
    public Map<String, String> tags() {
        return tags;
    }

    @Override
    public List<String> moves() {
        return moves;
    }

    /** "2-0", "0-2", "1-1" or "*". */
    @Override
    public String result() {
        return result;
    }

    /** Plays the record through from its first position. */
    public List<DraughtsPosition> positions() {
        List<DraughtsPosition> out = new ArrayList<>(moves.size() + 1);
        DraughtsPosition p = rules.position(start);
        out.add(p);
        for (int i = 0; i < moves.size(); i++) {
            p = p.play(parseNumbered(p, moves.get(i), i, start.whiteToMove()));
            out.add(p);
        }
        return out;
    }

    /** The final position of the record. */
    @Override
    public DraughtsPosition replay() {
        List<DraughtsPosition> all = positions();
        return all.get(all.size() - 1);
    }

    /** Parses the {@code index}-th move of a record, naming it by its PDN move number when it fails. */
    private static DraughtsMove parseNumbered(DraughtsPosition p, String move, int index, boolean startWhite) {
        // full move numbers start at 1 and grow after each Black move
        int number = (index + (startWhite ? 0 : 1)) / 2 + 1;
        return RecordMoves.at("Move " + number + (p.state().whiteToMove() ? ". " : "... ") + move + ": ",
            () -> p.parseMove(move));
    }

    static String resultOf(DraughtsPosition p) {
        return p.outcome().map(DraughtsRecord::resultOf).orElse("*");
    }

    static String resultOf(Outcome o) {
        if (o.draw()) {
            return "1-1";
        }
        return o.winners().contains(0) ? "2-0" : "0-2";
    }

    /** The record as PDN text. */
    @Override
    public String write() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String t : SEVEN) {
            out.put(t, tags.getOrDefault(t, t.equals("Date") ? "????.??.??" : "?"));
        }
        out.put("Result", result);
        DraughtsState standardStart = DraughtsState.start(rules.ruleSet());
        if (rules.ruleSet() == DraughtsRuleSet.FMJD) {
            out.put("GameType", "20");
        } else {
            out.put(TAG_RULES, "plyyard");
            if (rules.noCaptureDrawPlies() != DraughtsRules.DEFAULT_NO_CAPTURE_DRAW_PLIES) {
                out.put(TAG_DRAW_PLIES, Integer.toString(rules.noCaptureDrawPlies()));
            }
        }
        if (rules.ruleSet() == DraughtsRuleSet.PLYYARD || !start.equals(standardStart)) {
            out.put("FEN", DraughtsPositionNotation.format(start));
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            if (!out.containsKey(e.getKey()) && !e.getKey().equals("GameType") && !e.getKey().equals(TAG_RULES)
                && !e.getKey().equals(TAG_DRAW_PLIES) && !e.getKey().equals("FEN")) {
                out.put(e.getKey(), e.getValue());
            }
        }
        StringBuilder sb = new StringBuilder();
        RecordLexer.writeTags(sb, out);
        sb.append('\n');
        List<String> tokens = new ArrayList<>();
        boolean white = start.whiteToMove();
        int number = 1;
        for (int i = 0; i < moves.size(); i++) {
            if (white) {
                tokens.add(number + ". " + moves.get(i));
            } else {
                tokens.add(i == 0 ? number + "... " + moves.get(i) : moves.get(i));
                number++;
            }
            white = !white;
        }
        tokens.add(result);
        return sb.append(RecordLexer.wrap(tokens)).toString();
    }

    /**
     * Reads one record (the first, if the text holds several).
     *
     * @throws InvalidInputException if the text is malformed or the rule set is not recorded
     * @throws IllegalMoveException  if a move is illegal (the message names its number)
     */
    public static DraughtsRecord parse(String text) {
        List<DraughtsRecord> all = parseAll(text);
        if (all.isEmpty()) {
            throw new InvalidInputException("The PDN text holds no game.");
        }
        return all.get(0);
    }

    /** Reads every record of a PDN text. */
    public static List<DraughtsRecord> parseAll(String text) {
        List<DraughtsRecord> games = new ArrayList<>();
        RecordLexer lexer = new RecordLexer(text, DraughtsRecord::isResult);
        while (lexer.hasMore()) {
            games.add(parseOne(lexer));
        }
        return games;
    }

    private static boolean isResult(String token) {
        return switch (token) {
            case "2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*" -> true;
            default -> false;
        };
    }

    private static DraughtsRecord parseOne(RecordLexer lexer) {
        Map<String, String> tags = lexer.tags();
        DraughtsRules rules = rulesOf(tags);
        DraughtsState start = tags.containsKey("FEN") ? DraughtsPositionNotation.parse(tags.get("FEN")) : DraughtsState.start(rules.ruleSet());
        if (rules.ruleSet() == DraughtsRuleSet.PLYYARD && !tags.containsKey("FEN")) {
            start = DraughtsState.start(DraughtsRuleSet.PLYYARD);
        }
        List<String> moveTokens = new ArrayList<>();
        String result = lexer.moves(moveTokens);
        String tagResult = tags.get("Result");
        DraughtsPosition first = rules.position(start);
        DraughtsPosition p = first;
        List<String> canonical = new ArrayList<>(moveTokens.size());
        for (int i = 0; i < moveTokens.size(); i++) {
            DraughtsMove m = parseNumbered(p, moveTokens.get(i), i, start.whiteToMove());
            canonical.add(m.notation());
            p = p.play(m);
        }
        String finalResult = normaliseResult(result != null ? result : tagResult);
        if (finalResult != null && !finalResult.equals("*") && p.isOver() && !finalResult.equals(resultOf(p))) {
            throw new InvalidInputException("The record's result " + finalResult + " contradicts its final position: "
                + p.outcome().orElseThrow().description());
        }
        Map<String, String> kept = new LinkedHashMap<>(tags);
        kept.remove("Result");
        return new DraughtsRecord(rules, start, kept, canonical, finalResult == null ? "*" : finalResult);
    }

    private static DraughtsRules rulesOf(Map<String, String> tags) {
        String gameType = tags.get("GameType");
        String rulesTag = tags.get(TAG_RULES);
        DraughtsRuleSet fromType = null;
        if (gameType != null) {
            String type = gameType.strip();
            if (type.equals("20") || type.startsWith("20,")) {
                fromType = DraughtsRuleSet.FMJD;
            } else {
                throw new InvalidInputException("GameType \"" + gameType + "\" is not international draughts (20).");
            }
        }
        DraughtsRuleSet fromTag = rulesTag == null ? null : DraughtsRuleSet.fromId(rulesTag.strip().toLowerCase(java.util.Locale.ROOT));
        if (fromType != null && fromTag != null && fromType != fromTag) {
            throw new InvalidInputException("The record says both GameType \"20\" (FMJD) and Rules \"" + rulesTag
                + "\"; a plyyard game is never type 20.");
        }
        DraughtsRuleSet ruleSet = fromTag != null ? fromTag : fromType;
        if (ruleSet == null) {
            throw new InvalidInputException("The record does not say its rule set: add [GameType \"20\"] for FMJD "
                + "or [Rules \"plyyard\"] for Ply Yard rules.");
        }
        if (ruleSet == DraughtsRuleSet.FMJD) {
            if (tags.containsKey(TAG_DRAW_PLIES)) {
                throw new InvalidInputException("DrawPlies is a plyyard option; FMJD records cannot carry it.");
            }
            return DraughtsRules.fmjd();
        }
        if (!tags.containsKey(TAG_DRAW_PLIES)) {
            return DraughtsRules.plyyard();
        }
        try {
            return DraughtsRules.plyyard(Integer.parseInt(tags.get(TAG_DRAW_PLIES).strip()));
        } catch (NumberFormatException e) {
            throw new InvalidInputException("DrawPlies must be a number, not \"" + tags.get(TAG_DRAW_PLIES) + "\".");
        }
    }

    static String normaliseResult(String r) {
        if (r == null) {
            return null;
        }
        return switch (r.strip()) {
            case "2-0", "1-0" -> "2-0";
            case "0-2", "0-1" -> "0-2";
            case "1-1", "1/2-1/2" -> "1-1";
            case "*" -> "*";
            case "0-0" -> "0-0";
            default -> throw new InvalidInputException("Unknown PDN result '" + r + "'.");
        };
    }
}
