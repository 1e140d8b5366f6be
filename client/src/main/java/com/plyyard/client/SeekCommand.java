package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.Pairing;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.ListSeeksRequest;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.SeekSeat;
import com.plyyard.proto.v1.SeekStatus;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code seek create|list|accept|cancel}: seeks through lobby-service. Lines: {@code seek=<id> …} per seek,
 * and {@code match=<id> seat=<n>} once paired (then {@code ./plyyard play --match <id>}).
 */
@Command(name = "seek", mixinStandardHelpOptions = true, description = "Posts, lists, accepts and cancels seeks.",
    subcommands = {SeekCommand.Create.class, SeekCommand.ListSeeks.class, SeekCommand.Accept.class, SeekCommand.Cancel.class})
public class SeekCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: create, list, accept or cancel.");
    }

    static String describe(Seek s) {
        long taken = s.getSeatsList().stream().filter(SeekSeat::hasPlayer).count();
        return "seek=" + s.getId() + " variant=" + s.getGame().getVariant() + " time="
            + s.getGame().getTimeControl().getInitialSeconds() / 60 + "+" + s.getGame().getTimeControl().getIncrementSeconds()
            + " rated=" + s.getGame().getRated() + " by=" + s.getOwner().getName() + " seats=" + taken + "/" + s.getSeatsCount()
            + " status=" + s.getStatus().name().toLowerCase(java.util.Locale.ROOT).replace("seek_", "");
    }

    /**
     * The end of every command that waits to be paired: how to play the match, then the stable last line
     * {@code match=<id> seat=<n>} that tools read.
     */
    static void printPaired(PrintWriter out, OnlineArgs online, Paired p) {
        out.println("paired: play it with " + online.playCommand(p.getMatchId()));
        out.println("match=" + p.getMatchId() + " seat=" + p.getSeat());
        out.flush();
    }

    /** Waits for the seek's pairing; on timeout or Ctrl-C the owner cancels it, a seated player gives the seat back. */
    static Paired awaitOrWithdraw(Lobby lobby, long from, String seekId, long waitSeconds, PrintWriter out, String timeout) {
        return Pairing.awaitOrWithdraw(lobby, from, x -> x.getSeekId().equals(seekId),
            () -> lobby.call(() -> lobby.matchmaking().withDeadlineAfter(5, java.util.concurrent.TimeUnit.SECONDS)
                .cancelSeek(SeekRequest.newBuilder().setSeekId(seekId).build())), waitSeconds, out, timeout);
    }

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Posts a seek and waits until it is filled.")
    static class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Mixin
        GameSpecArgs game;
        @Option(names = "--seat", description = "The seat I want (0 = the first colour); default any.")
        Integer seat;
        @Option(names = "--min-rating", defaultValue = "0", description = "Lowest rating that may accept.")
        int min;
        @Option(names = "--max-rating", defaultValue = "0", description = "Highest rating that may accept (0 = none).")
        int max;
        @Option(names = "--no-wait", description = "Post the seek and return.")
        boolean noWait;
        @Option(names = "--wait", defaultValue = "600", description = "Seconds to wait for opponents (default ${DEFAULT-VALUE}).")
        long waitSeconds;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Lobby lobby = online.connect()) {
                CreateSeekRequest.Builder r = CreateSeekRequest.newBuilder().setGame(game.spec())
                    .setRatingRange(RatingRange.newBuilder().setMin(min).setMax(max));
                if (seat != null) {
                    r.setSeat(seat);
                }
                long from = noWait ? 0 : Pairing.version(lobby);
                Seek s = lobby.call(() -> lobby.matchmaking().createSeek(r.build()));
                out.println(describe(s));
                out.flush();
                if (noWait) {
                    return 0;
                }
                out.println("waiting for opponents (Ctrl-C cancels the seek)…");
                out.flush();
                printPaired(out, online, awaitOrWithdraw(lobby, from, s.getId(), waitSeconds, out,
                    "nobody accepted your seek within " + waitSeconds + " s; it is cancelled."));
                return 0;
            }
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the open seeks.")
    static class ListSeeks implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Option(names = "--variant", defaultValue = "", description = "Only this variant.")
        String variant;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().listSeeks(ListSeeksRequest.newBuilder().setVariant(variant).build()),
                r -> r.getSeeksList().stream().map(SeekCommand::describe).collect(java.util.stream.Collectors.joining("\n")));
        }
    }

    @Command(name = "accept", mixinStandardHelpOptions = true, description = "Takes a seat of a seek.")
    static class Accept implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "SEEK")
        String seekId;
        @Option(names = "--seat", description = "The seat I want; default the next free one.")
        Integer seat;
        @Option(names = "--wait", defaultValue = "600", description = "Seconds to wait for the other seats (default ${DEFAULT-VALUE}).")
        long waitSeconds;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Lobby lobby = online.connect()) {
                AcceptSeekRequest.Builder r = AcceptSeekRequest.newBuilder().setSeekId(seekId);
                if (seat != null) {
                    r.setSeat(seat);
                }
                long from = Pairing.version(lobby);
                Seek s = lobby.call(() -> lobby.matchmaking().acceptSeek(r.build()));
                out.println(describe(s));
                out.flush();
                if (s.getStatus() == SeekStatus.SEEK_FILLED) {
                    int mine = s.getSeatsList().stream().filter(x -> x.getPlayer().getId().equals(lobby.me().getId()))
                        .mapToInt(x -> (int) x.getSeat()).findFirst().orElse(-1);
                    out.println("match=" + s.getMatchId() + " seat=" + mine);
                    out.flush();
                    return 0;
                }
                out.println("waiting for the other seats (Ctrl-C gives the seat back)…");
                out.flush();
                printPaired(out, online, awaitOrWithdraw(lobby, from, seekId, waitSeconds, out,
                    "the seek was not filled within " + waitSeconds + " s; your seat is given back."));
                return 0;
            }
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Removes my seek.")
    static class Cancel implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "SEEK")
        String seekId;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().cancelSeek(SeekRequest.newBuilder().setSeekId(seekId).build()),
                SeekCommand::describe);
        }
    }
}
