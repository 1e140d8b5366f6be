package com.plyyard.engine.ploy;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameRecord;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Seat;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.engine.record.RecordLexer;
import com.plyyard.engine.record.RecordMoves;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Ploy game record in the PGN style: the seven roster tags (one per seat colour instead of White/Black),
 * {@code [Variant "ploy:3m:ffa"]}, the options that differ from the defaults ({@code Partnership},
 * {@code RepetitionDraw}, {@code NoCaptureDrawPlies}), {@code [PPN "…"]} when the game did not start from the
 * setup, then the moves. Four-player moves carry their mover ({@code g:a2-a5}); a move number starts each
 * round. A seat that left by resignation or time is a token of its own where it left: its letter, a colon and
 * {@code resigns} or {@code time} ({@code r:resigns}, {@code b:time}); a free-for-all goes on without it, elsewhere
 * it ends the game. Results: the winning colours joined by {@code +} ({@code green}, {@code red+blue}), {@code draw},
 * or {@code *}.
 */
public final class PloyRecord implements GameRecord {
    private static final List<String> ROSTER = List.of("Event", "Site", "Date", "Round");
    /** A leaving in the move text: the seat's letter, a colon and how it left. */
    private static final Pattern LEAVING = Pattern.compile("([a-zA-Z]):(resigns|time)");
    private static final String RESIGNS = "resigns";
    private static final String TIME = "time";

    private final PloyRules rules;
    private final String start;
    private final Map<String, String> tags;
    private final List<String> moves;
    private final List<SeatLeaving> leavings;
    private final String result;

    private PloyRecord(PloyRules rules, String start, Map<String, String> tags, List<String> moves,
                       List<SeatLeaving> leavings, String result) {
        this.rules = rules;
        this.start = start;
        this.tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        this.moves = List.copyOf(moves);
        this.leavings = List.copyOf(leavings);
        this.result = result;
    }

    /**
     * Records a game from its first position and moves (any accepted spelling; stored canonically).
     *
     * @throws IllegalMoveException if a move is illegal (the message names its number)
     */
    public static PloyRecord record(PloyPosition first, List<String> moves, Map<String, String> tags) {
        return record(first, moves, List.of(), tags);
    }

    /**
     * Records a game in which seats left by resignation or time ({@link SeatLeaving}, in the order they left), each
     * applied after its moves as the lobby applied it ({@link PloyModule#removeSeat}): a free-for-all goes on without
     * the seat; in two-player and team games the leaving side loses and nothing may follow.
     *
     * @throws IllegalMoveException  if a move is illegal, a seat leaves that is out, or anything follows the end (the
     *                               message names the move or the leaving)
     * @throws InvalidInputException if a leaving names no seat of the game, or the leavings are out of order or beyond
     *                               the moves
     */
    public static PloyRecord record(PloyPosition first, List<String> moves, List<SeatLeaving> leavings,
                                    Map<String, String> tags) {
        Played played = play(first, moves, leavings);
        return new PloyRecord(first.rules(), first.notation(), tags, played.canonical, leavings,
            resultOf(played.outcome(), first.rules()));
    }

    /** A game replayed: its moves in canonical notation, the final position, and the ending by a leaving, if any. */
    private record Played(List<String> canonical, PloyPosition last, Outcome endedByLeaving) {
        Optional<Outcome> outcome() {
            return endedByLeaving != null ? Optional.of(endedByLeaving) : last.outcome();
        }
    }

    private static Played play(PloyPosition first, List<String> moves, List<SeatLeaving> leavings) {
        PloyRules rules = first.rules();
        for (int k = 0; k < leavings.size(); k++) {
            SeatLeaving l = leavings.get(k);
            String where = "Leaving " + (k + 1) + " (" + token(rules, l) + "): ";
            if (l.seat() >= rules.ployMode().seats()) {
                throw new InvalidInputException(where + rules.id() + " has seats 0 to " + (rules.ployMode().seats() - 1)
                    + ", not " + l.seat() + ".");
            }
            if (l.afterMoves() > moves.size()) {
                throw new InvalidInputException(where + "it comes after move " + l.afterMoves() + ", but the record has "
                    + moves.size() + " moves.");
            }
            if (k > 0 && l.afterMoves() < leavings.get(k - 1).afterMoves()) {
                throw new InvalidInputException(where + "the leavings must come in the order they happened; it comes after "
                    + "move " + l.afterMoves() + ", the one before it after move " + leavings.get(k - 1).afterMoves() + ".");
            }
        }
        List<String> canonical = new ArrayList<>(moves.size());
        PloyPosition p = first;
        Outcome ended = null;
        int next = 0;
        for (int i = 0; ; i++) {
            while (next < leavings.size() && leavings.get(next).afterMoves() == i) {
                SeatLeaving l = leavings.get(next);
                String where = "Leaving " + (next + 1) + " (" + token(rules, l) + "): ";
                if (ended != null) {
                    throw new IllegalMoveException(where + "the game is over (" + ended.description()
                        + "); nobody can leave it any more.");
                }
                SeatRemoval removal = leave(p, l, where);
                p = (PloyPosition) removal.position();
                ended = removal.outcome().orElse(null);
                next++;
            }
            if (i == moves.size()) {
                return new Played(canonical, p, ended);
            }
            if (ended != null) {
                throw new IllegalMoveException("Move " + (i + 1) + " (" + moves.get(i) + "): the game is over ("
                    + ended.description() + "); no more moves can be played.");
            }
            PloyMove m = parseNumbered(p, moves.get(i), i);
            canonical.add(m.notation());
            p = p.play(m);
        }
    }

    /** The seat leaves {@code p}; {@code where} names the leaving in a refusal. */
    private static SeatRemoval leave(PloyPosition p, SeatLeaving l, String where) {
        if (p.isOver()) {
            throw new IllegalMoveException(where + "the game is over (" + p.outcome().orElseThrow().description()
                + "); nobody can leave it any more.");
        }
        Seat seat = p.seats().get(l.seat());
        if (seat.out()) {
            throw new IllegalMoveException(where + capital(seat.colour()) + " is already out of the game.");
        }
        return PloyModule.INSTANCE.removeSeat(p, l.seat(), l.reason());
    }

    /** A leaving as the move text writes it, e.g. "r:resigns". */
    private static String token(PloyRules rules, SeatLeaving l) {
        String letter = l.seat() < rules.ployMode().seats() ? String.valueOf(rules.ployMode().letter(l.seat()))
            : Integer.toString(l.seat());
        return letter + ":" + (l.reason() == EndReason.TIMEOUT ? TIME : RESIGNS);
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
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

    @Override
    public List<SeatLeaving> leavings() {
        return leavings;
    }

    @Override
    public PloyPosition replay() {
        return play(rules.parse(start), moves, leavings).last();
    }

    private static PloyMove parseNumbered(PloyPosition p, String move, int index) {
        return RecordMoves.at("Move " + (index + 1) + " (" + move + "): ", () -> p.parseMove(move));
    }

    static String resultOf(Optional<Outcome> outcome, PloyRules rules) {
        return outcome.map(o -> resultOf(o, rules)).orElse("*");
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
        int next = 0;
        for (int i = 0; i <= moves.size(); i++) {
            while (next < leavings.size() && leavings.get(next).afterMoves() == i) {
                SeatLeaving l = leavings.get(next++);
                tokens.add(token(rules, l));
                p = (PloyPosition) leave(p, l, "").position(); // checked when the record was made
            }
            if (i == moves.size()) {
                break;
            }
            String move = moves.get(i);
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
        List<String> moves = new ArrayList<>(tokens.size());
        List<SeatLeaving> leavings = new ArrayList<>();
        for (String token : tokens) {
            Matcher leaving = LEAVING.matcher(token);
            if (!leaving.matches()) {
                moves.add(token);
                continue;
            }
            int seat = rules.ployMode().seatOf(leaving.group(1).charAt(0));
            if (seat < 0) {
                throw new InvalidInputException("Leaving " + (leavings.size() + 1) + " (" + token + "): " + rules.id()
                    + " has no seat '" + leaving.group(1) + "'; its seats are "
                    + String.join(", ", rules.seatColours()) + ".");
            }
            leavings.add(new SeatLeaving(moves.size(), seat,
                leaving.group(2).equals(TIME) ? EndReason.TIMEOUT : EndReason.RESIGNATION));
        }
        PloyRecord record = record(first, moves, leavings, tags);
        String stated = result != null ? result : tags.get("Result");
        if (stated != null && !stated.equals("*") && !record.result.equals("*") && !stated.equals(record.result)) {
            throw new InvalidInputException("The record's result " + stated + " contradicts its final position: "
                + play(first, moves, leavings).outcome().orElseThrow().description());
        }
        String kept = stated == null ? record.result : (record.result.equals("*") ? stated : record.result);
        Map<String, String> rest = new LinkedHashMap<>(tags);
        for (String t : List.of("Result", "Variant", "Partnership", "RepetitionDraw", "NoCaptureDrawPlies", "PPN")) {
            rest.remove(t);
        }
        return new PloyRecord(rules, first.notation(), rest, record.moves, record.leavings, kept);
    }

    private static boolean isResult(String token) {
        return token.equals("*") || token.equals("draw") || token.matches("(green|red|yellow|blue)(\\+(green|red|yellow|blue))*");
    }
}
