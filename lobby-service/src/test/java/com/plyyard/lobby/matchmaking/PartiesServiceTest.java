package com.plyyard.lobby.matchmaking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.support.MatchmakingFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.TicketStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parties through the bean: invitations, joining, leaving, disbanding, queueing a party of partners for a team pool. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PartiesServiceTest extends MatchmakingFixtures {
    private static final String NOBODY = "6f1c1a2e-0000-4000-8000-00000000cafe";

    @Inject
    Parties parties;

    @Inject
    Pools pools;

    private Party create(Player leader, Player... invite) {
        CreatePartyRequest.Builder b = CreatePartyRequest.newBuilder();
        for (Player p : invite) {
            b.addInvite(p.getName());
        }
        return parties.create(leader, b.build());
    }

    /** A party of two that has formed: the partner has joined. */
    private Party pair(Player leader, Player partner) {
        Party p = create(leader, partner);
        return parties.join(partner, p.getId());
    }

    private PoolTicket queue(Player leader, Party party, GameSpec game) {
        return pools.join(leader, JoinPoolRequest.newBuilder().setGame(game).setPartyId(party.getId()).build());
    }

    private List<Party> partyEvents(Player p, long version) {
        return eventsFor(p, version).stream().filter(LobbyEvent::hasParty).map(LobbyEvent::getParty).toList();
    }

    @Test
    void aPartyIsFormedAndEndsWhenItsLeaderLeaves() {
        Player leader = register("pa-lead");
        Player a = register("pa-a");
        Player b = register("pa-b");
        Player c = register("pa-c");
        Player outsider = register("pa-out");
        long v = lobbyVersion();
        Party created = create(leader, a, b, c);
        assertEquals(leader, created.getLeader());
        assertEquals(List.of(leader), created.getMembersList());
        assertEquals(List.of(a, b, c), created.getInvitedList());
        assertFalse(created.getDisbanded());
        assertEquals(List.of(created), partyEvents(a, v), "the invitee is told");
        assertEquals(List.of(), partyEvents(outsider, v), "a party is private to its people");

        Party joined = parties.join(a, created.getId());
        assertEquals(List.of(leader, a), joined.getMembersList());
        assertEquals(List.of(b, c), joined.getInvitedList());
        Party declined = parties.leave(b, created.getId());
        assertEquals(List.of(leader, a), declined.getMembersList());
        assertEquals(List.of(c), declined.getInvitedList(), "an invitee who leaves has declined");
        Party smaller = parties.leave(a, created.getId());
        assertEquals(List.of(leader), smaller.getMembersList());
        assertFalse(smaller.getDisbanded(), "a member leaving does not end the party");

        long v2 = lobbyVersion();
        Party over = parties.leave(leader, created.getId());
        assertTrue(over.getDisbanded(), "the leader leaving disbands it");
        assertEquals(List.of(over), partyEvents(c, v2), "the remaining invitee is told");
        refused(ErrorKind.FAILED_PRECONDITION, "The party has been disbanded; it cannot be joined.",
            () -> parties.join(c, created.getId()), leader, c);
        refused(ErrorKind.FAILED_PRECONDITION, "The party has been disbanded already.", () -> parties.leave(leader, created.getId()),
            leader, c);
        refused(ErrorKind.PERMISSION_DENIED, "You are not invited to this party.", () -> parties.join(a, created.getId()),
            leader, a);
        // free for a new party
        assertEquals(leader, create(leader, a).getLeader());
    }

    @Test
    void partyRefusals() {
        Player leader = register("pr-lead");
        Player a = register("pr-a");
        Player b = register("pr-b");
        Player stranger = register("pr-str");
        refused(ErrorKind.INVALID_ARGUMENT, "You lead the party; invite the other players only.", () -> create(leader, a, leader),
            leader, a);
        refused(ErrorKind.INVALID_ARGUMENT, a.getName() + " is invited twice.", () -> parties.create(leader,
            CreatePartyRequest.newBuilder().addInvite(a.getName()).addInvite(a.getName().toUpperCase()).build()), leader, a);
        refused(ErrorKind.INVALID_ARGUMENT, "A party has at most 4 players; 4 invitations are too many.",
            () -> create(leader, a, b, stranger, register("pr-x")), leader, a, b, stranger);
        refused(ErrorKind.NOT_FOUND, "No player is called 'nobody-by-that-name'.", () -> parties.create(leader,
            CreatePartyRequest.newBuilder().addInvite("nobody-by-that-name").build()), leader);

        Party party = create(leader, a);
        refused(ErrorKind.PERMISSION_DENIED, "You are not invited to this party.", () -> parties.join(stranger, party.getId()),
            leader, a, stranger);
        refused(ErrorKind.PERMISSION_DENIED, "You are not in this party.", () -> parties.leave(stranger, party.getId()),
            leader, a, stranger);
        refused(ErrorKind.FAILED_PRECONDITION, "You are already a member of this party.", () -> parties.join(leader, party.getId()),
            leader, a);
        refused(ErrorKind.FAILED_PRECONDITION, "You are already in a party; leave it first.", () -> create(leader, b), leader, b);
        parties.join(a, party.getId());
        Party other = create(b, a); // inviting someone who is in a party is fine; they cannot join it
        refused(ErrorKind.FAILED_PRECONDITION, "You are already in a party; leave it first.", () -> parties.join(a, other.getId()),
            a, b, leader);
        refused(ErrorKind.NOT_FOUND, "There is no party " + NOBODY + ".", () -> parties.join(a, NOBODY), a);
        refused(ErrorKind.NOT_FOUND, "There is no party " + NOBODY + ".", () -> parties.leave(a, NOBODY), a);
        refused(ErrorKind.INVALID_ARGUMENT, "'x' is not a party id (a UUID).", () -> parties.join(a, "x"), a);
    }

    @Test
    void aPartyInATeamPoolPlaysAsPartners() {
        Player leader = register("pt-lead");
        Player partner = register("pt-part");
        Player s1 = register("pt-s1");
        Player s2 = register("pt-s2");
        GameSpec game = fresh("ploy:3m:team", false);
        Party party = pair(leader, partner);
        PoolTicket t = queue(leader, party, game);
        assertEquals(List.of(leader, partner), t.getPlayersList(), "one ticket for both");
        assertEquals(TicketStatus.TICKET_WAITING, t.getStatus());
        PoolTicket t1 = pools.join(s1, JoinPoolRequest.newBuilder().setGame(game).build());
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(t.getId()), "three of four players");
        PoolTicket t2 = pools.join(s2, JoinPoolRequest.newBuilder().setGame(game).build());
        pairer.waveNow();
        assertEquals("TICKET_PAIRED", ticketStatus(t.getId()));
        String matchId = text("SELECT match_id FROM pool_tickets WHERE id = ?::uuid", t.getId());
        assertEquals(matchId, text("SELECT match_id FROM pool_tickets WHERE id = ?::uuid", t1.getId()));
        assertEquals(matchId, text("SELECT match_id FROM pool_tickets WHERE id = ?::uuid", t2.getId()));
        Match m = matches.get(matchId);
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        int[] team = new int[4];
        Player[] who = {leader, partner, s1, s2};
        for (int i = 0; i < 4; i++) {
            int seat = -1;
            for (int s = 0; s < 4; s++) {
                if (m.getSeats(s).getPlayer().equals(who[i])) {
                    seat = s;
                }
            }
            assertTrue(seat >= 0, who[i].getName() + " has a seat");
            team[i] = m.getState().getSeats(seat).getTeam();
        }
        assertEquals(team[0], team[1], "the party's players are partners");
        assertEquals(team[2], team[3], "the two solos make the other team");
        assertNotEquals(team[0], team[2]);
    }

    @Test
    void onlyAFormedPartyOfTwoQueuedByItsLeaderJoinsATeamPool() {
        Player leader = register("pq-lead");
        Player partner = register("pq-part");
        Player third = register("pq-third");
        GameSpec team = fresh("ploy:3m:team", false);
        Party pending = create(leader, partner);
        refused(ErrorKind.FAILED_PRECONDITION, partner.getName() + " has not joined the party yet; the party can queue once "
            + "everyone invited has joined.", () -> queue(leader, pending, team), leader, partner);
        parties.join(partner, pending.getId());
        refused(ErrorKind.PERMISSION_DENIED, "Only the party's leader can queue it.", () -> queue(partner, pending, team),
            leader, partner);
        refused(ErrorKind.INVALID_ARGUMENT, "A party queues only for a team pool (a ploy:…:team variant); ploy:3m:ffa is played "
            + "alone.", () -> queue(leader, pending, fresh("ploy:3m:ffa", false)), leader, partner);
        refused(ErrorKind.NOT_FOUND, "There is no party " + NOBODY + ".", () -> pools.join(leader,
            JoinPoolRequest.newBuilder().setGame(team).setPartyId(NOBODY).build()), leader);
        parties.leave(leader, pending.getId());
        refused(ErrorKind.FAILED_PRECONDITION, "The party has been disbanded; it cannot queue.", () -> queue(leader, pending, team),
            leader, partner);

        Party three = create(leader, partner, third);
        parties.join(partner, three.getId());
        parties.join(third, three.getId());
        refused(ErrorKind.INVALID_ARGUMENT, "A team pool takes parties of two (partners); this party has 3 players.",
            () -> queue(leader, three, team), leader, partner, third);
    }

    @Test
    void aPartnerWaitingAloneKeepsThePartyOutOfThatPool() {
        Player leader = register("pw-lead");
        Player partner = register("pw-part");
        GameSpec game = fresh("ploy:3m:team", false);
        PoolTicket solo = pools.join(partner, JoinPoolRequest.newBuilder().setGame(game).build());
        Party party = pair(leader, partner);
        refused(ErrorKind.FAILED_PRECONDITION, partner.getName() + " already waits in this pool.", () -> queue(leader, party, game),
            leader, partner);
        pools.leave(partner, solo.getId());
        assertEquals(TicketStatus.TICKET_WAITING, queue(leader, party, game).getStatus());
    }

    @Test
    void aMemberLeavingThePartyTakesItsTicketOutOfThePool() {
        Player leader = register("pl-lead");
        Player partner = register("pl-part");
        Player watcher = register("pl-watch");
        GameSpec game = fresh("ploy:3m:team", false);
        Party party = pair(leader, partner);
        PoolTicket t = queue(leader, party, game);
        long v = lobbyVersion();
        Party after = parties.leave(partner, party.getId());
        assertEquals(List.of(leader), after.getMembersList());
        assertEquals("TICKET_LEFT", ticketStatus(t.getId()), "the party's waiting ticket ends with it");
        assertTrue(eventsFor(watcher, v).stream().anyMatch(e -> e.hasPool() && e.getPool().getGame().equals(t.getGame())
            && e.getPool().getPlayersWaiting() == 0), "the pool's size is announced");
        refused(ErrorKind.FAILED_PRECONDITION, "The ticket is no longer waiting (left); there is nothing to leave.",
            () -> pools.leave(leader, t.getId()), leader, partner);
    }
}
