package com.plyyard.engine.piracy;

import com.plyyard.engine.DepthCaps;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameModule;
import com.plyyard.engine.HubDialect;
import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.engine.VariantRules;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Piracy in Ply Yard: the variant {@code piracy:classic}. */
public final class PiracyModule implements GameModule {
    /**
     * Branching is at most three, so Piracy searches far deeper than the board games. Expert: 28, not 40 — at 40
     * plies Piracy is nearly solved from balanced openings and expert drew max 55 %; 28 keeps expert at 75 % or
     * more against club and lets max score 75 % against it (docs/benchmarks.md).
     */
    private static final DepthCaps DEPTH_CAPS = new DepthCaps(8, 16, 24, 28);

    private static final PerfectPlay PERFECT_PLAY = new PiracyPerfectPlay();

    /** The one instance: the catalog lists it, and every variant's rules answer it ({@link VariantRules#module}). */
    public static final PiracyModule INSTANCE = new PiracyModule();

    private PiracyModule() {
    }

    @Override
    public String game() {
        return "piracy";
    }

    @Override
    public List<String> variantIds() {
        return List.of("piracy:classic");
    }

    @Override
    public VariantRules rules(String id, Map<String, String> options) {
        return PiracyRules.fromOptions(options);
    }

    /** By characters. */
    @Override
    public Comparator<String> moveOrder() {
        return Comparator.naturalOrder();
    }

    @Override
    public DepthCaps depthCaps() {
        return DEPTH_CAPS;
    }

    @Override
    public PiracySearchBoard searchBoard(Position position) {
        return new PiracySearchBoard(own(position));
    }

    @Override
    public PiracyRecord record(Position first, List<String> moves, Map<String, String> tags) {
        return PiracyRecord.record(own(first), moves, tags);
    }

    @Override
    public PiracyRecord readRecord(String text) {
        return PiracyRecord.parse(text);
    }

    /** Two ships: the leaving side loses. */
    @Override
    public SeatRemoval removeSeat(Position position, int seat, EndReason reason) {
        return SeatRemoval.teamLoses(own(position), seat, reason);
    }

    /** Its tablebases: every position of a sea solved, read at the MAX level (docs/piracy.md). */
    @Override
    public Optional<PerfectPlay> perfectPlay() {
        return Optional.of(PERFECT_PLAY);
    }

    /** None: Hub is a draughts protocol. */
    @Override
    public Optional<HubDialect> hub() {
        return Optional.empty();
    }

    /** {@link PiracyMoveConditions}. */
    @Override
    public List<MoveCondition> moveConditions() {
        return PiracyMoveConditions.ALL;
    }

    /** A sinking, two hits at once, a hit: what a Piracy puzzle's winning line does. */
    @Override
    public List<String> puzzleThemes() {
        return List.of("sinks-enemy", "double-hit", "hits");
    }

    private PiracyPosition own(Position position) {
        return GameModule.own(PiracyPosition.class, position, game());
    }
}
