package com.plyyard.mapping.testing;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatRemoval;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import java.util.ArrayList;
import java.util.List;

/** The engine through the services' own mapping ({@link ProtoMapper}), in the test's JVM. */
public final class LocalOracle implements GameOracle {
    private final ProtoMapper mapper = ProtoMapper.standard();

    @Override
    public List<Variant> variants() {
        List<Variant> out = new ArrayList<>();
        for (VariantRules rules : Variants.all()) {
            out.add(mapper.variant(rules));
        }
        return out;
    }

    @Override
    public GameState newGame(String variantId, VariantOptions options) {
        return mapper.state(mapper.rules(variantId, options).start());
    }

    @Override
    public List<Move> legalMoves(GameState state) {
        Position p = mapper.position(state);
        List<Move> out = new ArrayList<>();
        if (state.getStatus() == GameStatus.FINISHED) {
            return out;
        }
        for (LegalMove m : p.legalMoves()) {
            out.add(mapper.move(m, p.rules()));
        }
        return out;
    }

    @Override
    public GameState play(GameState state, String move) {
        Position p = mapper.position(state);
        return mapper.state(p.play(p.parseMove(move)));
    }

    @Override
    public GameState resign(GameState state, int seat) {
        Position p = mapper.position(state);
        SeatRemoval removal = p.rules().module().removeSeat(p, seat, EndReason.RESIGNATION);
        GameState next = mapper.state(removal.position());
        if (removal.outcome().isEmpty()) {
            return next;
        }
        return next.toBuilder().setStatus(GameStatus.FINISHED).setOutcome(ProtoMapper.outcome(removal.outcome().get()))
            .build();
    }
}
