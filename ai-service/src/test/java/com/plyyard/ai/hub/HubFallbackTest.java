package com.plyyard.ai.hub;

import static com.plyyard.ai.hub.HubEngineServiceTest.assertLegal;
import static com.plyyard.ai.hub.HubEngineServiceTest.best;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.SearchLimits;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Our engine answers whenever the external one fails: a scripted Hub engine (ScriptedHubEngine) dies mid-request,
 * hangs, or answers an illegal move; after a death or a hang the next request starts it again.
 */
@Timeout(120)
@QuarkusTest
@TestProfile(HubFallbackTest.ScriptedEngine.class)
class HubFallbackTest {
    static final Path SCRIPT = scriptFile();

    public static class ScriptedEngine implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("plyyard.ai.hub.command", HubTestCommands.javaMain(ScriptedHubEngine.class, SCRIPT.toString()),
                "plyyard.ai.hub.timeout", "4000");
        }
    }

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    private final Position start = Variants.get("draughts:fmjd").start();

    private static Path scriptFile() {
        try {
            Path p = Files.createTempFile("plyyard-hub-script", ".txt");
            p.toFile().deleteOnExit();
            Files.writeString(p, "play");
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void script(String what) throws IOException {
        Files.writeString(SCRIPT, what);
    }

    private BestMoveResponse askFor300Millis() {
        BestMoveResponse r = best(ai, start, SearchLimits.newBuilder().setMoveTimeMillis(300));
        assertLegal(start, r);
        return r;
    }

    @Test
    void anIllegalAnswerIsReplacedByOurMove() throws IOException {
        script("illegal");
        assertEquals("plyyard", askFor300Millis().getEngine());
        script("play");
        assertEquals("hub:Scripted", askFor300Millis().getEngine(), "and the next request goes to it again");
    }

    @Test
    void aDeathMidRequestIsAnsweredByOurEngineAndTheNextRequestRestartsIt() throws IOException {
        script("play");
        assertEquals("hub:Scripted", askFor300Millis().getEngine());
        script("die");
        assertEquals("plyyard", askFor300Millis().getEngine());
        script("play");
        assertEquals("hub:Scripted", askFor300Millis().getEngine(), "a new process");
    }

    @Test
    void aHangIsCutOffAfterTheTimeout() throws IOException {
        script("hang");
        long asked = System.nanoTime();
        assertEquals("plyyard", askFor300Millis().getEngine());
        long millis = (System.nanoTime() - asked) / 1_000_000;
        assertTrue(millis >= 300 + 4000 && millis < 300 + 4000 + 5000, "answered after " + millis + " ms");
        script("play");
        assertEquals("hub:Scripted", askFor300Millis().getEngine(), "a new process");
    }
}
