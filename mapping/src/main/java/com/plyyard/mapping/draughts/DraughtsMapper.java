package com.plyyard.mapping.draughts;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsPositionNotation;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsState;
import com.plyyard.engine.draughts.Piece;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.DraughtsBoard;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.DraughtsPiece;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.VariantOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/** Draughts: {@code DraughtsOptions}, {@code DraughtsBoard} and {@code DraughtsMove}. */
public final class DraughtsMapper implements GameMapper {
    @Override
    public String game() {
        return "draughts";
    }

    @Override
    public VariantOptions.GameCase optionsCase() {
        return VariantOptions.GameCase.DRAUGHTS;
    }

    @Override
    public Map<String, String> toEngineOptions(VariantOptions options) {
        DraughtsOptions o = options.getDraughts();
        Map<String, String> map = new LinkedHashMap<>();
        if (o.hasNoCaptureDrawPlies()) {
            map.put(DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES, Integer.toUnsignedString(o.getNoCaptureDrawPlies()));
        }
        return map;
    }

    @Override
    public VariantOptions toProtoOptions(Map<String, String> options) {
        DraughtsOptions.Builder o = DraughtsOptions.newBuilder();
        String plies = options.get(DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES);
        if (plies != null) {
            o.setNoCaptureDrawPlies(Integer.parseInt(plies));
        }
        return VariantOptions.newBuilder().setDraughts(o).build();
    }

    @Override
    public void putBoard(Position position, GameState.Builder state) {
        DraughtsState board = ((DraughtsPosition) position).state();
        DraughtsBoard.Builder b = DraughtsBoard.newBuilder().setWhiteToMove(board.whiteToMove());
        for (int square = 1; square <= 50; square++) {
            Piece piece = board.pieceAt(square);
            if (piece != null) {
                b.addPieces(DraughtsPiece.newBuilder().setSquare(square).setWhite(piece.white()).setKing(piece.king()));
            }
        }
        state.setDraughts(b);
    }

    @Override
    public void putMoveDetail(LegalMove move, Move.Builder out) {
        DraughtsMove m = (DraughtsMove) move;
        com.plyyard.proto.v1.DraughtsMove.Builder d = com.plyyard.proto.v1.DraughtsMove.newBuilder()
            .setFrom(m.from())
            .setTo(m.to())
            .setPromotes(m.promotes());
        for (int s : m.path()) {
            d.addPath(s);
        }
        for (int s : m.captured()) {
            d.addCaptured(s);
        }
        out.setDraughts(d);
    }

    @Override
    public RecordFormat recordFormat() {
        return new RecordFormat("PDN", "pdn", "application/x-pdn");
    }

    @Override
    public FormatPositionRequest.SourceCase boardSourceCase() {
        return FormatPositionRequest.SourceCase.DRAUGHTS;
    }

    @Override
    public String boardToText(FormatPositionRequest request) {
        DraughtsBoard board = request.getDraughts();
        Map<Integer, Piece> pieces = new LinkedHashMap<>();
        for (DraughtsPiece p : board.getPiecesList()) {
            long square = Integer.toUnsignedLong(p.getSquare());
            if (square < 1 || square > 50) {
                throw new InvalidInputException("Square " + square + " does not exist; squares are numbered 1 to 50.");
            }
            if (pieces.put((int) square, Piece.of(p.getWhite(), p.getKing())) != null) {
                throw new InvalidInputException("Square " + square + " is listed twice in the board.");
            }
        }
        return DraughtsPositionNotation.format(DraughtsState.of(board.getWhiteToMove(), pieces));
    }
}
