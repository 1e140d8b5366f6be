package com.plyyard.client.render;

import com.plyyard.proto.v1.GameState;

/** Draws the board of any game's state, as the server sent it (the structured board). */
public final class BoardRenderer {
    private BoardRenderer() {
    }

    public static String render(GameState state, Style style) {
        return switch (state.getBoardCase()) {
            case DRAUGHTS -> DraughtsRenderer.render(state.getDraughts(), style);
            case PLOY -> PloyRenderer.render(state.getPloy(), state.getSeatsList().stream().map(s -> s.getColour()).toList(),
                style);
            case PIRACY -> PiracyRenderer.render(state.getPiracy(), style);
            case BOARD_NOT_SET -> state.getPosition() + System.lineSeparator();
        };
    }

    /** What the board's signs mean and how turns go, for a game whose board needs it (Ploy); empty otherwise. */
    public static String legend(GameState state, Style style) {
        return state.getBoardCase() == GameState.BoardCase.PLOY ? PloyRenderer.legend(state, style) : "";
    }
}
