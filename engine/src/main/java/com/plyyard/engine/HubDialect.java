package com.plyyard.engine;

import java.util.List;

/**
 * How a game speaks the Hub protocol (docs/hub.md), the optional hook {@link GameModule#hub}: its values of the
 * protocol's {@code variant} parameter, its position text and its move notation. With it, an external Hub engine can
 * answer for the game in ai-service, and our engine serves Hub GUIs ({@code plyyard hub}); the protocol's lines, levels
 * and sessions themselves are the same for every game ({@code com.plyyard.engine.hub}). Hub is a draughts protocol:
 * international draughts has a dialect, Ploy and Piracy have none.
 */
public interface HubDialect {
    /**
     * A value of the protocol's {@code variant} parameter and the variant of ours it stands for.
     *
     * @param name        the protocol's name, e.g. "normal"
     * @param variantId   our variant id, e.g. "draughts:fmjd"
     * @param description a few words for messages, e.g. "FMJD rules"
     */
    record Variant(String name, String variantId, String description) {
    }

    /** The game's Hub variants; the first is the protocol's default, the one an external engine is asked to play. */
    List<Variant> variants();

    /**
     * A position in Hub text, with fresh history, under {@code rules} (one of {@link #variants()}).
     *
     * @throws InvalidInputException if the text is not a Hub position of this game
     */
    Position parsePosition(String text, VariantRules rules);

    /** The board of a position (without its history) as Hub text. */
    String formatPosition(Position position);

    /**
     * The legal move of {@code position} that a Hub move names.
     *
     * @throws InvalidInputException if the text is not a Hub move, or names several legal moves
     * @throws IllegalMoveException  if no legal move fits ({@link GameOverException} when the game is over)
     */
    LegalMove parseMove(String text, Position position);

    /** A legal move of this game in Hub notation. */
    String formatMove(LegalMove move);
}
