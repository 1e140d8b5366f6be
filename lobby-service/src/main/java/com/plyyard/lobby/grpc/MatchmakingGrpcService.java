package com.plyyard.lobby.grpc;

import com.plyyard.lobby.match.Players;
import com.plyyard.lobby.matchmaking.Challenges;
import com.plyyard.lobby.matchmaking.LobbyPresence;
import com.plyyard.lobby.matchmaking.LobbyWatch;
import com.plyyard.lobby.matchmaking.Parties;
import com.plyyard.lobby.matchmaking.Pools;
import com.plyyard.lobby.matchmaking.Rematches;
import com.plyyard.lobby.matchmaking.Seeks;
import com.plyyard.lobby.watch.LobbyHub;
import com.plyyard.lobby.watch.LobbyWatcher;
import com.plyyard.lobby.watch.PumpSlot;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.ListPoolsRequest;
import com.plyyard.proto.v1.ListPoolsResponse;
import com.plyyard.proto.v1.ListSeeksRequest;
import com.plyyard.proto.v1.ListSeeksResponse;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.Ratings;
import com.plyyard.proto.v1.Rematch;
import com.plyyard.proto.v1.RematchRequest;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.WatchLobbyRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;
import java.util.UUID;

/**
 * plyyard.v1.MatchmakingService: seeks, parties, pools, challenges, rematches, ratings and the lobby stream. The work
 * runs on the lobby's worker pool ({@link Calls}); see the classes of {@code com.plyyard.lobby.matchmaking}.
 */
@GrpcService
public class MatchmakingGrpcService extends MatchmakingServiceGrpc.MatchmakingServiceImplBase {
    @Inject
    Calls calls;

    @Inject
    Players players;

    @Inject
    Seeks seeks;

    @Inject
    Parties parties;

    @Inject
    Pools pools;

    @Inject
    Challenges challenges;

    @Inject
    Rematches rematches;

    @Inject
    com.plyyard.lobby.matchmaking.Ratings ratings;

    @Inject
    LobbyWatch watch;

    @Inject
    LobbyHub hub;

    @Inject
    LobbyPresence presence;

    @Override
    public void createSeek(CreateSeekRequest request, StreamObserver<Seek> out) {
        calls.unary("CreateSeek", out, token -> seeks.create(players.caller(token), request));
    }

    @Override
    public void cancelSeek(SeekRequest request, StreamObserver<Seek> out) {
        calls.unary("CancelSeek", out, token -> seeks.cancel(players.caller(token), request.getSeekId()));
    }

    @Override
    public void acceptSeek(AcceptSeekRequest request, StreamObserver<Seek> out) {
        calls.unary("AcceptSeek", out, token -> seeks.accept(players.caller(token), request));
    }

    @Override
    public void listSeeks(ListSeeksRequest request, StreamObserver<ListSeeksResponse> out) {
        calls.unary("ListSeeks", out, token -> {
            players.caller(token);
            return seeks.list(request);
        });
    }

    @Override
    public void createParty(CreatePartyRequest request, StreamObserver<Party> out) {
        calls.unary("CreateParty", out, token -> parties.create(players.caller(token), request));
    }

    @Override
    public void joinParty(PartyRequest request, StreamObserver<Party> out) {
        calls.unary("JoinParty", out, token -> parties.join(players.caller(token), request.getPartyId()));
    }

    @Override
    public void leaveParty(PartyRequest request, StreamObserver<Party> out) {
        calls.unary("LeaveParty", out, token -> parties.leave(players.caller(token), request.getPartyId()));
    }

    @Override
    public void joinPool(JoinPoolRequest request, StreamObserver<PoolTicket> out) {
        calls.unary("JoinPool", out, token -> pools.join(players.caller(token), request));
    }

    @Override
    public void leavePool(PoolTicketRequest request, StreamObserver<PoolTicket> out) {
        calls.unary("LeavePool", out, token -> pools.leave(players.caller(token), request.getTicketId()));
    }

    @Override
    public void listPools(ListPoolsRequest request, StreamObserver<ListPoolsResponse> out) {
        calls.unary("ListPools", out, token -> {
            players.caller(token);
            return pools.list();
        });
    }

    @Override
    public void createChallenge(CreateChallengeRequest request, StreamObserver<Challenge> out) {
        calls.unary("CreateChallenge", out, token -> challenges.create(players.caller(token), request));
    }

    @Override
    public void acceptChallenge(ChallengeRequest request, StreamObserver<Challenge> out) {
        calls.unary("AcceptChallenge", out, token -> challenges.accept(players.caller(token), request.getChallengeId()));
    }

    @Override
    public void declineChallenge(ChallengeRequest request, StreamObserver<Challenge> out) {
        calls.unary("DeclineChallenge", out, token -> challenges.decline(players.caller(token), request.getChallengeId()));
    }

    @Override
    public void cancelChallenge(ChallengeRequest request, StreamObserver<Challenge> out) {
        calls.unary("CancelChallenge", out, token -> challenges.cancel(players.caller(token), request.getChallengeId()));
    }

    @Override
    public void requestRematch(RematchRequest request, StreamObserver<Rematch> out) {
        calls.unary("RequestRematch", out, token -> rematches.request(players.caller(token), request.getMatchId()));
    }

    @Override
    public void getRatings(GetRatingsRequest request, StreamObserver<Ratings> out) {
        calls.unary("GetRatings", out, token -> ratings.get(players.caller(token), request.getPlayer()));
    }

    /**
     * A snapshot (from_version 0), then the lobby events after it that the caller may see, in version order, live,
     * until the client cancels or the server stops. While the stream is open the caller is present in the lobby.
     */
    @Override
    public void watchLobby(WatchLobbyRequest request, StreamObserver<LobbyEvent> responseObserver) {
        ServerCallStreamObserver<LobbyEvent> out = (ServerCallStreamObserver<LobbyEvent>) responseObserver;
        String token = Calls.token();
        PumpSlot slot = PumpSlot.of(out);
        calls.execute(out, () -> {
            try {
                if (hub.stopping()) {
                    throw LobbyErrors.unavailable("lobby-service is shutting down; reconnect in a moment.");
                }
                Player me = players.caller(token);
                UUID myId = UUID.fromString(me.getId());
                LobbyWatcher w = new LobbyWatcher(myId, out, hub, presence, calls.executor());
                if (!slot.hold(w)) {
                    return;
                }
                w.open();
                LobbyWatch.Start start = watch.start(myId, request.getFromVersion());
                if (start.snapshot() != null) {
                    out.onNext(start.snapshot());
                }
                w.start(start.version());
            } catch (Throwable t) {
                slot.stop();
                Calls.safeError(out, LobbyErrors.toStatus(t, "WatchLobby"));
            }
        });
    }
}
