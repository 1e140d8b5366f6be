package com.plyyard.mapping.spi;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.VariantOptions;
import java.util.Map;

/**
 * The per-game part of the proto mapping: typed options, the structured board and the structured move
 * detail. Everything else ({@link com.plyyard.mapping.ProtoMapper}) is generic over the engine's interfaces. Each
 * game's mapper lives in a package of its game ({@code mapping.draughts}, {@code mapping.ploy},
 * {@code mapping.piracy}); {@code ProtoMapper.standard()} lists them. This interface sits in a package of its own
 * below both, so that the list and the games form no cycle.
 */
public interface GameMapper {
    /** The engine's game id, e.g. "draughts" (see {@link VariantRules#game()}). */
    String game();

    /** Which {@code VariantOptions} case carries this game's options. */
    VariantOptions.GameCase optionsCase();

    /**
     * Typed options (of this game's case) to the engine's key=value map; only the fields that are set.
     *
     * @throws com.plyyard.engine.InvalidInputException if a value cannot be expressed
     */
    Map<String, String> toEngineOptions(VariantOptions options);

    /** Effective engine options to typed options, with this game's case set even when empty. */
    VariantOptions toProtoOptions(Map<String, String> options);

    /** Sets this game's structured board on the state. */
    void putBoard(Position position, GameState.Builder state);

    /** Sets this game's structured move detail on the move. */
    void putMoveDetail(LegalMove move, Move.Builder out);

    /** Which {@code FormatPositionRequest} source case is this game's structured board. */
    FormatPositionRequest.SourceCase boardSourceCase();

    /**
     * Reads the structured board of a FormatPosition request into the game's text notation (not yet
     * canonical; the caller reads it back through the variant's rules).
     *
     * @throws com.plyyard.engine.InvalidInputException if the board is malformed
     */
    String boardToText(FormatPositionRequest request);

    /** How this game's records go to a file: the format's name, the file extension and the media type. */
    RecordFormat recordFormat();

    /**
     * A game record format as a file.
     *
     * @param name          e.g. "PDN"
     * @param fileExtension without the leading dot, e.g. "pdn" or "ploy.txt"
     * @param mediaType     e.g. "application/x-pdn"
     */
    record RecordFormat(String name, String fileExtension, String mediaType) {
    }
}
