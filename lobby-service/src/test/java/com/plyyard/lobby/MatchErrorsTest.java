package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every refusal of the API, each with its code and sentence, and each leaving the stored match unchanged. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchErrorsTest extends LobbyTestBase {
    private static final String NO_MATCH = "6f1c1a2e-0000-4000-8000-000000000000";

    /** Asserts the refusal and that the stored rows of the match are exactly as before. */
    private String refused(String matchId, Status.Code code, Executable call) {
        String before = stored(matchId);
        String d = assertStatus(code, call);
        assertEquals(before, stored(matchId), "a refused call must not change the stored match");
        return d;
    }

    @Test
    void createMatchRefusals() {
        TestPlayer a = register("creator");
        long matches = count("SELECT count(*) FROM matches");
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(
            CreateMatchRequest.newBuilder().setVariant("chess:classic").build()));
        assertTrue(d.toLowerCase().contains("variant"), "the rules' reason passes through: " + d);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").build().toBuilder().setVariant("").build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").setOptions(VariantOptions.newBuilder().setPloy(PloyOptions.getDefaultInstance())).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").setOptions(VariantOptions.newBuilder()
                .setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(20))).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(open()).addSeats(open()).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(me()).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").setTimeControl(clock(0, 5)).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(invite(a)).build()));
        TestPlayer b = register("invitee");
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("ploy:3m:ffa").addSeats(invite(b)).addSeats(invite(b)).build()));
        String level = assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(SeatSpec.newBuilder().setAiLevel(6)).build()));
        assertEquals("An AI level is 1 (beginner) to 5 (max), not 6.", level);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(SeatSpec.newBuilder().setAiLevel(0)).build()));
        String allAi = assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(SeatSpec.newBuilder().setAiLevel(1)).addSeats(SeatSpec.newBuilder().setAiLevel(2))
            .build()));
        assertTrue(allAi.contains("at least one seat for a person"), allAi);
        assertStatus(Status.Code.NOT_FOUND, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(SeatSpec.newBuilder().setInvite("nobody-by-this-name")).build()));
        assertEquals(matches, count("SELECT count(*) FROM matches"), "no refused match was stored");
    }

    @Test
    void joinRefusals() {
        TestPlayer a = register("host");
        TestPlayer b = register("guest");
        TestPlayer c = register("crasher");
        Match m = a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(invite(b)).build());
        String id = m.getId();
        assertStatus(Status.Code.NOT_FOUND, () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(NO_MATCH).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId("42").build()));
        refused(id, Status.Code.PERMISSION_DENIED, () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(1).build()));
        refused(id, Status.Code.FAILED_PRECONDITION, () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build()));
        refused(id, Status.Code.FAILED_PRECONDITION, () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(0).build()));
        refused(id, Status.Code.FAILED_PRECONDITION, () -> a.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build()));
        refused(id, Status.Code.INVALID_ARGUMENT, () -> b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(2).build()));
        m = b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        refused(id, Status.Code.FAILED_PRECONDITION, () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build()));
        assertStatus(Status.Code.NOT_FOUND, () -> c.get(NO_MATCH));
    }

    /** A spectator (watching, with a valid token, not seated) can do nothing to a match, whatever is pending. */
    @Test
    void aSpectatorCannotActOnTheMatch() {
        TestPlayer white = register("sw");
        TestPlayer black = register("sb");
        TestPlayer spectator = register("spectator");
        Match m = started("draughts:fmjd", clock(60, 0), white, black);
        String id = m.getId();
        TestPlayer mover = m.getSeats(mover(m)).getPlayer().equals(white.player()) ? white : black;
        Match offered = mover.matches().offerDraw(MatchActionRequest.newBuilder().setMatchId(id)
            .setExpectedVersion(m.getVersion()).build());
        watch(spectator, id, 0); // watching the match (closed by the base class) gives no right to act on it
        MatchActionRequest action = MatchActionRequest.newBuilder().setMatchId(id)
            .setExpectedVersion(offered.getVersion()).build();
        List<Executable> actions = List.of(
            () -> spectator.matches().resign(action),
            () -> spectator.matches().offerDraw(action),
            () -> spectator.matches().acceptDraw(action),
            () -> spectator.matches().declineDraw(action),
            () -> spectator.matches().abort(action),
            () -> spectator.matches().claimTimeout(action),
            () -> spectator.move(id, "32-28", offered.getVersion()));
        for (Executable a : actions) {
            refused(id, Status.Code.PERMISSION_DENIED, a);
        }
        assertEquals(offered.getVersion(), white.get(id).getVersion(), "nothing happened to the match");
    }

    @Test
    void submitMoveRefusals() {
        TestPlayer white = register("w");
        TestPlayer black = register("b");
        TestPlayer kibitzer = register("k");
        Match waiting = white.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(invite(black)).build());
        refused(waiting.getId(), Status.Code.FAILED_PRECONDITION, () -> white.move(waiting, "32-28"));
        Match m = black.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(waiting.getId()).build());
        String id = m.getId();
        long v = m.getVersion();

        String stale = refused(id, Status.Code.ABORTED, () -> white.move(id, "32-28", v - 2));
        assertTrue(stale.endsWith("current version is " + v + "."), stale);
        refused(id, Status.Code.ABORTED, () -> white.move(id, "32-28", v + 5));
        refused(id, Status.Code.PERMISSION_DENIED, () -> kibitzer.move(id, "32-28", v));
        String turn = refused(id, Status.Code.FAILED_PRECONDITION, () -> black.move(id, "19-23", v));
        assertTrue(turn.startsWith("It is not your turn"), turn);
        String illegal = refused(id, Status.Code.FAILED_PRECONDITION, () -> white.move(id, "46-41", v));
        assertTrue(illegal.contains("46-41"), "the rules' sentence: " + illegal);
        refused(id, Status.Code.INVALID_ARGUMENT, () -> white.move(id, "hello", v));
        refused(id, Status.Code.INVALID_ARGUMENT, () -> white.move(id, " ", v));
        assertStatus(Status.Code.NOT_FOUND, () -> white.move(NO_MATCH, "32-28", 1));

        Match after = white.move(id, "32-28", v);
        assertEquals(v + 1, after.getVersion());
        refused(id, Status.Code.ABORTED, () -> black.move(id, "19-23", v));
        Match resigned = black.matches().resign(MatchActionRequest.newBuilder().setMatchId(id).setExpectedVersion(after.getVersion()).build());
        assertEquals(MatchStatus.MATCH_FINISHED, resigned.getStatus());
        refused(id, Status.Code.FAILED_PRECONDITION, () -> white.move(id, "31-27", resigned.getVersion()));
        refused(id, Status.Code.FAILED_PRECONDITION, () -> black.matches().offerDraw(TestPlayer.action(resigned)));
        refused(id, Status.Code.FAILED_PRECONDITION, () -> white.matches().resign(TestPlayer.action(resigned)));
        refused(id, Status.Code.FAILED_PRECONDITION, () -> white.matches().abort(TestPlayer.action(resigned)));
    }

    @Test
    void watchRefusals() {
        TestPlayer a = register("watcher");
        Match m = a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).build());
        Throwable unknown = watch(a, NO_MATCH, 0).awaitEnd(Duration.ofSeconds(10));
        assertEquals(Status.Code.NOT_FOUND, Status.fromThrowable(unknown).getCode());
        Throwable beyond = watch(a, m.getId(), m.getVersion() + 1).awaitEnd(Duration.ofSeconds(10));
        assertEquals(Status.Code.INVALID_ARGUMENT, Status.fromThrowable(beyond).getCode());
        assertTrue(Status.fromThrowable(beyond).getDescription().endsWith("."));
        Throwable noToken = com.plyyard.lobby.support.EventStream.open(
            com.plyyard.proto.v1.MatchServiceGrpc.newStub(channel), m.getId(), 0).awaitEnd(Duration.ofSeconds(10));
        assertEquals(Status.Code.UNAUTHENTICATED, Status.fromThrowable(noToken).getCode());
    }

    /** Two clients send a change for the same version at once: exactly one wins, the other gets ABORTED. */
    @Test
    void racingTheSameVersion() throws Exception {
        TestPlayer white = register("racer-w");
        TestPlayer black = register("racer-b");
        TestPlayer whiteAgain = TestPlayer.of(channel, white.player(), white.token()); // a second connection
        Match m = started("draughts:fmjd", clock(0, 0), white, black);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 6; round++) {
                long v = m.getVersion();
                String id = m.getId();
                List<String> moves = legalMoves(m.getState()).stream().map(x -> x.getNotation()).toList();
                TestPlayer mover = m.getState().getToMove() == 0 ? white : black;
                TestPlayer other = mover == white ? black : white;
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Match>> calls = new ArrayList<>();
                if (round % 2 == 0) {
                    // the same player from two connections, two different moves
                    TestPlayer second = mover == white ? whiteAgain : TestPlayer.of(channel, black.player(), black.token());
                    calls.add(pool.submit(() -> { go.await(); return mover.move(id, moves.get(0), v); }));
                    calls.add(pool.submit(() -> { go.await(); return second.move(id, moves.get(moves.size() - 1), v); }));
                } else {
                    // a move against the opponent's draw offer
                    calls.add(pool.submit(() -> { go.await(); return mover.move(id, moves.get(0), v); }));
                    calls.add(pool.submit(() -> { go.await(); return other.matches().offerDraw(
                        MatchActionRequest.newBuilder().setMatchId(id).setExpectedVersion(v).build()); }));
                }
                go.countDown();
                int won = 0;
                int aborted = 0;
                Match winner = null;
                for (Future<Match> f : calls) {
                    try {
                        winner = f.get(20, TimeUnit.SECONDS);
                        won++;
                    } catch (java.util.concurrent.ExecutionException e) {
                        StatusRuntimeException s = (StatusRuntimeException) e.getCause();
                        assertEquals(Status.Code.ABORTED, s.getStatus().getCode(), s.getStatus().getDescription());
                        assertTrue(s.getStatus().getDescription().endsWith("current version is " + (v + 1) + "."));
                        aborted++;
                    }
                }
                assertEquals(1, won, "exactly one wins");
                assertEquals(1, aborted, "the other is ABORTED");
                assertEquals(v + 1, winner.getVersion());
                assertEquals(v + 1, count("SELECT count(*) FROM match_events WHERE match_id = ?::uuid", id));
                m = white.get(id);
                if (m.getSeats(0).getOffersDraw() || m.getSeats(1).getOffersDraw()) {
                    TestPlayer decliner = m.getSeats(0).getOffersDraw() ? black : white;
                    m = decliner.matches().declineDraw(TestPlayer.action(m));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
