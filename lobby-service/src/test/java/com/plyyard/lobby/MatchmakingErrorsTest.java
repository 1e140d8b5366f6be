package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.MatchmakingTestBase;
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
 * Every refusal of MatchmakingService with its status and sentence, each leaving every stored row about the players
 * involved (seeks, seats, parties, tickets, challenges, rematches, ratings, their matches, their lobby events) exactly
 * as it was.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchmakingErrorsTest extends MatchmakingTestBase {
    private static final String NOBODY = "6f1c1a2e-0000-4000-8000-000000000000";

    private String refused(Status.Code code, Executable call, TestPlayer... involved) {
        String before = storedLobby(involved);
        long lobbyEvents = count("SELECT count(*) FROM lobby_events WHERE recipients && "
            + "(SELECT array_agg(id) FROM players WHERE name = ANY(?))", names(involved));
        String d = assertStatus(code, call);
        assertEquals(before, storedLobby(involved), "a refused call must not change anything: " + d);
        assertEquals(lobbyEvents, count("SELECT count(*) FROM lobby_events WHERE recipients && "
            + "(SELECT array_agg(id) FROM players WHERE name = ANY(?))", names(involved)));
        return d;
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

    @Test
    void unknownVariants() {
        TestPlayer a = register("bad-variant");
        TestPlayer b = register("bad-variant-b");
        String d = refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(unknown()).build()), a);
        assertTrue(d.toLowerCase().contains("variant"), "the rules' reason passes through: " + d);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().joinPool(JoinPoolRequest.newBuilder().setGame(unknown()).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(unknown())
            .setOpponent(b.name()).build()), a, b);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder()
            .setGame(GameSpec.newBuilder()).build()), a);
        // options of another game, options the rule set does not have, a clock without initial time: as CreateMatch
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().joinPool(JoinPoolRequest.newBuilder().setGame(spec("draughts:fmjd", 60, false)
            .toBuilder().setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(20))))
            .build()), a);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", 60, false)
            .toBuilder().setTimeControl(TimeControl.newBuilder().setIncrementSeconds(5))).build()), a);
    }

    @Test
    void impossibleRatingRanges() {
        TestPlayer a = register("bad-range");
        GameSpec game = spec("draughts:fmjd", freshClock(), true);
        String d = refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(1800).setMax(1600)).build()), a);
        assertEquals("The rating range is impossible: its minimum 1800 is above its maximum 1600.", d);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMax(4001)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setRatingRange(RatingRange.newBuilder().setMin(5000)).build()), a);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game)
            .setSeat(2).build()), a);
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
        String d = refused(Status.Code.FAILED_PRECONDITION, () -> owner.mm().acceptSeek(AcceptSeekRequest.newBuilder()
            .setSeekId(seek.getId()).build()), owner);
        assertTrue(d.contains("your own seek"), d);
        refused(Status.Code.FAILED_PRECONDITION, () -> other.mm().acceptSeek(AcceptSeekRequest.newBuilder()
            .setSeekId(seek.getId()).setSeat(0).build()), owner, other);
        refused(Status.Code.INVALID_ARGUMENT, () -> other.mm().acceptSeek(AcceptSeekRequest.newBuilder()
            .setSeekId(seek.getId()).setSeat(4).build()), owner, other);
        other.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, () -> other.mm().acceptSeek(AcceptSeekRequest.newBuilder()
            .setSeekId(seek.getId()).build()), owner, other);
        TestPlayer third = register("third-seek");
        refused(Status.Code.PERMISSION_DENIED, () -> third.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(seek.getId()).build()),
            owner, other, third);
        refused(Status.Code.NOT_FOUND, () -> third.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(NOBODY).build()), third);
        refused(Status.Code.INVALID_ARGUMENT, () -> third.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId("42").build()), third);
        refused(Status.Code.INVALID_ARGUMENT, () -> third.mm().cancelSeek(SeekRequest.getDefaultInstance()), third);
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
        String d = refused(Status.Code.INVALID_ARGUMENT, () -> lead.mm().joinPool(JoinPoolRequest.newBuilder().setGame(team)
            .setPartyId(three.getId()).build()), lead, m1, m2);
        assertTrue(d.contains("parties of two") && d.contains("3 players"), d);
        // a party for a pool that is not a team pool
        refused(Status.Code.INVALID_ARGUMENT, () -> lead.mm().joinPool(JoinPoolRequest.newBuilder()
            .setGame(spec("ploy:3m:ffa", freshClock(), false)).setPartyId(three.getId()).build()), lead, m1, m2);
        // only the leader queues the party
        refused(Status.Code.PERMISSION_DENIED, () -> m1.mm().joinPool(JoinPoolRequest.newBuilder().setGame(team)
            .setPartyId(three.getId()).build()), lead, m1, m2);
        // already in a party
        refused(Status.Code.FAILED_PRECONDITION, () -> m1.mm().createParty(CreatePartyRequest.newBuilder()
            .addInvite(late.name()).build()), lead, m1, m2, late);
        lead.mm().leaveParty(PartyRequest.newBuilder().setPartyId(three.getId()).build());
        // an invitation not yet answered
        Party two = lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(late.name()).build());
        refused(Status.Code.FAILED_PRECONDITION, () -> lead.mm().joinPool(JoinPoolRequest.newBuilder().setGame(team)
            .setPartyId(two.getId()).build()), lead, late);
        refused(Status.Code.PERMISSION_DENIED, () -> m2.mm().joinParty(PartyRequest.newBuilder().setPartyId(two.getId()).build()),
            lead, late, m2);
        refused(Status.Code.INVALID_ARGUMENT, () -> lead.mm().createParty(CreatePartyRequest.newBuilder().addInvite(lead.name()).build()),
            lead);
        refused(Status.Code.NOT_FOUND, () -> m2.mm().createParty(CreatePartyRequest.newBuilder().addInvite("nobody-by-that-name").build()),
            m2);
        refused(Status.Code.INVALID_ARGUMENT, () -> m2.mm().createParty(CreatePartyRequest.newBuilder().addInvite("a1").addInvite("a2")
            .addInvite("a3").addInvite("a4").build()), m2);
        refused(Status.Code.NOT_FOUND, () -> m2.mm().joinParty(PartyRequest.newBuilder().setPartyId(NOBODY).build()), m2);
    }

    @Test
    void poolRefusals() {
        TestPlayer a = register("pool-a");
        TestPlayer b = register("pool-b");
        GameSpec casual = spec("ploy:3m:ffa", freshClock(), false);
        PoolTicket t = join(a, casual);
        refused(Status.Code.FAILED_PRECONDITION, () -> join(a, casual), a);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().joinPool(JoinPoolRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), true)).setAllowAiFill(true).build()), a);
        refused(Status.Code.PERMISSION_DENIED, () -> b.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build()), a, b);
        refused(Status.Code.NOT_FOUND, () -> b.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(NOBODY).build()), b);
        a.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build());
        refused(Status.Code.FAILED_PRECONDITION, () -> a.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(t.getId()).build()), a);
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
        String d = refused(Status.Code.FAILED_PRECONDITION, () -> join(a, spec("ploy:3m:ffa", freshClock(), false)), a);
        assertTrue(d.contains("finish it"), d);
        refused(Status.Code.FAILED_PRECONDITION, () -> a.mm().createSeek(CreateSeekRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).build()), a);
        Seek seek = c.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        refused(Status.Code.FAILED_PRECONDITION, () -> b.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId())
            .build()), b, c);
        var link = c.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false))
            .setOpponent(b.name()).build());
        refused(Status.Code.FAILED_PRECONDITION, () -> b.mm().acceptChallenge(ChallengeRequest.newBuilder()
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
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game)
            .setOpponent(a.name()).build()), a);
        refused(Status.Code.NOT_FOUND, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game)
            .setOpponent("nobody-by-that-name").build()), a);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("ploy:3m:ffa", 60, false)).setOpponent(b.name()).build()), a, b);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game)
            .setOpponent(b.name()).setExpiresInSeconds(8 * 24 * 3600).build()), a, b);
        refused(Status.Code.INVALID_ARGUMENT, () -> a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game)
            .setOpponent(b.name()).setSeat(2).build()), a, b);
        var link = a.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).build());
        refused(Status.Code.FAILED_PRECONDITION, () -> b.mm().declineChallenge(ChallengeRequest.newBuilder()
            .setChallengeId(link.getId()).build()), a, b);
        refused(Status.Code.NOT_FOUND, () -> b.mm().acceptChallenge(ChallengeRequest.newBuilder().setChallengeId(NOBODY).build()), b);
        refused(Status.Code.NOT_FOUND, () -> b.mm().requestRematch(RematchRequest.newBuilder().setMatchId(NOBODY).build()), b);
        refused(Status.Code.INVALID_ARGUMENT, () -> b.mm().requestRematch(RematchRequest.getDefaultInstance()), b);
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
        refused(Status.Code.PERMISSION_DENIED, () -> stranger.mm().acceptChallenge(ch), a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, () -> stranger.mm().declineChallenge(ch), a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, () -> stranger.mm().cancelChallenge(ch), a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, () -> b.mm().cancelChallenge(ch), a, b);
        a.mm().cancelChallenge(ch);

        Party party = a.mm().createParty(CreatePartyRequest.newBuilder().addInvite(b.name()).build());
        PartyRequest pr = PartyRequest.newBuilder().setPartyId(party.getId()).build();
        refused(Status.Code.PERMISSION_DENIED, () -> stranger.mm().joinParty(pr), a, b, stranger);
        refused(Status.Code.PERMISSION_DENIED, () -> stranger.mm().leaveParty(pr), a, b, stranger);
        a.mm().leaveParty(pr);

        Match m = started("draughts:fmjd", clock(0, 0), a, b);
        a.matches().resign(TestPlayer.action(m));
        refused(Status.Code.PERMISSION_DENIED, () -> stranger.mm().requestRematch(RematchRequest.newBuilder()
            .setMatchId(m.getId()).build()), a, b, stranger);
    }
}
