package com.plyyard.engine.ploy;

import com.plyyard.engine.DrawCounter;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Position;
import com.plyyard.engine.Repetitions;
import com.plyyard.engine.Seat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An immutable Ploy position with the history the house draw rules need: plies since the last capture and
 * the keys of the positions since then. Its {@link PloyState} is never changed after construction.
 */
public final class PloyPosition implements Position {
    private final PloyRules rules;
    private final PloyState state;
    private final int noCapturePlies;
    private final long[] keys;
    private final int ply;
    private final List<PloyMove> moves;
    private final Outcome outcome;

    PloyPosition(PloyRules rules, PloyState state, int noCapturePlies, long[] keys, int ply) {
        this.rules = rules;
        this.state = state;
        this.noCapturePlies = noCapturePlies;
        this.keys = keys;
        this.ply = ply;
        this.outcome = decide();
        this.moves = outcome == null ? generate() : List.of();
    }

    static PloyPosition fresh(PloyRules rules, PloyState state) {
        return new PloyPosition(rules, state, 0, new long[] {PloyZobrist.key(state)}, 0);
    }

    @Override
    public PloyRules rules() {
        return rules;
    }

    /** The state, for engines; callers must not change it (copy it first). */
    PloyState state() {
        return state;
    }

    @Override
    public String notation() {
        return PloyPositionNotation.format(state);
    }

    /** The seat whose turn it is (its partner may be the one playing it, see {@link #mover()}). */
    @Override
    public int toMove() {
        return state.turn;
    }

    /** The seat that makes the next move. */
    public int mover() {
        return state.actor();
    }

    @Override
    public List<Seat> seats() {
        List<Seat> seats = new ArrayList<>(state.mode.seats());
        for (int seat = 0; seat < state.mode.seats(); seat++) {
            seats.add(new Seat(seat, state.mode.colours().get(seat), state.mode == PloyMode.TEAMS ? seat & 1 : seat,
                state.isOut(seat), playedBy(seat), state.count[seat]));
        }
        return seats;
    }

    private int playedBy(int seat) {
        if (state.mode != PloyMode.TEAMS) {
            return seat;
        }
        int partner = seat ^ 2;
        boolean handsOver = state.keepPieces ? state.count[seat] == 0 : state.isOut(seat);
        return handsOver && !state.isOut(partner) ? partner : seat;
    }

    /** Every piece on the board, a1 to i9 (file first). */
    public List<PloyPiece> pieces() {
        List<PloyPiece> out = new ArrayList<>();
        for (int c : Points.ALL) {
            if (state.ctrl[c] >= 0) {
                int m = state.mask[c] & 0xFF;
                out.add(new PloyPiece(Points.name(c), state.owner[c], state.ctrl[c], Masks.kind(m), m));
            }
        }
        return out;
    }

    @Override
    public List<PloyMove> legalMoves() {
        return moves;
    }

    /** Legal moves by the move rules alone, even when a draw rule ended the game (perft counts these). */
    List<PloyMove> legalMovesIgnoringDraws() {
        return outcome == null || state.over() ? moves : generate();
    }

    @Override
    public PloyMove parseMove(String text) {
        requireOngoing();
        return PloyMoveNotation.parse(text, state, moves);
    }

    @Override
    public PloyPosition play(String text) {
        return play(parseMove(text));
    }

    @Override
    public PloyPosition play(LegalMove move) {
        requireOngoing();
        if (!(move instanceof PloyMove m) || !moves.contains(m)) {
            throw new IllegalMoveException("Move " + move + " does not belong to this position.");
        }
        PloyState next = state.copy();
        next.make(m.code());
        long[] nextKeys = Repetitions.after(keys, PloyZobrist.key(next), m.isCapture());
        return new PloyPosition(rules, next, m.isCapture() ? 0 : noCapturePlies + 1, nextKeys, ply + 1);
    }

    /**
     * Free-for-all only: the position after {@code seat} leaves the game by resignation or time. Its pieces
     * are removed without a takeover and its turns skipped; the game goes on unless one player is left.
     *
     * @throws IllegalMoveException if this is not a free-for-all, the game is over, or the seat is already out
     */
    public PloyPosition withoutSeat(int seat) {
        requireOngoing();
        if (state.mode != PloyMode.FREE_FOR_ALL) {
            throw new IllegalMoveException("Only a free-for-all goes on without a player; in " + state.mode.id()
                + " leaving ends the game.");
        }
        if (seat < 0 || seat >= 4 || state.isOut(seat)) {
            throw new IllegalMoveException("Seat " + seat + " is not in the game.");
        }
        PloyState next = state.copy();
        next.removeSeat(seat);
        return new PloyPosition(rules, next, noCapturePlies, new long[] {PloyZobrist.key(next)}, ply);
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

    @Override
    public List<DrawCounter> drawCounters() {
        return rules.noCaptureDrawPlies() > 0
            ? List.of(new DrawCounter("no-capture", noCapturePlies, rules.noCaptureDrawPlies()))
            : List.of();
    }

    @Override
    public long[] repetitionKeys() {
        return keys.clone();
    }

    @Override
    public int ply() {
        return ply;
    }

    /** How often the current position occurred since the last capture (this time included). */
    public int repetitions() {
        return Repetitions.occurrences(keys);
    }

    /** Seats in the order they went out. */
    public List<Integer> eliminationOrder() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < state.outCount; i++) {
            order.add((state.outOrder >>> (2 * i)) & 3);
        }
        return order;
    }

    private List<PloyMove> generate() {
        int[] buffer = new int[1024];
        int n = PloyMoveGenerator.generate(state, buffer);
        int mover = state.actor();
        List<PloyMove> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new PloyMove(buffer[i], state.mask[PloyState.from(buffer[i])] & 0xFF, mover));
        }
        list.sort(Comparator.comparing(PloyMove::notation));
        return List.copyOf(list);
    }

    private Outcome decide() {
        PloyMode mode = state.mode;
        List<Integer> order = eliminationOrder();
        if (state.over()) {
            List<Integer> winners = new ArrayList<>();
            for (int seat = 0; seat < mode.seats(); seat++) {
                if ((state.winners & (1 << seat)) != 0) {
                    winners.add(seat);
                }
            }
            String description;
            EndReason reason;
            if (mode == PloyMode.TWO_PLAYER) {
                int loser = winners.get(0) ^ 1;
                boolean commanderTaken = state.commander[loser] < 0;
                reason = commanderTaken ? EndReason.COMMANDER_CAPTURED : EndReason.BARE_COMMANDER;
                description = colour(winners.get(0)) + " wins: " + colour(loser)
                    + (commanderTaken ? "'s Commander was captured." : " has only its Commander left.");
            } else if (mode == PloyMode.FREE_FOR_ALL) {
                reason = EndReason.LAST_STANDING;
                description = colour(winners.get(0)) + " wins: the last player standing.";
            } else {
                reason = EndReason.LAST_STANDING;
                description = colour(winners.get(0)) + " and " + colour(winners.get(1)) + " win: "
                    + colour(winners.get(0) ^ 1) + " and " + colour(winners.get(1) ^ 1) + " are out.";
            }
            return new Outcome(false, winners, reason, description, order);
        }
        if (rules.repetitionDraw() && repetitions() >= 3) {
            return new Outcome(true, List.of(), EndReason.THREEFOLD_REPETITION,
                "Draw: the same position occurred three times with the same seat to move.", order);
        }
        if (rules.noCaptureDrawPlies() > 0 && noCapturePlies >= rules.noCaptureDrawPlies()) {
            return new Outcome(true, List.of(), EndReason.NO_CAPTURE_LIMIT,
                "Draw: " + rules.noCaptureDrawPlies() + " plies without a capture.", order);
        }
        return null;
    }

    private String colour(int seat) {
        return Consistency.colour(state.mode, seat);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PloyPosition p && p.rules.equals(rules) && p.notation().equals(notation())
            && p.noCapturePlies == noCapturePlies && Arrays.equals(p.keys, keys) && p.ply == ply;
    }

    @Override
    public int hashCode() {
        return notation().hashCode() * 31 + ply;
    }

    @Override
    public String toString() {
        return rules.id() + " " + notation();
    }
}
