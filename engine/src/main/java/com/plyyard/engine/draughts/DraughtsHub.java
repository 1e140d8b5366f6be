package com.plyyard.engine.draughts;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.HubDialect;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.util.List;

/**
 * International draughts in the Hub protocol ({@link DraughtsModule#hub}): the variants {@code normal} (FMJD rules,
 * the protocol's default) and {@code plyyard}, positions as {@link HubPosition} text and moves in {@link HubMoves}'
 * notation.
 */
final class DraughtsHub implements HubDialect {
    private static final List<Variant> VARIANTS = List.of(new Variant("normal", "draughts:fmjd", "FMJD rules"),
        new Variant("plyyard", "draughts:plyyard", "Ply Yard rules"));

    @Override
    public List<Variant> variants() {
        return VARIANTS;
    }

    @Override
    public DraughtsPosition parsePosition(String text, VariantRules rules) {
        if (!(rules instanceof DraughtsRules draughts)) {
            throw new InvalidInputException(rules.id() + " is not a draughts variant; a Hub position is draughts.");
        }
        return HubPosition.parse(text, draughts);
    }

    @Override
    public String formatPosition(Position position) {
        return HubPosition.format(own(position).state());
    }

    @Override
    public DraughtsMove parseMove(String text, Position position) {
        return HubMoves.parse(text, own(position));
    }

    @Override
    public String formatMove(LegalMove move) {
        if (!(move instanceof DraughtsMove draughts)) {
            throw new InvalidInputException("Move " + move.notation() + " is not a draughts move.");
        }
        return HubMoves.format(draughts);
    }

    private static DraughtsPosition own(Position position) {
        return GameModule.own(DraughtsPosition.class, position, "draughts");
    }
}
