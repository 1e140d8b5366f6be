package com.plyyard.lobby.match;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ScriptedEngine;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SeatSpec;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * AI seats answer a person's draw offer ({@code ai.AiTurns}, {@link MatchDraws#answerForAi}), with the AI's scores set
 * on the {@link ScriptedEngine}: a score that says the AI is not better accepts, one that says it is better declines,
 * each through the events and versions of a player's AcceptDraw or DeclineDraw; in a free-for-all each AI seat answers
 * for itself against the other players' scores and a person still has to agree; and while ai-service is down the AI
 * declines after its attempts, so the offer never hangs. The answers come on the AI's own threads, so the tests wait
 * for the stored match to show them.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class AiDrawAnswersServiceTest {
    @Inject
    MatchDraws draws;

    @Inject
    MatchCreation creation;

    @Inject
    MatchMoves moves;

    @Inject
    ScriptedEngine engine;

    private final MatchFixtures fx = new MatchFixtures();

    @BeforeEach
    @AfterEach
    void workingEngine() {
        engine.reset();
    }

    /** Draughts, the person White (seat 0, to move first) against an AI of {@code level} as Black. */
    private Match againstTheAi(String prefix, int level) {
        Player person = fx.player(prefix);
        return creation.create(person, CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").setTimeControl(clock(60, 0))
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setAiLevel(level)).build());
    }

    private Player person(Match m, int seat) {
        return m.getSeats(seat).getPlayer();
    }

    /** The stored match once {@code done} holds (the AI answers on its own threads); fails after 10 s. */
    private Match await(String matchId, Predicate<Match> done) {
        long until = System.nanoTime() + 10_000_000_000L;
        while (true) {
            Match m = fx.get(matchId);
            if (done.test(m)) {
                return m;
            }
            if (System.nanoTime() > until) {
                fail("the AI did not answer in 10 s: " + m);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail(e);
            }
        }
    }

    private static boolean anyOffer(Match m) {
        return m.getSeatsList().stream().anyMatch(MatchSeat::getOffersDraw);
    }

    @Test
    void anAiThatIsNotBetterAcceptsTheOffer() {
        engine.score(1, -30); // Black, the AI, stands a little worse
        Match m = againstTheAi("ai-acc", 3);
        String id = m.getId();
        Match offered = draws.offer(person(m, 0), id, m.getVersion());
        Match end = await(id, x -> x.getStatus() != MatchStatus.MATCH_ACTIVE);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals(EndReason.AGREEMENT, end.getResult().getReason());
        assertEquals("Drawn by agreement.", end.getResult().getDescription());
        assertEquals(offered.getVersion() + 1, end.getVersion(), "the AI's agreement ends the match in one version");
        assertEquals(List.of("DRAW_OFFERED", "ENDED"), fx.eventTypes(id).subList((int) offered.getVersion() - 1,
            (int) end.getVersion()));
        List<ScriptedEngine.Evaluation> asked = engine.evaluations();
        assertEquals(1, asked.size(), "one weighing: " + asked);
        assertEquals(1, asked.get(0).seat(), "from the AI's side");
        assertEquals(300, asked.get(0).budgetMillis(), "within plyyard.lobby.ai.draw-think");
        assertEquals(0, engine.requests().size(), "the AI never had to move");
    }

    @Test
    void anAiThatIsBetterDeclinesAndThePersonPlaysOn() {
        engine.score(1, 80); // the AI sees it stands better by most of a man
        Match m = againstTheAi("ai-dec", 3);
        String id = m.getId();
        Match offered = draws.offer(person(m, 0), id, m.getVersion());
        Match declined = await(id, x -> x.getVersion() > offered.getVersion());
        assertEquals(MatchStatus.MATCH_ACTIVE, declined.getStatus());
        assertEquals(offered.getVersion() + 1, declined.getVersion());
        assertFalse(anyOffer(declined), "a decline withdraws every agreement");
        assertEquals("DRAW_DECLINED", fx.eventTypes(id).get((int) declined.getVersion() - 1));
        assertEquals(0, declined.getState().getToMove(), "still the person's turn");
        Match moved = moves.submitMove(person(m, 0), id, "32-28", declined.getVersion());
        assertEquals(1, moved.getMovesCount(), "the person plays on");
        // and the AI answers the move: waited for, so its request cannot land in the next test's count
        assertEquals(2, await(id, x -> x.getMovesCount() == 2).getMovesCount(), "the AI plays on too");
    }

    /** The margin by level: the same small edge (40) is taken as a draw by a beginner and played on by an expert. */
    @Test
    void theLevelDecidesHowSmallAnEdgeIsTakenAsADraw() {
        engine.score(1, 40);
        Match beginner = againstTheAi("ai-lvl1", 1);
        draws.offer(person(beginner, 0), beginner.getId(), beginner.getVersion());
        assertEquals(OutcomeKind.DRAW, await(beginner.getId(), x -> x.getStatus() != MatchStatus.MATCH_ACTIVE).getResult()
            .getKind());
        Match expert = againstTheAi("ai-lvl4", 4);
        Match offered = draws.offer(person(expert, 0), expert.getId(), expert.getVersion());
        Match after = await(expert.getId(), x -> x.getVersion() > offered.getVersion());
        assertEquals(MatchStatus.MATCH_ACTIVE, after.getStatus());
        assertFalse(anyOffer(after));
    }

    /**
     * Free-for-all Ploy, two persons (Green, Red) and two AI seats (Yellow level 2, Blue level 5): each AI seat weighs its
     * score against the best of the other players'. Not the leader: both agree, and the draw waits for Red. Blue leading:
     * Yellow agrees, then Blue declines, which withdraws every agreement.
     */
    @Test
    void inAFreeForAllEachAiSeatAnswersForItselfAndThePersonsStillDecide() {
        Player green = fx.player("ffa-d-g");
        Player red = fx.player("ffa-d-r");
        Match m = creation.create(green, CreateMatchRequest.newBuilder().setVariant("ploy:3m:ffa").setTimeControl(clock(0, 0))
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(red.getName()))
            .addSeats(SeatSpec.newBuilder().setAiLevel(2)).addSeats(SeatSpec.newBuilder().setAiLevel(5)).build());
        m = creation.join(red, JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        String id = m.getId();
        engine.score(0, 0);
        engine.score(1, 10);
        engine.score(2, -100);
        engine.score(3, 10); // level with Red: above no other player, so not better

        Match offered = draws.offer(green, id, m.getVersion());
        Match agreed = await(id, x -> x.getSeats(2).getOffersDraw() && x.getSeats(3).getOffersDraw());
        assertEquals(offered.getVersion() + 2, agreed.getVersion(), "one agreement each");
        assertEquals(MatchStatus.MATCH_ACTIVE, agreed.getStatus(), "Red has not agreed");
        assertEquals(List.of("DRAW_OFFERED", "DRAW_OFFERED"), fx.eventTypes(id).subList((int) offered.getVersion(),
            (int) agreed.getVersion()));
        assertEquals(List.of(0, 1, 2, 3), engine.evaluations().stream().map(ScriptedEngine.Evaluation::seat).toList(),
            "every player still in the game weighed once");
        Match end = draws.accept(red, id, agreed.getVersion());
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals("Drawn by agreement of every player still in the game.", end.getResult().getDescription());

        Player g2 = fx.player("ffa-d2-g");
        Player r2 = fx.player("ffa-d2-r");
        Match n = creation.create(g2, CreateMatchRequest.newBuilder().setVariant("ploy:3m:ffa").setTimeControl(clock(0, 0))
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(r2.getName()))
            .addSeats(SeatSpec.newBuilder().setAiLevel(2)).addSeats(SeatSpec.newBuilder().setAiLevel(5)).build());
        n = creation.join(r2, JoinMatchRequest.newBuilder().setMatchId(n.getId()).build());
        engine.score(3, 200); // Blue leads
        Match offered2 = draws.offer(g2, n.getId(), n.getVersion());
        Match declined = await(n.getId(), x -> x.getVersion() >= offered2.getVersion() + 2);
        assertEquals(List.of("DRAW_OFFERED", "DRAW_DECLINED"), fx.eventTypes(n.getId()).subList((int) offered2.getVersion(),
            (int) declined.getVersion()), "Yellow agrees, Blue declines");
        assertFalse(anyOffer(declined), "Blue's decline withdraws every agreement");
        assertEquals(MatchStatus.MATCH_ACTIVE, declined.getStatus());
    }

    /** ai-service down: the AI asks plyyard.lobby.ai.draw-answer-attempts times, then declines; the offer never hangs. */
    @Test
    void whileAiServiceIsDownTheAiDeclinesAfterItsAttempts() {
        engine.goDown("UNAVAILABLE");
        Match m = againstTheAi("ai-down", 3);
        String id = m.getId();
        Match offered = draws.offer(person(m, 0), id, m.getVersion());
        Match declined = await(id, x -> x.getVersion() > offered.getVersion());
        assertEquals("DRAW_DECLINED", fx.eventTypes(id).get((int) declined.getVersion() - 1));
        assertFalse(anyOffer(declined));
        assertEquals(4, engine.evaluations().size(), "four attempts, then the decline");
        assertTrue(engine.evaluations().stream().allMatch(e -> e.seat() == 1));
    }
}
