package com.plyyard.lobby.grpc;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.MatchDraws;
import com.plyyard.lobby.match.MatchEndings;
import com.plyyard.lobby.match.MatchFlagging;
import com.plyyard.lobby.match.MatchMoves;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.match.MatchRecords;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.lobby.watch.MatchStream;
import com.plyyard.lobby.watch.MatchStreams;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetMatchRecordRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.ListLegalMovesRequest;
import com.plyyard.proto.v1.ListLegalMovesResponse;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;
import java.util.function.BiFunction;

/** plyyard.v1.MatchService: each call runs on the worker pool ({@link WorkerPool}) and is one class of the match package. */
@GrpcService
public class MatchGrpcService extends MatchServiceGrpc.MatchServiceImplBase {
    @Inject
    WorkerPool workers;

    @Inject
    Tokens tokens;

    @Inject
    MatchCreation creation;

    @Inject
    MatchMoves moves;

    @Inject
    MatchEndings endings;

    @Inject
    MatchDraws draws;

    @Inject
    MatchFlagging flagging;

    @Inject
    MatchQueries queries;

    @Inject
    MatchRecords records;

    @Inject
    MatchStreams streams;

    @Override
    public void createMatch(CreateMatchRequest request, StreamObserver<Match> out) {
        workers.unary("CreateMatch", out, token -> creation.create(tokens.caller(token), request));
    }

    @Override
    public void joinMatch(JoinMatchRequest request, StreamObserver<Match> out) {
        workers.unary("JoinMatch", out, token -> creation.join(tokens.caller(token), request));
    }

    @Override
    public void listMyMatches(ListMyMatchesRequest request, StreamObserver<ListMatchesResponse> out) {
        workers.unary("ListMyMatches", out, token -> queries.listMine(tokens.caller(token), request));
    }

    @Override
    public void getMatch(GetMatchRequest request, StreamObserver<Match> out) {
        workers.unary("GetMatch", out, token -> {
            tokens.caller(token);
            return queries.get(request.getMatchId());
        });
    }

    @Override
    public void listLegalMoves(ListLegalMovesRequest request, StreamObserver<ListLegalMovesResponse> out) {
        workers.unary("ListLegalMoves", out, token -> {
            tokens.caller(token);
            return queries.legalMoves(request.getMatchId());
        });
    }

    @Override
    public void getMatchRecord(GetMatchRecordRequest request, StreamObserver<MatchRecord> out) {
        workers.unary("GetMatchRecord", out, token -> {
            tokens.caller(token);
            return records.record(request.getMatchId());
        });
    }

    @Override
    public void submitMove(SubmitMoveRequest request, StreamObserver<Match> out) {
        workers.unary("SubmitMove", out, token -> moves.submitMove(tokens.caller(token), request.getMatchId(),
            request.getMove(), request.getExpectedVersion()));
    }

    @Override
    public void resign(MatchActionRequest request, StreamObserver<Match> out) {
        action("Resign", request, out, (me, r) -> endings.resign(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void offerDraw(MatchActionRequest request, StreamObserver<Match> out) {
        action("OfferDraw", request, out, (me, r) -> draws.offer(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void acceptDraw(MatchActionRequest request, StreamObserver<Match> out) {
        action("AcceptDraw", request, out, (me, r) -> draws.accept(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void declineDraw(MatchActionRequest request, StreamObserver<Match> out) {
        action("DeclineDraw", request, out, (me, r) -> draws.decline(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void abort(MatchActionRequest request, StreamObserver<Match> out) {
        action("Abort", request, out, (me, r) -> endings.abort(me, r.getMatchId(), r.getExpectedVersion()));
    }

    @Override
    public void claimTimeout(MatchActionRequest request, StreamObserver<Match> out) {
        action("ClaimTimeout", request, out, (me, r) -> flagging.claimTimeout(me, r.getMatchId(), r.getExpectedVersion()));
    }

    private void action(String method, MatchActionRequest request, StreamObserver<Match> out,
                        BiFunction<Player, MatchActionRequest, Match> work) {
        workers.unary(method, out, token -> work.apply(tokens.caller(token), request));
    }

    /**
     * A snapshot (from_version 0), then the stored events after it in version order, live, until the client cancels or
     * the server stops. See {@link MatchStream}.
     */
    @Override
    public void watchMatch(WatchMatchRequest request, StreamObserver<MatchEvent> responseObserver) {
        ServerCallStreamObserver<MatchEvent> out = (ServerCallStreamObserver<MatchEvent>) responseObserver;
        String token = WorkerPool.token();
        StreamCancellation cancellation = StreamCancellation.of(out);
        workers.openStream(out, "WatchMatch", handTo -> {
            try {
                if (streams.stopping()) {
                    throw LobbyException.unavailable("lobby-service is shutting down; reconnect in a moment.");
                }
                Player me = tokens.caller(token);
                MatchQueries.WatchStart start = queries.watchStart(me, request.getMatchId(), request.getFromVersion());
                MatchStream stream = streams.create(start.matchId(), new GrpcEventSink<>(out, "WatchMatch"), workers.streamExecutor());
                if (!cancellation.hold(stream)) {
                    return;
                }
                handTo.accept(stream);
                if (start.snapshot() != null) {
                    out.onNext(MatchEvent.newBuilder().setMatchId(start.matchId().toString()).setVersion(0)
                        .setAtEpochMillis(System.currentTimeMillis()).setSnapshot(start.snapshot()).build());
                }
                stream.start(start.version(), start.seat());
            } catch (Throwable t) {
                cancellation.stop();
                WorkerPool.safeError(out, ErrorMapper.toStatus(t, "WatchMatch"));
            }
        });
    }
}
