package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.platform.Platform;
import com.plyyard.client.platform.ServiceSpec;
import com.plyyard.engine.Position;
import com.plyyard.engine.draughts.PdnGame;
import com.plyyard.engine.piracy.PiracyRecord;
import com.plyyard.engine.ploy.PloyRecord;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole platform, end to end: the three packaged services started as `./plyyard up` starts them (on
 * test ports, with a fresh embedded PostgreSQL), and a whole game of each game played through the client's
 * `play` command against the AI; then the stored match is exported and its record replayed with the engine.
 */
class PlatformEndToEndIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final int RULES = 27171;
    private static final int AI = 27172;
    private static final int LOBBY = 27170;
    private static final String TARGET = "localhost:" + LOBBY;
    private static Platform platform;
    private static Path home;

    @BeforeAll
    static void startPlatform() throws Exception {
        home = Files.createTempDirectory("plyyard-e2e");
        System.setProperty("plyyard.credentials.dir", home.toString());
        StringWriter log = new StringWriter();
        platform = new Platform(ROOT, List.of(
            new ServiceSpec("rules-service", ROOT.resolve("rules-service/target/quarkus-app/quarkus-run.jar"), RULES,
                "RULES_PORT", "plyyard.v1.RulesService"),
            new ServiceSpec("ai-service", ROOT.resolve("ai-service/target/quarkus-app/quarkus-run.jar"), AI, "AI_PORT",
                "plyyard.v1.EngineService"),
            new ServiceSpec("lobby-service", ROOT.resolve("lobby-service/target/quarkus-app/quarkus-run.jar"), LOBBY,
                "LOBBY_PORT", "plyyard.v1.LobbyService",
                Map.of("RULES_HOST", "localhost", "RULES_PORT", Integer.toString(RULES), "AI_HOST", "localhost",
                    "AI_PORT", Integer.toString(AI), "PLYYARD_HOME", home.toString()))),
            new PrintWriter(log, true), new PrintWriter(log, true));
        platform.startAll(120);
    }

    @AfterAll
    static void stopPlatform() {
        if (platform != null) {
            platform.stopAll();
        }
        System.clearProperty("plyyard.credentials.dir");
    }

    /** Plays a whole game against beginner AI seats, the human side playing its first legal move. */
    private static Match playToTheEnd(String variant, String name) {
        Run r = Run.of("play", "--target", TARGET, "--name", name, "--variant", variant, "--vs", "ai", "--level", "beginner",
            "--autoplay", "first", "--ascii");
        assertEquals(0, r.exitCode(), () -> variant + ": " + r.err() + " / " + r.out().subList(Math.max(0, r.out().size() - 5),
            r.out().size()));
        String result = r.out().stream().filter(l -> l.startsWith("result: ")).findFirst().orElseThrow(() ->
            new AssertionError(variant + " did not end: " + r.out().subList(Math.max(0, r.out().size() - 5), r.out().size())));
        Matcher id = Pattern.compile("match (\\S+) \\(").matcher(String.join("\n", r.out()));
        assertTrue(id.find());
        try (Lobby lobby = Lobby.connect(TARGET, name)) {
            Match m = waitFinished(lobby, id.group(1));
            assertEquals("result: " + m.getResult().getDescription(), result);
            return m;
        }
    }

    private static Match waitFinished(Lobby lobby, String id) {
        for (int i = 0; i < 50; i++) {
            Match m = lobby.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
            if (m.getStatus() == MatchStatus.MATCH_FINISHED) {
                return m;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        throw new AssertionError("match " + id + " is not finished");
    }

    private static String export(Match m, String name) {
        Run r = Run.of("export", m.getId(), "--target", TARGET, "--name", name);
        assertEquals(0, r.exitCode(), r.err()::toString);
        return String.join("\n", r.out()) + "\n";
    }

    private static List<String> moves(Match m) {
        return m.getMovesList().stream().map(MatchMove::getMove).map(x -> x.getNotation()).toList();
    }

    @Test
    void draughtsAgainstTheAi() {
        Match m = playToTheEnd("draughts:fmjd", "e2e-draughts");
        PdnGame record = PdnGame.parse(export(m, "e2e-draughts"));
        assertEquals(moves(m), record.moves());
        Position end = record.replay();
        assertTrue(end.isOver(), "the rules ended the game");
        assertEquals(m.getState().getPosition(), end.notation());
        assertEquals(m.getResult().getWinnersList().contains(0) ? "2-0" : "0-2", record.result());
    }

    @Test
    void fourPlayerPloyWithAiSeats() {
        Match m = playToTheEnd("ploy:3m:ffa", "e2e-ploy");
        assertEquals(4, m.getSeatsCount());
        PloyRecord record = PloyRecord.parse(export(m, "e2e-ploy"));
        assertEquals(moves(m), record.moves());
        assertEquals(m.getState().getPosition(), record.replay().notation());
        assertTrue(record.replay().isOver());
    }

    @Test
    void piracyAgainstTheAi() {
        Match m = playToTheEnd("piracy:classic", "e2e-piracy");
        PiracyRecord record = PiracyRecord.parse(export(m, "e2e-piracy"));
        assertEquals(m.getMovesCount(), record.moves().size());
        assertEquals(m.getState().getPosition(), record.replay().notation());
        assertTrue(record.replay().isOver());
    }
}
