package com.plyyard.engine.review;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import java.util.function.BooleanSupplier;

/** Weighs a position exactly from a game's solved table (Piracy's tablebase): nothing is searched, nothing guessed. */
public final class TableJudge implements GameReviewer.Judge {
    /** {@link GameReviewer.Weighed#engine()} for a position read from a table. */
    public static final String ENGINE = "plyyard:tablebase";

    private final PerfectPlay.Table table;

    public TableJudge(PerfectPlay.Table table) {
        this.table = table;
    }

    @Override
    public GameReviewer.Weighed weigh(Position position, LegalMove played, BooleanSupplier stop) {
        PerfectPlay.Choice best = table.choose(position);
        int playedScore = best.move().equals(played) ? best.score() : table.scores(position).stream()
            .filter(s -> s.move().equals(played)).findFirst().orElseThrow().score();
        return new GameReviewer.Weighed(best.move(), best.score(), playedScore, 0, best.pv(), ENGINE);
    }
}
