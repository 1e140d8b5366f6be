package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertSentence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.LobbyStream;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.LobbySnapshot;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WatchLobby: the snapshot, then the events in version order (private ones only to their players), and resuming. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class LobbyWatchTest extends MatchmakingTestBase {
    private static void assertIncreasing(List<LobbyEvent> events) {
        long last = 0;
        for (LobbyEvent e : events) {
            if (e.hasSnapshot()) {
                last = e.getSnapshotVersion();
                continue;
            }
            assertTrue(e.getVersion() > last, "versions only grow: " + last + " then " + e.getVersion());
            last = e.getVersion();
        }
    }

    @Test
    void snapshotThenEventsThenResume() {
        TestPlayer me = register("lw-me");
        TestPlayer friend = register("lw-friend");
        TestPlayer other = register("lw-other");
        inLobby(friend);
        // something of mine before the stream opens: a seek, a ticket, a challenge to me
        Seek seek = me.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        GameSpec pool = spec("ploy:3m:ffa", freshClock(), false);
        PoolTicket ticket = join(me, pool);
        Challenge toMe = friend.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(me.name()).build());

        LobbyStream mine = lobbyStream(me, 0);
        LobbyEvent first = mine.next();
        assertTrue(first.hasSnapshot());
        assertEquals(0, first.getVersion());
        LobbySnapshot snap = first.getSnapshot();
        assertTrue(first.getSnapshotVersion() > 0);
        assertTrue(snap.getSeeksList().stream().anyMatch(s -> s.getId().equals(seek.getId())), "open seeks");
        assertEquals(List.of(ticket.getId()), snap.getMyTicketsList().stream().map(PoolTicket::getId).toList(), "my waiting tickets");
        assertTrue(snap.getPoolsList().stream().anyMatch(p -> p.getGame().equals(ticket.getGame()) && p.getPlayersWaiting() == 1),
            "pool sizes");
        assertEquals(List.of(toMe.getId()), snap.getMyChallengesList().stream().map(Challenge::getId).toList(), "challenges to me");
        LobbyStream others = lobbyStream(other, 0);
        assertTrue(others.next().getSnapshot().getMyChallengesList().isEmpty(), "another's snapshot has only theirs");

        // live events after the snapshot's version
        Seek second = friend.mm().createSeek(CreateSeekRequest.newBuilder().setGame(spec("draughts:fmjd", freshClock(), false)).build());
        LobbyEvent posted = mine.until(e -> e.hasSeek() && e.getSeek().getId().equals(second.getId()), Duration.ofSeconds(5));
        assertTrue(posted.getVersion() > first.getSnapshotVersion());
        Challenge privately = friend.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(me.name()).build());
        mine.until(e -> e.hasChallenge() && e.getChallenge().getId().equals(privately.getId()), Duration.ofSeconds(5));
        long cut = mine.lastVersion();
        mine.close();

        // while away: a public event and a private one for me
        friend.mm().cancelSeek(SeekRequest.newBuilder().setSeekId(second.getId()).build());
        Challenge missed = friend.mm().createChallenge(CreateChallengeRequest.newBuilder()
            .setGame(spec("draughts:fmjd", freshClock(), false)).setOpponent(me.name()).build());
        others.until(e -> e.hasSeek() && e.getSeek().getId().equals(second.getId()), Duration.ofSeconds(5));

        LobbyStream resumed = lobbyStream(me, cut);
        LobbyEvent e1 = resumed.until(e -> e.hasSeek() && e.getSeek().getId().equals(second.getId()), Duration.ofSeconds(5));
        LobbyEvent e2 = resumed.until(e -> e.hasChallenge() && e.getChallenge().getId().equals(missed.getId()), Duration.ofSeconds(5));
        assertTrue(e1.getVersion() > cut && e2.getVersion() > e1.getVersion());
        assertTrue(resumed.received().stream().noneMatch(LobbyEvent::hasSnapshot), "no snapshot when resuming");
        assertTrue(resumed.received().stream().allMatch(e -> e.getVersion() > cut), "only what was missed");
        List<LobbyEvent> all = new ArrayList<>(mine.received());
        all.addAll(resumed.received());
        assertIncreasing(all);

        others.drain(Duration.ofMillis(300));
        assertTrue(others.received().stream().noneMatch(e -> e.hasChallenge() || e.hasPaired()),
            "the challenges to me were never sent to another player");
        assertIncreasing(others.received());

        // beyond the current version
        LobbyStream tooFar = lobbyStream(me, 1L << 40);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (tooFar.error() == null && System.nanoTime() < deadline) {
            com.plyyard.lobby.support.Processes.sleep(20);
        }
        StatusRuntimeException err = (StatusRuntimeException) tooFar.error();
        assertEquals(Status.Code.INVALID_ARGUMENT, err.getStatus().getCode());
        assertSentence(err.getStatus().getDescription());
    }

    /** A party's changes reach its leader, members and invitees only, and the snapshot shows the open ones. */
    @Test
    void partyEventsAndTheSnapshotsParties() {
        TestPlayer leader = register("lw-lead");
        TestPlayer invitee = register("lw-inv");
        TestPlayer outsider = register("lw-out");
        LobbyStream leaderStream = lobbyStream(leader, 0);
        assertTrue(leaderStream.next().getSnapshot().getMyPartiesList().isEmpty());
        LobbyStream inviteeStream = lobbyStream(invitee, 0);
        inviteeStream.next();
        LobbyStream outsiderStream = lobbyStream(outsider, 0);
        outsiderStream.next();

        Party party = leader.mm().createParty(CreatePartyRequest.newBuilder().addInvite(invitee.name()).build());
        LobbyEvent invited = inviteeStream.until(e -> e.hasParty() && e.getParty().getId().equals(party.getId()),
            Duration.ofSeconds(5));
        assertEquals(List.of(invitee.player()), invited.getParty().getInvitedList(), "the invitee hears of it");
        leaderStream.until(e -> e.hasParty() && e.getParty().getInvitedCount() == 1, Duration.ofSeconds(5));

        LobbySnapshot inviteeSnap = lobbyStream(invitee, 0).next().getSnapshot();
        assertEquals(List.of(party.getId()), inviteeSnap.getMyPartiesList().stream().map(Party::getId).toList(),
            "an invitation is in the snapshot");

        invitee.mm().joinParty(PartyRequest.newBuilder().setPartyId(party.getId()).build());
        LobbyEvent joined = leaderStream.until(e -> e.hasParty() && e.getParty().getMembersCount() == 2,
            Duration.ofSeconds(5));
        assertEquals(List.of(leader.player(), invitee.player()), joined.getParty().getMembersList(),
            "the leader sees the invitee join");
        assertTrue(joined.getParty().getInvitedList().isEmpty());

        leader.mm().leaveParty(PartyRequest.newBuilder().setPartyId(party.getId()).build());
        LobbyEvent over = inviteeStream.until(e -> e.hasParty() && e.getParty().getDisbanded(), Duration.ofSeconds(5));
        assertEquals(party.getId(), over.getParty().getId());
        assertTrue(lobbyStream(invitee, 0).next().getSnapshot().getMyPartiesList().isEmpty(),
            "a disbanded party is no longer in the snapshot");

        outsiderStream.drain(Duration.ofMillis(300));
        assertTrue(outsiderStream.received().stream().noneMatch(LobbyEvent::hasParty), "nobody else hears of the party");
    }
}
