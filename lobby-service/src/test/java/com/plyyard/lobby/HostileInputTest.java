package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.grpc.Sentences;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.ListSeeksRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.SubmitMoveRequest;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The defects an outside client found with malformed input, each now a clear refusal that changes nothing: unsigned
 * page sizes, NUL in text, oversized fields (the description quotes no more than a bounded sentence), and requests
 * over the message-size limit.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class HostileInputTest extends MatchmakingTestBase {
    private static final String NUL = "bob\u0000";

    /** The refusal with its sentence, nothing stored changed, and the channel still serving afterwards. */
    private String refused(Status.Code code, Executable call, TestPlayer... involved) {
        String before = storedLobby(involved);
        long matches = count("SELECT count(*) FROM matches");
        String d = assertStatus(code, call);
        assertTrue(d.length() <= Sentences.MAX_DESCRIPTION, "a bounded sentence, not " + d.length() + " characters");
        assertEquals(before, storedLobby(involved), "a refused call must not change anything: " + d);
        assertEquals(matches, count("SELECT count(*) FROM matches"));
        assertEquals(involved[0].player(), involved[0].lobby().whoAmI(com.plyyard.proto.v1.WhoAmIRequest.getDefaultInstance()),
            "the connection still serves calls");
        return d;
    }

    @Test
    void aPageSizeOf2To31OrMoreIsTheLargestPageNotAnError() {
        TestPlayer p = register("pages");
        for (int limit : new int[] {Integer.MIN_VALUE, -1, Integer.MAX_VALUE}) {
            assertTrue(p.matches().listMyMatches(ListMyMatchesRequest.newBuilder().setLimit(limit).build())
                .getMatchesCount() <= 200);
        }
    }

    @Test
    void nulInAnyTextFieldIsInvalidInputNamingTheField() {
        TestPlayer p = register("nul");
        String ratings = refused(Status.Code.INVALID_ARGUMENT,
            () -> p.mm().getRatings(GetRatingsRequest.newBuilder().setPlayer(NUL).build()), p);
        assertEquals("The field 'player' contains a control character (U+0000) at position 4; text fields never do.",
            ratings);
        refused(Status.Code.INVALID_ARGUMENT,
            () -> p.mm().createParty(CreatePartyRequest.newBuilder().addInvite(NUL).build()), p);
        refused(Status.Code.INVALID_ARGUMENT,
            () -> p.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(spec("draughts:fmjd", 300, false))
                .setOpponent(NUL).build()), p);
        String invite = refused(Status.Code.INVALID_ARGUMENT, () -> p.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(me()).addSeats(SeatSpec.newBuilder().setInvite(NUL)).build()), p);
        assertTrue(invite.contains("'seats[1].invite'"), invite);
        refused(Status.Code.INVALID_ARGUMENT,
            () -> p.mm().listSeeks(ListSeeksRequest.newBuilder().setVariant("draughts:fmjd\u0000").build()), p);
    }

    @Test
    void oversizedFieldsAreRefusedWithTheLimitAndNoEcho() {
        TestPlayer p = register("huge");
        TestPlayer q = register("huge-opponent");
        Match m = started("draughts:fmjd", clock(0, 0), p, q);
        String before = stored(m.getId());
        TestPlayer mover = m.getSeats(mover(m)).getPlayer().equals(p.player()) ? p : q;
        String move = refused(Status.Code.INVALID_ARGUMENT, () -> mover.matches().submitMove(SubmitMoveRequest.newBuilder()
            .setMatchId(m.getId()).setMove("32-28".repeat(1640)).setExpectedVersion(m.getVersion()).build()), p, q);
        assertEquals("The field 'move' is longer than 256 characters (8200).", move);
        assertEquals(before, stored(m.getId()));
        String variant = refused(Status.Code.INVALID_ARGUMENT, () -> p.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("v".repeat(80_000)).build()), p);
        assertEquals("The field 'variant' is longer than 64 characters (80000).", variant);
        refused(Status.Code.INVALID_ARGUMENT,
            () -> p.mm().getRatings(GetRatingsRequest.newBuilder().setPlayer("n".repeat(80_000)).build()), p);
    }

    @Test
    void aRequestOverTheMessageSizeLimitIsRefusedWithASentence() {
        TestPlayer p = register("bulk");
        // an unknown field of 2 MiB: the request is over the 1 MiB limit before any field is read
        CreateMatchRequest bulk = CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder().addField(999,
                com.google.protobuf.UnknownFieldSet.Field.newBuilder()
                    .addLengthDelimited(ByteString.copyFrom(new byte[2 << 20])).build()).build())
            .build();
        String d = refused(Status.Code.RESOURCE_EXHAUSTED, () -> p.matches().createMatch(bulk), p);
        assertTrue(!d.isBlank(), "a sentence, not an empty description");
    }
}
