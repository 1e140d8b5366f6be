package com.plyyard.lobby.match;

import com.plyyard.lobby.common.Ids;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.Match;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * How every MatchService change runs: one unit of work that locks the match row ({@code SELECT … FOR UPDATE}), lets
 * the change check everything (it throws to refuse, before anything is written, so the stored match never changes on a
 * rejected call), then writes; after the commit an AI seat left to move is woken. Times are the database's clock.
 */
@ApplicationScoped
class MatchChanges {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchRepository matches;

    @Inject
    LobbyClock clock;

    @Inject
    MatchViews views;

    @Inject
    AiSeats ai;

    /** Runs the change on the locked match and answers the match as it is after the commit. */
    Match change(String matchIdText, Consumer<MatchBeingChanged> work) {
        UUID id = Ids.parse(matchIdText, "match");
        return unitOfWork.call(() -> {
            MatchBeingChanged match = lock(id);
            work.accept(match);
            wakeAiAfterCommit(match);
            return views.view(match, true);
        });
    }

    /** The match locked inside the caller's unit of work; NOT_FOUND when there is none. */
    MatchBeingChanged lock(UUID id) {
        MatchEntity row = matches.lockForUpdate(id);
        if (row == null) {
            throw notFound(id);
        }
        return new MatchBeingChanged(row, matches.seats(id), clock.nowMillis());
    }

    /** After the commit, the AI thinks about its turn outside this transaction. */
    void wakeAiAfterCommit(MatchBeingChanged match) {
        if (match.aiToMove()) {
            UUID id = match.id();
            unitOfWork.afterCommit(() -> ai.onTurn(id));
        }
    }

    static LobbyException notFound(UUID id) {
        return LobbyException.notFound("There is no match " + id + ".");
    }
}
