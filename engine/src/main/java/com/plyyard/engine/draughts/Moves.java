package com.plyyard.engine.draughts;

/** Playing a move on a board: the one place that knows how a move changes the masks. */
final class Moves {
    private Moves() {
    }

    static DraughtsState apply(DraughtsState board, DraughtsMove move) {
        long fromMask = Squares.mask(move.from());
        long toMask = Squares.mask(move.to());
        return apply(board, fromMask, toMask, move.capturedMask());
    }

    /**
     * The board after moving the piece on {@code fromMask} to {@code toMask}, removing {@code captured}.
     * {@code from} may equal {@code to} (a king's capture tour back home) and, under plyyard, {@code to}
     * may be a captured square: clearing before setting handles both.
     */
    static DraughtsState apply(DraughtsState board, long fromMask, long toMask, long captured) {
        boolean white = board.whiteToMove();
        long own = board.pieces(white);
        long opp = board.pieces(!white) & ~captured;
        long kings = board.kings() & ~captured;
        own = (own & ~fromMask) | toMask;
        if ((kings & fromMask) != 0) {
            kings = (kings & ~fromMask) | toMask;
        } else if ((toMask & (white ? Squares.WHITE_PROMOTION : Squares.BLACK_PROMOTION)) != 0) {
            kings |= toMask;
        }
        return white ? DraughtsState.ofMasks(own, opp, kings, false) : DraughtsState.ofMasks(opp, own, kings, true);
    }
}
