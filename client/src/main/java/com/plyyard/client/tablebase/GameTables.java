package com.plyyard.client.tablebase;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One game's tables behind {@code ./plyyard tablebase}: the command reads the options, the game builds and probes.
 * The command line's list of games ({@code PlyYard}) hands each game's to the command.
 */
public interface GameTables {
    /** The variants whose tables this game builds, e.g. {@code piracy:classic}. */
    List<String> variants();

    /** {@code tablebase build}: prints the one line of {@link TableOutput#printBuilt}; returns the exit code. */
    int build(CommandSpec spec, BuildRequest request);

    /** {@code tablebase probe}: prints {@code value=<win|loss|draw> dtw=<plies>} and {@code best=<moves>}. */
    int probe(CommandSpec spec, ProbeRequest request);

    /**
     * What {@code tablebase build} was asked.
     *
     * @param directory the folder of tables, given or the default; {@code directoryGiven} tells which
     * @param island    Piracy's island square, or null
     * @param board     Piracy's board size
     * @param pieces    draughts' most pieces
     */
    record BuildRequest(String variant, Map<String, String> options, Path directory, boolean directoryGiven, String island,
                        int board, int pieces, int threads, boolean force) {
    }

    /** What {@code tablebase probe} was asked: the position in the game's own notation. */
    record ProbeRequest(String variant, Map<String, String> options, Path directory, boolean directoryGiven,
                        String position) {
    }
}
