package com.plyyard.engine.piracy;

import com.plyyard.engine.DrawCounter;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Position;
import com.plyyard.engine.Seat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** An immutable Piracy position: the packed state and the rules (with the sea) it belongs to. */
public final class PiracyPosition implements Position {
    private final PiracyRules rules;
    private final long state;
    private final List<PiracyMove> moves;
    private final Outcome outcome;

    PiracyPosition(PiracyRules rules, long state) {
        this.rules = rules;
        this.state = state;
        this.outcome = decide();
        int[] codes = new int[3];
        this.moves = outcome == null ? describeAll(codes, rules.generator().generate(state, codes)) : List.of();
    }

    @Override
    public PiracyRules rules() {
        return rules;
    }

    /** The packed state (see {@link PiracyState}). */
    public long state() {
        return state;
    }

    @Override
    public String notation() {
        return PiracyPositionNotation.format(rules.geometry(), state);
    }

    @Override
    public int toMove() {
        return PiracyState.toMove(state);
    }

    @Override
    public List<Seat> seats() {
        return List.of(seat(PiracyState.COOK, "cook"), seat(PiracyState.SILVER, "silver"));
    }

    private Seat seat(int side, String colour) {
        return new Seat(side, colour, side, PiracyState.sunk(PiracyState.ship(state, side)), side,
            PiracyState.sunk(PiracyState.ship(state, side)) ? 0 : 1);
    }

    /** A ship as clients see it. */
    public record ShipView(String bow, String stern, int heading, int hits, int run, boolean sunk) {
    }

    public ShipView ship(int side) {
        int ship = PiracyState.ship(state, side);
        Geometry g = rules.geometry();
        if (PiracyState.sunk(ship)) {
            return new ShipView("", "", 0, PiracyMoveGenerator.SINKING_HITS, 0, true);
        }
        return new ShipView(g.name(PiracyState.bow(ship)), g.name(rules.generator().stern(ship)), PiracyState.heading(ship),
            PiracyState.hits(ship), PiracyState.run(ship), false);
    }

    /** Moves the survivor still has to make; empty while both ships float. */
    public Optional<Integer> survivalMovesLeft() {
        int s = PiracyState.survival(state);
        return s == PiracyState.NO_SURVIVAL ? Optional.empty() : Optional.of(s);
    }

    @Override
    public List<PiracyMove> legalMoves() {
        return moves;
    }

    /** Moves even at the 490-ply limit (perft counts them). */
    List<PiracyMove> movesIgnoringPlyLimit() {
        int[] codes = new int[3];
        return describeAll(codes, rules.generator().generateIgnoringPlyLimit(state, codes));
    }

    private List<PiracyMove> describeAll(int[] codes, int n) {
        List<PiracyMove> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(describe(codes[i]));
        }
        list.sort(Comparator.comparing(PiracyMove::notation));
        return List.copyOf(list);
    }

    private PiracyMove describe(int code) {
        int side = PiracyState.toMove(state);
        int me = PiracyState.ship(state, side);
        int enemy = PiracyState.ship(state, 1 - side);
        long after = rules.generator().play(state, code);
        int enemyAfter = PiracyState.ship(after, 1 - side);
        Geometry g = rules.geometry();
        int target = g.step(PiracyState.bow(me), PiracyMoveGenerator.headingAfter(PiracyState.heading(me), code));
        boolean aground = target == Geometry.LAND;
        String bow = aground ? landName(me, code) : g.name(target);
        int dealt = rules.generator().hitsDealt(state, code);
        int penalties = aground ? 0 : rules.generator().penalties(PiracyState.run(me), PiracyMoveGenerator.units(code));
        boolean sinks = !PiracyState.sunk(enemy) && PiracyState.sunk(enemyAfter);
        return new PiracyMove(code, bow, dealt, penalties, aground, sinks);
    }

    /** The island square a grounding move sails onto, or "-" when it leaves the board. */
    private String landName(int ship, int code) {
        Geometry g = rules.geometry();
        int h = PiracyMoveGenerator.headingAfter(PiracyState.heading(ship), code);
        int x = PiracyState.bow(ship) % g.size() + Geometry.DX[h];
        int y = PiracyState.bow(ship) / g.size() + Geometry.DY[h];
        return x < 0 || y < 0 || x >= g.size() || y >= g.size() ? "-" : Geometry.name(x, y, g.size());
    }

    @Override
    public PiracyMove parseMove(String text) {
        requireOngoing();
        return PiracyMoveNotation.parse(text, rules.geometry(), state, moves);
    }

    @Override
    public PiracyPosition play(String text) {
        return play(parseMove(text));
    }

    @Override
    public PiracyPosition play(LegalMove move) {
        requireOngoing();
        if (!(move instanceof PiracyMove m) || !moves.contains(m)) {
            throw new IllegalMoveException("Move " + move + " does not belong to this position.");
        }
        return new PiracyPosition(rules, rules.generator().play(state, m.code()));
    }

    private void requireOngoing() {
        if (outcome != null) {
            throw new GameOverException("The game is over (" + outcome.description() + "); no more moves can be played.");
        }
    }

    @Override
    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    private Outcome decide() {
        String survivor = PiracyState.toMove(state) == PiracyState.COOK ? "Cook" : "Silver";
        String other = PiracyState.toMove(state) == PiracyState.COOK ? "Silver" : "Cook";
        return switch (rules.generator().status(state)) {
            case PiracyMoveGenerator.COOK_WINS -> Outcome.win(PiracyState.COOK, EndReason.SHIP_SURVIVED,
                "Cook wins: Silver sank and Cook stayed afloat for " + PiracyMoveGenerator.SURVIVAL_MOVES + " more moves.");
            case PiracyMoveGenerator.SILVER_WINS -> Outcome.win(PiracyState.SILVER, EndReason.SHIP_SURVIVED,
                "Silver wins: Cook sank and Silver stayed afloat for " + PiracyMoveGenerator.SURVIVAL_MOVES + " more moves.");
            case PiracyMoveGenerator.BOTH_SUNK -> Outcome.draw(EndReason.BOTH_SUNK, "Draw: both ships sank in the same ply.");
            case PiracyMoveGenerator.SURVIVOR_SANK -> rules.survivorSinkingLoses()
                ? Outcome.win(1 - PiracyState.toMove(state), EndReason.SURVIVOR_SANK,
                    other + " wins: " + survivor + " sank during its survival moves.")
                : Outcome.draw(EndReason.SURVIVOR_SANK, "Draw: " + survivor + " sank during its survival moves.");
            case PiracyMoveGenerator.PLY_LIMIT_REACHED -> Outcome.draw(EndReason.PLY_LIMIT,
                "Draw: " + PiracyMoveGenerator.PLY_LIMIT + " plies played and both ships afloat.");
            default -> null;
        };
    }

    @Override
    public List<DrawCounter> drawCounters() {
        return List.of(new DrawCounter("ply-limit", PiracyState.ply(state), PiracyMoveGenerator.PLY_LIMIT));
    }

    /** Every Piracy move is irreversible (the ply grows): the history is the current position alone. */
    @Override
    public long[] repetitionKeys() {
        return new long[] {state ^ ((long) rules.geometry().hashCode() << 58)};
    }

    @Override
    public int ply() {
        return PiracyState.ply(state);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PiracyPosition p && p.state == state && p.rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(state);
    }

    @Override
    public String toString() {
        return rules.id() + " " + notation();
    }
}
