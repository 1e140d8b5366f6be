package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.GetMatchRecordRequest;
import com.plyyard.proto.v1.MatchRecord;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code export MATCH}: the match's game record in its game's format, as the lobby's GetMatchRecord answers it (written by
 * rules-service with the engine's record writers: PDN for draughts with the rule set recorded, the Ploy and Piracy record
 * formats; see docs/). The web client downloads the same record. A result the rules did not decide (resignation, time,
 * agreement) is written "*", with the match's result sentence as the Termination tag.
 */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Prints a match's game record.")
public class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OnlineArgs online;

    @Parameters(index = "0", paramLabel = "MATCH", description = "The match id.")
    String matchId;

    @Override
    public Integer call() {
        try (Lobby lobby = online.connect()) {
            MatchRecord r = lobby.call(() -> lobby.matches().getMatchRecord(
                GetMatchRecordRequest.newBuilder().setMatchId(matchId).build()));
            PrintWriter out = spec.commandLine().getOut();
            out.print(r.getText());
            out.flush();
            return 0;
        }
    }
}
