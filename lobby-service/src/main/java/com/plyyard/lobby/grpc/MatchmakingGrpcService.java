package com.plyyard.lobby.grpc;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.matchmaking.Challenges;
import com.plyyard.lobby.matchmaking.LobbyStreamStart;
import com.plyyard.lobby.matchmaking.Parties;
import com.plyyard.lobby.matchmaking.Pools;
import com.plyyard.lobby.matchmaking.Rematches;
import com.plyyard.lobby.matchmaking.Seeks;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.lobby.watch.LobbyStream;
import com.plyyard.lobby.watch.LobbyStreams;
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
 * runs on the lobby's worker pool ({@link WorkerPool}); see the classes of {@code com.plyyard.lobby.matchmaking}.
 */
@GrpcService
public class MatchmakingGrpcService extends MatchmakingServiceGrpc.MatchmakingServiceImplBase {
    @Inject
    WorkerPool workers;

    @Inject
    Tokens tokens;

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
    com.plyyard.lobby.rating.Ratings ratings;

    @Inject
    LobbyStreamStart streamStart;

    @Inject
    LobbyStreams streams;

    @Override
    public void createSeek(CreateSeekRequest request, StreamObserver<Seek> out) {
        workers.unary("CreateSeek", out, token -> seeks.create(tokens.caller(token), request));
    }

    @Override
    public void cancelSeek(SeekRequest request, StreamObserver<Seek> out) {
        workers.unary("CancelSeek", out, token -> seeks.cancel(tokens.caller(token), request.getSeekId()));
    }

    @Override
    public void acceptSeek(AcceptSeekRequest request, StreamObserver<Seek> out) {
        workers.unary("AcceptSeek", out, token -> seeks.accept(tokens.caller(token), request));
    }

    @Override
    public void listSeeks(ListSeeksRequest request, StreamObserver<ListSeeksResponse> out) {
        workers.unary("ListSeeks", out, token -> {
            tokens.caller(token);
            return seeks.list(request);
        });
    }

    @Override
    public void createParty(CreatePartyRequest request, StreamObserver<Party> out) {
        workers.unary("CreateParty", out, token -> parties.create(tokens.caller(token), request));
    }

    @Override
    public void joinParty(PartyRequest request, StreamObserver<Party> out) {
        workers.unary("JoinParty", out, token -> parties.join(tokens.caller(token), request.getPartyId()));
    }

    @Override
    public void leaveParty(PartyRequest request, StreamObserver<Party> out) {
        workers.unary("LeaveParty", out, token -> parties.leave(tokens.caller(token), request.getPartyId()));
    }

    @Override
    public void joinPool(JoinPoolRequest request, StreamObserver<PoolTicket> out) {
        workers.unary("JoinPool", out, token -> pools.join(tokens.caller(token), request));
    }

    @Override
    public void leavePool(PoolTicketRequest request, StreamObserver<PoolTicket> out) {
        workers.unary("LeavePool", out, token -> pools.leave(tokens.caller(token), request.getTicketId()));
    }

    @Override
    public void listPools(ListPoolsRequest request, StreamObserver<ListPoolsResponse> out) {
        workers.unary("ListPools", out, token -> {
            tokens.caller(token);
            return pools.list();
        });
    }

    @Override
    public void createChallenge(CreateChallengeRequest request, StreamObserver<Challenge> out) {
        workers.unary("CreateChallenge", out, token -> challenges.create(tokens.caller(token), request));
    }

    @Override
    public void acceptChallenge(ChallengeRequest request, StreamObserver<Challenge> out) {
        workers.unary("AcceptChallenge", out, token -> challenges.accept(tokens.caller(token), request.getChallengeId()));
    }

    @Override
    public void declineChallenge(ChallengeRequest request, StreamObserver<Challenge> out) {
        workers.unary("DeclineChallenge", out, token -> challenges.decline(tokens.caller(token), request.getChallengeId()));
    }

    @Override
    public void cancelChallenge(ChallengeRequest request, StreamObserver<Challenge> out) {
        workers.unary("CancelChallenge", out, token -> challenges.cancel(tokens.caller(token), request.getChallengeId()));
    }

    @Override
    public void requestRematch(RematchRequest request, StreamObserver<Rematch> out) {
        workers.unary("RequestRematch", out, token -> rematches.request(tokens.caller(token), request.getMatchId()));
    }

    @Override
    public void getRatings(GetRatingsRequest request, StreamObserver<Ratings> out) {
        workers.unary("GetRatings", out, token -> ratings.get(tokens.caller(token), request.getPlayer()));
    }

    /**
     * A snapshot (from_version 0), then the lobby events after it that the caller may see, in version order, live,
     * until the client cancels or the server stops. While the stream is open the caller is present in the lobby.
     */
    @Override
    public void watchLobby(WatchLobbyRequest request, StreamObserver<LobbyEvent> responseObserver) {
        ServerCallStreamObserver<LobbyEvent> out = (ServerCallStreamObserver<LobbyEvent>) responseObserver;
        String token = WorkerPool.token();
        StreamCancellation cancellation = StreamCancellation.of(out);
        workers.openStream(out, "WatchLobby", handTo -> {
            try {
                if (streams.stopping()) {
                    throw LobbyException.unavailable("lobby-service is shutting down; reconnect in a moment.");
                }
                Player me = tokens.caller(token);
                UUID myId = UUID.fromString(me.getId());
                streamStart.check(request.getFromVersion()); // a refusal before the presence row is written
                LobbyStream stream = streams.create(myId, new GrpcEventSink<>(out, "WatchLobby"), workers.streamExecutor());
                if (!cancellation.hold(stream)) {
                    return;
                }
                handTo.accept(stream);
                stream.open();
                LobbyStreamStart.Start start = streamStart.start(myId, request.getFromVersion());
                if (start.snapshot() != null) {
                    out.onNext(start.snapshot());
                }
                stream.start(start.version());
            } catch (Throwable t) {
                cancellation.stop();
                WorkerPool.safeError(out, ErrorMapper.toStatus(t, "WatchLobby"));
            }
        });
    }
}
