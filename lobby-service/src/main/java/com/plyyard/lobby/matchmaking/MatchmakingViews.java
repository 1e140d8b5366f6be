package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeStatus;
import com.plyyard.proto.v1.LobbySnapshot;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolSize;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekSeat;
import com.plyyard.proto.v1.SeekStatus;
import com.plyyard.proto.v1.TicketStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The matchmaking messages built from the stored rows. Call inside a unit of work. */
@ApplicationScoped
class MatchmakingViews {
    @Inject
    SeekRepository seeks;

    @Inject
    PoolRepository pools;

    @Inject
    ChallengeRepository challenges;

    @Inject
    PartyRepository parties;

    @Inject
    PlayerRepository players;

    @Inject
    LobbyClock clock;

    @Inject
    MatchmakingConfig config;

    // ------------------------------------------------------------------------------------------------ seeks

    Seek seek(UUID id) {
        return seeks(List.of(seeks.findById(id))).get(0);
    }

    /** The seeks' messages, in the given order. */
    List<Seek> seeks(List<SeekEntity> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<UUID> ids = new ArrayList<>();
        Set<UUID> people = new HashSet<>();
        for (SeekEntity r : rows) {
            ids.add(r.id);
            people.add(r.ownerId);
        }
        Map<UUID, List<SeekSeatEntity>> seats = new HashMap<>();
        for (SeekSeatEntity s : seeks.seatsOf(ids)) {
            seats.computeIfAbsent(s.seekId, k -> new ArrayList<>()).add(s);
            if (s.playerId != null) {
                people.add(s.playerId);
            }
        }
        Map<UUID, Player> names = players.byIds(people);
        List<Seek> out = new ArrayList<>();
        for (SeekEntity r : rows) {
            Seek.Builder b = Seek.newBuilder()
                .setId(r.id.toString())
                .setOwner(PlayerRepository.named(names, r.ownerId))
                .setGame(CheckedGameSpec.of(r.game, r.seatCount, "").proto())
                .setRatingRange(RatingRange.newBuilder()
                    .setMin(r.ratingMin == null ? 0 : r.ratingMin)
                    .setMax(r.ratingMax == null ? 0 : r.ratingMax))
                .setStatus(SeekStatus.valueOf(r.status))
                .setCreatedAtEpochMillis(r.createdAt.toEpochMilli());
            if (r.matchId != null) {
                b.setMatchId(r.matchId.toString());
            }
            for (SeekSeatEntity s : seats.getOrDefault(r.id, List.of())) {
                SeekSeat.Builder seat = SeekSeat.newBuilder().setSeat(s.idx);
                if (s.playerId != null) {
                    seat.setPlayer(PlayerRepository.named(names, s.playerId));
                }
                b.addSeats(seat);
            }
            out.add(b.build());
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ pools

    PoolTicket ticket(UUID id) {
        return tickets(List.of(pools.findById(id))).get(0);
    }

    /** The tickets' messages, in the given order; the rating gap each accepts now. */
    List<PoolTicket> tickets(List<PoolTicketEntity> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<UUID> ids = new ArrayList<>();
        for (PoolTicketEntity r : rows) {
            ids.add(r.id);
        }
        Map<UUID, List<PoolTicketMemberEntity>> members = pools.members(ids);
        Set<UUID> people = new HashSet<>();
        members.values().forEach(ms -> ms.forEach(m -> people.add(m.playerId)));
        Map<UUID, Player> names = players.byIds(people);
        PairingRules rules = PairingRules.from(config);
        long now = clock.nowMillis();
        List<PoolTicket> out = new ArrayList<>();
        for (PoolTicketEntity r : rows) {
            long waited = Math.max(0, now - r.queuedAt.toEpochMilli());
            PoolTicket.Builder b = PoolTicket.newBuilder()
                .setId(r.id.toString())
                .setGame(r.spec().proto())
                .setStatus(TicketStatus.valueOf(r.status))
                .setQueuedAtEpochMillis(r.queuedAt.toEpochMilli())
                .setRatingGap(rules.gap(waited));
            if (r.matchId != null) {
                b.setMatchId(r.matchId.toString());
            }
            for (PoolTicketMemberEntity m : members.getOrDefault(r.id, List.of())) {
                b.addPlayers(PlayerRepository.named(names, m.playerId));
                if (m.seat != null) {
                    b.addSeats(m.seat);
                }
            }
            out.add(b.build());
        }
        return out;
    }

    /** Every pool with players waiting, by variant and pool. */
    List<PoolSize> pools() {
        List<PoolTicketEntity> waiting = pools.allWaiting();
        List<UUID> ids = new ArrayList<>();
        for (PoolTicketEntity t : waiting) {
            ids.add(t.id);
        }
        Map<UUID, List<PoolTicketMemberEntity>> members = pools.members(ids);
        Map<String, PoolSize.Builder> byPool = new LinkedHashMap<>();
        for (PoolTicketEntity t : waiting) {
            PoolSize.Builder pool = byPool.computeIfAbsent(t.poolKey, k -> PoolSize.newBuilder()
                .setGame(CheckedGameSpec.of(t.game, 0, "").proto()));
            pool.setPlayersWaiting(pool.getPlayersWaiting() + members.getOrDefault(t.id, List.of()).size());
        }
        List<PoolSize> out = new ArrayList<>();
        for (PoolSize.Builder b : byPool.values()) {
            if (b.getPlayersWaiting() > 0) {
                out.add(b.build());
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ challenges

    Challenge challenge(UUID id) {
        return challenges(List.of(challenges.findById(id))).get(0);
    }

    List<Challenge> challenges(List<ChallengeEntity> rows) {
        Set<UUID> people = new HashSet<>();
        for (ChallengeEntity r : rows) {
            people.add(r.challengerId);
            if (r.opponentId != null) {
                people.add(r.opponentId);
            }
        }
        Map<UUID, Player> names = players.byIds(people);
        List<Challenge> out = new ArrayList<>();
        for (ChallengeEntity r : rows) {
            Challenge.Builder b = Challenge.newBuilder()
                .setId(r.id.toString())
                .setChallenger(PlayerRepository.named(names, r.challengerId))
                .setGame(CheckedGameSpec.of(r.game, 2, "").proto())
                .setStatus(ChallengeStatus.valueOf(r.status))
                .setExpiresAtEpochMillis(r.expiresAt.toEpochMilli());
            if (r.opponentId != null) {
                b.setOpponent(PlayerRepository.named(names, r.opponentId));
            }
            if (r.matchId != null) {
                b.setMatchId(r.matchId.toString());
            }
            out.add(b.build());
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ parties

    Party party(UUID id) {
        PartyEntity p = parties.findById(id);
        List<PartyMemberEntity> members = parties.members(id);
        Set<UUID> people = new HashSet<>();
        people.add(p.leaderId);
        for (PartyMemberEntity m : members) {
            people.add(m.playerId);
        }
        Map<UUID, Player> names = players.byIds(people);
        Party.Builder b = Party.newBuilder().setId(id.toString()).setLeader(PlayerRepository.named(names, p.leaderId))
            .setDisbanded(!PartyEntity.OPEN.equals(p.status));
        for (PartyMemberEntity m : members) {
            if (m.joined) {
                b.addMembers(PlayerRepository.named(names, m.playerId));
            } else {
                b.addInvited(PlayerRepository.named(names, m.playerId));
            }
        }
        return b.build();
    }

    // ------------------------------------------------------------------------------------------------ the snapshot

    LobbySnapshot snapshot(UUID me) {
        return LobbySnapshot.newBuilder()
            .addAllSeeks(seeks(seeks.open(null)))
            .addAllPools(pools())
            .addAllMyTickets(tickets(pools.waitingWith(me)))
            .addAllMyChallenges(challenges(challenges.openOf(me)))
            .addAllMyParties(parties.openPartiesOf(me).stream().map(this::party).toList())
            .build();
    }
}
