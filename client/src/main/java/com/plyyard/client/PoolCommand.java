package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.Pairing;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.ListPoolsRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pool join|leave|list}: quick pairing, alone or with a party (team Ploy). {@code join} waits, showing
 * the pool's size, until paired, then prints {@code match=<id> seat=<n>}.
 */
@Command(name = "pool", mixinStandardHelpOptions = true, description = "Quick pairing: join or leave a pool, list pools.",
    subcommands = {PoolCommand.Join.class, PoolCommand.Leave.class, PoolCommand.ListPools.class})
public class PoolCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: join, leave or list.");
    }

    @Command(name = "join", mixinStandardHelpOptions = true, description = "Queues for a game and waits until paired.")
    static class Join implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Mixin
        GameSpecArgs game;
        @Option(names = "--party", paramLabel = "ID", description = "Queue my party (its leader only); team Ploy keeps partners together.")
        String party;
        @Option(names = "--ai-fill", description = "After the pool's wait, fill missing seats with AI players.")
        boolean aiFill;
        @Option(names = "--wait", defaultValue = "600", description = "Seconds to wait (default ${DEFAULT-VALUE}).")
        long waitSeconds;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Lobby lobby = online.connect()) {
                JoinPoolRequest.Builder r = JoinPoolRequest.newBuilder().setGame(game.spec()).setAllowAiFill(aiFill);
                if (party != null) {
                    r.setPartyId(party);
                }
                long from = Pairing.version(lobby);
                PoolTicket t = lobby.call(() -> lobby.matchmaking().joinPool(r.build()));
                out.println("ticket=" + t.getId() + " players=" + t.getPlayersCount());
                out.println("waiting to be paired (Ctrl-C leaves the pool)…");
                waitingNow(lobby, t.getGame()).ifPresent(n -> out.println("waiting: " + n + " in the pool"));
                if (aiFill) {
                    out.println("with --ai-fill, AI players take the seats nobody takes within the lobby's wait");
                }
                out.flush();
                Runnable leave = () -> lobby.call(() -> lobby.matchmaking().withDeadlineAfter(5, TimeUnit.SECONDS)
                    .leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build()));
                SeekCommand.printPaired(out, online, Pairing.awaitOrWithdraw(lobby, from, x -> x.getTicketId().equals(t.getId()), leave,
                    waitSeconds, out, "nobody was paired with you within " + waitSeconds + " s; you left the pool."));
                return 0;
            }
        }
    }

    /**
     * How many wait in the pool of {@code game} now (ListPools, which lists the pools with players waiting); empty when
     * the lobby does not say. The lobby stream's pool events follow with the changes.
     */
    static java.util.Optional<Integer> waitingNow(Lobby lobby, com.plyyard.proto.v1.GameSpec game) {
        try {
            return lobby.matchmaking().withDeadlineAfter(5, TimeUnit.SECONDS).listPools(ListPoolsRequest.getDefaultInstance())
                .getPoolsList().stream().filter(p -> p.getGame().getVariant().equals(game.getVariant())
                    && p.getGame().getTimeControl().equals(game.getTimeControl()) && p.getGame().getRated() == game.getRated())
                .map(p -> (int) p.getPlayersWaiting()).findFirst();
        } catch (io.grpc.StatusRuntimeException e) {
            return java.util.Optional.empty(); // only a count to show: the wait goes on without it
        }
    }

    @Command(name = "leave", mixinStandardHelpOptions = true, description = "Leaves a pool.")
    static class Leave implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;
        @Parameters(index = "0", paramLabel = "TICKET")
        String ticket;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().leavePool(PoolTicketRequest.newBuilder().setTicketId(ticket).build()),
                t -> "ticket=" + t.getId() + " status=" + t.getStatus().name().toLowerCase(java.util.Locale.ROOT).replace("ticket_", ""));
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the pools with players waiting.")
    static class ListPools implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OnlineArgs online;

        @Override
        public Integer call() {
            return online.once(spec, lobby -> lobby.matchmaking().listPools(ListPoolsRequest.getDefaultInstance()),
                r -> r.getPoolsList().stream().map(p -> "pool variant=" + p.getGame().getVariant() + " time="
                    + p.getGame().getTimeControl().getInitialSeconds() / 60 + "+" + p.getGame().getTimeControl().getIncrementSeconds()
                    + " rated=" + p.getGame().getRated() + " waiting=" + p.getPlayersWaiting())
                    .collect(java.util.stream.Collectors.joining("\n")));
        }
    }
}
