package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.engine.catalog.Variants;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.RematchRequest;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The refusals of MatchmakingService in its ordinary states, each with its status and exact sentence, each leaving every
 * stored row about the players involved (seeks, seats, parties, tickets, challenges, rematches, ratings, their matches,
 * their lobby events) exactly as it was (the rarer states: grpc.EveryRefusalTest).
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchmakingErrorsTest extends MatchmakingTestBase {
    private static final String NOBODY = "6f1c1a2e-0000-4000-8000-000000000000";

    private void refused(Status.Code code, String sentence, Executable call, TestPlayer... involved) {
        String before = storedLobby(involved);
        long lobbyEvents = count("SELECT count(*) FROM lobby_events WHERE recipients && "
            + "(SELECT array_agg(id) FROM players WHERE name = ANY(?))", names(involved));
        String d = assertStatus(code, call);
        assertEquals(sentence, d);
        assertEquals(before, storedLobby(involved), "a refused call must not change anything: " + d);
        assertEquals(lobbyEvents, count("SELECT count(*) FROM lobby_events WHERE recipients && "
            + "(SELECT array_agg(id) FROM players WHERE name = ANY(?))", names(involved)));
    }


    private java.sql.Array names(TestPlayer... p) {
        try (java.sql.Connection c = dataSource.getConnection()) {
            return c.createArrayOf("varchar", java.util.Arrays.stream(p).map(TestPlayer::name).toArray());
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static GameSpec unknown() {
        return GameSpec.newBuilder().setVariant("chess:classic").build();
    }

    /** The rules' own sentence for the unknown variant, which passes through. */
    private static final String UNKNOWN = "Unknown variant 'chess:classic'; known variants: " + String.join(", ", Variants.ids())
        + ".";

    @Test
    void unknownVariants() {
        TestPlayer a = register("bad-variant");
        TestPlayer b = register("bad-variant-b");
        refused(Status.Code.INVALID_ARGUMENT, UNKNOWN,
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(unknown()).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, UNKNOWN,
            () -> a.mm().joinPool(JoinPoolRequest.newBuilder().setGame(unknown()).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, UNKNOWN, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(unknown()).setOpponent(b.name()).build()), a, b);
        refused(Status.Code.INVALID_ARGUMENT, "No variant given; ListVariants on rules-service names them, e.g. draughts:fmjd.",
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(GameSpec.newBuilder()).build()), a);
        // options of another game, options the rule set does not have, a clock without initial time: as CreateMatch
        refused(Status.Code.INVALID_ARGUMENT, "draughts:fmjd has no options (got no-capture-draw-plies); the FMJD draw rules are "
            + "fixed.", () -> a.mm().joinPool(JoinPoolRequest.newBuilder().setGame(spec("draughts:fmjd", 60, false)
            .toBuilder().setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(20))))
            .build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "A clock needs an initial time; 0+0 means no clock.", () -> a.mm().createSeek(
            CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", 60, false)
            .toBuilder().setTimeControl(TimeControl.newBuilder().setIncrementSeconds(5))).build()), a);
    }

    @Test
    void impossibleRatingRanges() {
        TestPlayer a = register("bad-range");
        GameSpec game = spec("draughts:fmjd", freshClock(), true);
        refused(Status.Code.INVALID_ARGUMENT, "The rating range is impossible: its minimum 1800 is above its maximum 1600.",
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(1800).setMax(1600)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "A rating range lies within 0 to 4000; 4001 is beyond it.",
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMax(4001)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "A rating range lies within 0 to 4000; 5000 is beyond it.",
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(5000)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "A rating range lies within 0 to 4000; 4294967295 is beyond it.",
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(-1)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "Seat 2 does not exist; draughts:fmjd has seats 0 to 1.",
            () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game).setSeat(2).build()), a);
        // a range that leaves the owner out is possible
        Seek ok = a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(2000)).build());
        a.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(ok.getId()).build());
    }

    @Test
    void seekRefusals() {
        TestPlayer owner = register("own-seek");
        TestPlayer other = register("other-seek");
        inLobby(owner);
        Seek seek = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("ploy:3m:ffa", freshClock(), false))
            .setSeat(0).build());
        refused(Status.Code.FAILED_PRECONDITION, "You cannot accept your own seek; wait for another player, or cancel it.",
            () -> owner.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build()), owner);
        refused(Status.Code.FAILED_PRECONDITION, "Seat 0 of this seek is taken.", () -> other.mm().acceptSeek(
            AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).setSeat(0).build()), owner, other);
        refused(Status.Code.INVALID_ARGUMENT, "Seat 4 does not exist; this seek has seats 0 to 3.", () -> other.mm().acceptSeek(
            AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).setSeat(4).build()), owner, other);
        other.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, "You already hold seat 1 of this seek.", () -> other.mm().acceptSeek(
            AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build()), owner, other);
        TestPlayer third = register("third-seek");
        refused(Status.Code.PERMISSION_DENIED, "Only the seek's owner can cancel it.",
            () -> third.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(seek.getId()).build()), owner, other, third);
        refused(Status.Code.NOT_FOUND, "There is no seek " + NOBODY + ".",
            () -> third.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(NOBODY).build()), third);
        refused(Status.Code.INVALID_ARGUMENT, "'42' is not a seek id (a UUID).",
            () -> third.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId("42").build()), third);
        refused(Status.Code.INVALID_ARGUMENT, "No seek id given.", () -> third.mm().cancelSeek(SeekRequest.getDefaultInstance()),
            third);
    }

    @Test
    void partyRefusals() {
        TestPlayer lead = register("p-lead");
        TestPlayer m1 = register("p-m1");
        TestPlayer m2 = register("p-m2");
        TestPlayer late = register("p-late");
        GameSpec team = spec("ploy:3m:team", freshClock(), false);
        // a party of three for a team pool
        Party three = lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(m1.name()).addInvite(m2.name()).build());
        m1.mm().joinParty(PartyRequest.newBuilder().setPartyId(three.getId()).build());
        m2.mm().joinParty(PartyRequest.newBuilder().setPartyId(three.getId()).build());
        refused(Status.Code.INVALID_ARGUMENT, "A team pool takes parties of two (partners); this party has 3 players.",
            () -> lead.mm().joinPool(JoinPoolRequest.newBuilder().setGame(team).setPartyId(three.getId()).build()), lead, m1, m2);
        // a party for a pool that is not a team pool
        refused(Status.Code.INVALID_ARGUMENT, "A party queues only for a team pool (a ploy:…:team variant); ploy:3m:ffa is played "
            + "alone.", () -> lead.mm().joinPool(JoinPoolRequest.newBuilder()
            .setGame(spec("ploy:3m:ffa", freshClock(), false)).setPartyId(three.getId()).build()), lead, m1, m2);
        // only the leader queues the party
        refused(Status.Code.PERMISSION_DENIED, "Only the party's leader can queue it.", () -> m1.mm().joinPool(
            JoinPoolRequest.newBuilder().setGame(team).setPartyId(three.getId()).build()), lead, m1, m2);
        // already in a party
        refused(Status.Code.FAILED_PRECONDITION, "You are already in a party; leave it first.", () -> m1.mm().createParty(
            CreatePartyRequest.newBuilder().addInvite(late.name()).build()), lead, m1, m2, late);
        lead.mm().leaveParty(PartyRequest.newBuilder().setPartyId(three.getId()).build());
        // an invitation not yet answered
        Party two = lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(late.name()).build());
        refused(Status.Code.FAILED_PRECONDITION, late.name() + " has not joined the party yet; the party can queue once everyone "
            + "invited has joined.", () -> lead.mm().joinPool(JoinPoolRequest.newBuilder().setGame(team)
            .setPartyId(two.getId()).build()), lead, late);
        refused(Status.Code.PERMISSION_DENIED, "You are not invited to this party.",
            () -> m2.mm().joinParty(PartyRequest.newBuilder().setPartyId(two.getId()).build()), lead, late, m2);
        refused(Status.Code.INVALID_ARGUMENT, "You lead the party; invite the other players only.",
            () -> lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(lead.name()).build()), lead);
        refused(Status.Code.NOT_FOUND, "No player is called 'nobody-by-that-name'.",
            () -> m2.mm().createParty(CreatePartyRequest.newBuilder().addInvite("nobody-by-that-name").build()), m2);
        refused(Status.Code.INVALID_ARGUMENT, "A party has at most 4 players; 4 invitations are too many.",
            () -> m2.mm().createParty(CreatePartyRequest.newBuilder().addInvite("a1").addInvite("a2")
            .addInvite("a3").addInvite("a4").build()), m2);
        refused(Status.Code.NOT_FOUND, "There is no party " + NOBODY + ".",
            () -> m2.mm().joinParty(PartyRequest.newBuilder().setPartyId(NOBODY).build()), m2);
    }

    @Test
    void poolRefusals() {
        TestPlayer a = register("pool-a");
        TestPlayer b = register("pool-b");
        GameSpec casual = spec("ploy:3m:ffa", freshClock(), false);
        PoolTicket t = join(a, casual);
        refused(Status.Code.FAILED_PRECONDITION, "You already wait in this pool.", () -> join(a, casual), a);
        refused(Status.Code.INVALID_ARGUMENT, "AI fill is for casual pools only: a rated match cannot have AI seats.",
            () -> a.mm().joinPool(JoinPoolRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), true))
                .setAllowAiFill(true).build()), a);
        refused(Status.Code.PERMISSION_DENIED, "This pool ticket is not yours.",
            () -> b.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build()), a, b);
        refused(Status.Code.NOT_FOUND, "There is no pool ticket " + NOBODY + ".",
            () -> b.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(NOBODY).build()), b);
        a.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, "The ticket is no longer waiting (left); there is nothing to leave.",
            () -> a.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build()), a);
    }

    /** The refusal of a busy player: the match that keeps them busy, named, and how to go back to it. */
    private static String busy(String matchId) {
        return "You are playing match " + matchId + " (draughts:fmjd), which has a clock; resume it with ./plyyard play "
            + "--match " + matchId + " or on the web page, and finish it before looking for another.";
    }

    /** Playing a match with a clock: no new pairing until it ends (a correspondence match does not count). */
    @Test
    void busyPlayersAreNotPairedAgain() {
        TestPlayer a = register("busy-a");
        TestPlayer b = register("busy-b");
        TestPlayer c = register("busy-c");
        inLobby(a);
        started("draughts:fmjd", clock(0, 0), a, c);
        join(a, spec("draughts:fmjd", freshClock(), false)); // correspondence games do not keep anyone busy
        var m = started("draughts:fmjd", clock(300, 0), a, b);
        String busy = busy(m.getId());
        refused(Status.Code.FAILED_PRECONDITION, busy, () -> join(a, spec("ploy:3m:ffa", freshClock(), false)), a);
        refused(Status.Code.FAILED_PRECONDITION, busy, () -> a.mm().createSeek(CreateSeekRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).build()), a);
        Seek seek = c.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        refused(Status.Code.FAILED_PRECONDITION, busy, () -> b.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId())
            .build()), b, c);
        var link = c.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false))
            .setOpponent(b.name()).build());
        refused(Status.Code.FAILED_PRECONDITION, busy, () -> b.mm().acceptChallenge(ChallengeRequest.newBuilder()
            .setChallengeId(link.getId()).build()), b, c);
        b.matches().resign(TestPlayer.action(m));
        // free again
        assertEquals(com.plyyard.proto.v1.SeekStatus.SEEK_FILLED, b.mm().acceptSeek(AcceptSeekRequest.newBuilder()
            .setSeekId(seek.getId()).build()).getStatus());
    }

    @Test
    void challengeAndRematchRefusals() {
        TestPlayer a = register("ch-a");
        TestPlayer b = register("ch-b");
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        refused(Status.Code.INVALID_ARGUMENT, "You cannot challenge yourself.", () -> a.mm().createChallenge(
            CreateChallengeRequest.newBuilder().setGame(game).setOpponent(a.name()).build()), a);
        refused(Status.Code.NOT_FOUND, "No player is called 'nobody-by-that-name'.", () -> a.mm().createChallenge(
            CreateChallengeRequest.newBuilder().setGame(game).setOpponent("nobody-by-that-name").build()), a);
        refused(Status.Code.INVALID_ARGUMENT, "A challenge is for two-player variants; ploy:3m:ffa has 4 seats, so post a seek "
            + "instead.", () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("ploy:3m:ffa", 60, false)).setOpponent(b.name()).build()), a, b);
        refused(Status.Code.INVALID_ARGUMENT, "A challenge expires within 7 days (604800 s), not 691200 s.",
            () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game)
            .setOpponent(b.name()).setExpiresInSeconds(8 * 24 * 3600).build()), a, b);
        refused(Status.Code.INVALID_ARGUMENT, "Seat 2 does not exist; a challenge has seats 0 and 1.",
            () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game)
            .setOpponent(b.name()).setSeat(2).build()), a, b);
        var link = a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).build());
        refused(Status.Code.FAILED_PRECONDITION, "An open challenge link cannot be declined; just leave it.",
            () -> b.mm().declineChallenge(ChallengeRequest.newBuilder().setChallengeId(link.getId()).build()), a, b);
        refused(Status.Code.NOT_FOUND, "There is no challenge " + NOBODY + ".",
            () -> b.mm().acceptChallenge(ChallengeRequest.newBuilder().setChallengeId(NOBODY).build()), b);
        refused(Status.Code.NOT_FOUND, "There is no match " + NOBODY + ".",
            () -> b.mm().requestRematch(RematchRequest.newBuilder().setMatchId(NOBODY).build()), b);
        refused(Status.Code.INVALID_ARGUMENT, "No match id given.", () -> b.mm().requestRematch(RematchRequest.getDefaultInstance()),
            b);
        a.mm().cancelChallenge(ChallengeRequest.newBuilder().setChallengeId(link.getId()).build());
    }

    /** Nobody acts on someone else's challenge, party or finished match; every refusal leaves the rows as they were. */
    @Test
    void strangersCannotActOnOthersChallengesPartiesOrMatches() {
        TestPlayer a = register("own-a");
        TestPlayer b = register("own-b");
        TestPlayer stranger = register("own-x");
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        var toB = a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(b.name()).build());
        ChallengeRequest ch = ChallengeRequest.newBuilder().setChallengeId(toB.getId()).build();
        refused(Status.Code.PERMISSION_DENIED, "This challenge is for another player.", () -> stranger.mm().acceptChallenge(ch),
            a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, "Only the challenged player can decline a challenge.",
            () -> stranger.mm().declineChallenge(ch), a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, "Only the challenger can cancel a challenge.", () -> stranger.mm().cancelChallenge(ch),
            a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, "Only the challenger can cancel a challenge.", () -> b.mm().cancelChallenge(ch), a, b);
        a.mm().cancelChallenge(ch);

        Party party = a.mm().createParty(CreatePartyRequest.newBuilder().addInvite(b.name()).build());
        PartyRequest pr = PartyRequest.newBuilder().setPartyId(party.getId()).build();
        refused(Status.Code.PERMISSION_DENIED, "You are not invited to this party.", () -> stranger.mm().joinParty(pr), a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, "You are not in this party.", () -> stranger.mm().leaveParty(pr), a, b, stranger);
        a.mm().leaveParty(pr);

        Match m = started("draughts:fmjd", clock(0, 0), a, b);
        a.matches().resign(TestPlayer.action(m));
        refused(Status.Code.PERMISSION_DENIED, "You did not play in this match; only its players can ask for a rematch.",
            () -> stranger.mm().requestRematch(RematchRequest.newBuilder().setMatchId(m.getId()).build()), a, b, stranger);
    }
}
