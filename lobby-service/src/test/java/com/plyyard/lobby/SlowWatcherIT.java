package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Backpressure on WatchMatch: a spectator whose client stops taking messages (a 2 KB flow-control window, messages
 * requested one at a time and then not at all) is not sent to while it takes nothing, is cut after the slow-client
 * cutoff (3 s in tests) with RESOURCE_EXHAUSTED naming the version to resume from, and resumes from it with nothing
 * lost; meanwhile a second spectator of the same match gets every event as it happens.
 */
@QuarkusTest
class SlowWatcherIT extends LobbyTestBase {
    private static final Pattern FROM_VERSION = Pattern.compile("from_version (\\d+)");

    @Test
    void aWatcherThatTakesNothingIsCutResumablyWhileTheOthersGoOn() throws Exception {
        TestPlayer white = register("slow-white");
        TestPlayer black = register("slow-black");
        TestPlayer fast = register("slow-fast");
        TestPlayer slow = register("slow-slow");
        Match m = white.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(invite(black)).build());
        m = black.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        EventStream others = watch(fast, m.getId(), 0);
        assertTrue(others.next().hasSnapshot());

        ManagedChannel narrow = NettyChannelBuilder.forAddress("localhost", 17070).usePlaintext()
            .initialFlowControlWindow(2048).build();
        List<MatchEvent> got = new CopyOnWriteArrayList<>();
        CompletableFuture<Status> ended = new CompletableFuture<>();
        ClientCall<WatchMatchRequest, MatchEvent> call = narrow.newCall(MatchServiceGrpc.getWatchMatchMethod(), CallOptions.DEFAULT);
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + slow.token());
            call.start(new ClientCall.Listener<>() {
                @Override
                public void onMessage(MatchEvent message) {
                    got.add(message);
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    ended.complete(status);
                }
            }, headers);
            call.sendMessage(WatchMatchRequest.newBuilder().setMatchId(m.getId()).build());
            call.halfClose();
            call.request(1); // the snapshot, and then nothing more
            for (int i = 0; i < 200 && got.isEmpty(); i++) {
                Thread.sleep(20);
            }
            assertTrue(got.get(0).hasSnapshot());

            int plies = 0;
            while (m.getState().getStatus() != GameStatus.FINISHED && plies < 60) {
                if (plies == 30) {
                    Thread.sleep(3500); // past the cutoff: the next moves' wakes find the slow stream stalled too long
                }
                m = move(white, black, m);
                plies++;
                // the other spectator is not held up: each move's event arrives as it happens
                long v = m.getVersion();
                assertEquals(v, others.until(e -> e.getVersion() >= v, Duration.ofSeconds(10)).getVersion());
            }
            call.request(Integer.MAX_VALUE); // the client reads again: what was sent, then the status
            Status status = ended.get(30, TimeUnit.SECONDS);
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, status.getCode(), String.valueOf(status));
            Matcher from = FROM_VERSION.matcher(status.getDescription());
            assertTrue(from.find(), status.getDescription());
            long resumeAt = Long.parseLong(from.group(1));
            assertTrue(resumeAt < m.getVersion(), "cut before the end of the moves: " + resumeAt);
            long last = 0;
            for (MatchEvent e : got.subList(1, got.size())) {
                assertEquals(last == 0 ? e.getVersion() : last + 1, e.getVersion(), "in order, no gap");
                last = e.getVersion();
            }
            assertEquals(resumeAt, got.size() == 1 ? resumeAt : last, "the version named is the last one sent");
            assertTrue(got.size() < plies, "the stalled stream was not sent every move: " + got.size());

            EventStream resumed = watch(slow, m.getId(), resumeAt);
            long end = m.getVersion();
            MatchEvent first = resumed.next();
            assertEquals(resumeAt + 1, first.getVersion(), "resumes right after the version named");
            resumed.untilVersion(end);
            assertEquals(end, resumed.lastVersion());
        } finally {
            call.cancel("done", null);
            narrow.shutdownNow();
        }
    }

    private Match move(TestPlayer white, TestPlayer black, Match m) {
        String move = legalMoves(m.getState()).get(0).getNotation();
        return (m.getState().getToMove() == 0 ? white : black).move(m, move);
    }
}
