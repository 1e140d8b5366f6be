package com.plyyard.lobby.support;

import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SubmitMoveRequest;
import io.grpc.Channel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;

/** A simulated client: a registered player and stubs that send its token. */
public record TestPlayer(Player player, String token, LobbyServiceGrpc.LobbyServiceBlockingStub lobby,
                         MatchServiceGrpc.MatchServiceBlockingStub matches, MatchServiceGrpc.MatchServiceStub async) {

    public static TestPlayer of(Channel channel, Player player, String token) {
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        var auth = MetadataUtils.newAttachHeadersInterceptor(md);
        return new TestPlayer(player, token, LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(auth),
            MatchServiceGrpc.newBlockingStub(channel).withInterceptors(auth),
            MatchServiceGrpc.newStub(channel).withInterceptors(auth));
    }

    public String name() {
        return player.getName();
    }

    public Match get(String matchId) {
        return matches.getMatch(GetMatchRequest.newBuilder().setMatchId(matchId).build());
    }

    public Match move(Match m, String move) {
        return move(m.getId(), move, m.getVersion());
    }

    public Match move(String matchId, String move, long expectedVersion) {
        return matches.submitMove(SubmitMoveRequest.newBuilder().setMatchId(matchId).setMove(move)
            .setExpectedVersion(expectedVersion).build());
    }

    public static MatchActionRequest action(Match m) {
        return MatchActionRequest.newBuilder().setMatchId(m.getId()).setExpectedVersion(m.getVersion()).build();
    }

    public EventStream watch(String matchId, long fromVersion) {
        return EventStream.open(async, matchId, fromVersion);
    }

    /** MatchmakingService with this player's token (the channel of the stubs above carries it). */
    public MatchmakingServiceGrpc.MatchmakingServiceBlockingStub mm() {
        return MatchmakingServiceGrpc.newBlockingStub(lobby.getChannel());
    }

    public LobbyStream watchLobby(long fromVersion) {
        return LobbyStream.open(MatchmakingServiceGrpc.newStub(lobby.getChannel()), fromVersion);
    }
}
