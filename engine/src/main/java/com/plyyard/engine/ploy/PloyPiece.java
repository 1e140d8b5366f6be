package com.plyyard.engine.ploy;

/**
 * A piece as shown to clients.
 *
 * @param point      "a1".."i9"
 * @param owner      seat that started with it
 * @param controller seat that moves it now (after takeovers)
 * @param kind       its kind, given by the mask's shape
 * @param mask       direction mask, bit 0 = N, clockwise
 */
public record PloyPiece(String point, int owner, int controller, PieceKind kind, int mask) {
}
