package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cap on one instance's watch streams ({@code plyyard.lobby.calls.max-streams}, here 2): one stream more is refused
 * RESOURCE_EXHAUSTED with a sentence, the open ones go on, and a stream closed makes room for the next.
 */
@QuarkusTest
@TestProfile(StreamCapIT.TwoStreams.class)
class StreamCapIT extends LobbyTestBase {
    public static final class TwoStreams implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("plyyard.lobby.calls.max-streams", "2");
        }
    }

    @Test
    void oneStreamBeyondTheCapIsRefusedAndRoomComesBack() {
        TestPlayer a = register("cap-a");
        TestPlayer b = register("cap-b");
        Match m = a.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(invite(b)).build());
        EventStream first = watch(a, m.getId(), 0);
        assertTrue(first.next().hasSnapshot());
        EventStream second = watch(b, m.getId(), 0);
        assertTrue(second.next().hasSnapshot());

        EventStream third = watch(b, m.getId(), 0);
        Throwable refused = third.awaitEnd(Duration.ofSeconds(10));
        assertNotNull(refused, "the third stream is refused");
        Status status = Status.fromThrowable(refused);
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, status.getCode(), String.valueOf(status));
        assertTrue(status.getDescription().contains("maximum of 2 watch streams"), status.getDescription());

        first.close();
        EventStream again = null;
        for (int attempt = 0; attempt < 50 && again == null; attempt++) { // the cancel reaches the server shortly
            EventStream s = watch(b, m.getId(), 0);
            try {
                if (s.next(Duration.ofSeconds(5)).hasSnapshot()) {
                    again = s;
                }
            } catch (AssertionError refusedAgain) {
                sleep(100);
            }
        }
        assertNotNull(again, "a closed stream makes room for a new one");
        Match joined = b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        second.untilVersion(joined.getVersion()); // the open streams went on
        again.untilVersion(joined.getVersion());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
