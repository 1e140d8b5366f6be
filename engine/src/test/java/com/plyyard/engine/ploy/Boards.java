package com.plyyard.engine.ploy;

import java.util.HashMap;
import java.util.Map;

/** Builds PPN text from a few pieces, so tests read as "e9=rAA e8=r01" instead of a full board string. */
final class Boards {
    private Boards() {
    }

    /**
     * @param tail  the fields after the board, e.g. "g 2p 3m"
     * @param cells "point=colourMASK" items, e.g. "e9=rAA"
     */
    static String ppn(String tail, String... cells) {
        Map<String, String> at = new HashMap<>();
        for (String c : cells) {
            String[] kv = c.split("=");
            at.put(kv[0], kv[1]);
        }
        StringBuilder sb = new StringBuilder();
        for (int rank = 9; rank >= 1; rank--) {
            int empty = 0;
            for (char file = 'a'; file <= 'i'; file++) {
                String piece = at.get("" + file + rank);
                if (piece == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(piece);
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 1) {
                sb.append('/');
            }
        }
        return sb + " " + tail;
    }
}
