package com.plyyard.engine.review;

import com.plyyard.engine.GameRecord;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.Seat;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.SeatRemoval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A game reviewed move by move (docs/learn.md, "Game review"): in the position before each move, the best move and its
 * score and the played move's score, both from the mover's view and weighed by one {@link Judge}; the difference read
 * as a share of the expected result ({@link ReviewScale}) classes the move ({@link MoveClass}). The moves are all
 * replayed before the first is weighed, so a game that does not replay is refused at once, not half-way.
 */
public final class GameReviewer {
    /** What weighs a position's moves: the engine's search ({@link SearchJudge}), or a game's exact table. */
    public interface Judge {
        /**
         * The best move of a position that is not over and the played move's score, from the mover's view.
         *
         * @param stop true once the review should stop (the judge may then answer with what it has)
         */
        Weighed weigh(Position position, LegalMove played, BooleanSupplier stop);
    }

    /**
     * A position weighed.
     *
     * @param bestLine the best move and the replies expected after it, in canonical notation
     * @param depth    the search's depth in plies (0 for an exact table)
     * @param engine   what weighed it: "plyyard", "plyyard:tablebase"
     */
    public record Weighed(LegalMove best, int bestScore, int playedScore, int depth, List<String> bestLine, String engine) {
    }

    /**
     * One move reviewed.
     *
     * @param ply            0-based index of the move in the game
     * @param seat           the seat whose turn it was
     * @param side           the seat's side: its team where seats play in teams, else the seat
     * @param expectedBest   the mover's expected result after the best move (0 to 1)
     * @param expectedPlayed the mover's expected result after the played move
     * @param loss           what the played move gave away: {@code max(0, expectedBest - expectedPlayed)}
     * @param forced         the only legal move
     */
    public record ReviewedPly(int ply, int seat, int side, String move, String best, List<String> bestLine, int bestScore,
                              int playedScore, double expectedBest, double expectedPlayed, double loss,
                              MoveClass moveClass, int depth, String engine, boolean forced) {
    }

    /** One side's moves counted by class, and the mean share of the expected result its moves gave away. */
    public record SideSummary(int side, Map<MoveClass, Integer> counts, double averageLoss, int moves) {
    }

    /** The whole review: per side, in side order; complete unless stopped. */
    public record Summary(List<SideSummary> sides, int reviewed, int plies, boolean complete) {
    }

    /** A game checked and replayed: the position before each move and the move. */
    public record Replayed(List<Position> before, List<LegalMove> moves) {
    }

    private final Judge judge;

    public GameReviewer(Judge judge) {
        this.judge = judge;
    }

    /**
     * Replays {@code moves} from {@code first}.
     *
     * @throws InvalidInputException naming the move's number when a move is illegal or comes after the end
     */
    public static Replayed replay(Position first, List<String> moves) {
        return replay(first, moves, List.of());
    }

    /**
     * Replays a record's moves from its first position, with the seats that left while the game went on
     * ({@link GameRecord#leavings()}) where they left.
     *
     * @throws InvalidInputException naming the move's number when a move is illegal or comes after the end
     */
    public static Replayed replay(GameRecord record) {
        return replay(record.first(), record.moves(), record.leavings());
    }

    /**
     * Replays {@code moves} from {@code first}; each of {@code leavings} (in order) takes its seat out after its moves,
     * as the game's {@code removeSeat} does, so that the moves after it are weighed in the position they were played in.
     *
     * @throws InvalidInputException naming the move's number when a move is illegal or comes after the end, or the
     *                               leaving's when it cannot happen where it stands
     */
    public static Replayed replay(Position first, List<String> moves, List<SeatLeaving> leavings) {
        List<Position> before = new ArrayList<>(moves.size());
        List<LegalMove> legal = new ArrayList<>(moves.size());
        Position p = first;
        boolean ended = false;
        int next = 0;
        for (int i = 0; i <= moves.size(); i++) {
            while (next < leavings.size() && leavings.get(next).afterMoves() == i) {
                SeatLeaving l = leavings.get(next++);
                String where = "Leaving " + next + " (seat " + l.seat() + ", " + l.reason().label() + ")";
                if (ended || p.isOver()) {
                    throw new InvalidInputException(where + " comes after the end of the game.");
                }
                if (l.seat() >= p.seats().size() || p.seats().get(l.seat()).out()) {
                    throw new InvalidInputException(where + ": that seat is not in the game.");
                }
                SeatRemoval removal = p.rules().module().removeSeat(p, l.seat(), l.reason());
                p = removal.position();
                ended = removal.outcome().isPresent();
            }
            if (i == moves.size()) {
                break;
            }
            if (ended || p.isOver()) {
                throw new InvalidInputException("Move " + (i + 1) + " (" + moves.get(i) + ") comes after the end of the game.");
            }
            LegalMove m;
            try {
                m = p.parseMove(moves.get(i));
            } catch (InvalidInputException | IllegalMoveException e) {
                throw new InvalidInputException("Move " + (i + 1) + " (" + moves.get(i) + "): " + e.getMessage());
            }
            before.add(p);
            legal.add(m);
            p = p.play(m);
        }
        if (next < leavings.size()) {
            SeatLeaving l = leavings.get(next);
            throw new InvalidInputException("Leaving " + (next + 1) + " comes after move " + l.afterMoves() + ", but the game "
                + "has " + moves.size() + " moves" + (next > 0 && l.afterMoves() < leavings.get(next - 1).afterMoves()
                ? " or it is out of order" : "") + ".");
        }
        return new Replayed(before, legal);
    }

    /**
     * Reviews the game's moves in order, each told to {@code out} as soon as it is weighed.
     *
     * @param stop checked before each move: once true, the review ends there, not complete
     */
    public Summary review(Replayed game, Consumer<ReviewedPly> out, BooleanSupplier stop) {
        ReviewScale scale = null;
        List<ReviewedPly> done = new ArrayList<>(game.moves().size());
        for (int i = 0; i < game.moves().size(); i++) {
            if (stop.getAsBoolean()) {
                break;
            }
            Position p = game.before().get(i);
            if (scale == null) {
                scale = ReviewScale.of(p.rules().game());
            }
            LegalMove played = game.moves().get(i);
            Weighed w = judge.weigh(p, played, stop);
            boolean forced = p.legalMoves().size() == 1;
            boolean same = w.best().equals(played);
            int playedScore = same ? w.bestScore() : w.playedScore();
            double expectedBest = scale.expected(w.bestScore());
            double expectedPlayed = scale.expected(playedScore);
            double loss = forced || same ? 0 : Math.max(0, expectedBest - expectedPlayed);
            Seat seat = p.seats().get(p.toMove());
            ReviewedPly r = new ReviewedPly(i, p.toMove(), seat.team(), played.notation(), w.best().notation(),
                List.copyOf(w.bestLine()), w.bestScore(), playedScore, expectedBest, expectedPlayed, loss,
                forced || same ? MoveClass.BEST : MoveClass.of(loss), w.depth(), w.engine(), forced);
            done.add(r);
            out.accept(r);
        }
        return summary(game, done);
    }

    static Summary summary(Replayed game, List<ReviewedPly> done) {
        TreeSet<Integer> sides = new TreeSet<>();
        if (!game.before().isEmpty()) {
            for (Seat s : game.before().get(0).seats()) {
                sides.add(s.team());
            }
        }
        List<SideSummary> out = new ArrayList<>();
        for (int side : sides) {
            Map<MoveClass, Integer> counts = new TreeMap<>();
            for (MoveClass c : MoveClass.values()) {
                counts.put(c, 0);
            }
            double lost = 0;
            int n = 0;
            for (ReviewedPly r : done) {
                if (r.side() == side) {
                    counts.merge(r.moveClass(), 1, Integer::sum);
                    lost += r.loss();
                    n++;
                }
            }
            out.add(new SideSummary(side, counts, n == 0 ? 0 : lost / n, n));
        }
        return new Summary(out, done.size(), game.moves().size(), done.size() == game.moves().size());
    }
}
