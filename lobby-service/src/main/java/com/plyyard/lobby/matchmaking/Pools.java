package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.AiSeats;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.ListPoolsResponse;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * Quick-pairing pools, one per (variant, effective options, clock, rated): JoinPool adds a ticket (me, or my party of
 * two for a team pool), LeavePool ends it; the {@link Pairer} pairs waiting tickets. A player may wait in several pools
 * at once; the first pairing supersedes the others ({@link OtherBookings}).
 */
@ApplicationScoped
public class Pools {
    @Inject
    GameSpecChecker specs;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PoolRepository pools;

    @Inject
    PartyRepository parties;

    @Inject
    PlayerRepository players;

    @Inject
    BusyPlayers busy;

    @Inject
    LobbyEventLog log;

    @Inject
    MatchmakingViews views;

    @Inject
    LobbyClock clock;

    @Inject
    AiSeats ai;

    @Inject
    Pairer pairer;

    public PoolTicket join(Player me, JoinPoolRequest r) {
        UUID myId = UUID.fromString(me.getId());
        UUID partyId = r.getPartyId().isBlank() ? null : Ids.parse(r.getPartyId(), "party");
        CheckedGameSpec spec = specs.check(r.getGame()).spec();
        if (r.getAllowAiFill()) {
            if (spec.rated()) {
                throw LobbyException.invalid("AI fill is for casual pools only: a rated match cannot have AI seats.");
            }
            if (!ai.available()) {
                throw LobbyException.failedPrecondition(ai.unavailableReason());
            }
        }
        if (partyId != null && !"team".equals(spec.mode())) {
            throw LobbyException.invalid("A party queues only for a team pool (a ploy:…:team variant); " + spec.variant()
                + " is played alone.");
        }
        return unitOfWork.call(() -> {
            List<UUID> queued = partyId == null ? lockMe(myId) : lockParty(partyId, myId);
            busy.check(queued, myId);
            List<UUID> already = pools.waitingIn(spec.poolKey(), queued);
            if (!already.isEmpty()) {
                UUID who = already.get(0);
                throw LobbyException.failedPrecondition((who.equals(myId) ? "You already wait"
                    : PlayerRepository.named(players.byIds(List.of(who)), who).getName() + " already waits") + " in this pool.");
            }
            Instant now = clock.now();
            PoolTicketEntity t = new PoolTicketEntity();
            t.id = UUID.randomUUID();
            t.poolKey = spec.poolKey();
            t.game = GameSpecColumns.of(spec);
            t.seatCount = spec.seatCount();
            t.mode = spec.mode();
            t.partyId = partyId;
            t.queuedBy = myId;
            t.allowAiFill = r.getAllowAiFill();
            t.status = PoolRepository.WAITING;
            t.queuedAt = now;
            t.updatedAt = now;
            pools.persist(t);
            for (int i = 0; i < queued.size(); i++) {
                PoolTicketMemberEntity m = new PoolTicketMemberEntity();
                m.ticketId = t.id;
                m.playerId = queued.get(i);
                m.idx = i;
                pools.persistMember(m);
            }
            log.poolChanged(spec.poolKey(), spec.proto());
            if (pools.playersWaiting(spec.poolKey()) >= spec.seatCount()) {
                // a full group may be possible now: pair at once rather than at the next wave
                unitOfWork.afterCommit(() -> pairer.poke(spec.poolKey()));
            }
            return views.ticket(t.id);
        });
    }

    private List<UUID> lockMe(UUID myId) {
        players.lock(List.of(myId));
        return List.of(myId);
    }

    /** The party's players, locked (the leader queues it, once everyone invited has joined). */
    private List<UUID> lockParty(UUID partyId, UUID myId) {
        if (!parties.exists(partyId)) {
            throw LobbyException.notFound("There is no party " + partyId + ".");
        }
        Set<UUID> involved = new HashSet<>(parties.memberIds(partyId));
        involved.add(myId);
        players.lock(involved);
        PartyEntity party = Parties.lockOrNotFound(parties, partyId);
        List<PartyMemberEntity> members = parties.members(partyId);
        if (!involved.containsAll(Parties.playerIds(members))) {
            throw new UnitOfWork.RetryTransaction("the party changed before its players were locked");
        }
        if (!myId.equals(party.leaderId)) {
            throw LobbyException.denied("Only the party's leader can queue it.");
        }
        if (!PartyEntity.OPEN.equals(party.status)) {
            throw LobbyException.failedPrecondition("The party has been disbanded; it cannot queue.");
        }
        if (members.size() != 2) {
            throw LobbyException.invalid("A team pool takes parties of two (partners); this party has " + members.size()
                + " players.");
        }
        List<UUID> out = new ArrayList<>();
        List<UUID> pending = new ArrayList<>();
        for (PartyMemberEntity m : members) {
            out.add(m.playerId);
            if (!m.joined) {
                pending.add(m.playerId);
            }
        }
        if (!pending.isEmpty()) {
            throw LobbyException.failedPrecondition(PlayerRepository.named(players.byIds(pending), pending.get(0)).getName()
                + " has not joined the party yet; the party can queue once everyone invited has joined.");
        }
        return out;
    }

    /** Any player of a waiting ticket takes it (with their party) out of the pool. */
    public PoolTicket leave(Player me, String ticketIdText) {
        UUID ticketId = Ids.parse(ticketIdText, "ticket");
        UUID myId = UUID.fromString(me.getId());
        return unitOfWork.call(() -> {
            List<UUID> members = pools.playersOf(ticketId);
            if (members.isEmpty()) {
                throw LobbyException.notFound("There is no pool ticket " + ticketId + ".");
            }
            if (!members.contains(myId)) {
                throw LobbyException.denied("This pool ticket is not yours.");
            }
            players.lock(members);
            PoolTicketEntity t = pools.lock(ticketId);
            if (!PoolRepository.WAITING.equals(t.status)) {
                throw LobbyException.failedPrecondition("The ticket is no longer waiting ("
                    + t.status.replace("TICKET_", "").toLowerCase(Locale.ROOT) + "); there is nothing to leave.");
            }
            t.status = "TICKET_LEFT";
            t.updatedAt = clock.now();
            log.poolChanged(t.poolKey, t.spec().proto());
            return views.ticket(ticketId);
        });
    }

    public ListPoolsResponse list() {
        return unitOfWork.call(() -> ListPoolsResponse.newBuilder().addAllPools(views.pools()).build());
    }
}
