package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.engine.catalog.Variants;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ServiceTestProfile;
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

/**
 * The refusals of MatchService in the ordinary states of a match, each with its code and exact sentence, and each leaving
 * the stored match unchanged (the rarer states: grpc.EveryRefusalTest).
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchErrorsTest extends LobbyTestBase {
    private static final String NO_MATCH = "6f1c1a2e-0000-4000-8000-000000000000";

    /** Asserts the refusal, its sentence, and that the stored rows of the match are exactly as before. */
    private void refused(String matchId, Status.Code code, String sentence, Executable call) {
        String before = stored(matchId);
        assertEquals(sentence, assertStatus(code, call));
        assertEquals(before, stored(matchId), "a refused call must not change the stored match");
    }

    /** Asserts the refusal of a CreateMatch and its sentence. */
    private static void refusedCreate(TestPlayer who, String sentence, CreateMatchRequest.Builder request) {
        assertEquals(sentence, assertStatus(Status.Code.INVALID_ARGUMENT, () -> who.matches().createMatch(request.build())));
    }

    @Test
    void createMatchRefusals() {
        TestPlayer a = register("creator");
        long matches = count("SELECT count(*) FROM matches");
        // the rules' own sentence passes through
        refusedCreate(a, "Unknown variant 'chess:classic'; known variants: " + String.join(", ", Variants.ids()) + ".",
            CreateMatchRequest.newBuilder().setVariant("chess:classic"));
        refusedCreate(a, "No variant given; ListVariants on rules-service names them, e.g. draughts:fmjd.",
            CreateMatchRequest.newBuilder().setVariant(""));
        refusedCreate(a, "Options for ploy were given, but draughts:fmjd is a draughts variant.", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").setOptions(VariantOptions.newBuilder().setPloy(PloyOptions.getDefaultInstance())));
        refusedCreate(a, "draughts:fmjd has no options (got no-capture-draw-plies); the FMJD draw rules are fixed.",
            CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").setOptions(VariantOptions.newBuilder()
                .setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(20))));
        refusedCreate(a, "draughts:fmjd has 2 seats, but 3 seat specifications were given.", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(open()).addSeats(open()));
        refusedCreate(a, "The creator can take only one seat ('me' appears 2 times).", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(me()));
        refusedCreate(a, "A clock needs an initial time; 0+0 means no clock.", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").setTimeControl(clock(0, 5)));
        refusedCreate(a, "Seat 1 invites you yourself; take a seat with 'me' instead.", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(invite(a)));
        TestPlayer b = register("invitee");
        refusedCreate(a, b.name() + " is invited to more than one seat; a player holds one seat.", CreateMatchRequest.newBuilder()
            .setVariant("ploy:3m:ffa").addSeats(invite(b)).addSeats(invite(b)));
        refusedCreate(a, "An AI level is 1 (beginner) to 5 (max), not 6.", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(SeatSpec.newBuilder().setAiLevel(6)));
        refusedCreate(a, "An AI level is 1 (beginner) to 5 (max), not 0.", CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(SeatSpec.newBuilder().setAiLevel(0)));
        refusedCreate(a, "Every seat is an AI seat; a match needs at least one seat for a person (me, an invitation or open).",
            CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(SeatSpec.newBuilder().setAiLevel(1))
                .addSeats(SeatSpec.newBuilder().setAiLevel(2)));
        assertEquals("No player is called 'nobody-by-this-name'.", assertStatus(Status.Code.NOT_FOUND,
            () -> a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me())
                .addSeats(SeatSpec.newBuilder().setInvite("nobody-by-this-name")).build())));
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
        assertEquals("There is no match " + NO_MATCH + ".", assertStatus(Status.Code.NOT_FOUND,
            () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(NO_MATCH).build())));
        assertEquals("'42' is not a match id (a UUID).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId("42").build())));
        refused(id, Status.Code.PERMISSION_DENIED, "Seat 1 is reserved for another player.",
            () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(1).build()));
        refused(id, Status.Code.FAILED_PRECONDITION, "No seat of this match is open for you.",
            () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build()));
        refused(id, Status.Code.FAILED_PRECONDITION, "Seat 0 (white) is taken.",
            () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(0).build()));
        refused(id, Status.Code.FAILED_PRECONDITION, "You already hold seat 0 in this match.",
            () -> a.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build()));
        refused(id, Status.Code.INVALID_ARGUMENT, "Seat 2 does not exist; this match has seats 0 to 1.",
            () -> b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(2).build()));
        refused(id, Status.Code.INVALID_ARGUMENT, "Seat 4294967295 does not exist; this match has seats 0 to 1.",
            () -> b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).setSeat(-1).build()));
        m = b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        refused(id, Status.Code.FAILED_PRECONDITION, "The match is under way; only a waiting match can be joined.",
            () -> c.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build()));
        assertEquals("There is no match " + NO_MATCH + ".", assertStatus(Status.Code.NOT_FOUND, () -> c.get(NO_MATCH)));
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
            refused(id, Status.Code.PERMISSION_DENIED, "You do not hold a seat in this match; spectators can only watch.", a);
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
        refused(waiting.getId(), Status.Code.FAILED_PRECONDITION,
            "The match is still waiting for players; nothing can be played in it now.", () -> white.move(waiting, "32-28"));
        Match m = black.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(waiting.getId()).build());
        String id = m.getId();
        long v = m.getVersion();

        refused(id, Status.Code.ABORTED, "The match has changed since version " + (v - 2) + "; the current version is " + v + ".",
            () -> white.move(id, "32-28", v - 2));
        refused(id, Status.Code.ABORTED, "The match has changed since version " + (v + 5) + "; the current version is " + v + ".",
            () -> white.move(id, "32-28", v + 5));
        refused(id, Status.Code.PERMISSION_DENIED, "You do not hold a seat in this match; spectators can only watch.",
            () -> kibitzer.move(id, "32-28", v));
        refused(id, Status.Code.FAILED_PRECONDITION, "It is not your turn; White (seat 0) is to move.",
            () -> black.move(id, "19-23", v));
        // the rules' sentences pass through
        refused(id, Status.Code.FAILED_PRECONDITION, "46-41 is not legal: there is no piece of the side to move on 46 that can "
            + "move (legal moves: 31-26, 31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30, 35-30).", () -> white.move(id, "46-41", v));
        refused(id, Status.Code.INVALID_ARGUMENT, "'hello' is not a draughts move; write it like 32-28, 28x19 or 47x38x24.",
            () -> white.move(id, "hello", v));
        refused(id, Status.Code.INVALID_ARGUMENT, "No move given.", () -> white.move(id, " ", v));
        assertEquals("There is no match " + NO_MATCH + ".", assertStatus(Status.Code.NOT_FOUND, () -> white.move(NO_MATCH, "32-28", 1)));

        Match after = white.move(id, "32-28", v);
        assertEquals(v + 1, after.getVersion());
        refused(id, Status.Code.ABORTED, "The match has changed since version " + v + "; the current version is " + (v + 1) + ".",
            () -> black.move(id, "19-23", v));
        Match resigned = black.matches().resign(MatchActionRequest.newBuilder().setMatchId(id).setExpectedVersion(after.getVersion()).build());
        assertEquals(MatchStatus.MATCH_FINISHED, resigned.getStatus());
        String over = "The match is over; nothing can be played in it now.";
        refused(id, Status.Code.FAILED_PRECONDITION, over, () -> white.move(id, "31-27", resigned.getVersion()));
        refused(id, Status.Code.FAILED_PRECONDITION, over, () -> black.matches().offerDraw(TestPlayer.action(resigned)));
        refused(id, Status.Code.FAILED_PRECONDITION, over, () -> white.matches().resign(TestPlayer.action(resigned)));
        refused(id, Status.Code.FAILED_PRECONDITION, "The match is over; there is nothing to abort.",
            () -> white.matches().abort(TestPlayer.action(resigned)));
    }

    @Test
    void watchRefusals() {
        TestPlayer a = register("watcher");
        Match m = a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).build());
        String before = stored(m.getId());
        Throwable unknown = watch(a, NO_MATCH, 0).awaitEnd(Duration.ofSeconds(10));
        assertEquals(Status.Code.NOT_FOUND, Status.fromThrowable(unknown).getCode());
        assertEquals("There is no match " + NO_MATCH + ".", Status.fromThrowable(unknown).getDescription());
        Throwable beyond = watch(a, m.getId(), m.getVersion() + 1).awaitEnd(Duration.ofSeconds(10));
        assertEquals(Status.Code.INVALID_ARGUMENT, Status.fromThrowable(beyond).getCode());
        assertEquals("Version " + (m.getVersion() + 1) + " is beyond this match's current version " + m.getVersion() + ".",
            Status.fromThrowable(beyond).getDescription());
        Throwable noToken = com.plyyard.lobby.support.EventStream.open(
            com.plyyard.proto.v1.MatchServiceGrpc.newStub(channel), m.getId(), 0).awaitEnd(Duration.ofSeconds(10));
        assertEquals(Status.Code.UNAUTHENTICATED, Status.fromThrowable(noToken).getCode());
        assertEquals("This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives a token.",
            Status.fromThrowable(noToken).getDescription());
        assertEquals(before, stored(m.getId()), "no refused stream counts as a connection");
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
                        assertEquals("The match has changed since version " + v + "; the current version is " + (v + 1) + ".",
                            s.getStatus().getDescription());
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
