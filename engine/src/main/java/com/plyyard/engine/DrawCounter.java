package com.plyyard.engine;

/**
 * A draw rule's running count: the game is drawn when {@code plies} reaches {@code limit}.
 *
 * @param rule  the rule's name, e.g. "25-move", "16-move", "5-move", "no-capture"
 * @param plies plies counted so far
 * @param limit plies at which the rule draws the game
 */
public record DrawCounter(String rule, int plies, int limit) {
}
