package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link FlushTogether}: a new client connection gets it with its first call, once, and its calls are answered. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class FlushTogetherTest extends LobbyTestBase {
    @Inject
    FlushTogether flushes;

    @Test
    void aNewConnectionGetsItOnceAndItsCallsAreAnswered() throws InterruptedException {
        TestPlayer me = register("flush");
        int before = flushes.installed();
        ManagedChannel fresh = ManagedChannelBuilder.forAddress("localhost", 17070).usePlaintext().build();
        try {
            TestPlayer onFresh = TestPlayer.of(fresh, me.player(), me.token());
            for (int i = 0; i < 20; i++) {
                var who = onFresh.lobby().withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance());
                assertEquals(me.name(), who.getName(), "every answer arrives, its flush made");
            }
        } finally {
            fresh.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        assertEquals(before + 1, flushes.installed(), "installed on the new connection by its first call only");
        assertTrue(before >= 1, "and on the connection of the calls before");
    }
}
