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
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.SeekStatus;
import com.plyyard.proto.v1.SeatKind;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seeks: posted, seen in the lobby, accepted seat by seat, the match and the private pairings; expiry without a stream. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class SeeksTest extends MatchmakingTestBase {
    @Inject
    MatchmakingSweeper sweeper;

    @Inject
    ManualClock manualClock;

    private static AcceptSeekRequest accept(Seek s) {
        return AcceptSeekRequest.newBuilder().setSeekId(s.getId()).build();
    }

    @Test
    void aTwoPlayerSeekIsAcceptedAndBothArePaired() {
        TestPlayer owner = register("seeker");
        TestPlayer taker = register("taker");
        TestPlayer onlooker = register("onlooker");
        LobbyStream ownerLobby = inLobby(owner);
        LobbyStream takerLobby = inLobby(taker);
        LobbyStream onlookerLobby = inLobby(onlooker);
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        Seek seek = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game).setSeat(1).build());
        assertEquals(SeekStatus.SEEK_OPEN, seek.getStatus());
        assertEquals(2, seek.getSeatsCount());
        assertEquals(owner.player(), seek.getSeats(1).getPlayer(), "the owner sits where they asked");
        assertFalse(seek.getSeats(0).hasPlayer());
        assertEquals("draughts:fmjd", seek.getGame().getVariant());
        assertTrue(seek.getGame().getOptions().hasDraughts(), "the effective options are stored");
        LobbyEvent posted = onlookerLobby.until(e -> e.hasSeek() && e.getSeek().getId().equals(seek.getId()), Duration.ofSeconds(5));
        assertEquals(SeekStatus.SEEK_OPEN, posted.getSeek().getStatus());
        assertTrue(owner.mm().listSeeks(com.plyyard.proto.v1.ListSeeksRequest.newBuilder().setVariant("draughts:fmjd").build())
            .getSeeksList().stream().anyMatch(s -> s.getId().equals(seek.getId())));

        Seek filled = taker.mm().acceptSeek(accept(seek));
        assertEquals(SeekStatus.SEEK_FILLED, filled.getStatus());
        assertFalse(filled.getMatchId().isEmpty());
        assertEquals(taker.player(), filled.getSeats(0).getPlayer());
        Match m = owner.get(filled.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus(), "the match starts with the last seat");
        assertEquals(taker.player(), m.getSeats(0).getPlayer());
        assertEquals(owner.player(), m.getSeats(1).getPlayer());
        assertEquals(game.getTimeControl(), m.getTimeControl());

        LobbyEvent ownerPaired = paired(ownerLobby);
        assertEquals(filled.getMatchId(), ownerPaired.getPaired().getMatchId());
        assertEquals(1, ownerPaired.getPaired().getSeat());
        assertEquals(seek.getId(), ownerPaired.getPaired().getSeekId());
        LobbyEvent takerPaired = paired(takerLobby);
        assertEquals(0, takerPaired.getPaired().getSeat());
        // the onlooker sees the seek filled, never the private pairings
        LobbyEvent closed = onlookerLobby.until(e -> e.hasSeek() && e.getSeek().getStatus() == SeekStatus.SEEK_FILLED,
            Duration.ofSeconds(5));
        assertEquals(seek.getId(), closed.getSeek().getId());
        onlookerLobby.drain(Duration.ofMillis(300));
        assertTrue(onlookerLobby.received().stream().noneMatch(LobbyEvent::hasPaired), "pairings go only to the paired");
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> onlooker.mm().acceptSeek(accept(seek)));
    }

    @Test
    void aFourPlayerSeekFillsSeatBySeat() {
        TestPlayer[] p = {register("ffa-owner"), register("ffa-a"), register("ffa-b"), register("ffa-c")};
        LobbyStream[] lobby = new LobbyStream[4];
        for (int i = 0; i < 4; i++) {
            lobby[i] = inLobby(p[i]);
        }
        Seek seek = p[0].mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("ploy:3m:ffa", freshClock(), false))
            .setSeat(0).build());
        assertEquals(4, seek.getSeatsCount());
        Seek s1 = p[1].mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).setSeat(3).build());
        assertEquals(SeekStatus.SEEK_OPEN, s1.getStatus());
        assertEquals(p[1].player(), s1.getSeats(3).getPlayer());
        assertStatus(Status.Code.FAILED_PRECONDITION,
            () -> p[2].mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek.getId()).setSeat(3).build()));
        Seek s2 = p[2].mm().acceptSeek(accept(seek));
        assertEquals(SeekStatus.SEEK_OPEN, s2.getStatus());
        assertEquals(p[2].player(), s2.getSeats(1).getPlayer(), "the next free seat");
        Seek s3 = p[3].mm().acceptSeek(accept(seek));
        assertEquals(SeekStatus.SEEK_FILLED, s3.getStatus());
        Match m = p[0].get(s3.getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        int[] expectedSeat = {0, 3, 1, 2};
        for (int i = 0; i < 4; i++) {
            assertEquals(p[i].player(), m.getSeats(expectedSeat[i]).getPlayer());
            assertEquals(SeatKind.SEAT_PLAYER, m.getSeats(expectedSeat[i]).getKind());
            LobbyEvent e = paired(lobby[i]);
            assertEquals(m.getId(), e.getPaired().getMatchId());
            assertEquals(expectedSeat[i], e.getPaired().getSeat());
        }
    }

    @Test
    void theRatingRangeIsCheckedAgainstTheAcceptorsRating() {
        TestPlayer owner = register("ranged");
        TestPlayer weak = register("weak");
        TestPlayer strong = register("strong");
        inLobby(owner);
        int clock = freshClock();
        // the owner (1500) may post a range that leaves themself out
        Seek seek = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", clock, true))
            .setRatingRange(RatingRange.newBuilder().setMin(1600).setMax(1800)).build());
        assertEquals(1600, seek.getRatingRange().getMin());
        String before = storedLobby(owner, weak);
        String why = assertStatus(Status.Code.FAILED_PRECONDITION, () -> weak.mm().acceptSeek(accept(seek)));
        assertTrue(why.contains("1600 to 1800") && why.contains("1500"), why);
        assertEquals(before, storedLobby(owner, weak));
        setRating(strong, "draughts:fmjd", clock, 0, 1700, 120, 0.06);
        assertEquals(SeekStatus.SEEK_FILLED, strong.mm().acceptSeek(accept(seek)).getStatus());
    }

    @Test
    void seeksExpireWhenTheirOwnerHasNoLobbyStream() {
        TestPlayer absent = register("absent");
        TestPlayer present = register("present");
        TestPlayer watcher = register("seek-watcher");
        LobbyStream watching = inLobby(watcher);
        LobbyStream presentLobby = inLobby(present);
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        Seek gone = absent.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game).build());
        Seek stays = present.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game).build());
        manualClock.advanceMillis(2000);
        sweeper.sweepNow();
        assertEquals("SEEK_OPEN", text("SELECT status FROM seeks WHERE id = ?::uuid", gone.getId()), "the whole grace period");
        manualClock.advanceMillis(1);
        sweeper.sweepNow();
        LobbyEvent expired = watching.until(e -> e.hasSeek() && e.getSeek().getId().equals(gone.getId())
            && e.getSeek().getStatus() == SeekStatus.SEEK_EXPIRED, Duration.ofSeconds(10));
        assertTrue(Long.parseLong(text("SELECT (extract(epoch FROM updated_at - created_at) * 1000)::bigint FROM seeks "
            + "WHERE id = ?::uuid", gone.getId())) == 2001, "the first millisecond after the grace period (2 s, server times)");
        assertEquals(SeekStatus.SEEK_EXPIRED, expired.getSeek().getStatus());
        assertEquals("SEEK_OPEN", text("SELECT status FROM seeks WHERE id = ?::uuid", stays.getId()),
            "a seek whose owner watches the lobby stays");
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> present.mm().acceptSeek(accept(gone)));
        // the owner leaves the lobby: the seek goes after the grace period
        presentLobby.close();
        await("the lobby noticing the closed stream", () -> count("SELECT coalesce(sum(streams), 0) FROM lobby_presence "
            + "WHERE player_id = ?::uuid", present.player().getId()) == 0, Duration.ofSeconds(10));
        manualClock.advanceMillis(2000);
        sweeper.sweepNow();
        assertEquals("SEEK_OPEN", text("SELECT status FROM seeks WHERE id = ?::uuid", stays.getId()),
            "the grace period runs from the owner's last presence");
        manualClock.advanceMillis(1);
        sweeper.sweepNow();
        watching.until(e -> e.hasSeek() && e.getSeek().getId().equals(stays.getId())
            && e.getSeek().getStatus() == SeekStatus.SEEK_EXPIRED, Duration.ofSeconds(10));
    }

    @Test
    void ownersCancelAndSeatedPlayersLeave() {
        TestPlayer owner = register("canceller");
        TestPlayer sitter = register("sitter");
        inLobby(owner);
        Seek seek = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("ploy:3m:ffa", freshClock(), false)).build());
        Seek sat = sitter.mm().acceptSeek(accept(seek));
        assertTrue(sat.getSeatsList().stream().anyMatch(s -> s.getPlayer().equals(sitter.player())));
        Seek left = sitter.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(seek.getId()).build());
        assertEquals(SeekStatus.SEEK_OPEN, left.getStatus());
        assertTrue(left.getSeatsList().stream().noneMatch(s -> s.getPlayer().equals(sitter.player())), "the seat is free again");
        assertStatus(Status.Code.PERMISSION_DENIED, () -> sitter.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(seek.getId()).build()));
        Seek cancelled = owner.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(seek.getId()).build());
        assertEquals(SeekStatus.SEEK_CANCELLED, cancelled.getStatus());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> owner.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(seek.getId()).build()));
    }

    /** Accepting a seek pairs the player: their waiting pool tickets and their own open seeks end in that transaction. */
    @Test
    void aPairingThroughASeekSupersedesTheOtherBookings() {
        TestPlayer owner = register("s-owner");
        TestPlayer busy = register("busy");
        inLobby(owner);
        inLobby(busy);
        PoolTicket waiting = join(busy, spec("draughts:fmjd", freshClock(), false));
        Seek mine = busy.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        Seek seek = owner.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        Seek filled = busy.mm().acceptSeek(accept(seek));
        assertEquals(SeekStatus.SEEK_FILLED, filled.getStatus());
        assertEquals("TICKET_SUPERSEDED", ticketStatus(waiting.getId()));
        assertEquals("SEEK_CANCELLED", text("SELECT status FROM seeks WHERE id = ?::uuid", mine.getId()));
        assertEquals(List.of(), owner.mm().listSeeks(com.plyyard.proto.v1.ListSeeksRequest.getDefaultInstance()).getSeeksList()
            .stream().filter(s -> s.getId().equals(mine.getId())).toList());
    }
}
