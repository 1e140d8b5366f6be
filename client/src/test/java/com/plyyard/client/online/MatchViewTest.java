package com.plyyard.client.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEnded;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.MovePlayed;
import com.plyyard.proto.v1.Outcome;
import org.junit.jupiter.api.Test;

/** The client's picture of a match: the version it shows (the expected_version of its calls) and resumed watches. */
class MatchViewTest {
    private static MatchEvent move(long version, String notation, GameStatus status) {
        return MatchEvent.newBuilder().setVersion(version).setMovePlayed(MovePlayed.newBuilder()
            .setMove(Move.newBuilder().setNotation(notation))
            .setState(GameState.newBuilder().setStatus(status).setPosition("after " + notation))).build();
    }

    @Test
    void theVersionIsTheLastEventApplied() {
        MatchView view = new MatchView();
        view.apply(MatchEvent.newBuilder().setSnapshot(Match.newBuilder().setVersion(7).setStatus(MatchStatus.MATCH_ACTIVE)
            .setState(GameState.newBuilder().setStatus(GameStatus.ONGOING))).build());
        assertEquals(7, view.version(), "a snapshot carries its version in the match");
        view.apply(move(8, "32-28", GameStatus.ONGOING));
        assertEquals(8, view.version());
        assertEquals("after 32-28", view.state().getPosition());
        assertFalse(view.over());
    }

    @Test
    void aResumedViewTakesItsStateFromTheEventsNotFromTheFinishedMatch() {
        Match finished = Match.newBuilder().setVersion(20).setStatus(MatchStatus.MATCH_FINISHED)
            .setState(GameState.newBuilder().setStatus(GameStatus.FINISHED).setPosition("final"))
            .setResult(Outcome.newBuilder().setDescription("White wins")).build();
        MatchView view = new MatchView();
        view.resume(finished, 3);
        assertEquals(3, view.version());
        assertFalse(view.ready(), "no state until an event brings one");
        assertFalse(view.over(), "the events after version 3 are still to be shown");
        assertNull(view.result());
        view.apply(move(4, "19-23", GameStatus.ONGOING));
        assertEquals("after 19-23", view.state().getPosition());
        assertFalse(view.over());
        view.apply(MatchEvent.newBuilder().setVersion(20).setEnded(MatchEnded.newBuilder().setStatus(MatchStatus.MATCH_FINISHED)
            .setResult(Outcome.newBuilder().setDescription("White wins"))).build());
        assertTrue(view.over());
        assertEquals("White wins", view.result().getDescription());
        assertEquals(20, view.version());
    }
}
