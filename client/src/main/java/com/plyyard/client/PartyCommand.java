package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.Pairing;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.Player;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code party create|join|leave}: a party queues together (team Ploy: partners). Line: {@code party=<id> members=… invited=…}. */
@Command(name = "party", mixinStandardHelpOptions = true, description = "Parties for team pools: create, join, leave.",
    subcommands = {PartyCommand.Create.class, PartyCommand.Join.class, PartyCommand.Leave.class})
public class PartyCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: create, join or leave.");
    }

    static String describe(Party p) {
        return "party=" + p.getId() + " members=" + names(p.getMembersList()) + " invited=" + names(p.getInvitedList());
    }

    private static String names(List<Player> players) {
        return players.isEmpty() ? "-" : players.stream().map(Player::getName).collect(Collectors.joining(","));
    }

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Creates a party and invites players.")
    static class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Option(names = "--invite", required = true, paramLabel = "NAME", description = "A player to invite (repeatable).")
        List<String> invite;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().createParty(CreatePartyRequest.newBuilder().addAllInvite(invite)
                .build()), PartyCommand::describe);
        }
    }

    @Command(name = "join", mixinStandardHelpOptions = true, description = "Joins a party I am invited to.")
    static class Join implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "PARTY")
        String party;
        @Option(names = "--wait", defaultValue = "0", paramLabel = "SECONDS",
            description = "Then wait this long for the party's pairing (the leader queues it) and print match=… seat=… (default: return at once).")
        long waitSeconds;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Lobby lobby = online.connect()) {
                long from = waitSeconds > 0 ? Pairing.version(lobby) : 0;
                Party p = lobby.call(() -> lobby.matchmaking().joinParty(PartyRequest.newBuilder().setPartyId(party).build()));
                out.println(describe(p));
                out.flush();
                if (waitSeconds > 0) {
                    out.println("waiting for the leader to be paired…");
                    out.flush();
                    SeekCommand.printPaired(out, online, Pairing.await(lobby, from, x -> true, waitSeconds, out).orElseThrow(() ->
                        new CliException(CliException.FAILED, "the party was not paired within " + waitSeconds
                            + " s; you are still in it.")));
                }
                return 0;
            }
        }
    }

    @Command(name = "leave", mixinStandardHelpOptions = true, description = "Leaves a party.")
    static class Leave implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "PARTY")
        String party;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().leaveParty(PartyRequest.newBuilder().setPartyId(party).build()),
                PartyCommand::describe);
        }
    }
}
