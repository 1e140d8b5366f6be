package com.plyyard.lobby.grpc;

import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.lobby.match.Players;
import com.plyyard.lobby.watch.WatchHub;
import com.plyyard.lobby.watch.PumpSlot;
import com.plyyard.lobby.watch.Watcher;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.function.BiFunction;

/** plyyard.v1.MatchService. The work runs on the lobby's worker pool ({@link Calls}); see {@link MatchLogic}. */
@GrpcService
public class MatchGrpcService extends MatchServiceGrpc.MatchServiceImplBase {
    @Inject
    Calls calls;

    @Inject
    Players players;

    @Inject
    MatchLogic logic;

    @Inject
    WatchHub hub;

    @Override
    public void createMatch(CreateMatchRequest request, StreamObserver<Match> out) {
        calls.unary("CreateMatch", out, token -> logic.create(players.caller(token), request));
    }

    @Override
    public void joinMatch(JoinMatchRequest request, StreamObserver<Match> out) {
        calls.unary("JoinMatch", out, token -> logic.join(players.caller(token), request));
    }

    @Override
    public void listMyMatches(ListMyMatchesRequest request, StreamObserver<ListMatchesResponse> out) {
        calls.unary("ListMyMatches", out, token -> logic.listMine(players.caller(token), request));
    }

    @Override
    public void getMatch(GetMatchRequest request, StreamObserver<Match> out) {
        calls.unary("GetMatch", out, token -> {
            players.caller(token);
            return logic.get(request.getMatchId());
        });
    }

    @Override
    public void submitMove(SubmitMoveRequest request, StreamObserver<Match> out) {
        calls.unary("SubmitMove", out, token -> logic.submitMove(players.caller(token), request.getMatchId(),
            request.getMove(), request.getExpectedVersion()));
    }

    @Override
    public void resign(MatchActionRequest request, StreamObserver<Match> out) {
        action("Resign", request, out, (me, r) -> logic.resign(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void offerDraw(MatchActionRequest request, StreamObserver<Match> out) {
        action("OfferDraw", request, out, (me, r) -> logic.offerDraw(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void acceptDraw(MatchActionRequest request, StreamObserver<Match> out) {
        action("AcceptDraw", request, out, (me, r) -> logic.acceptDraw(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void declineDraw(MatchActionRequest request, StreamObserver<Match> out) {
        action("DeclineDraw", request, out, (me, r) -> logic.declineDraw(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void abort(MatchActionRequest request, StreamObserver<Match> out) {
        action("Abort", request, out, (me, r) -> logic.abort(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void claimTimeout(MatchActionRequest request, StreamObserver<Match> out) {
        action("ClaimTimeout", request, out, (me, r) -> logic.claimTimeout(me, r.getMatchId(), r.getExpectedVersion()));
    }

    private void action(String method, MatchActionRequest request, StreamObserver<Match> out,
                        BiFunction<Player, MatchActionRequest, Match> work) {
        calls.unary(method, out, token -> work.apply(players.caller(token), request));
    }

    /**
     * A snapshot (from_version 0), then the stored events after it in version order, live, until the client
     * cancels or the server stops. See {@link Watcher}.
     */
    @Override
    public void watchMatch(WatchMatchRequest request, StreamObserver<MatchEvent> responseObserver) {
        ServerCallStreamObserver<MatchEvent> out = (ServerCallStreamObserver<MatchEvent>) responseObserver;
        String token = Calls.token();
        PumpSlot slot = PumpSlot.of(out);
        calls.execute(out, () -> {
            try {
                if (hub.stopping()) {
                    throw LobbyErrors.unavailable("lobby-service is shutting down; reconnect in a moment.");
                }
                Player me = players.caller(token);
                MatchLogic.WatchStart start = logic.watchStart(me, request.getMatchId(), request.getFromVersion());
                UUID id = UUID.fromString(request.getMatchId().strip());
                Watcher w = new Watcher(id, out, hub, logic, calls.executor());
                if (!slot.hold(w)) {
                    return;
                }
                if (start.snapshot() != null) {
                    out.onNext(MatchEvent.newBuilder().setMatchId(id.toString()).setVersion(0)
                        .setAtEpochMillis(System.currentTimeMillis()).setSnapshot(start.snapshot()).build());
                }
                w.start(start.version(), start.seat());
            } catch (Throwable t) {
                slot.stop();
                Calls.safeError(out, LobbyErrors.toStatus(t, "WatchMatch"));
            }
        });
    }
}
