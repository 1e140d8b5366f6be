package com.plyyard.engine.learn;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.Position;
import com.plyyard.engine.Seat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conditions an exercise can set on a move: the ones every game shares (below) and the game's own
 * ({@link GameModule#moveConditions()}). A name may carry a count ({@code captures=3}) and be negated
 * ({@code !promotes}).
 */
public final class Conditions {
    private Conditions() {
    }

    /** Every legal move. */
    static final MoveCondition LEGAL = MoveCondition.of("legal", "", (before, move, after) -> true);

    /** The move ends the game with the mover (or its team) winning. */
    static final MoveCondition WINS = MoveCondition.of("wins", "This move is legal but does not win the game here.",
        (before, move, after) -> after.outcome().map(o -> !o.draw() && o.winners().stream()
            .anyMatch(w -> team(after, w) == team(before, before.toMove()))).orElse(false));

    /** The move puts a seat other than the mover's out of the game. */
    static final MoveCondition ELIMINATES = MoveCondition.of("eliminates",
        "This move is legal but puts no opponent out of the game.", (before, move, after) -> {
            for (Seat s : before.seats()) {
                if (!s.out() && s.index() != before.toMove() && after.seats().get(s.index()).out()) {
                    return true;
                }
            }
            return false;
        });

    /**
     * The move gives the player making it more pieces to play: Ploy's free-for-all captor takes over the army of the
     * Commander it took, and a team player takes over an eliminated partner's seat.
     */
    static final MoveCondition TAKES_OVER = MoveCondition.of("takes-over",
        "This move is legal but takes over no other army.", (before, move, after) -> {
            int player = before.seats().get(before.toMove()).playedBy();
            if (after.seats().get(player).pieceCount() > before.seats().get(player).pieceCount()) {
                return true;
            }
            for (Seat s : before.seats()) {
                if (s.index() != player && s.playedBy() != player && after.seats().get(s.index()).playedBy() == player) {
                    return true;
                }
            }
            return false;
        });

    private static final List<MoveCondition> SHARED = List.of(LEGAL, WINS, ELIMINATES, TAKES_OVER);

    private static int team(Position position, int seat) {
        return position.seats().get(seat).team();
    }

    /** The pieces of every seat outside the mover's team. */
    private static int opponentsPieces(Position position, int mover) {
        int team = team(position, mover);
        int n = 0;
        for (Seat s : position.seats()) {
            n += s.team() == team ? 0 : s.pieceCount();
        }
        return n;
    }

    /** Every condition a game's exercises may name, by name. */
    public static Map<String, MoveCondition> of(GameModule module) {
        Map<String, MoveCondition> all = new LinkedHashMap<>();
        for (MoveCondition c : SHARED) {
            all.put(c.name(), c);
        }
        for (MoveCondition c : module.moveConditions()) {
            if (all.put(c.name(), c) != null) {
                throw new IllegalStateException("two move conditions are named " + c.name());
            }
        }
        return all;
    }

    /**
     * A condition as an exercise names it: {@code name}, {@code !name} or {@code captures=N} (the move takes at least
     * N of the opponents' pieces).
     *
     * @throws InvalidInputException if the game has no such condition
     */
    public static MoveCondition parse(GameModule module, String text) {
        String spec = text.strip();
        if (spec.startsWith("!")) {
            MoveCondition positive = parse(module, spec.substring(1));
            return MoveCondition.of(spec, "This move is legal but it " + positive.name().replace('-', ' ')
                + ", which this exercise asks you not to do.",
                (before, move, after) -> !positive.holds(before, move, after));
        }
        if (spec.startsWith("captures=")) {
            int count;
            try {
                count = Integer.parseInt(spec.substring("captures=".length()));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("'" + spec + "' is not captures=N with a whole number N.");
            }
            return MoveCondition.of(spec, "This move is legal but takes fewer than " + count + " pieces.",
                (before, move, after) -> opponentsPieces(before, before.toMove()) - opponentsPieces(after, before.toMove())
                    >= count);
        }
        MoveCondition c = of(module).get(spec);
        if (c == null) {
            List<String> names = new ArrayList<>(of(module).keySet());
            names.add("captures=N");
            throw new InvalidInputException("No move condition '" + spec + "' in " + module.game() + "; there are "
                + String.join(", ", names) + ".");
        }
        return c;
    }
}
