package com.plyyard.mapping.ploy;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.ploy.PloyMove;
import com.plyyard.engine.ploy.PloyPiece;
import com.plyyard.engine.ploy.PloyPosition;
import com.plyyard.engine.ploy.PloyRules;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.PloyBoard;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.PloyPartnership;
import com.plyyard.proto.v1.VariantOptions;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Ploy: {@code PloyOptions}, {@code PloyBoard} and {@code PloyMove}. */
public final class PloyMapper implements GameMapper {
    private static final String LETTERS = "gryb";

    @Override
    public String game() {
        return "ploy";
    }

    @Override
    public VariantOptions.GameCase optionsCase() {
        return VariantOptions.GameCase.PLOY;
    }

    @Override
    public Map<String, String> toEngineOptions(VariantOptions options) {
        PloyOptions o = options.getPloy();
        Map<String, String> map = new LinkedHashMap<>();
        switch (o.getPartnership()) {
            case PLOY_PARTNERSHIP_SEED -> map.put(PloyRules.OPTION_PARTNERSHIP, "seed");
            case PLOY_PARTNERSHIP_3M -> map.put(PloyRules.OPTION_PARTNERSHIP, "3m");
            case PLOY_PARTNERSHIP_UNSPECIFIED -> { }
            default -> throw new InvalidInputException("Unknown partnership value " + o.getPartnershipValue() + ".");
        }
        if (o.hasRepetitionDraw()) {
            map.put(PloyRules.OPTION_REPETITION_DRAW, Boolean.toString(o.getRepetitionDraw()));
        }
        if (o.hasNoCaptureDrawPlies()) {
            map.put(PloyRules.OPTION_NO_CAPTURE_DRAW_PLIES, Integer.toUnsignedString(o.getNoCaptureDrawPlies()));
        }
        return map;
    }

    @Override
    public VariantOptions toProtoOptions(Map<String, String> options) {
        PloyOptions.Builder o = PloyOptions.newBuilder();
        String partnership = options.get(PloyRules.OPTION_PARTNERSHIP);
        if (partnership != null) {
            o.setPartnership(partnership.equals("3m") ? PloyPartnership.PLOY_PARTNERSHIP_3M : PloyPartnership.PLOY_PARTNERSHIP_SEED);
        }
        String repetition = options.get(PloyRules.OPTION_REPETITION_DRAW);
        if (repetition != null) {
            o.setRepetitionDraw(Boolean.parseBoolean(repetition));
        }
        String plies = options.get(PloyRules.OPTION_NO_CAPTURE_DRAW_PLIES);
        if (plies != null) {
            o.setNoCaptureDrawPlies(Integer.parseInt(plies));
        }
        return VariantOptions.newBuilder().setPloy(o).build();
    }

    @Override
    public void putBoard(Position position, GameState.Builder state) {
        PloyPosition p = (PloyPosition) position;
        PloyBoard.Builder b = PloyBoard.newBuilder().setToMove(p.toMove());
        for (PloyPiece piece : p.pieces()) {
            b.addPieces(com.plyyard.proto.v1.PloyPiece.newBuilder()
                .setPoint(piece.point())
                .setOwner(piece.owner())
                .setController(piece.controller())
                .setKind(piece.kind().label())
                .setMask(piece.mask()));
        }
        state.setPloy(b);
    }

    @Override
    public void putMoveDetail(LegalMove move, Move.Builder out) {
        PloyMove m = (PloyMove) move;
        out.setPloy(com.plyyard.proto.v1.PloyMove.newBuilder()
            .setFrom(m.from())
            .setTo(m.to())
            .setRotation(m.rotation())
            .setCapture(m.isCapture())
            .setMover(m.mover()));
    }

    @Override
    public RecordFormat recordFormat() {
        return new RecordFormat("Ploy record", "ploy.txt", "text/plain");
    }

    @Override
    public FormatPositionRequest.SourceCase boardSourceCase() {
        return FormatPositionRequest.SourceCase.PLOY;
    }

    /**
     * Writes the board as PPN for the request's variant: controllers as colours, {@code own=} for pieces whose
     * owner differs; the rules then check it like any PPN text.
     */
    @Override
    public String boardToText(FormatPositionRequest request) {
        String[] parts = request.getVariant().split(":");
        if (parts.length != 3) {
            throw new InvalidInputException("A Ploy board needs a Ploy variant id such as ploy:3m:2p, not '"
                + request.getVariant() + "'.");
        }
        int seats = parts[2].equals("2p") ? 2 : 4;
        PloyBoard board = request.getPloy();
        String[][] cells = new String[9][9];
        StringBuilder owners = new StringBuilder();
        for (com.plyyard.proto.v1.PloyPiece piece : board.getPiecesList()) {
            String point = piece.getPoint().toLowerCase(Locale.ROOT);
            if (!point.matches("[a-i][1-9]")) {
                throw new InvalidInputException("'" + piece.getPoint() + "' is not a Ploy point (a1 to i9).");
            }
            int file = point.charAt(0) - 'a';
            int rank = point.charAt(1) - '1';
            if (cells[rank][file] != null) {
                throw new InvalidInputException("Point " + point + " is listed twice in the board.");
            }
            long controller = Integer.toUnsignedLong(piece.getController());
            long owner = Integer.toUnsignedLong(piece.getOwner());
            long mask = Integer.toUnsignedLong(piece.getMask());
            if (controller >= seats || owner >= seats) {
                throw new InvalidInputException("The piece on " + point + " names seat " + Math.max(controller, owner)
                    + "; " + parts[2] + " Ploy has seats 0 to " + (seats - 1) + ".");
            }
            if (mask > 255) {
                throw new InvalidInputException("The piece on " + point + " has mask " + mask + "; masks are 0 to 255.");
            }
            cells[rank][file] = "" + LETTERS.charAt((int) controller) + String.format(Locale.ROOT, "%02X", mask);
            if (owner != controller) {
                owners.append(owners.length() == 0 ? "" : ",").append(point).append(LETTERS.charAt((int) owner));
            }
        }
        long toMove = Integer.toUnsignedLong(board.getToMove());
        if (toMove >= seats) {
            throw new InvalidInputException("to_move " + toMove + " is not a seat of " + parts[2] + " Ploy.");
        }
        StringBuilder ppn = new StringBuilder();
        for (int rank = 8; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 9; file++) {
                if (cells[rank][file] == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    ppn.append(empty);
                    empty = 0;
                }
                ppn.append(cells[rank][file]);
            }
            if (empty > 0) {
                ppn.append(empty);
            }
            if (rank > 0) {
                ppn.append('/');
            }
        }
        ppn.append(' ').append(LETTERS.charAt((int) toMove)).append(' ').append(parts[2]).append(' ').append(parts[1]);
        if (owners.length() > 0) {
            ppn.append(" own=").append(owners);
        }
        return ppn.toString();
    }
}
