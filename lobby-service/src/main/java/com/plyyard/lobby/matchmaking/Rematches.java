package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchCreation;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.match.SeatPlan;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rematch;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Rematch: any player of a finished match asks; once every person who played in it asked, a new match starts with the
 * same players and the same game (variant, options, clock, rated), colours swapped (two seats) or every seat moved on
 * by one (four seats: the player of seat i takes seat i+1, the last takes seat 0 — partners stay partners). AI seats
 * stay AI seats of the same level and move with the rotation. Repeating the request changes nothing.
 */
@ApplicationScoped
public class Rematches {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    RematchRepository rematches;

    @Inject
    MatchQueries matchQueries;

    @Inject
    MatchCreation matches;

    @Inject
    PlayerRepository players;

    @Inject
    GameSpecChecker specs;

    @Inject
    BusyPlayers busy;

    @Inject
    LobbyEventLog log;

    @Inject
    OtherBookings bookings;

    @Inject
    LobbyClock clock;

    @Inject
    MeterRegistry metrics;

    public Rematch request(Player me, String matchIdText) {
        UUID previous = Ids.parse(matchIdText, "match");
        UUID myId = UUID.fromString(me.getId());
        MatchQueries.PastMatch pre = unitOfWork.call(() -> matchQueries.past(previous));
        if (pre == null) {
            throw LobbyException.notFound("There is no match " + previous + ".");
        }
        GameState start = pre.status() == MatchStatus.MATCH_FINISHED
            ? specs.start(new CheckedGameSpec(pre.variant(), pre.options(), pre.clock(), pre.rated(), 0, "")) : null;
        return unitOfWork.call(() -> {
            MatchQueries.PastMatch past = matchQueries.past(previous);
            List<UUID> people = past.people();
            Set<UUID> involved = new HashSet<>(people);
            involved.add(myId);
            players.lock(involved);
            MatchStatus status = matchQueries.statusForShare(previous);
            if (!people.contains(myId)) {
                throw LobbyException.denied("You did not play in this match; only its players can ask for a rematch.");
            }
            if (status != MatchStatus.MATCH_FINISHED) {
                throw LobbyException.failedPrecondition("The match is not finished; a rematch follows a finished match.");
            }
            Instant now = clock.now();
            RematchEntity rematch = rematches.lockCreating(previous, now);
            Set<UUID> asked = rematches.askedBy(previous);
            if (rematch.matchId != null || asked.contains(myId)) {
                return view(rematch, people, asked); // asked before: nothing changes
            }
            RematchRequestEntity request = new RematchRequestEntity();
            request.previousMatchId = previous;
            request.playerId = myId;
            request.createdAt = now;
            rematches.persistRequest(request);
            asked.add(myId);
            rematch.updatedAt = now;
            if (asked.containsAll(people)) {
                busy.check(people, myId);
                List<SeatPlan> plan = rotated(past.seats());
                OtherBookings.Locked others = bookings.lock(people, List.of(), null, false);
                rematch.matchId = matches.createPaired(start, past.options(), past.clock(), past.rated(), plan, myId);
                bookings.release(others, now);
                for (int i = 0; i < plan.size(); i++) {
                    if (!plan.get(i).isAi()) {
                        bookings.paired(plan.get(i).playerId(), rematch.matchId, i, Paired.newBuilder());
                    }
                }
                unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.pairings", "via", "rematch").increment());
            }
            Rematch view = view(rematch, people, asked);
            log.add(LobbyEvent.newBuilder().setRematch(view), people);
            return view;
        });
    }

    /** Two seats swap; with more, the player of seat i takes seat i+1 and the last takes seat 0. */
    static List<SeatPlan> rotated(List<SeatPlan> seats) {
        int n = seats.size();
        SeatPlan[] plan = new SeatPlan[n];
        for (int i = 0; i < n; i++) {
            plan[n == 2 ? 1 - i : (i + 1) % n] = seats.get(i);
        }
        return Arrays.asList(plan);
    }

    private Rematch view(RematchEntity rematch, List<UUID> people, Set<UUID> asked) {
        Map<UUID, Player> names = players.byIds(people);
        Rematch.Builder b = Rematch.newBuilder().setPreviousMatchId(rematch.previousMatchId.toString());
        for (UUID p : people) {
            if (asked.contains(p)) {
                b.addRequestedBy(PlayerRepository.named(names, p));
            } else {
                b.addWaitingFor(PlayerRepository.named(names, p));
            }
        }
        if (rematch.matchId != null) {
            b.setMatchId(rematch.matchId.toString());
        }
        return b.build();
    }
}
