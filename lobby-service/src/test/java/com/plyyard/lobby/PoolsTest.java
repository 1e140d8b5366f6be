package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.matchmaking.Pairer;
import com.plyyard.lobby.support.LobbyStream;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.TicketStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Quick-pairing pools: free-for-all groups of four, team matches that keep parties together, the rating gap that widens
 * with waiting, AI fill after the wait, and a player waiting in two pools paired once. Test settings: waves every
 * 0.3 s, the gap widens by 50 every second, AI fill after 2 s; every test has pools of its own (its own clocks).
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PoolsTest extends MatchmakingTestBase {
    @Inject
    Pairer pairer;

    @Inject
    ManualClock clock;

    private TestPlayer[] players(String prefix, int n) {
        TestPlayer[] p = new TestPlayer[n];
        for (int i = 0; i < n; i++) {
            p[i] = register(prefix + i);
        }
        return p;
    }

    /** Each player's Paired event, by player index. */
    private Map<Integer, LobbyEvent> pairings(LobbyStream[] lobby) {
        Map<Integer, LobbyEvent> out = new HashMap<>();
        for (int i = 0; i < lobby.length; i++) {
            out.put(i, paired(lobby[i]));
        }
        return out;
    }

    @Test
    void eightPlayersInAFreeForAllPoolMakeTwoMatchesOfFour() {
        TestPlayer[] p = players("ffa-pool-", 8);
        LobbyStream[] lobby = new LobbyStream[8];
        GameSpec game = spec("ploy:3m:ffa", freshClock(), false);
        List<PoolTicket> tickets = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            lobby[i] = inLobby(p[i]);
            tickets.add(join(p[i], game));
        }
        Map<Integer, LobbyEvent> paired = pairings(lobby);
        Map<String, Set<Integer>> byMatch = new HashMap<>();
        paired.forEach((i, e) -> byMatch.computeIfAbsent(e.getPaired().getMatchId(), k -> new HashSet<>()).add(i));
        assertEquals(2, byMatch.size(), "two matches");
        for (Map.Entry<String, Set<Integer>> e : byMatch.entrySet()) {
            assertEquals(4, e.getValue().size(), "four players each");
            Match m = p[0].get(e.getKey());
            assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
            assertEquals("ploy:3m:ffa", m.getVariant().getId());
            assertEquals(game.getTimeControl(), m.getTimeControl());
            for (int i : e.getValue()) {
                int seat = paired.get(i).getPaired().getSeat();
                assertEquals(p[i].player(), m.getSeats(seat).getPlayer(), "the Paired event names the player's seat");
                assertEquals(tickets.get(i).getId(), paired.get(i).getPaired().getTicketId());
                assertEquals("TICKET_PAIRED", ticketStatus(tickets.get(i).getId()));
            }
        }
        assertEquals(8, count("SELECT count(*) FROM pool_ticket_members m JOIN pool_tickets t ON t.id = m.ticket_id "
            + "WHERE t.pool_key LIKE ? AND t.status = 'TICKET_PAIRED' AND m.seat IS NOT NULL", "ploy:3m:ffa " + game.getTimeControl()
            .getInitialSeconds() + "+0 %"));
    }

    @Test
    void twoPartiesAndFourSolosMakeTwoTeamMatchesWithEachPartyAsPartners() {
        TestPlayer[] p = players("team-pool-", 8);
        LobbyStream[] lobby = new LobbyStream[8];
        for (int i = 0; i < 8; i++) {
            lobby[i] = inLobby(p[i]);
        }
        // parties (0, 1) and (2, 3); solos 4..7
        Party first = p[0].mm().createParty(CreatePartyRequest.newBuilder().addInvite(p[1].name()).build());
        assertEquals(List.of(p[1].player()), first.getInvitedList());
        Party joined = p[1].mm().joinParty(PartyRequest.newBuilder().setPartyId(first.getId()).build());
        assertEquals(List.of(p[0].player(), p[1].player()), joined.getMembersList());
        Party second = p[2].mm().createParty(CreatePartyRequest.newBuilder().addInvite(p[3].name()).build());
        p[3].mm().joinParty(PartyRequest.newBuilder().setPartyId(second.getId()).build());
        GameSpec game = spec("ploy:3m:team", freshClock(), false);
        PoolTicket t0 = p[0].mm().joinPool(JoinPoolRequest.newBuilder().setGame(game).setPartyId(first.getId()).build());
        assertEquals(List.of(p[0].player(), p[1].player()), t0.getPlayersList());
        for (int i = 4; i < 8; i++) {
            join(p[i], game);
        }
        p[2].mm().joinPool(JoinPoolRequest.newBuilder().setGame(game).setPartyId(second.getId()).build());
        Map<Integer, LobbyEvent> paired = pairings(lobby);
        Map<String, Set<Integer>> byMatch = new HashMap<>();
        paired.forEach((i, e) -> byMatch.computeIfAbsent(e.getPaired().getMatchId(), k -> new HashSet<>()).add(i));
        assertEquals(2, byMatch.size(), "two team matches");
        for (String matchId : byMatch.keySet()) {
            Match m = p[0].get(matchId);
            assertEquals(4, byMatch.get(matchId).size());
            assertEquals("team", m.getVariant().getMode());
            for (SeatKind k : m.getSeatsList().stream().map(s -> s.getKind()).toList()) {
                assertEquals(SeatKind.SEAT_PLAYER, k);
            }
        }
        for (int[] party : new int[][] {{0, 1}, {2, 3}}) {
            LobbyEvent a = paired.get(party[0]);
            LobbyEvent b = paired.get(party[1]);
            assertEquals(a.getPaired().getMatchId(), b.getPaired().getMatchId(), "partners play in the same match");
            Match m = p[0].get(a.getPaired().getMatchId());
            int seatA = a.getPaired().getSeat();
            int seatB = b.getPaired().getSeat();
            assertNotEquals(seatA, seatB);
            assertEquals(m.getState().getSeats(seatA).getTeam(), m.getState().getSeats(seatB).getTeam(),
                "a party's two players are partners (Green+Yellow or Red+Blue)");
            assertEquals(seatA % 2, seatB % 2);
        }
    }

    @Test
    void theRatingGapWidensWithWaiting() {
        TestPlayer low = register("gap-low");
        TestPlayer high = register("gap-high");
        int initial = freshClock();
        setRating(high, "draughts:fmjd", initial, 0, 1800, 100, 0.06);
        LobbyStream lowLobby = inLobby(low);
        inLobby(high);
        GameSpec game = spec("draughts:fmjd", initial, false);
        PoolTicket a = join(low, game);
        PoolTicket b = join(high, game);
        assertEquals(100, a.getRatingGap(), "a new ticket accepts 100 points");
        // 300 points apart: 100 + 50 per second waited reaches 300 after 4 s
        clock.advanceMillis(3999);
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(a.getId()), "a gap of 250 is too narrow");
        assertEquals("TICKET_WAITING", ticketStatus(b.getId()));
        clock.advanceMillis(1);
        pairer.waveNow();
        LobbyEvent e = paired(lowLobby);
        assertEquals(4000, millisQueued(a.getId()), "paired as the gap reached 300 (server times)");
        assertEquals("TICKET_PAIRED", ticketStatus(b.getId()));
        Match m = low.get(e.getPaired().getMatchId());
        assertTrue(m.getSeatsList().stream().anyMatch(s -> s.getPlayer().equals(high.player())));
    }

    @Test
    void aiSeatsFillTheMatchAfterTheWait() {
        TestPlayer alone = register("ai-fill");
        LobbyStream lobby = inLobby(alone);
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        PoolTicket t = alone.mm().joinPool(JoinPoolRequest.newBuilder().setGame(game).setAllowAiFill(true).build());
        clock.advanceMillis(1999);
        pairer.waveNow();
        assertEquals("TICKET_WAITING", ticketStatus(t.getId()), "not before the AI-fill wait (2 s)");
        clock.advanceMillis(1);
        pairer.waveNow();
        LobbyEvent e = paired(lobby);
        assertEquals(2000, millisQueued(t.getId()), "filled as the AI-fill wait ends (server times)");
        assertEquals(t.getId(), e.getPaired().getTicketId());
        Match m = alone.get(e.getPaired().getMatchId());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        int mine = e.getPaired().getSeat();
        assertEquals(alone.player(), m.getSeats(mine).getPlayer());
        assertEquals(SeatKind.SEAT_AI, m.getSeats(1 - mine).getKind());
        assertEquals(3, m.getSeats(1 - mine).getAiLevel(), "the AI-fill level: club");
        assertTrue(!m.getRated());
        // resign, so ai-service rests (the AI may be moving right now: a stale version is answered ABORTED, try again)
        for (int attempt = 0; ; attempt++) {
            Match now = alone.get(m.getId());
            try {
                alone.matches().resign(MatchActionRequest.newBuilder().setMatchId(m.getId()).setExpectedVersion(now.getVersion())
                    .build());
                break;
            } catch (io.grpc.StatusRuntimeException stale) {
                assertEquals(io.grpc.Status.Code.ABORTED, stale.getStatus().getCode());
                assertTrue(attempt < 20, "could not resign");
                com.plyyard.lobby.support.Processes.sleep(100);
            }
        }
    }

    @Test
    void aPlayerWaitingInTwoPoolsIsPairedOnce() {
        TestPlayer both = register("two-pools");
        TestPlayer x = register("pool-x");
        TestPlayer y = register("pool-y");
        LobbyStream bothLobby = inLobby(both);
        GameSpec gx = spec("draughts:fmjd", freshClock(), false);
        GameSpec gy = spec("draughts:fmjd", freshClock(), false);
        pairer.pause();
        PoolTicket bx;
        PoolTicket by;
        PoolTicket xt;
        PoolTicket yt;
        try {
            bx = join(both, gx);
            by = join(both, gy);
            xt = join(x, gx);
            yt = join(y, gy);
        } finally {
            pairer.resume(); // both pools can pair `both` in the same wave
        }
        LobbyEvent e = paired(bothLobby);
        await("both tickets settled", () -> !"TICKET_WAITING".equals(ticketStatus(bx.getId()))
            && !"TICKET_WAITING".equals(ticketStatus(by.getId())), Duration.ofSeconds(10));
        bothLobby.drain(Duration.ofMillis(1000));
        assertEquals(1, bothLobby.received().stream().filter(LobbyEvent::hasPaired).count(), "one pairing");
        assertEquals(1, count("SELECT count(*) FROM seats WHERE player_id = ?::uuid", both.player().getId()), "one match");
        List<String> statuses = new ArrayList<>(List.of(ticketStatus(bx.getId()), ticketStatus(by.getId())));
        statuses.sort(null);
        assertEquals(List.of("TICKET_PAIRED", "TICKET_SUPERSEDED"), statuses);
        boolean viaX = e.getPaired().getTicketId().equals(bx.getId());
        PoolTicket partner = viaX ? xt : yt;
        PoolTicket left = viaX ? yt : xt;
        assertEquals("TICKET_PAIRED", ticketStatus(partner.getId()));
        assertEquals("TICKET_WAITING", ticketStatus(left.getId()), "the other pool's player waits on");
        PoolTicket gone = (viaX ? y : x).mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(left.getId()).build());
        assertEquals(TicketStatus.TICKET_LEFT, gone.getStatus());
    }

    /** How long a settled ticket waited, by the lobby's own (database) clock: queued_at to its last update. */
    private long millisQueued(String ticketId) {
        return Long.parseLong(text("SELECT (extract(epoch FROM updated_at - queued_at) * 1000)::bigint FROM pool_tickets "
            + "WHERE id = ?::uuid", ticketId));
    }
}
