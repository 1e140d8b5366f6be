package com.plyyard.client.draughts.dxp;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRules;
import java.util.ArrayList;
import java.util.List;

/** The openings of a {@code dxp match}: each a few moves from the fmjd start, played once with each colour. */
final class DxpOpenings {
    /** An opening: its moves in canonical notation and the position they lead to. */
    record Opening(List<String> moves, DraughtsPosition position) {
        Opening {
            moves = List.copyOf(moves);
        }

        /** The moves joined by commas, as the output lines print them ({@code -} for none). */
        String label() {
            return moves.isEmpty() ? "-" : String.join(",", moves);
        }
    }

    private static final DraughtsRules FMJD = DraughtsRules.fmjd();

    private DxpOpenings() {
    }

    /**
     * The two-move ballots: every first White move with every Black reply, from our move generator, in its order
     * (81 from the standard start).
     */
    static List<Opening> ballots() {
        List<Opening> out = new ArrayList<>();
        DraughtsPosition start = FMJD.start();
        for (DraughtsMove first : start.legalMoves()) {
            DraughtsPosition afterFirst = start.play(first);
            for (DraughtsMove reply : afterFirst.legalMoves()) {
                out.add(new Opening(List.of(first.notation(), reply.notation()), afterFirst.play(reply)));
            }
        }
        return out;
    }

    /**
     * Reads an openings file: per line the moves from the start in our notation ({@code 32-28 19-23}, commas or
     * blanks between them, move numbers such as {@code 1.} skipped); blank lines and {@code #} comments are skipped.
     *
     * @throws InvalidInputException naming the line of a move that is malformed or illegal, or if no opening is left
     */
    static List<Opening> read(List<String> lines) {
        List<Opening> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            DraughtsPosition p = FMJD.start();
            List<String> moves = new ArrayList<>();
            for (String token : line.split("[\\s,]+")) {
                if (token.matches("\\d+\\.+")) {
                    continue;
                }
                try {
                    DraughtsMove m = p.parseMove(token);
                    moves.add(m.notation());
                    p = p.play(m);
                } catch (InvalidInputException | IllegalMoveException e) {
                    throw new InvalidInputException("Openings line " + (i + 1) + ": " + e.getMessage());
                }
            }
            if (p.isOver()) {
                throw new InvalidInputException("Openings line " + (i + 1) + " ends the game: " + p.outcome().orElseThrow()
                    .description());
            }
            out.add(new Opening(moves, p));
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("The openings file has no opening.");
        }
        return out;
    }
}
