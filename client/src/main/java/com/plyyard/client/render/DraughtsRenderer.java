package com.plyyard.client.render;

import com.plyyard.proto.v1.DraughtsBoard;
import com.plyyard.proto.v1.DraughtsPiece;

/**
 * The 10×10 board from White's side: square 1 is the second cell of the top row; each row ends with the
 * numbers of its dark squares. Unicode: ⛀ ⛁ white man and king, ⛂ ⛃ black; ASCII: w W b B; empty dark
 * squares are dots.
 */
public final class DraughtsRenderer {
    private DraughtsRenderer() {
    }

    public static String render(DraughtsBoard board, Style style) {
        String[] cells = new String[51];
        for (DraughtsPiece p : board.getPiecesList()) {
            String glyph = style.unicode()
                ? (p.getWhite() ? (p.getKing() ? "⛁" : "⛀") : (p.getKing() ? "⛃" : "⛂"))
                : (p.getWhite() ? (p.getKing() ? "W" : "w") : (p.getKing() ? "B" : "b"));
            cells[(int) p.getSquare()] = style.paint(glyph, p.getWhite() ? 37 : 31);
        }
        StringBuilder sb = new StringBuilder();
        for (int row = 0; row < 10; row++) {
            StringBuilder line = new StringBuilder("  ");
            for (int col = 0; col < 10; col++) {
                boolean dark = (row + col) % 2 == 1;
                if (!dark) {
                    line.append("  ");
                    continue;
                }
                int square = row * 5 + col / 2 + 1;
                line.append(cells[square] == null ? "." : cells[square]).append(' ');
            }
            sb.append(line).append(String.format("  %2d-%2d%n", row * 5 + 1, row * 5 + 5));
        }
        sb.append(board.getWhiteToMove() ? "  White to move" : "  Black to move").append(System.lineSeparator());
        return sb.toString();
    }
}
