package com.plyyard.lobby.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.plyyard.proto.v1.MatchMove;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The kept move lists: grown by one when they are the game before the move, read again otherwise. */
class MoveListsTest {
    private final UUID match = UUID.randomUUID();
    private final List<MatchMove> stored = new ArrayList<>();
    private final AtomicInteger reads = new AtomicInteger();
    private final Supplier<List<MatchMove>> database = () -> {
        reads.incrementAndGet();
        return List.copyOf(stored);
    };

    private MatchMove play() {
        MatchMove m = MatchMove.newBuilder().setPly(stored.size() + 1).setMove(com.plyyard.proto.v1.Move.newBuilder().setNotation("m" + (stored.size() + 1))).build();
        stored.add(m);
        return m;
    }

    @Test
    void consecutiveMovesOfOneInstanceReadTheGameOnce() {
        MoveLists lists = new MoveLists(100, Duration.ofMinutes(1));
        for (int i = 0; i < 50; i++) {
            assertEquals(stored, lists.after(match, play(), database));
        }
        assertEquals(1, reads.get());
    }

    @Test
    void aMoveMadeElsewhereMeanwhileMakesTheListBeReadAgain() {
        MoveLists lists = new MoveLists(100, Duration.ofMinutes(1));
        lists.after(match, play(), database);
        lists.after(match, play(), database);
        play(); // another instance
        List<MatchMove> after4 = lists.after(match, play(), database);
        assertEquals(stored, after4);
        assertEquals(2, reads.get());
        assertEquals(stored, lists.after(match, play(), database));
        assertEquals(2, reads.get());
    }

    @Test
    void aLateAnswerThatWouldShrinkTheListIsReadAgainNotAppended() {
        MoveLists lists = new MoveLists(100, Duration.ofMinutes(1));
        MatchMove first = play();
        MatchMove second = play();
        assertEquals(stored, lists.after(match, second, database)); // the second move's answer came first
        List<MatchMove> late = lists.after(match, first, () -> List.copyOf(stored.subList(0, 1)));
        assertEquals(List.of(first), late);
    }

    @Test
    void aHeldListAnswersOnlyForItsOwnLength() {
        MoveLists lists = new MoveLists(100, Duration.ofMinutes(1));
        assertNull(lists.held(match, 0), "nothing held yet");
        lists.after(match, play(), database);
        lists.after(match, play(), database);
        assertEquals(stored, lists.held(match, 2));
        assertNull(lists.held(match, 3), "a third move made elsewhere (or in an uncommitted unit of work) is not held");
        assertNull(lists.held(match, 1), "nor is a shorter game");
        assertNull(lists.held(UUID.randomUUID(), 2), "nor another match");
    }
}
