package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.ListPoolsRequest;
import com.plyyard.proto.v1.ListPoolsResponse;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.LobbySnapshot;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolSize;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.TicketStatus;
import com.plyyard.proto.v1.WatchLobbyRequest;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matches}, and {@code pool join} telling what it waits for, how to play what it found, and which match keeps the
 * player from being paired — against a scripted lobby over a real socket.
 */
@Timeout(60)
class MyMatchesCommandsTest {
    @TempDir
    Path home;

    private FakeMatchLobby lobby;
    /** True: JoinPool refuses a player busy in a clocked match, with the lobby's sentence of today. */
    private volatile boolean busy;

    private final class Pools extends MatchmakingServiceGrpc.MatchmakingServiceImplBase {
        @Override
        public void joinPool(JoinPoolRequest r, StreamObserver<PoolTicket> out) {
            if (busy) {
                out.onError(Status.FAILED_PRECONDITION.withDescription("You are playing a match with a clock; finish it "
                    + "before looking for another.").asRuntimeException());
                return;
            }
            out.onNext(PoolTicket.newBuilder().setId("t1").setGame(r.getGame()).addPlayers(FakeMatchLobby.ME)
                .setStatus(TicketStatus.TICKET_WAITING).build());
            out.onCompleted();
        }

        @Override
        public void listPools(ListPoolsRequest r, StreamObserver<ListPoolsResponse> out) {
            out.onNext(ListPoolsResponse.newBuilder().addPools(PoolSize.newBuilder().setGame(
                com.plyyard.proto.v1.GameSpec.newBuilder().setVariant("draughts:fmjd")).setPlayersWaiting(7))
                .addPools(PoolSize.newBuilder().setGame(com.plyyard.proto.v1.GameSpec.newBuilder().setVariant("ploy:3m:ffa"))
                    .setPlayersWaiting(1)).build());
            out.onCompleted();
        }

        @Override
        public void watchLobby(WatchLobbyRequest r, StreamObserver<LobbyEvent> out) {
            if (r.getFromVersion() == 0) {
                out.onNext(LobbyEvent.newBuilder().setSnapshotVersion(5).setSnapshot(LobbySnapshot.getDefaultInstance())
                    .build());
                return; // stays open, as the lobby's stream does
            }
            out.onNext(LobbyEvent.newBuilder().setVersion(6).setPaired(Paired.newBuilder().setMatchId("m9").setSeat(2)
                .setTicketId("t1")).build());
            out.onCompleted();
        }
    }

    private void start(int clockSeconds) throws Exception {
        lobby = new FakeMatchLobby("ploy:3m:ffa", clockSeconds, new Pools());
        System.setProperty("plyyard.credentials.dir", home.toString());
    }

    @AfterEach
    void stop() {
        if (lobby != null) {
            lobby.close();
        }
        System.clearProperty("plyyard.credentials.dir");
    }

    @Test
    void matchesListsTheOpenOnesWithWhoseTurnItIsAndMyClock() throws Exception {
        start(300);
        Match finished = lobby.match().toBuilder().setId("m0").setStatus(MatchStatus.MATCH_FINISHED)
            .setResult(Outcome.newBuilder().setDescription("Red wins.")).build();
        Match waiting = lobby.match().toBuilder().setId("m2").setStatus(MatchStatus.MATCH_WAITING)
            .setSeats(1, lobby.match().getSeats(1).toBuilder().setKind(SeatKind.SEAT_INVITED)
                .setPlayer(Player.newBuilder().setName("bob"))).build();
        lobby.otherMatches.addAll(List.of(finished, waiting));
        Run r = Run.of("matches", "--target", lobby.target(), "--name", "ann");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(3, r.out().size(), r.out()::toString);
        assertTrue(r.out().get(0).matches("match=m1 variant=ploy:3m:ffa status=active time=5\\+0 me=green to_move=green "
            + "my_turn=true my_clock=(5:00|4:59|4:58) opponents=ai1,ai1,ai1"), r.out().get(0));
        assertEquals("match=m2 variant=ploy:3m:ffa status=waiting time=5+0 me=green to_move=- my_turn=false my_clock=5:00 "
            + "opponents=bob?,ai1,ai1", r.out().get(1));
        assertEquals("play or resume one with ./plyyard play --match ID --target " + lobby.target() + " --name ann",
            r.out().get(2));
        Run everything = Run.of("matches", "--all", "--target", lobby.target(), "--name", "ann");
        assertTrue(everything.out().contains("match=m0 variant=ploy:3m:ffa status=finished time=5+0 me=green to_move=- "
            + "my_turn=false my_clock=5:00 opponents=ai1,ai1,ai1 result=Red wins."), everything.out()::toString);
    }

    @Test
    void theClockOfTheSeatToMoveRunsFromWhenItWasRead() throws Exception {
        start(300);
        Match m = lobby.match().toBuilder().setClockAtEpochMillis(1_000_000L).build();
        assertTrue(MatchesCommand.line(m, "me", 1_000_000L + 65_500L).contains(" my_clock=3:54 "), "5:00 less 1:05.5");
        assertTrue(MatchesCommand.line(m, "someone else", 1_000_000L).contains(" me=- to_move=green my_turn=false my_clock=- "
            + "opponents=ann,ai1,ai1,ai1"), MatchesCommand.line(m, "someone else", 1_000_000L));
    }

    @Test
    void aPoolRefusalBecauseOfAClockedMatchNamesIt() throws Exception {
        start(300);
        busy = true;
        Run r = Run.of("pool", "join", "--variant", "draughts:fmjd", "--time", "3+2", "--target", lobby.target(), "--name",
            "ann");
        assertEquals(2, r.exitCode(), r::toString);
        assertEquals(List.of("plyyard: You are playing a match with a clock; finish it before looking for another. It is match "
            + "m1 (ploy:3m:ffa, 5+0); resume it with ./plyyard play --match m1 --target " + lobby.target() + "."), r.err());
    }

    @Test
    void poolJoinSaysWhatItWaitsForAndEndsWithHowToPlay() throws Exception {
        start(0);
        Run r = Run.of("pool", "join", "--variant", "ploy:3m:ffa", "--ai-fill", "--target", lobby.target(), "--name", "ann",
            "--wait", "30");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("ticket=t1 players=1", "waiting to be paired (Ctrl-C leaves the pool)…", "waiting: 1 in the pool",
            "with --ai-fill, AI players take the seats nobody takes within the lobby's wait",
            "paired: play it with ./plyyard play --match m9 --target " + lobby.target() + " --name ann",
            "match=m9 seat=2"), r.out());
    }
}
