package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.platform.Platform;
import com.plyyard.client.platform.ServiceSpec;
import com.plyyard.engine.Position;
import com.plyyard.engine.draughts.DraughtsRecord;
import com.plyyard.engine.piracy.PiracyRecord;
import com.plyyard.engine.ploy.PloyRecord;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
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
                    "AI_PORT", Integer.toString(AI), "PLYYARD_HOME", home.toString(),
                    "OPERATOR_KEY", OperatorKey.loadOrCreate()))),
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
        DraughtsRecord record = DraughtsRecord.parse(export(m, "e2e-draughts"));
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

    // ------------------------------------------------------------------------------------------ matchmaking

    /** Runs a command on its own thread (commands that wait for other players). */
    private static java.util.concurrent.CompletableFuture<Run> background(String... args) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> Run.of(args));
    }

    private static Run done(java.util.concurrent.CompletableFuture<Run> f) {
        try {
            return f.get(90, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The match id and seat of a command's last line {@code match=<id> seat=<n>}. */
    private static String[] paired(Run r) {
        assertEquals(0, r.exitCode(), () -> r.err() + " / " + r.out());
        Matcher m = Pattern.compile("match=(\\S+) seat=(\\d+)").matcher(r.out().get(r.out().size() - 1));
        assertTrue(m.matches(), () -> "last line: " + r.out());
        return new String[] {m.group(1), m.group(2)};
    }

    private static void register(String name) {
        assertEquals(0, Run.of("seek", "list", "--target", TARGET, "--name", name).exitCode());
    }

    @Test
    void lessonsAndAnswersThroughTheClient() {
        String[] as = {"--target", TARGET, "--name", "e2e-learner"};
        Run list = Run.of(concat(new String[] {"learn", "--game", "draughts"}, as));
        assertEquals(0, list.exitCode(), list.err()::toString);
        assertEquals("lesson game=draughts title=The board and the first move", list.out().get(0));
        String priority = "exercise id=draughts-king-priority parts=2 solved=%s/2 attempts=%d wrong=%d title=On equal count,"
            + " take the king";
        assertTrue(list.out().contains(String.format(priority, 0, 0, 0)), list.out()::toString);
        assertEquals("progress game=draughts solved=0/18", list.out().get(list.out().size() - 1));

        Run wrong = Run.of(concat(new String[] {"learn", "draughts-king-priority", "47x12", "--part", "2"}, as));
        assertEquals(0, wrong.exitCode(), wrong.err()::toString);
        assertEquals("answer exercise=draughts-king-priority part=2 move=47x12 correct=false solved=false step=1",
            wrong.out().get(0));
        assertTrue(wrong.out().get(1).contains("on equal count the capture taking more kings is compulsory"),
            wrong.out()::toString);
        Run right = Run.of(concat(new String[] {"learn", "draughts-king-priority", "47x8", "--part", "2"}, as));
        assertEquals("answer exercise=draughts-king-priority part=2 move=47x8 correct=true solved=true step=2",
            right.out().get(0));
        assertTrue(Run.of(concat(new String[] {"learn", "--game", "draughts"}, as)).out()
            .contains(String.format(priority, 1, 2, 1)), "the progress is kept");

        java.io.InputStream stdin = System.in;
        Run played;
        try {
            // a move the rules refuse (a capture is compulsory), then the forced line
            System.setIn(new java.io.ByteArrayInputStream("43-38\n12x1\n1x36\n".getBytes(StandardCharsets.UTF_8)));
            played = Run.of(concat(new String[] {"learn", "draughts-forced-line", "--ascii"}, as));
        } finally {
            System.setIn(stdin);
        }
        assertEquals(0, played.exitCode(), played.err()::toString);
        String text = String.join("\n", played.out());
        assertTrue(text.contains("wrong: 43-38 is not legal"), text);
        assertTrue(text.contains("reply: 16x18"), text);
        assertTrue(text.contains("right: Right: the new king takes three"), text);
        assertEquals("done: draughts-forced-line", played.out().get(played.out().size() - 1));

        Run unknown = Run.of(concat(new String[] {"learn", "draughts-nope"}, as));
        assertEquals(2, unknown.exitCode());
        assertEquals("plyyard: There is no exercise 'draughts-nope'; './plyyard learn' lists them.", unknown.err().get(0));
    }

    @Test
    void aPuzzleSolvedThroughTheClient() {
        String[] as = {"--target", TARGET, "--name", "e2e-puzzler"};
        Run shown = Run.of(concat(new String[] {"puzzle", "--game", "piracy", "--show", "--ascii"}, as));
        assertEquals(0, shown.exitCode(), shown.err()::toString);
        String head = shown.out().get(0);
        assertTrue(head.startsWith("puzzle attempt=") && head.contains(" variant=piracy:classic ")
            && head.contains(" step=1/") && head.contains(" rating=1500? ") && head.endsWith(" result=open"), head);
        String id = head.substring(head.indexOf(" id=") + 4, head.indexOf(' ', head.indexOf(" id=") + 4));
        com.plyyard.engine.learn.Puzzle puzzle = com.plyyard.engine.learn.Puzzles.get(id).orElseThrow();
        assertEquals(head, Run.of(concat(new String[] {"puzzle", "--game", "piracy", "--show", "--ascii"}, as)).out().get(0),
            "the open attempt again");
        java.util.List<String> solverMoves = new java.util.ArrayList<>();
        for (int i = 0; i < puzzle.line().size(); i += 2) {
            solverMoves.add(puzzle.line().get(i));
        }
        Run solved = Run.of(concat(concat(new String[] {"puzzle", "--game", "piracy", "--ascii"},
            solverMoves.toArray(new String[0])), as));
        assertEquals(0, solved.exitCode(), solved.err()::toString);
        String last = solved.out().stream().filter(l -> l.startsWith("answer ")).reduce((a, b) -> b).orElseThrow();
        assertTrue(last.contains(" correct=true ") && last.contains(" result=solved "), last);
        assertTrue(solved.out().stream().anyMatch(l -> l.equals("solution: " + String.join(" ", puzzle.line())
            + (puzzle.themes().isEmpty() ? "" : " (themes: " + String.join(", ", puzzle.themes()) + ")"))),
            solved.out()::toString);
        Run history = Run.of(concat(new String[] {"puzzle", "--history", "--game", "piracy"}, as));
        assertTrue(history.out().get(0).startsWith("rating game=piracy rating=") && history.out().get(0)
            .endsWith(" attempts=1 solved=1"), history.out()::toString);
        assertTrue(history.out().get(1).startsWith("attempt id=") && history.out().get(1).contains(" puzzle=" + id
            + " variant=piracy:classic result=solved change=+"), history.out()::toString);
        Run noGame = Run.of(concat(new String[] {"puzzle"}, as));
        assertEquals(2, noGame.exitCode());
        assertEquals("plyyard: Say which game's puzzles: --game draughts, ploy or piracy.", noGame.err().get(0));
    }

    @Test
    void aFinishedGameReviewedThroughTheClient() throws Exception {
        String[] as = {"--target", TARGET, "--name", "e2e-reviewer"};
        Match m = playToTheEnd("draughts:plyyard", "e2e-reviewer");
        List<String> played = moves(m);
        Run r = Run.of(concat(new String[] {"review", m.getId()}, as));
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertTrue(r.out().get(0).startsWith("review id=" + m.getId() + " match=" + m.getId() + " variant=draughts:plyyard"
            + " plies=" + played.size() + " sides=2 move_ms="), r.out().get(0));
        assertTrue(r.out().get(1).startsWith(" ply  seat    move"), r.out().get(1));
        Pattern row = Pattern.compile("^ *(\\d+)  (white|black) +(\\S+) +(best|good|inaccuracy|mistake|blunder) +(\\d+\\.\\d) .*");
        for (int i = 0; i < played.size(); i++) {
            Matcher cells = row.matcher(r.out().get(2 + i));
            assertTrue(cells.matches(), r.out().get(2 + i));
            assertEquals(i + 1, Integer.parseInt(cells.group(1)));
            assertEquals(played.get(i), cells.group(3));
        }
        List<String> summaries = r.out().subList(2 + played.size(), r.out().size());
        assertEquals(3, summaries.size(), summaries::toString);
        int counted = 0;
        for (String line : summaries.subList(0, 2)) {
            Matcher moves = Pattern.compile("^summary side=[01] seats=(white|black) moves=(\\d+) best=.*").matcher(line);
            assertTrue(moves.matches(), line);
            counted += Integer.parseInt(moves.group(2));
        }
        assertEquals(played.size(), counted);
        assertTrue(summaries.get(2).startsWith("reviewed=" + played.size() + "/" + played.size() + " millis="), summaries::toString);
        assertEquals(r.out(), Run.of(concat(new String[] {"review", m.getId()}, as)).out(), "the stored review, the same");

        Path file = home.resolve("reviewed.pdn");
        Files.writeString(file, export(m, "e2e-reviewer"));
        Run record = Run.of(concat(new String[] {"review", "--record", file.toString(), "--game", "draughts"}, as));
        assertEquals(0, record.exitCode(), record.err()::toString);
        assertTrue(record.out().get(0).startsWith("review id=record-") && record.out().get(0).contains(" plies="
            + played.size() + " "), record.out().get(0));
        Run neither = Run.of(concat(new String[] {"review"}, as));
        assertEquals(2, neither.exitCode());
        assertEquals("plyyard: Name a finished match to review, or give --record FILE (not both).", neither.err().get(0));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aSeekPostedAndAcceptedThroughTheClient() throws Exception {
        register("e2e-taker");
        var owner = background("seek", "create", "--target", TARGET, "--name", "e2e-seeker", "--variant", "draughts:plyyard",
            "--time", "3+2", "--seat", "0", "--wait", "60");
        String seek = null;
        for (int i = 0; i < 100 && seek == null; i++) {
            for (String line : Run.of("seek", "list", "--target", TARGET, "--name", "e2e-taker").out()) {
                if (line.contains("by=e2e-seeker") && line.contains("status=open")) {
                    seek = line.substring("seek=".length(), line.indexOf(' '));
                }
            }
            Thread.sleep(100);
        }
        assertTrue(seek != null, "the seek is listed");
        Run own = Run.of("seek", "accept", seek, "--target", TARGET, "--name", "e2e-seeker");
        assertEquals(2, own.exitCode(), "accepting one's own seek is refused");
        assertTrue(own.err().get(0).startsWith("plyyard: You cannot accept your own seek"), own.err()::toString);
        String[] taker = paired(Run.of("seek", "accept", seek, "--target", TARGET, "--name", "e2e-taker"));
        String[] seeker = paired(done(owner));
        assertEquals(seeker[0], taker[0], "one match for both");
        assertEquals("0", seeker[1], "the seat the seek asked for");
        assertEquals("1", taker[1]);
    }

    @Test
    void aPartyAndTwoSolosBecomeATeamMatchThroughTheClient() {
        for (String name : List.of("e2e-lead", "e2e-mate", "e2e-solo1", "e2e-solo2")) {
            register(name);
        }
        Run created = Run.of("party", "create", "--target", TARGET, "--name", "e2e-lead", "--invite", "e2e-mate");
        assertEquals(0, created.exitCode(), created.err()::toString);
        String party = created.out().get(0).substring("party=".length(), created.out().get(0).indexOf(' '));
        Run early = Run.of("pool", "join", "--target", TARGET, "--name", "e2e-lead", "--variant", "ploy:3m:team", "--party", party,
            "--wait", "5");
        assertEquals(2, early.exitCode(), "a party whose invitee has not joined cannot queue");
        var mate = background("party", "join", party, "--target", TARGET, "--name", "e2e-mate", "--wait", "60");
        var solo1 = background("pool", "join", "--target", TARGET, "--name", "e2e-solo1", "--variant", "ploy:3m:team",
            "--time", "5+5", "--wait", "60");
        var solo2 = background("pool", "join", "--target", TARGET, "--name", "e2e-solo2", "--variant", "ploy:3m:team",
            "--time", "5+5", "--wait", "60");
        String[] lead = null;
        List<String> lastError = List.of();
        for (int i = 0; i < 50 && lead == null; i++) { // until the mate's join has landed
            Run r = Run.of("pool", "join", "--target", TARGET, "--name", "e2e-lead", "--variant", "ploy:3m:team", "--time", "5+5",
                "--party", party, "--wait", "60");
            if (r.exitCode() == 0) {
                lead = paired(r);
            } else {
                lastError = r.err();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }
        List<String> why = lastError;
        assertTrue(lead != null, () -> "the party queued: " + why);
        String[] partner = paired(done(mate));
        String[] s1 = paired(done(solo1));
        String[] s2 = paired(done(solo2));
        for (String[] other : List.of(partner, s1, s2)) {
            assertEquals(lead[0], other[0], "one match for all four");
        }
        int a = Integer.parseInt(lead[1]);
        int b = Integer.parseInt(partner[1]);
        assertEquals(a % 2, b % 2, "the party are partners (Green+Yellow or Red+Blue)");
        assertEquals(java.util.Set.of(0, 1, 2, 3), java.util.Set.of(a, b, Integer.parseInt(s1[1]), Integer.parseInt(s2[1])));
    }

    @Test
    void watchingAFinishedMatchAndResumingFromAVersion() {
        Match m = playToTheEnd("draughts:plyyard", "e2e-watched");
        Run all = Run.of("watch", m.getId(), "--target", TARGET, "--name", "e2e-spectator", "--ascii");
        assertEquals(0, all.exitCode(), all.err()::toString);
        assertEquals("result: " + m.getResult().getDescription(), all.out().get(all.out().size() - 1));
        Run resumed = Run.of("watch", m.getId(), "--target", TARGET, "--name", "e2e-spectator", "--ascii", "--from-version", "3");
        assertEquals(0, resumed.exitCode(), resumed.err()::toString);
        assertTrue(resumed.out().stream().noneMatch(l -> l.matches("v[0-3]( .*)?")), "only the events after version 3");
        assertTrue(resumed.out().stream().anyMatch(l -> l.startsWith("v4")), resumed.out()::toString);
        assertEquals(all.out().get(all.out().size() - 1), resumed.out().get(resumed.out().size() - 1));
    }

    @Test
    void theReadmeGrpcurlSessionPlaysAsWritten() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int marker = readme.indexOf("<!-- grpcurl-session");
        assertTrue(marker > 0, "the README has the session");
        int start = readme.indexOf("```bash\n", marker) + "```bash\n".length();
        int end = readme.indexOf("```", start);
        GrpcurlSession session = new GrpcurlSession(Map.of("localhost:7070", TARGET, "localhost:7071", "localhost:" + RULES,
            "localhost:7072", "localhost:" + AI));
        try {
            session.run(readme.substring(start, end));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n--- transcript:\n" + String.join("\n", session.transcript()), e);
        }
        System.out.println(String.join("\n", session.transcript()));
        assertTrue(session.transcript().contains(
            "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"),
            "the position after 32-28 19-23 28x19 14x23, as the README says");
    }

    /**
     * A tiny sustained load run (issue 14's benchmark, smoke-tested): two matches with two watchers each, spread as a
     * two-instance run would be (the same lobby named twice), the players thinking a little before each move, and the
     * summary line last, with no lost or repeated event.
     */
    @Test
    void aTinySustainedBenchRunEndsWithItsSummaryLine() {
        Run r = Run.of("bench", "lobby", "--target", TARGET, "--target", TARGET, "--matches", "2", "--watchers-per-match",
            "2", "--duration", "3s", "--warmup", "1s", "--max-plies", "20", "--think", "20ms");
        assertEquals(0, r.exitCode(), () -> r.out() + " " + r.err());
        List<String> out = r.out();
        assertTrue(out.get(0).startsWith("matches=2 watchers_per_match=2 targets=2 ") && out.get(0).endsWith(" think_ms=20"),
            () -> String.join("\n", out));
        String last = out.get(out.size() - 1);
        assertTrue(last.matches("moves=\\d+ moves_per_s=[0-9.]+ submit_p99_ms=[0-9.]+ event_p99_ms=[0-9.]+ watchers=4 "
            + "errors=0 cpu_ms_per_move=[0-9.]+"), () -> String.join("\n", out));
        assertTrue(Integer.parseInt(last.split(" ")[0].substring("moves=".length())) > 0, last);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("server target=" + TARGET + " process_cpu_pct=")),
            () -> String.join("\n", out));
        assertTrue(out.contains("errors_by_status none"), () -> String.join("\n", out));
    }

    @Test
    void theOperatorRevokesAPlayersTokens() {
        register("e2e-revoked");
        Run revoke = Run.of("tokens", "revoke", "--player", "E2E-Revoked", "--target", TARGET);
        assertEquals(0, revoke.exitCode(), revoke.toString());
        assertEquals(List.of("revoked player=e2e-revoked tokens=1"), revoke.out());
        Run refused = Run.of("seek", "list", "--target", TARGET, "--name", "e2e-revoked");
        // the stored token is refused; the client drops it and, the name being taken, cannot sign in again by itself
        assertEquals(2, refused.exitCode(), refused.toString());
        assertTrue(String.join("\n", refused.err()).contains("has no token for it"), refused.toString());
        Run unknown = Run.of("tokens", "revoke", "--player", "e2e-nobody", "--target", TARGET);
        assertEquals(2, unknown.exitCode(), unknown.toString());
    }

    /** Runs the command line with {@code typed} as standard input (passwords and codes, one per line). */
    private static Run typing(String typed, String... args) {
        java.io.InputStream stdin = System.in;
        System.setIn(new java.io.ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)));
        try {
            return Run.of(args);
        } finally {
            System.setIn(stdin);
        }
    }

    private static String playerId(String name) {
        try (Lobby lobby = Lobby.resume(TARGET, name, com.plyyard.client.online.ClientTls.PLAIN)) {
            return lobby.me().getId();
        }
    }

    /**
     * Issue 51's terminal flow: sign up with a password, sign out, sign in again as the same player, list the sessions,
     * recover with a code after "forgetting" the password, and sign in with the new one (the old one no longer works).
     */
    @Test
    void anAccountKeptThroughSignOutSignInAndRecovery() {
        String name = "e2e-keeper";
        Run signedUp = typing("e2e first secret\ne2e first secret\n", "register", "--name", name, "--target", TARGET);
        assertEquals(0, signedUp.exitCode(), signedUp::toString);
        assertEquals("signed up as " + name + " at " + TARGET, signedUp.out().get(0));
        List<String> codes = signedUp.out().stream().filter(l -> l.startsWith("recovery_code=")).map(l -> l.substring(14))
            .toList();
        assertEquals(10, codes.size(), signedUp.out()::toString);
        String id = playerId(name);

        Run out = Run.of("logout", "--target", TARGET, "--name", name);
        assertEquals(List.of("signed out " + name + " at " + TARGET + ": this session ended; the account stays (./plyyard "
            + "login --name " + name + " signs in again)"), out.out(), out::toString);
        Run taken = Run.of("ratings", "--target", TARGET, "--name", name);
        assertEquals(2, taken.exitCode(), "signed out, the name is not registered anew");
        assertTrue(taken.err().get(0).contains("sign in with ./plyyard login --name " + name), taken::toString);

        Run in = typing("e2e first secret\n", "login", "--name", name.toUpperCase(java.util.Locale.ROOT), "--target", TARGET);
        assertEquals(List.of("signed in as " + name + " at " + TARGET), in.out(), in::toString);
        assertEquals(id, playerId(name), "the same player");

        Run sessions = Run.of("sessions", "--target", TARGET, "--name", name);
        assertEquals(0, sessions.exitCode(), sessions::toString);
        assertTrue(sessions.out().get(0).matches("  id +kind +created +last used +address +device"), sessions.out()::toString);
        assertEquals(2, sessions.out().size(), "the signed-out session is gone: " + sessions.out());
        assertTrue(sessions.out().get(1).matches("\\* [0-9a-f-]{36}  password  .* " + java.util.regex.Pattern.quote(
            AccountText.deviceLabel())), sessions.out().get(1));

        Run recovered = typing(codes.get(3) + "\ne2e second secret\ne2e second secret\n", "recover", "--name", name,
            "--target", TARGET);
        assertEquals(0, recovered.exitCode(), recovered::toString);
        assertEquals(List.of("signed in as " + name + " at " + TARGET, "recovered " + name + ": the new password is set and "
            + "every other session signed out; 9 recovery codes left"), recovered.out());
        assertEquals(id, playerId(name));

        Run old = typing("e2e first secret\n", "login", "--name", name, "--target", TARGET);
        assertEquals(2, old.exitCode(), old::toString);
        assertEquals(List.of("plyyard: The name or the password is wrong."), old.err());
        Run fresh = typing("e2e second secret\n", "login", "--name", name, "--target", TARGET);
        assertEquals(0, fresh.exitCode(), fresh::toString);
        assertEquals(id, playerId(name), "the same player after recovery");
    }

    @Test
    void aChallengeThenARematchWithColoursSwapped() {
        register("e2e-rival");
        var challenger = background("challenge", "create", "--target", TARGET, "--name", "e2e-challenger", "--to", "e2e-rival",
            "--variant", "draughts:fmjd", "--time", "3+2", "--seat", "0");
        String id = null;
        for (int i = 0; i < 100 && id == null; i++) { // the challenge is announced to its two players on the lobby stream
            try (Lobby rival = Lobby.connect(TARGET, "e2e-rival")) {
                var snapshot = rival.matchmaking().withDeadlineAfter(5, java.util.concurrent.TimeUnit.SECONDS)
                    .watchLobby(com.plyyard.proto.v1.WatchLobbyRequest.getDefaultInstance()).next().getSnapshot();
                id = snapshot.getMyChallengesList().stream().filter(c -> c.getChallenger().getName().equals("e2e-challenger"))
                    .map(com.plyyard.proto.v1.Challenge::getId).findFirst().orElse(null);
            }
            if (id == null) {
                sleep(100);
            }
        }
        assertTrue(id != null, "the rival sees the challenge");
        Run stranger = Run.of("challenge", "accept", id, "--target", TARGET, "--name", "e2e-seeker");
        assertEquals(2, stranger.exitCode(), "only the named player may accept");
        String[] rival = paired(Run.of("challenge", "accept", id, "--target", TARGET, "--name", "e2e-rival"));
        String[] mine = paired(done(challenger));
        assertEquals(mine[0], rival[0]);
        assertEquals("0", mine[1]);
        try (Lobby lobby = Lobby.connect(TARGET, "e2e-rival")) {
            Match m = lobby.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(rival[0]).build());
            lobby.matches().resign(com.plyyard.proto.v1.MatchActionRequest.newBuilder().setMatchId(m.getId())
                .setExpectedVersion(m.getVersion()).build());
        }
        Run early = Run.of("rematch", rival[0], "--target", TARGET, "--name", "e2e-seeker");
        assertEquals(2, early.exitCode(), "only the match's players ask for its rematch");
        var first = background("rematch", rival[0], "--target", TARGET, "--name", "e2e-challenger", "--wait", "60");
        sleep(1000);
        String[] rivalAgain = paired(Run.of("rematch", rival[0], "--target", TARGET, "--name", "e2e-rival"));
        String[] mineAgain = paired(done(first));
        assertEquals(mineAgain[0], rivalAgain[0], "one new match");
        assertTrue(!mineAgain[0].equals(mine[0]));
        assertEquals("1", mineAgain[1], "colours swapped");
        assertEquals("0", rivalAgain[1]);
        Run ratings = Run.of("ratings", "e2e-rival", "--target", TARGET, "--name", "e2e-rival");
        assertEquals(List.of("no rated games yet for e2e-rival"), ratings.out(), "a casual game changes no rating");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
