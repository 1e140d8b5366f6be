package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.matchmaking.MatchmakingSweeper;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.LobbyStream;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.ChallengeStatus;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Direct challenges and open links: accepted, declined, cancelled, expired; private to their two players. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class ChallengesTest extends MatchmakingTestBase {
    @Inject
    MatchmakingSweeper sweeper;

    @Inject
    ManualClock clock;

    private static ChallengeRequest ref(Challenge c) {
        return ChallengeRequest.newBuilder().setChallengeId(c.getId()).build();
    }

    @Test
    void aNamedChallengeIsAccepted() {
        TestPlayer challenger = register("challenger");
        TestPlayer opponent = register("opponent");
        TestPlayer outsider = register("outsider");
        LobbyStream challengerLobby = inLobby(challenger);
        LobbyStream opponentLobby = inLobby(opponent);
        LobbyStream outsiderLobby = inLobby(outsider);
        Challenge c = challenger.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), true)).setOpponent(opponent.name()).setSeat(1).build());
        assertEquals(ChallengeStatus.CHALLENGE_OPEN, c.getStatus());
        assertEquals(opponent.player(), c.getOpponent());
        assertEquals(clock.nowMillis() + 600_000, c.getExpiresAtEpochMillis(), "600 s by default, on the lobby's clock");
        LobbyEvent seen = opponentLobby.until(LobbyEvent::hasChallenge, Duration.ofSeconds(5));
        assertEquals(c, seen.getChallenge());
        assertStatus(Status.Code.PERMISSION_DENIED, () -> outsider.mm().acceptChallenge(ref(c)));
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> challenger.mm().acceptChallenge(ref(c)));
        Challenge accepted = opponent.mm().acceptChallenge(ref(c));
        assertEquals(ChallengeStatus.CHALLENGE_ACCEPTED, accepted.getStatus());
        Match m = opponent.get(accepted.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertTrue(m.getRated());
        assertEquals(challenger.player(), m.getSeats(1).getPlayer(), "the challenger's chosen seat");
        assertEquals(opponent.player(), m.getSeats(0).getPlayer());
        LobbyEvent p1 = paired(challengerLobby);
        assertEquals(1, p1.getPaired().getSeat());
        assertEquals(c.getId(), p1.getPaired().getChallengeId());
        assertEquals(0, paired(opponentLobby).getPaired().getSeat());
        outsiderLobby.drain(Duration.ofMillis(500));
        assertTrue(outsiderLobby.received().stream().noneMatch(e -> e.hasChallenge() || e.hasPaired()),
            "a named challenge is private to its two players");
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> opponent.mm().acceptChallenge(ref(c)));
    }

    @Test
    void anOpenLinkGoesToTheFirstWhoAccepts() {
        TestPlayer host = register("link-host");
        TestPlayer first = register("link-first");
        TestPlayer second = register("link-second");
        LobbyStream secondLobby = inLobby(second);
        Challenge link = host.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).build());
        assertFalse(link.hasOpponent());
        assertEquals(link.getId(), secondLobby.until(LobbyEvent::hasChallenge, Duration.ofSeconds(5)).getChallenge().getId(),
            "an open link is shown to everyone");
        Challenge taken = first.mm().acceptChallenge(ref(link));
        assertEquals(first.player(), taken.getOpponent());
        assertEquals(ChallengeStatus.CHALLENGE_ACCEPTED, taken.getStatus());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> second.mm().acceptChallenge(ref(link)));
        Match m = host.get(taken.getMatchId());
        assertTrue(m.getSeatsList().stream().anyMatch(s -> s.getPlayer().equals(first.player())));
        assertTrue(m.getSeatsList().stream().anyMatch(s -> s.getPlayer().equals(host.player())));
    }

    @Test
    void declinedAndCancelled() {
        TestPlayer a = register("dc-a");
        TestPlayer b = register("dc-b");
        Challenge one = a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(b.name()).build());
        assertStatus(Status.Code.PERMISSION_DENIED, () -> a.mm().declineChallenge(ref(one)));
        assertEquals(ChallengeStatus.CHALLENGE_DECLINED, b.mm().declineChallenge(ref(one)).getStatus());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.mm().acceptChallenge(ref(one)));
        Challenge two = a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(b.name()).build());
        assertStatus(Status.Code.PERMISSION_DENIED, () -> b.mm().cancelChallenge(ref(two)));
        assertEquals(ChallengeStatus.CHALLENGE_CANCELLED, a.mm().cancelChallenge(ref(two)).getStatus());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.mm().acceptChallenge(ref(two)));
    }

    @Test
    void aChallengeExpires() {
        TestPlayer a = register("exp-a");
        TestPlayer b = register("exp-b");
        LobbyStream bLobby = inLobby(b);
        Challenge c = a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(b.name()).setExpiresInSeconds(1).build());
        clock.advanceMillis(999);
        sweeper.sweepNow();
        assertEquals("CHALLENGE_OPEN", text("SELECT status FROM challenges WHERE id = ?::uuid", c.getId()),
            "open for its whole second");
        clock.advanceMillis(1);
        sweeper.sweepNow();
        LobbyEvent expired = bLobby.until(e -> e.hasChallenge() && e.getChallenge().getStatus() == ChallengeStatus.CHALLENGE_EXPIRED,
            Duration.ofSeconds(8));
        assertEquals(c.getId(), expired.getChallenge().getId());
        String before = storedLobby(a, b);
        String why = assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.mm().acceptChallenge(ref(c)));
        assertEquals("The challenge is expired; it cannot be accepted any more.", why);
        assertEquals(before, storedLobby(a, b));
        assertEquals(0, count("SELECT count(*) FROM seats WHERE player_id = ?::uuid", b.player().getId()));
    }

    /** Past its expiry a challenge cannot be accepted, also before the sweeper has marked it. */
    @Test
    void acceptingAfterTheExpiryIsRefusedAtOnce() {
        TestPlayer a = register("late-a");
        TestPlayer b = register("late-b");
        Challenge c = a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(b.name()).setExpiresInSeconds(1).build());
        String why;
        sweeper.pause(); // so that the sweeper does not mark it meanwhile: the call itself finds it expired
        try {
            clock.advanceMillis(1000); // the expiry itself: not a millisecond more
            String before = storedLobby(a, b);
            why = assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.mm().acceptChallenge(ref(c)));
            assertEquals(before, storedLobby(a, b));
        } finally {
            sweeper.resume();
        }
        assertEquals("The challenge has expired; it cannot be accepted any more.", why);
    }
}
