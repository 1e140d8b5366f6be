package com.plyyard.ai.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.SearchLimits;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** ai-service with our own Hub engine as its external engine, in a process of its own (HubEngineMain). */
@Timeout(120)
@QuarkusTest
@TestProfile(HubEngineServiceTest.OurHubEngine.class)
class HubEngineServiceTest {
    static final ProtoMapper MAPPER = ProtoMapper.standard();

    public static class OurHubEngine implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("plyyard.ai.hub.command", HubTestCommands.javaMain(HubEngineMain.class),
                "plyyard.ai.hub.timeout", "10000");
        }
    }

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    static BestMoveResponse best(EngineServiceGrpc.EngineServiceBlockingStub ai, Position position,
                                 SearchLimits.Builder limits) {
        return ai.bestMove(BestMoveRequest.newBuilder().setState(MAPPER.state(position)).setLimits(limits).build());
    }

    /** A legal move of the position, in canonical notation and leading the principal variation. */
    static LegalMove assertLegal(Position position, BestMoveResponse r) {
        GameState state = MAPPER.state(position);
        Position p = MAPPER.position(state);
        LegalMove move = p.parseMove(r.getMove().getNotation());
        assertTrue(p.legalMoves().contains(move), r.getMove().getNotation());
        assertEquals(move.notation(), r.getMove().getNotation(), "canonical notation");
        assertEquals(MAPPER.move(move, p.rules()), r.getMove(), "the structured detail of the mapping");
        assertEquals(r.getMove().getNotation(), r.getPv(0), "the principal variation starts with the move");
        return move;
    }

    @Test
    void theExternalEngineAnswersFmjdWithExplicitLimits() {
        Position start = Variants.get("draughts:fmjd").start();
        BestMoveResponse byTime = best(ai, start, SearchLimits.newBuilder().setMoveTimeMillis(300));
        assertEquals("hub:Ply Yard", byTime.getEngine(), "the external engine moved");
        assertLegal(start, byTime);
        assertTrue(byTime.getDepth() >= 1 && byTime.getNodes() > 0, byTime.toString());

        // a capture comes back in Hub notation (with its captured square) and is answered in ours
        Position capture = start.play("32-28").play("19-23");
        BestMoveResponse byDepth = best(ai, capture, SearchLimits.newBuilder().setDepth(3));
        assertEquals("hub:Ply Yard", byDepth.getEngine());
        assertEquals("28x19", assertLegal(capture, byDepth).notation());
    }

    @Test
    void weakerLevelsAndOtherVariantsStayWithOurEngine() {
        Position fmjd = Variants.get("draughts:fmjd").start();
        BestMoveResponse club = best(ai, fmjd, SearchLimits.newBuilder().setLevel(Level.CLUB).setSeed(3));
        assertEquals("plyyard", club.getEngine(), "a weaker level's randomness is ours");
        assertLegal(fmjd, club);
        Position plyyard = Variants.get("draughts:plyyard").start();
        BestMoveResponse local = best(ai, plyyard, SearchLimits.newBuilder().setDepth(2));
        assertEquals("plyyard", local.getEngine(), "the external engine plays FMJD rules only");
        assertLegal(plyyard, local);
    }
}
