package com.plyyard.mapping;

import com.plyyard.engine.Position;
import com.plyyard.engine.review.GameReviewer;
import com.plyyard.engine.review.MoveClass;
import com.plyyard.proto.v1.ReviewStart;
import com.plyyard.proto.v1.ReviewSummary;
import com.plyyard.proto.v1.ReviewedMove;
import com.plyyard.proto.v1.SideReview;
import java.util.TreeSet;

/** A game review ({@link GameReviewer}) in the contract's messages (engine.proto's ReviewProgress): shares per mille. */
public final class ReviewMessages {
    private ReviewMessages() {
    }

    /** What is reviewed: the first position, the moves in canonical notation, the number of sides. */
    public static ReviewStart start(ProtoMapper mapper, Position first, GameReviewer.Replayed game, long moveMillis) {
        TreeSet<Integer> sides = new TreeSet<>();
        first.seats().forEach(s -> sides.add(s.team()));
        return ReviewStart.newBuilder()
            .setFirst(mapper.state(first))
            .addAllMoves(game.moves().stream().map(m -> m.notation()).toList())
            .setSides(sides.size())
            .setMoveMillis((int) Math.min(Integer.MAX_VALUE, moveMillis))
            .build();
    }

    /** The most positions of a better line a reviewed move carries. */
    public static final int LINE_STATES = 8;

    /**
     * One move reviewed, with the position after it and, where it lost value, the positions along the better line.
     *
     * @param before the position the move was played in
     */
    public static ReviewedMove move(ProtoMapper mapper, GameReviewer.ReviewedPly p, Position before) {
        ReviewedMove.Builder b = fields(p).setAfter(mapper.state(before.play(before.parseMove(p.move()))));
        if (p.moveClass().compareTo(MoveClass.INACCURACY) >= 0) {
            Position q = before;
            for (String move : p.bestLine().subList(0, Math.min(LINE_STATES, p.bestLine().size()))) {
                if (q.isOver()) {
                    break;
                }
                q = q.play(q.parseMove(move));
                b.addBestLineStates(mapper.state(q));
            }
        }
        return b.build();
    }

    private static ReviewedMove.Builder fields(GameReviewer.ReviewedPly p) {
        return ReviewedMove.newBuilder()
            .setPly(p.ply())
            .setSeat(p.seat())
            .setSide(p.side())
            .setMove(p.move())
            .setBest(p.best())
            .addAllBestLine(p.bestLine())
            .setBestScore(p.bestScore())
            .setPlayedScore(p.playedScore())
            .setExpectedBest(permille(p.expectedBest()))
            .setExpectedPlayed(permille(p.expectedPlayed()))
            .setLoss(permille(p.loss()))
            .setClassification(com.plyyard.proto.v1.MoveClass.forNumber(p.moveClass().ordinal() + 1))
            .setDepth(p.depth())
            .setEngine(p.engine())
            .setForced(p.forced());
    }

    /** The summary: each side's moves by class; its seats named. */
    public static ReviewSummary summary(GameReviewer.Summary s, Position first, long millis) {
        ReviewSummary.Builder b = ReviewSummary.newBuilder().setReviewed(s.reviewed()).setPlies(s.plies()).setMillis(millis);
        for (GameReviewer.SideSummary side : s.sides()) {
            SideReview.Builder r = SideReview.newBuilder().setSide(side.side())
                .setBest(side.counts().get(MoveClass.BEST))
                .setGood(side.counts().get(MoveClass.GOOD))
                .setInaccuracies(side.counts().get(MoveClass.INACCURACY))
                .setMistakes(side.counts().get(MoveClass.MISTAKE))
                .setBlunders(side.counts().get(MoveClass.BLUNDER))
                .setAverageLoss(permille(side.averageLoss()))
                .setMoves(side.moves());
            first.seats().stream().filter(seat -> seat.team() == side.side()).forEach(seat -> r.addSeats(seat.index()));
            b.addSides(r);
        }
        return b.build();
    }

    private static int permille(double share) {
        return (int) Math.round(Math.max(0, Math.min(1, share)) * 1000);
    }
}
