package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.players.PlayerEntity;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.Player;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Parties: a leader invites players by name; each invitee joins with JoinParty (until then the party cannot queue).
 * A player is a joined member of at most one open party. Leaving takes the player out (a leader leaving disbands the
 * party) and ends the party's waiting pool tickets (LEFT). Only the leader queues the party (JoinPool with party_id);
 * team pools take parties of exactly two.
 */
@ApplicationScoped
public class Parties {
    /** Invitations per party: a party has at most four players. */
    static final int MAX_INVITES = 3;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PartyRepository parties;

    @Inject
    PoolRepository pools;

    @Inject
    PlayerRepository players;

    @Inject
    MatchmakingViews views;

    @Inject
    LobbyEventLog log;

    @Inject
    LobbyClock clock;

    public Party create(Player me, CreatePartyRequest r) {
        UUID myId = UUID.fromString(me.getId());
        if (r.getInviteCount() > MAX_INVITES) {
            throw LobbyException.invalid("A party has at most " + (MAX_INVITES + 1) + " players; " + r.getInviteCount()
                + " invitations are too many.");
        }
        return unitOfWork.call(() -> {
            Map<UUID, PlayerEntity> invited = new LinkedHashMap<>();
            for (String name : r.getInviteList()) {
                PlayerEntity p = players.requireByName(name);
                if (p.id.equals(myId)) {
                    throw LobbyException.invalid("You lead the party; invite the other players only.");
                }
                if (invited.put(p.id, p) != null) {
                    throw LobbyException.invalid(p.name + " is invited twice.");
                }
            }
            Set<UUID> all = new HashSet<>(invited.keySet());
            all.add(myId);
            players.lock(all);
            requireNoParty(myId);
            Instant now = clock.now();
            PartyEntity party = new PartyEntity();
            party.id = UUID.randomUUID();
            party.leaderId = myId;
            party.status = PartyEntity.OPEN;
            party.createdAt = now;
            party.updatedAt = now;
            parties.persist(party);
            parties.persistMember(member(party.id, myId, 0, true, now));
            int idx = 1;
            for (UUID p : invited.keySet()) {
                parties.persistMember(member(party.id, p, idx++, false, null));
            }
            return told(party.id, all);
        });
    }

    public Party join(Player me, String partyIdText) {
        UUID partyId = Ids.parse(partyIdText, "party");
        UUID myId = UUID.fromString(me.getId());
        return unitOfWork.call(() -> {
            players.lock(List.of(myId));
            PartyEntity party = lockOrNotFound(parties, partyId);
            PartyMemberEntity mine = parties.member(partyId, myId);
            if (mine == null) {
                throw LobbyException.denied("You are not invited to this party.");
            }
            if (mine.joined) {
                throw LobbyException.failedPrecondition("You are already a member of this party.");
            }
            if (!PartyEntity.OPEN.equals(party.status)) {
                throw LobbyException.failedPrecondition("The party has been disbanded; it cannot be joined.");
            }
            requireNoParty(myId);
            Instant now = clock.now();
            mine.joined = true;
            mine.joinedAt = now;
            party.updatedAt = now;
            return told(partyId, parties.memberIds(partyId));
        });
    }

    /** The party as it is now, told to the people it concerns (their lobby streams: a private event). */
    private Party told(UUID partyId, Collection<UUID> people) {
        Party view = views.party(partyId);
        log.add(LobbyEvent.newBuilder().setParty(view), people);
        return view;
    }

    /** A member or invitee leaves (declines); the leader leaving disbands the party. Waiting tickets of the party end. */
    public Party leave(Player me, String partyIdText) {
        UUID partyId = Ids.parse(partyIdText, "party");
        UUID myId = UUID.fromString(me.getId());
        return unitOfWork.call(() -> {
            if (!parties.exists(partyId)) {
                throw LobbyException.notFound("There is no party " + partyId + ".");
            }
            Set<UUID> involved = new HashSet<>(parties.memberIds(partyId));
            involved.add(myId);
            players.lock(involved);
            PartyEntity party = lockOrNotFound(parties, partyId);
            List<PartyMemberEntity> members = parties.members(partyId);
            if (!involved.containsAll(playerIds(members))) {
                throw new UnitOfWork.RetryTransaction("the party changed before its players were locked");
            }
            PartyMemberEntity mine = null;
            for (PartyMemberEntity m : members) {
                if (m.playerId.equals(myId)) {
                    mine = m;
                }
            }
            if (mine == null) {
                throw LobbyException.denied("You are not in this party.");
            }
            if (!PartyEntity.OPEN.equals(party.status)) {
                throw LobbyException.failedPrecondition("The party has been disbanded already.");
            }
            Instant now = clock.now();
            if (myId.equals(party.leaderId)) {
                party.status = PartyEntity.DISBANDED;
            } else {
                parties.deleteMember(mine);
            }
            party.updatedAt = now;
            for (PoolTicketEntity t : pools.waitingOfParty(partyId)) {
                t.status = "TICKET_LEFT";
                t.updatedAt = now;
                log.poolChanged(t.poolKey, t.spec().proto());
            }
            return told(partyId, involved);
        });
    }

    /** The party row, locked; NOT_FOUND when there is none. */
    static PartyEntity lockOrNotFound(PartyRepository parties, UUID partyId) {
        PartyEntity party = parties.lock(partyId);
        if (party == null) {
            throw LobbyException.notFound("There is no party " + partyId + ".");
        }
        return party;
    }

    static List<UUID> playerIds(List<PartyMemberEntity> members) {
        List<UUID> out = new ArrayList<>();
        for (PartyMemberEntity m : members) {
            out.add(m.playerId);
        }
        return out;
    }

    private static PartyMemberEntity member(UUID partyId, UUID playerId, int idx, boolean joined, Instant joinedAt) {
        PartyMemberEntity m = new PartyMemberEntity();
        m.partyId = partyId;
        m.playerId = playerId;
        m.idx = idx;
        m.joined = joined;
        m.joinedAt = joinedAt;
        return m;
    }

    private void requireNoParty(UUID player) {
        if (parties.inOpenParty(player)) {
            throw LobbyException.failedPrecondition("You are already in a party; leave it first.");
        }
    }
}
