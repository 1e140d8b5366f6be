package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.Pairing;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.CreateChallengeRequest;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code challenge create|accept|decline|cancel}: a game against a named player, or an open link (the challenge id)
 * that the first to accept plays. {@code create} waits until it is accepted and prints {@code match=<id> seat=<n>}.
 */
@Command(name = "challenge", mixinStandardHelpOptions = true,
    description = "Challenges a player (or anyone, with an open link); accepts, declines or cancels challenges.",
    subcommands = {ChallengeCommand.Create.class, ChallengeCommand.Accept.class, ChallengeCommand.Decline.class,
        ChallengeCommand.Cancel.class})
public class ChallengeCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: create, accept, decline or cancel.");
    }

    static String describe(Challenge c) {
        return "challenge=" + c.getId() + " variant=" + c.getGame().getVariant() + " by=" + c.getChallenger().getName()
            + " to=" + (c.hasOpponent() ? c.getOpponent().getName() : "anyone")
            + " status=" + c.getStatus().name().toLowerCase(Locale.ROOT).replace("challenge_", "")
            + " expires=" + Instant.ofEpochMilli(c.getExpiresAtEpochMillis());
    }

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Challenges a player and waits for the answer.")
    static class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Mixin
        GameSpecArgs game;
        @Option(names = "--to", paramLabel = "NAME", description = "The player challenged; without it, an open link anyone may accept.")
        String opponent;
        @Option(names = "--seat", description = "My seat (0 = the first colour); default at random.")
        Integer seat;
        @Option(names = "--expires", defaultValue = "600", paramLabel = "SECONDS",
            description = "The challenge expires after this long (default ${DEFAULT-VALUE}).")
        int expires;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Lobby lobby = online.connect()) {
                CreateChallengeRequest.Builder r = CreateChallengeRequest.newBuilder().setGame(game.spec())
                    .setOpponent(opponent == null ? "" : opponent).setExpiresInSeconds(expires);
                if (seat != null) {
                    r.setSeat(seat);
                }
                long from = Pairing.version(lobby);
                Challenge c = lobby.call(() -> lobby.matchmaking().createChallenge(r.build()));
                out.println(describe(c));
                out.println("waiting for " + (opponent == null ? "someone to accept the link" : opponent)
                    + " (Ctrl-C cancels the challenge)…");
                out.flush();
                SeekCommand.printPaired(out, online, Pairing.awaitOrWithdraw(lobby, from, p -> p.getChallengeId().equals(c.getId()),
                    () -> lobby.call(() -> lobby.matchmaking().withDeadlineAfter(5, TimeUnit.SECONDS)
                        .cancelChallenge(ChallengeRequest.newBuilder().setChallengeId(c.getId()).build())),
                    expires + 5L, out, "the challenge was not accepted before it expired."));
                return 0;
            }
        }
    }

    @Command(name = "accept", mixinStandardHelpOptions = true, description = "Accepts a challenge (or an open link) and plays it.")
    static class Accept implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "CHALLENGE")
        String challenge;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Lobby lobby = online.connect()) {
                long from = Pairing.version(lobby);
                Challenge c = lobby.call(() -> lobby.matchmaking().acceptChallenge(ChallengeRequest.newBuilder()
                    .setChallengeId(challenge).build()));
                out.println(describe(c));
                // the match exists now; my seat comes with my Paired event, already in the log
                SeekCommand.printPaired(out, online, Pairing.await(lobby, from, p -> p.getChallengeId().equals(c.getId()), 10, out)
                    .orElseThrow(() -> new CliException(CliException.FAILED, "accepted, but the lobby did not say which seat is mine; "
                        + "see match " + c.getMatchId() + ".")));
                return 0;
            }
        }
    }

    @Command(name = "decline", mixinStandardHelpOptions = true, description = "Declines a challenge to me.")
    static class Decline implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "CHALLENGE")
        String challenge;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().declineChallenge(ChallengeRequest.newBuilder()
                .setChallengeId(challenge).build()), ChallengeCommand::describe);
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Withdraws my challenge.")
    static class Cancel implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "CHALLENGE")
        String challenge;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().cancelChallenge(ChallengeRequest.newBuilder()
                .setChallengeId(challenge).build()), ChallengeCommand::describe);
        }
    }
}
