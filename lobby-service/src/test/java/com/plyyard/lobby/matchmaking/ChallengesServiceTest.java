package com.plyyard.lobby.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.support.MatchmakingFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeStatus;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Challenges through the bean: named and open links, accepted, declined, cancelled, expired by the lobby's clock. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class ChallengesServiceTest extends MatchmakingFixtures {
    private static final String NOBODY = "6f1c1a2e-0000-4000-8000-00000000f00d";

    @Inject
    Challenges challenges;

    @Inject
    Pools pools;

    private Challenge challenge(Player from, Player to, GameSpec game) {
        CreateChallengeRequest.Builder b = CreateChallengeRequest.newBuilder().setGame(game);
        if (to != null) {
            b.setOpponent(to.getName());
        }
        return challenges.create(from, b.build());
    }

    private List<Challenge> challengeEvents(Player p, long version, Challenge c) {
        return eventsFor(p, version).stream().filter(e -> e.hasChallenge() && e.getChallenge().getId().equals(c.getId()))
            .map(LobbyEvent::getChallenge).toList();
    }

    @Test
    void aNamedChallengeIsAcceptedByItsOpponentOnly() {
        Player challenger = register("ch-from");
        Player opponent = register("ch-to");
        Player outsider = register("ch-out");
        long v = lobbyVersion();
        Challenge c = challenges.create(challenger, CreateChallengeRequest.newBuilder().setGame(fresh("draughts:fmjd", true))
            .setOpponent(opponent.getName()).setSeat(1).build());
        assertEquals(ChallengeStatus.CHALLENGE_OPEN, c.getStatus());
        assertEquals(challenger, c.getChallenger());
        assertEquals(opponent, c.getOpponent());
        assertEquals(clock.nowMillis() + 600_000, c.getExpiresAtEpochMillis(), "600 s by default, by the lobby's clock");
        assertEquals(List.of(c), challengeEvents(opponent, v, c));
        assertEquals(List.of(), challengeEvents(outsider, v, c), "a named challenge is private to its two players");

        refused(ErrorKind.PERMISSION_DENIED, "This challenge is for another player.", () -> challenges.accept(outsider, c.getId()),
            challenger, opponent, outsider);
        refused(ErrorKind.FAILED_PRECONDITION, "You cannot accept your own challenge; wait for your opponent, or cancel it.",
            () -> challenges.accept(challenger, c.getId()), challenger, opponent);
        long v2 = lobbyVersion();
        Challenge accepted = challenges.accept(opponent, c.getId());
        assertEquals(ChallengeStatus.CHALLENGE_ACCEPTED, accepted.getStatus());
        Match m = matches.get(accepted.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertTrue(m.getRated());
        assertEquals(opponent, m.getSeats(0).getPlayer());
        assertEquals(challenger, m.getSeats(1).getPlayer(), "the challenger's chosen seat");
        LobbyEvent paired = pairedEvents(challenger, v2).get(0);
        assertEquals(accepted.getMatchId(), paired.getPaired().getMatchId());
        assertEquals(1, paired.getPaired().getSeat());
        assertEquals(c.getId(), paired.getPaired().getChallengeId());
        assertEquals(0, pairedEvents(opponent, v2).get(0).getPaired().getSeat());
        assertEquals(List.of(accepted), challengeEvents(challenger, v2, c));
        assertTrue(eventsFor(outsider, v2).stream().noneMatch(e -> e.hasPaired() || e.hasChallenge()));
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is accepted; it cannot be accepted any more.",
            () -> challenges.accept(opponent, c.getId()), challenger, opponent);
    }

    @Test
    void anOpenLinkIsSeenByEveryoneAndGoesToTheFirstWhoAccepts() {
        Player host = register("cl-host");
        Player first = register("cl-first");
        Player second = register("cl-second");
        long v = lobbyVersion();
        Challenge link = challenge(host, null, fresh("draughts:fmjd", false));
        assertFalse(link.hasOpponent());
        assertEquals(List.of(link), challengeEvents(second, v, link), "an open link is announced to everyone");
        refused(ErrorKind.FAILED_PRECONDITION, "An open challenge link cannot be declined; just leave it.",
            () -> challenges.decline(first, link.getId()), host, first);
        refused(ErrorKind.FAILED_PRECONDITION, "You cannot accept your own challenge; wait for someone to accept the link, or "
            + "cancel it.", () -> challenges.accept(host, link.getId()), host);
        Challenge taken = challenges.accept(first, link.getId());
        assertEquals(ChallengeStatus.CHALLENGE_ACCEPTED, taken.getStatus());
        assertEquals(first, taken.getOpponent());
        Match m = matches.get(taken.getMatchId());
        assertEquals(Set.of(host, first), Set.of(m.getSeats(0).getPlayer(), m.getSeats(1).getPlayer()));
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is accepted; it cannot be accepted any more.",
            () -> challenges.accept(second, link.getId()), host, first, second);
    }

    @Test
    void declinedAndCancelledChallengesAreOver() {
        Player a = register("cd-a");
        Player b = register("cd-b");
        Challenge one = challenge(a, b, fresh("draughts:fmjd", false));
        refused(ErrorKind.PERMISSION_DENIED, "Only the challenged player can decline a challenge.",
            () -> challenges.decline(a, one.getId()), a, b);
        long v = lobbyVersion();
        Challenge declined = challenges.decline(b, one.getId());
        assertEquals(ChallengeStatus.CHALLENGE_DECLINED, declined.getStatus());
        assertEquals(List.of(declined), challengeEvents(a, v, one), "the challenger is told");
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is declined; it cannot be accepted any more.",
            () -> challenges.accept(b, one.getId()), a, b);

        Challenge two = challenge(a, b, fresh("draughts:fmjd", false));
        refused(ErrorKind.PERMISSION_DENIED, "Only the challenger can cancel a challenge.", () -> challenges.cancel(b, two.getId()),
            a, b);
        assertEquals(ChallengeStatus.CHALLENGE_CANCELLED, challenges.cancel(a, two.getId()).getStatus());
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is cancelled; it cannot be cancelled any more.",
            () -> challenges.cancel(a, two.getId()), a, b);
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is cancelled; it cannot be declined any more.",
            () -> challenges.decline(b, two.getId()), a, b);
        assertEquals(0, matchesOf(a));
    }

    @Test
    void aChallengeExpiresAtItsTimeByTheLobbysClock() {
        Player a = register("ce-a");
        Player b = register("ce-b");
        Challenge c = challenges.create(a, CreateChallengeRequest.newBuilder().setGame(fresh("draughts:fmjd", false))
            .setOpponent(b.getName()).setExpiresInSeconds(5).build());
        assertEquals(clock.nowMillis() + 5000, c.getExpiresAtEpochMillis());
        clock.advanceMillis(4999);
        sweeper.sweepNow();
        assertEquals("CHALLENGE_OPEN", challengeStatus(c.getId()), "open until its last millisecond");
        long v = lobbyVersion();
        clock.advanceMillis(1);
        sweeper.sweepNow();
        assertEquals("CHALLENGE_EXPIRED", challengeStatus(c.getId()));
        assertEquals(5000, count("SELECT (extract(epoch FROM updated_at - created_at) * 1000)::bigint FROM challenges "
            + "WHERE id = ?::uuid", c.getId()));
        List<Challenge> told = challengeEvents(b, v, c);
        assertEquals(1, told.size());
        assertEquals(ChallengeStatus.CHALLENGE_EXPIRED, told.get(0).getStatus());
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is expired; it cannot be accepted any more.",
            () -> challenges.accept(b, c.getId()), a, b);
        refused(ErrorKind.FAILED_PRECONDITION, "The challenge is expired; it cannot be cancelled any more.",
            () -> challenges.cancel(a, c.getId()), a, b);
        assertEquals(0, matchesOf(b));
    }

    /** Past its time a challenge cannot be accepted, whether or not the sweeper (which runs on its own too) marked it. */
    @Test
    void aLateAcceptanceIsRefusedEvenBeforeTheSweeperMarksIt() {
        Player a = register("cx-a");
        Player b = register("cx-b");
        Challenge c = challenges.create(a, CreateChallengeRequest.newBuilder().setGame(fresh("draughts:fmjd", false))
            .setOpponent(b.getName()).setExpiresInSeconds(1).build());
        clock.advanceMillis(1000);
        LobbyException e = assertThrows(LobbyException.class, () -> challenges.accept(b, c.getId()));
        assertEquals(ErrorKind.FAILED_PRECONDITION, e.kind());
        assertTrue(Set.of("The challenge has expired; it cannot be accepted any more.",
            "The challenge is expired; it cannot be accepted any more.").contains(e.sentence()), e.sentence());
        assertEquals(0, matchesOf(b));
        assertFalse("CHALLENGE_ACCEPTED".equals(challengeStatus(c.getId())));
    }

    @Test
    void malformedChallengesAndUnknownIdsAreRefused() {
        Player a = register("cm-a");
        Player b = register("cm-b");
        GameSpec game = fresh("draughts:fmjd", false);
        refused(ErrorKind.INVALID_ARGUMENT, "You cannot challenge yourself.", () -> challenge(a, a, game), a);
        refused(ErrorKind.NOT_FOUND, "No player is called 'nobody-by-that-name'.", () -> challenges.create(a,
            CreateChallengeRequest.newBuilder().setGame(game).setOpponent("nobody-by-that-name").build()), a);
        refused(ErrorKind.INVALID_ARGUMENT, "A challenge is for two-player variants; ploy:3m:ffa has 4 seats, so post a seek "
            + "instead.", () -> challenge(a, b, fresh("ploy:3m:ffa", false)), a, b);
        refused(ErrorKind.INVALID_ARGUMENT, "A challenge expires within 7 days (604800 s), not 691200 s.",
            () -> challenges.create(a, CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.getName())
                .setExpiresInSeconds(8 * 24 * 3600).build()), a, b);
        refused(ErrorKind.INVALID_ARGUMENT, "Seat 2 does not exist; a challenge has seats 0 and 1.",
            () -> challenges.create(a, CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.getName()).setSeat(2)
                .build()), a, b);
        refused(ErrorKind.NOT_FOUND, "There is no challenge " + NOBODY + ".", () -> challenges.accept(a, NOBODY), a);
        refused(ErrorKind.NOT_FOUND, "There is no challenge " + NOBODY + ".", () -> challenges.decline(a, NOBODY), a);
        refused(ErrorKind.NOT_FOUND, "There is no challenge " + NOBODY + ".", () -> challenges.cancel(a, NOBODY), a);
        refused(ErrorKind.INVALID_ARGUMENT, "'not-an-id' is not a challenge id (a UUID).",
            () -> challenges.accept(a, "not-an-id"), a);
    }

    /** Busy: playing a clocked match; a correspondence match (no clock) keeps nobody busy. */
    @Test
    void busyPlayersCannotAcceptNorBeAccepted() {
        Player a = register("cb-a");
        Player b = register("cb-b");
        Player c = register("cb-c");
        Challenge slow = challenge(c, a, fresh("draughts:fmjd", false).toBuilder().clearTimeControl().build());
        Match correspondence = matches.get(challenges.accept(a, slow.getId()).getMatchId());
        assertFalse(correspondence.hasTimeControl() && correspondence.getTimeControl().getInitialSeconds() > 0);
        Match clocked = clockedMatch(a, b);
        Challenge toA = challenge(c, a, fresh("draughts:fmjd", false));
        refused(ErrorKind.FAILED_PRECONDITION, SeeksServiceTest.busyMe(clocked), () -> challenges.accept(a, toA.getId()), a, c);
        Challenge fromB = challenge(b, c, fresh("draughts:fmjd", false));
        refused(ErrorKind.FAILED_PRECONDITION, SeeksServiceTest.busyOther(b, clocked), () -> challenges.accept(c, fromB.getId()),
            b, c);
        resign(b, clocked.getId());
        assertEquals(ChallengeStatus.CHALLENGE_ACCEPTED, challenges.accept(a, toA.getId()).getStatus(),
            "free once the clocked game is over, whatever the correspondence game");
    }

    /** Accepting pairs the acceptor once: their waiting tickets end, but their other open challenges stay. */
    @Test
    void anAcceptedChallengeSupersedesTicketsButNotOtherChallenges() {
        Player a = register("cs-a");
        Player b = register("cs-b");
        Player c = register("cs-c");
        PoolTicket waiting = pools.join(b, JoinPoolRequest.newBuilder().setGame(fresh("draughts:fmjd", false)).build());
        Challenge other = challenge(c, b, fresh("draughts:fmjd", false));
        Challenge c1 = challenge(a, b, fresh("draughts:fmjd", false));
        challenges.accept(b, c1.getId());
        assertEquals("TICKET_SUPERSEDED", ticketStatus(waiting.getId()));
        assertEquals("CHALLENGE_OPEN", challengeStatus(other.getId()), "a challenge is a deliberate one-off");
    }
}
