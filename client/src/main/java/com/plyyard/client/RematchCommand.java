package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.Pairing;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rematch;
import com.plyyard.proto.v1.RematchRequest;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rematch MATCH}: asks for a rematch of a finished match; when every player has asked, the new match starts
 * (colours swapped, four seats moved on by one) and this prints {@code match=<id> seat=<n>}.
 */
@Command(name = "rematch", mixinStandardHelpOptions = true, description = "Asks for a rematch and waits for the others.")
public class RematchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    OnlineArgs online;
    @Parameters(index = "0", paramLabel = "MATCH", description = "A finished match I played in.")
    String matchId;
    @Option(names = "--wait", defaultValue = "120", paramLabel = "SECONDS",
        description = "How long to wait for the others (default ${DEFAULT-VALUE}); the request stands afterwards.")
    long waitSeconds;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Lobby lobby = online.connect()) {
            long from = Pairing.version(lobby);
            Rematch r = lobby.call(() -> lobby.matchmaking().requestRematch(RematchRequest.newBuilder().setMatchId(matchId).build()));
            out.println("rematch of=" + r.getPreviousMatchId() + " asked=" + names(r.getRequestedByList().stream()
                .map(Player::getName).collect(Collectors.joining(","))) + " waiting_for=" + names(r.getWaitingForList().stream()
                .map(Player::getName).collect(Collectors.joining(","))));
            out.flush();
            // a rematch's Paired event names no ticket, seek or challenge
            SeekCommand.printPaired(out, online, Pairing.await(lobby, from, p -> p.getTicketId().isEmpty() && p.getSeekId().isEmpty()
                && p.getChallengeId().isEmpty(), r.getMatchId().isEmpty() ? waitSeconds : 10, out).orElseThrow(() ->
                new CliException(CliException.FAILED, "not everyone asked for the rematch within " + waitSeconds
                    + " s; your request stands.")));
            return 0;
        }
    }

    private static String names(String joined) {
        return joined.isEmpty() ? "-" : joined;
    }
}
