package com.plyyard.client;

import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatOut;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.WatchMatchRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A lobby with one match, over a real localhost socket: anyone registers (player id {@code "me"}), the match {@code m1}
 * has the registered player on seat 0 and AI players on the others, and its stream stays open as a live match's does.
 * Resigning takes seat 0 out of a game that goes on (a four-player game); every call is recorded in {@link #calls}.
 */
final class FakeMatchLobby implements AutoCloseable {
    static final Player ME = Player.newBuilder().setId("me").setName("ann").build();

    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<StreamObserver<MatchEvent>> watchers = new CopyOnWriteArrayList<>();
    private final Match match;
    private final Server server;
    /** More matches ListMyMatches answers with, after {@code m1}. */
    final List<Match> otherMatches = new CopyOnWriteArrayList<>();

    /** Seat 0 of a fresh {@code variant} with a clock of {@code clockSeconds} (0: none), my turn. */
    FakeMatchLobby(String variant, int clockSeconds, BindableService... more) throws IOException {
        GameState state = ProtoMapper.standard().state(Variants.get(variant).start());
        Match.Builder m = Match.newBuilder().setId("m1").setVariant(state.getVariant()).setStatus(MatchStatus.MATCH_ACTIVE)
            .setVersion(1).setState(state).setTimeControl(TimeControl.newBuilder().setInitialSeconds(clockSeconds))
            .setClockAtEpochMillis(System.currentTimeMillis());
        for (int seat = 0; seat < state.getSeatsCount(); seat++) {
            MatchSeat.Builder s = MatchSeat.newBuilder().setIndex(seat).setColour(state.getSeats(seat).getColour())
                .setClockMillis(clockSeconds * 1000L);
            m.addSeats(seat == 0 ? s.setKind(SeatKind.SEAT_PLAYER).setPlayer(ME) : s.setKind(SeatKind.SEAT_AI).setAiLevel(1));
        }
        match = m.build();
        NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", 0))
            .addService(new Players()).addService(new Matches());
        for (BindableService s : more) {
            b.addService(s);
        }
        server = b.build().start();
    }

    String target() {
        return "localhost:" + server.getPort();
    }

    Match match() {
        return match;
    }

    /** Sends an event to every open stream. */
    void publish(MatchEvent e) {
        for (StreamObserver<MatchEvent> w : watchers) {
            synchronized (w) {
                w.onNext(e);
            }
        }
    }

    /**
     * Seat 0 leaves by resignation and the game goes on among the others, as a four-player game does: a SeatOut event
     * (version 2), then a move of the next seat (version 3). Returns the state after it left.
     */
    GameState resignSeatZero() {
        GameState before = match.getState();
        GameState.Builder after = before.toBuilder().setToMove(1);
        after.setSeats(0, before.getSeats(0).toBuilder().setOut(true).setToMove(false));
        if (after.hasPloy()) {
            after.setPloy(after.getPloy().toBuilder().setToMove(1));
        }
        GameState left = after.build();
        publish(MatchEvent.newBuilder().setMatchId("m1").setVersion(2).setSeatOut(SeatOut.newBuilder().setSeat(0)
            .setReason(EndReason.RESIGNATION).setState(left)).build());
        publish(MatchEvent.newBuilder().setMatchId("m1").setVersion(3).setMovePlayed(MovePlayed.newBuilder().setSeat(1)
            .setMove(Move.newBuilder().setNotation("a9r1")).setState(left.toBuilder().setToMove(2))).build());
        return left;
    }

    private final class Players extends LobbyServiceGrpc.LobbyServiceImplBase {
        @Override
        public void register(RegisterRequest r, StreamObserver<RegisterResponse> out) {
            calls.add("Register");
            out.onNext(RegisterResponse.newBuilder().setPlayer(ME.toBuilder().setName(r.getName())).setToken("t").build());
            out.onCompleted();
        }

        @Override
        public void whoAmI(WhoAmIRequest r, StreamObserver<Player> out) {
            calls.add("WhoAmI");
            out.onNext(ME);
            out.onCompleted();
        }
    }

    private final class Matches extends MatchServiceGrpc.MatchServiceImplBase {
        @Override
        public void getMatch(GetMatchRequest r, StreamObserver<Match> out) {
            calls.add("GetMatch");
            if (!r.getMatchId().equals("m1")) {
                out.onError(Status.NOT_FOUND.withDescription("There is no match " + r.getMatchId() + ".").asRuntimeException());
                return;
            }
            out.onNext(match);
            out.onCompleted();
        }

        @Override
        public void listMyMatches(ListMyMatchesRequest r, StreamObserver<ListMatchesResponse> out) {
            calls.add("ListMyMatches");
            List<Match> all = new ArrayList<>(List.of(match));
            all.addAll(otherMatches);
            out.onNext(ListMatchesResponse.newBuilder().addAllMatches(all.stream()
                .filter(m -> r.getStatus() == MatchStatus.MATCH_STATUS_UNSPECIFIED || m.getStatus() == r.getStatus())
                .toList()).build());
            out.onCompleted();
        }

        @Override
        public void watchMatch(WatchMatchRequest r, StreamObserver<MatchEvent> out) {
            calls.add("WatchMatch");
            watchers.add(out);
            synchronized (out) {
                out.onNext(MatchEvent.newBuilder().setMatchId("m1").setSnapshot(match).build());
            }
        }

        @Override
        public void resign(MatchActionRequest r, StreamObserver<Match> out) {
            calls.add("Resign");
            out.onNext(match.toBuilder().setVersion(2).setState(resignSeatZero()).build());
            out.onCompleted();
        }

        @Override
        public void submitMove(SubmitMoveRequest r, StreamObserver<Match> out) {
            calls.add("SubmitMove " + r.getMove());
            out.onError(Status.INVALID_ARGUMENT.withDescription(r.getMove() + " is not legal here.").asRuntimeException());
        }
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
