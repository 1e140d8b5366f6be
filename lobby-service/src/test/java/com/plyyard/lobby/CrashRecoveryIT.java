package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.AiServiceProcess;
import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.LobbyStream;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of the packaged lobby while clients play: after a restart every acknowledged move is there, no move is half
 * applied, the clocks go on from where the turns started (the time the lobby was down counts against the player to
 * move, as it would on a board clock), a spectator resumes from its version without a gap, and a waiting AI turn and a
 * waiting pool ticket are taken up.
 */
class CrashRecoveryIT {
    private static final int MATCHES = 3;
    private static EmbeddedPostgresProcess pg;
    private static RulesServiceProcess rules;
    private static ManagedChannel rulesChannel;

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        pg = EmbeddedPostgresProcess.start();
    }

    @AfterAll
    static void stop() {
        if (rulesChannel != null) {
            rulesChannel.shutdownNow();
        }
        if (rules != null) {
            rules.stop();
        }
        if (pg != null) {
            pg.close();
        }
    }

    private static RulesServiceGrpc.RulesServiceBlockingStub rules() {
        return RulesServiceGrpc.newBlockingStub(rulesChannel).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    private static String firstMove(Match m) {
        return rules().legalMoves(LegalMovesRequest.newBuilder().setState(m.getState()).build()).getMoves(0).getNotation();
    }

    private static Match started(TestPlayer w, TestPlayer b, TimeControl clock) {
        Match m = w.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").setTimeControl(clock)
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(b.name())).build());
        return b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
    }

    /** Plays first legal moves in one match until the lobby stops answering; returns every acknowledged answer. */
    private static List<Match> play(TestPlayer w, TestPlayer b, Match m, AtomicBoolean go) {
        List<Match> acked = new ArrayList<>();
        Match now = m;
        while (go.get() && now.getStatus() == MatchStatus.MATCH_ACTIVE) {
            if (acked.size() >= 60) { // keep the match going: wait for the crash
                try {
                    w.get(now.getId());
                } catch (StatusRuntimeException e) {
                    break;
                }
                Processes.sleep(50);
                continue;
            }
            String move = firstMove(now);
            try {
                now = (now.getState().getToMove() == 0 ? w : b).move(now, move);
                acked.add(now);
            } catch (StatusRuntimeException e) {
                break; // the lobby died under the call: its outcome is unknown to this client
            }
        }
        return acked;
    }

    @Test
    void aKilledLobbyLosesNoAcknowledgedMoveAndResumesEverything() throws Exception {
        int port = Processes.freePort();
        int aiPort = Processes.freePort(); // ai-service starts only after the crash: an AI turn is left waiting
        Map<String, String> env = Map.of(
            "PLYYARD_LOBBY_MATCHMAKING_PRESENCE_HEARTBEAT", "1s",
            "PLYYARD_LOBBY_MATCHMAKING_SEEK_GRACE", "60s",
            "PLYYARD_LOBBY_MATCHMAKING_AI_FILL_AFTER", "8s",
            "PLYYARD_LOBBY_AI_RETRY_MAX", "2s");
        LobbyProcess lobby = LobbyProcess.start(port, pg, rules.port(), aiPort, env, "crash-1");
        TimeControl clock = TimeControl.newBuilder().setInitialSeconds(300).build();
        List<TestPlayer[]> pairs = new ArrayList<>();
        List<Match> matches = new ArrayList<>();
        TestPlayer spectator;
        TestPlayer human;
        TestPlayer waiting;
        String aiMatch;
        List<List<Match>> acked = new ArrayList<>();
        List<MatchEvent> seen = new CopyOnWriteArrayList<>();
        long killedAt;
        String shortMatch;
        long lastSeen;
        TestPlayer[] shortPlayers;
        ExecutorService pool = Executors.newFixedThreadPool(MATCHES);
        try {
            for (int i = 0; i < MATCHES; i++) {
                TestPlayer w = Clients.register(lobby.channel(), "crash-w" + i);
                TestPlayer b = Clients.register(lobby.channel(), "crash-b" + i);
                pairs.add(new TestPlayer[] {w, b});
                matches.add(started(w, b, clock));
            }
            spectator = Clients.register(lobby.channel(), "crash-spec");
            EventStream stream = spectator.watch(matches.get(0).getId(), 0);
            human = Clients.register(lobby.channel(), "crash-ai");
            aiMatch = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(SeatSpec.newBuilder().setAiLevel(1)).addSeats(SeatSpec.newBuilder().setMe(true)).build()).getId();
            waiting = Clients.register(lobby.channel(), "crash-pool");
            LobbyStream presence = waiting.watchLobby(0);
            waiting.mm().joinPool(JoinPoolRequest.newBuilder().setGame(GameSpec.newBuilder().setVariant("draughts:fmjd"))
                .setAllowAiFill(true).build());

            AtomicBoolean go = new AtomicBoolean(true);
            List<Future<List<Match>>> players = new ArrayList<>();
            for (int i = 0; i < MATCHES; i++) {
                TestPlayer[] p = pairs.get(i);
                Match m = matches.get(i);
                players.add(pool.submit(() -> play(p[0], p[1], m, go)));
            }
            Processes.sleep(2500);
            // a match whose mover has 4 s left when the lobby dies: its flag falls while the lobby is down
            TestPlayer sw = Clients.register(lobby.channel(), "crash-sw");
            TestPlayer sb = Clients.register(lobby.channel(), "crash-sb");
            Match s0 = started(sw, sb, TimeControl.newBuilder().setInitialSeconds(4).build());
            shortMatch = sw.move(s0, firstMove(s0)).getId();
            shortPlayers = new TestPlayer[] {sw, sb};
            lobby.kill();
            killedAt = System.currentTimeMillis();
            for (Future<List<Match>> f : players) {
                acked.add(f.get(60, TimeUnit.SECONDS));
            }
            assertTrue(stream.awaitEnd(Duration.ofSeconds(20)) instanceof StatusRuntimeException,
                "the spectator's stream ends with a status when the lobby dies");
            seen.addAll(stream.received());
            lastSeen = stream.lastVersion();
            stream.close();
            presence.close();
        } finally {
            pool.shutdownNow();
            lobby.kill();
        }
        assertTrue(acked.stream().allMatch(a -> !a.isEmpty()), "every match had acknowledged moves before the crash");

        try (AiServiceProcess ai = new AiServiceProcess(aiPort, Path.of("target", "it-logs", "crash-ai-service.log"))) {
            ai.start();
            // down for at least 5 s, longer than the short match's mover had left
            Processes.sleep(Math.max(1000, 5000 - (System.currentTimeMillis() - killedAt)));
            LobbyProcess again = LobbyProcess.start(port, pg, rules.port(), aiPort, env, "crash-2");
            try {
                long upAt = System.currentTimeMillis();
                for (int i = 0; i < MATCHES; i++) {
                    TestPlayer[] p = pairs.get(i);
                    TestPlayer w = TestPlayer.of(again.channel(), p[0].player(), p[0].token());
                    Match stored = w.get(matches.get(i).getId());
                    checkNothingLostOrHalfApplied(matches.get(i), acked.get(i), stored);
                    checkTheClockWentOn(stored);
                }
                TestPlayer sw = TestPlayer.of(again.channel(), shortPlayers[0].player(), shortPlayers[0].token());
                awaitTrue(() -> sw.get(shortMatch).getStatus() == MatchStatus.MATCH_FINISHED, Duration.ofSeconds(10),
                    "the flag that fell while the lobby was down is seen at once");
                Match flagged = sw.get(shortMatch);
                assertEquals(com.plyyard.proto.v1.EndReason.TIMEOUT, flagged.getResult().getReason());
                assertEquals(List.of(0), flagged.getResult().getWinnersList());
                assertEquals(0, flagged.getSeats(1).getClockMillis());
                assertTrue(upAt - killedAt >= 4000, "the flag fell during the downtime, not after it");

                // the spectator resumes from the last version it saw: the next events, no gap, no repeat
                long stillStored = TestPlayer.of(again.channel(), pairs.get(0)[0].player(), pairs.get(0)[0].token())
                    .get(matches.get(0).getId()).getVersion();
                assertTrue(lastSeen <= stillStored, "every event the spectator saw is stored: " + lastSeen + " ≤ " + stillStored);
                TestPlayer spec2 = TestPlayer.of(again.channel(), spectator.player(), spectator.token());
                TestPlayer[] p0 = pairs.get(0);
                try (EventStream resumed = spec2.watch(matches.get(0).getId(), lastSeen)) {
                    TestPlayer w = TestPlayer.of(again.channel(), p0[0].player(), p0[0].token());
                    TestPlayer b = TestPlayer.of(again.channel(), p0[1].player(), p0[1].token());
                    Match m = w.get(matches.get(0).getId());
                    m = (m.getState().getToMove() == 0 ? w : b).move(m, firstMove(m));
                    resumed.untilVersion(m.getVersion());
                    long expect = lastSeen + 1;
                    for (MatchEvent e : resumed.received()) {
                        assertEquals(expect++, e.getVersion(), "contiguous versions after the crash");
                    }
                    assertEquals(m.getVersion() + 1, expect);
                }

                // the AI turn left waiting is played, and the waiting pool ticket is filled with an AI seat
                TestPlayer h = TestPlayer.of(again.channel(), human.player(), human.token());
                awaitTrue(() -> h.get(aiMatch).getMovesCount() > 0, Duration.ofSeconds(30), "the waiting AI turn is played");
                TestPlayer q = TestPlayer.of(again.channel(), waiting.player(), waiting.token());
                try (LobbyStream back = q.watchLobby(0)) {
                    awaitTrue(() -> q.matches().listMyMatches(ListMyMatchesRequest.newBuilder()
                            .setStatus(MatchStatus.MATCH_ACTIVE).build()).getMatchesList().stream()
                            .anyMatch(m -> m.getSeatsList().stream().anyMatch(s -> s.getKind() == SeatKind.SEAT_AI)),
                        Duration.ofSeconds(40), "the pool ticket from before the crash is paired (AI fill)");
                }
            } finally {
                again.stop();
            }
        }
    }

    /**
     * SIGTERM while clients play: moves in flight are answered and stored, later calls are refused UNAVAILABLE (never
     * INTERNAL), every acknowledged move is stored, and the spectators' streams end UNAVAILABLE naming the version to
     * reconnect from — which the terminal client does by itself (MatchFollowerReconnectTest).
     */
    @Test
    void aStoppingLobbyFinishesInFlightMovesAndEndsStreamsReconnectably() throws Exception {
        int port = Processes.freePort();
        LobbyProcess lobby = LobbyProcess.start(port, pg, rules.port(), "graceful-1");
        List<TestPlayer[]> pairs = new ArrayList<>();
        List<Match> matches = new ArrayList<>();
        List<EventStream> streams = new ArrayList<>();
        List<StatusRuntimeException> refusals = new CopyOnWriteArrayList<>();
        List<List<Match>> acked = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(MATCHES);
        try {
            TestPlayer spectator = Clients.register(lobby.channel(), "grace-spec");
            for (int i = 0; i < MATCHES; i++) {
                TestPlayer w = Clients.register(lobby.channel(), "grace-w" + i);
                TestPlayer b = Clients.register(lobby.channel(), "grace-b" + i);
                pairs.add(new TestPlayer[] {w, b});
                Match m = started(w, b, TimeControl.newBuilder().setInitialSeconds(300).build());
                matches.add(m);
                streams.add(spectator.watch(m.getId(), m.getVersion()));
            }
            AtomicBoolean go = new AtomicBoolean(true);
            List<Future<List<Match>>> players = new ArrayList<>();
            for (int i = 0; i < MATCHES; i++) {
                TestPlayer[] p = pairs.get(i);
                Match m = matches.get(i);
                players.add(pool.submit(() -> {
                    List<Match> mine = new ArrayList<>();
                    Match now = m;
                    while (mine.size() < 60) {
                        try {
                            now = (now.getState().getToMove() == 0 ? p[0] : p[1]).move(now, firstMove(now));
                            mine.add(now);
                        } catch (StatusRuntimeException e) {
                            refusals.add(e);
                            break;
                        }
                    }
                    return mine;
                }));
            }
            Processes.sleep(2000);
            lobby.terminate(); // SIGTERM, the clients still connected
            for (Future<List<Match>> f : players) {
                acked.add(f.get(60, TimeUnit.SECONDS));
            }
            assertTrue(lobby.exitValue() == 0 || lobby.exitValue() == 143, "a clean stop, exit " + lobby.exitValue());
            for (EventStream s : streams) {
                Throwable end = s.awaitEnd(Duration.ofSeconds(10));
                assertTrue(end instanceof StatusRuntimeException, String.valueOf(end));
                io.grpc.Status status = ((StatusRuntimeException) end).getStatus();
                assertEquals(io.grpc.Status.Code.UNAVAILABLE, status.getCode(), status.toString());
            }
            assertTrue(streams.stream().anyMatch(s -> true));
        } finally {
            pool.shutdownNow();
            lobby.stop();
        }
        for (StatusRuntimeException e : refusals) {
            assertEquals(io.grpc.Status.Code.UNAVAILABLE, e.getStatus().getCode(), "a stopping lobby refuses, it does not fail: "
                + e.getStatus());
        }
        LobbyProcess again = LobbyProcess.start(port, pg, rules.port(), "graceful-2");
        try {
            int unanswered = 0;
            for (int i = 0; i < MATCHES; i++) {
                TestPlayer w = TestPlayer.of(again.channel(), pairs.get(i)[0].player(), pairs.get(i)[0].token());
                Match stored = w.get(matches.get(i).getId());
                checkNothingLostOrHalfApplied(matches.get(i), acked.get(i), stored);
                unanswered += stored.getMovesCount() - acked.get(i).get(acked.get(i).size() - 1).getMovesCount();
            }
            assertEquals(0, unanswered, "every move the stopping lobby stored was answered; the refusals: " + refusals.stream()
                .map(e -> e.getStatus().toString()).toList());
        } finally {
            again.stop();
        }
    }

    /**
     * Every acknowledged move is stored, in order; at most one more (sent as the lobby died, committed, never
     * answered); and the stored position is exactly the start position with the stored moves applied.
     */
    private static void checkNothingLostOrHalfApplied(Match start, List<Match> acked, Match stored) {
        Match last = acked.get(acked.size() - 1);
        assertTrue(stored.getMovesCount() >= last.getMovesCount() && stored.getMovesCount() <= last.getMovesCount() + 1,
            "acknowledged " + last.getMovesCount() + " moves, stored " + stored.getMovesCount());
        for (int i = 0; i < last.getMovesCount(); i++) {
            assertEquals(last.getMoves(i).getMove().getNotation(), stored.getMoves(i).getMove().getNotation(), "move " + (i + 1));
        }
        GameState replay = start.getState();
        long version = 0;
        for (MatchMove mv : stored.getMovesList()) {
            replay = rules().applyMove(ApplyMoveRequest.newBuilder().setState(replay).setMove(mv.getMove().getNotation()).build())
                .getState();
            assertTrue(mv.getVersion() > version, "move versions increase");
            version = mv.getVersion();
        }
        assertEquals(replay, stored.getState(), "the stored position is the moves applied, no more, no less");
        assertEquals(MatchStatus.MATCH_ACTIVE, stored.getStatus(), "60 plies of first moves end no game");
    }

    /**
     * The mover's clock runs from the start of its turn, which the crash did not move: the clocks are as of the last
     * move, the mover's time left is what it had when the turn began, so the time since (the downtime included) counts.
     */
    private static void checkTheClockWentOn(Match stored) {
        int mover = stored.getState().getToMove();
        MatchMove last = stored.getMoves(stored.getMovesCount() - 1);
        long leftAtTurnStart = 300_000;
        for (MatchMove mv : stored.getMovesList()) {
            if (mv.getSeat() == mover) {
                leftAtTurnStart = mv.getClockMillisAfter();
            }
        }
        assertEquals(last.getAtEpochMillis(), stored.getClockAtEpochMillis(), "the clocks run from the last move, before the crash");
        assertEquals(leftAtTurnStart, stored.getSeats(mover).getClockMillis(), "the mover's time left at its turn's start");
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, Duration max, String what) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Processes.sleep(200);
        }
    }
}
