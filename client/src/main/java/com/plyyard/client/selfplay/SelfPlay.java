package com.plyyard.client.selfplay;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Engine-against-engine matches: player A (one level) against player B (another), colours or seats swapped
 * every game so each opening is played from both sides. Two-seat games: A takes seat 0 in even games and
 * seat 1 in odd ones; four-seat games: A takes Green and Yellow, then Red and Blue. A game reaching the ply
 * cap is scored a draw.
 */
public final class SelfPlay {
    /** One finished game, from A's view. */
    public record Game(int number, List<String> aSeats, String result, int plies, String reason) {
    }

    private final VariantRules rules;
    private final Level a;
    private final Level b;
    private final List<Position> openings;
    private final int randomPlies;
    private final int maxPlies;
    private final long seed;
    private final int maxOpeningScore;
    private final Engine judge = new Engine(8);

    /**
     * @param openings    start positions, each played twice (colours swapped); empty = random openings
     * @param randomPlies plies of random moves that make an opening when none is given
     */
    public SelfPlay(VariantRules rules, Level a, Level b, List<Position> openings, int randomPlies, int maxPlies, long seed) {
        this(rules, a, b, openings, randomPlies, maxPlies, seed, 0);
    }

    /**
     * @param maxOpeningScore random openings only: keep one whose score (a 100 000-node search, hundredths of the game's
     *                        unit) is within ± this, so that a pair of games is not decided by the opening; 0 = any
     */
    public SelfPlay(VariantRules rules, Level a, Level b, List<Position> openings, int randomPlies, int maxPlies, long seed,
                    int maxOpeningScore) {
        this.maxOpeningScore = maxOpeningScore;
        this.rules = rules;
        this.a = a;
        this.b = b;
        this.openings = openings;
        this.randomPlies = randomPlies;
        this.maxPlies = maxPlies;
        this.seed = seed;
    }

    public MatchSummary run(int games, Consumer<Game> progress) {
        Engine engineA = new Engine(32);
        Engine engineB = new Engine(32);
        int wins = 0;
        int draws = 0;
        int losses = 0;
        for (int g = 0; g < games; g++) {
            Game game = play(g, engineA, engineB);
            switch (game.result()) {
                case "win" -> wins++;
                case "draw" -> draws++;
                default -> losses++;
            }
            progress.accept(game);
        }
        return new MatchSummary(games, wins, draws, losses);
    }

    private Game play(int number, Engine engineA, Engine engineB) {
        engineA.newGame();
        engineB.newGame();
        Position p = opening(number / 2);
        int seats = rules.seatColours().size();
        List<Integer> aSeats = new ArrayList<>();
        for (int s = 0; s < seats; s++) {
            if ((s % 2 == 0) == (number % 2 == 0)) {
                aSeats.add(s);
            }
        }
        int plies = 0;
        while (!p.isOver() && plies < maxPlies) {
            int mover = p.seats().get(p.toMove()).playedBy();
            boolean aMoves = aSeats.contains(mover);
            Engine.Request request = new Engine.Request(null, aMoves ? a : b, -1, 0, seed * 1_000_003 + number * 1009L + plies);
            LegalMove move = (aMoves ? engineA : engineB).bestMove(p, request, null, null).move();
            p = p.play(move);
            plies++;
        }
        List<String> names = aSeats.stream().map(s -> rules.seatColours().get(s)).toList();
        if (!p.isOver()) {
            return new Game(number, names, "draw", plies, "ply-cap");
        }
        Outcome o = p.outcome().orElseThrow();
        String result = o.draw() ? "draw" : o.winners().stream().anyMatch(aSeats::contains) ? "win" : "loss";
        return new Game(number, names, result, plies, o.reason().label());
    }

    /** Balanced random openings: tried up to this many times, else the most balanced of the tries. */
    private static final int OPENING_TRIES = 40;

    Position opening(int pair) {
        if (!openings.isEmpty()) {
            return openings.get(pair % openings.size());
        }
        SplittableRandom random = new SplittableRandom(seed * 7919 + pair);
        Position best = null;
        int bestScore = Integer.MAX_VALUE;
        for (int attempt = 0; attempt < (maxOpeningScore > 0 ? OPENING_TRIES : 1); attempt++) {
            Position p = randomOpening(random);
            if (maxOpeningScore <= 0 || p.isOver()) {
                return p;
            }
            judge.newGame();
            int score = Math.abs(judge.bestMove(p, Engine.Request.of(Limits.nodes(100_000)), null, null).score());
            if (score <= maxOpeningScore) {
                return p;
            }
            if (score < bestScore) {
                best = p;
                bestScore = score;
            }
        }
        return best;
    }

    private Position randomOpening(SplittableRandom random) {
        Position p = rules.start();
        for (int i = 0; i < randomPlies; i++) {
            // random, but never a move that ends the game or puts a seat out (a ship aground, a Commander lost)
            List<Position> calm = new ArrayList<>();
            for (LegalMove m : p.legalMoves()) {
                Position next = p.play(m);
                if (!next.isOver() && next.seats().stream().noneMatch(com.plyyard.engine.Seat::out)) {
                    calm.add(next);
                }
            }
            if (calm.isEmpty()) {
                break;
            }
            p = calm.get(random.nextInt(calm.size()));
        }
        return p;
    }

    /** Reads an openings file: per line a position in the game's notation, or moves from the start. */
    public static List<Position> openings(VariantRules rules, List<String> lines) {
        List<Position> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Position p;
            try {
                p = rules.parse(line);
            } catch (InvalidInputException notAPosition) {
                p = rules.start();
                try {
                    for (String move : line.split("[\\s,]+")) {
                        p = p.play(move);
                    }
                } catch (RuntimeException e) {
                    throw new InvalidInputException("Openings line " + (i + 1) + " is neither a position nor moves from the "
                        + "start: " + e.getMessage());
                }
            }
            if (p.isOver()) {
                throw new InvalidInputException("Openings line " + (i + 1) + " is a finished game.");
            }
            out.add(p);
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("The openings file has no opening.");
        }
        return out;
    }
}
