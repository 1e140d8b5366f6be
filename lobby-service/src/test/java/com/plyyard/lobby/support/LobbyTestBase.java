package com.plyyard.lobby.support;

import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.quarkus.grpc.GrpcClient;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;

/** What the scenario tests share: registering clients, creating matches, rules-service, the stored rows. */
public abstract class LobbyTestBase {
    private static final AtomicInteger NAMES = new AtomicInteger();

    @GrpcClient("lobby")
    protected Channel channel;

    @Inject
    protected DataSource dataSource;

    /** rules-service's port; 0 under the {@link ServiceTestProfile}, where the rules run in-process. */
    @ConfigProperty(name = "plyyard.test.rules-port", defaultValue = "0")
    protected int rulesPort;

    /** ai-service's port; 0 under the {@link ServiceTestProfile}. */
    @ConfigProperty(name = "plyyard.test.ai-port", defaultValue = "0")
    protected int aiPort;

    private ManagedChannel rulesChannel;
    private final List<EventStream> streams = new ArrayList<>();

    @AfterEach
    void closeClients() {
        streams.forEach(EventStream::close);
        streams.clear();
        if (rulesChannel != null) {
            rulesChannel.shutdownNow();
            rulesChannel = null;
        }
    }

    protected TestPlayer register(String prefix) {
        String name = prefix + "-" + NAMES.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6);
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel).register(RegisterRequest.newBuilder().setName(name).build());
        return TestPlayer.of(channel, r.getPlayer(), r.getToken());
    }

    /** GET /q/health/{which} of the lobby under test: the status code and the body (the checks and their data). */
    protected static java.util.Map.Entry<Integer, String> health(String which) {
        try {
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:17070/q/health/" + which))
                    .timeout(java.time.Duration.ofSeconds(10)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            return java.util.Map.entry(r.statusCode(), r.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits until the lobby's readiness answers {@code status} (200 or 503), or fails with the last answer. */
    protected static void awaitReadiness(int status, java.time.Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        java.util.Map.Entry<Integer, String> last = health("ready");
        while (last.getKey() != status) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("readiness should be " + status + ", is " + last);
            }
            Processes.sleep(200);
            last = health("ready");
        }
    }

    protected EventStream watch(TestPlayer who, String matchId, long from) {
        EventStream s = who.watch(matchId, from);
        streams.add(s);
        return s;
    }

    protected static SeatSpec me() {
        return SeatSpec.newBuilder().setMe(true).build();
    }

    protected static SeatSpec invite(TestPlayer p) {
        return SeatSpec.newBuilder().setInvite(p.name()).build();
    }

    protected static SeatSpec open() {
        return SeatSpec.newBuilder().setOpen(true).build();
    }

    protected static SeatSpec ai(int level) {
        return SeatSpec.newBuilder().setAiLevel(level).build();
    }

    /** The seat whose player moves now: the seat to move, or whoever plays its turn. */
    protected static int mover(Match m) {
        return m.getState().getSeats(m.getState().getToMove()).getPlayedBy();
    }

    protected static TimeControl clock(int initial, int increment) {
        return TimeControl.newBuilder().setInitialSeconds(initial).setIncrementSeconds(increment).build();
    }

    /** A started match: the creator takes seat 0, the others are invited and join in order. */
    protected Match started(String variant, TimeControl tc, TestPlayer... players) {
        CreateMatchRequest.Builder b = CreateMatchRequest.newBuilder().setVariant(variant).setTimeControl(tc).addSeats(me());
        for (int i = 1; i < players.length; i++) {
            b.addSeats(invite(players[i]));
        }
        Match m = players[0].matches().createMatch(b.build());
        for (int i = 1; i < players.length; i++) {
            m = players[i].matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        }
        return m;
    }

    protected RulesServiceGrpc.RulesServiceBlockingStub rules() {
        if (rulesChannel == null) {
            rulesChannel = ManagedChannelBuilder.forAddress("localhost", rulesPort).usePlaintext().build();
        }
        return RulesServiceGrpc.newBlockingStub(rulesChannel);
    }

    protected List<Move> legalMoves(GameState state) {
        if (rulesPort == 0) {
            return io.quarkus.arc.Arc.container().instance(InProcessRules.class).get().legalMoves(state).getMovesList();
        }
        return rules().legalMoves(LegalMovesRequest.newBuilder().setState(state).build()).getMovesList();
    }

    /** The stored rows of a match (match, seats, events) as text, to show that a refused call changed nothing. */
    protected String stored(String matchId) {
        return StoredText.match(dataSource, UUID.fromString(matchId));
    }

    protected long count(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

}
