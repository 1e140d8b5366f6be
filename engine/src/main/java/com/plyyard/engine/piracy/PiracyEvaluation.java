package com.plyyard.engine.piracy;

/**
 * Static evaluation of a Piracy state for the search, in hundredths of a hit, from the view of {@code me}:
 * hits taken by the enemy minus our own; being close enough to hit (each enemy square within two of our bow);
 * being pinned at the edge (fewer moves that do not run aground); circle risk (a run close to eight).
 */
final class PiracyEvaluation {
    private PiracyEvaluation() {
    }

    static int evaluate(PiracyMoveGenerator generator, long s, int me) {
        int mine = PiracyState.ship(s, me);
        int theirs = PiracyState.ship(s, 1 - me);
        Geometry g = generator.geometry;
        int score = 100 * (PiracyState.hits(theirs) - PiracyState.hits(mine));
        score += threat(generator, mine, theirs) - threat(generator, theirs, mine);
        score -= 40 * (3 - freeMoves(g, mine)) - 40 * (3 - freeMoves(g, theirs));
        score -= circleRisk(mine) - circleRisk(theirs);
        return score;
    }

    /** Enemy squares within two of the ship's bow: it can reach them next. */
    private static int threat(PiracyMoveGenerator generator, int ship, int enemy) {
        Geometry g = generator.geometry;
        int bow = PiracyState.bow(ship);
        int n = 0;
        for (int sq : new int[] {PiracyState.bow(enemy), generator.stern(enemy)}) {
            int dx = Math.abs(sq % g.size() - bow % g.size());
            int dy = Math.abs(sq / g.size() - bow / g.size());
            if (Math.max(dx, dy) <= 2) {
                n++;
            }
        }
        return 25 * n;
    }

    private static int freeMoves(Geometry g, int ship) {
        int bow = PiracyState.bow(ship);
        int h = PiracyState.heading(ship);
        int[] units = g.isPort(bow) ? new int[] {2, -2} : new int[] {1, 0, -1};
        int free = 0;
        for (int u : units) {
            if (g.step(bow, PiracyMoveGenerator.headingAfter(h, PiracyMoveGenerator.code(u))) != Geometry.LAND) {
                free++;
            }
        }
        return g.isPort(bow) ? Math.min(3, free + 1) : free;
    }

    private static int circleRisk(int ship) {
        int run = Math.abs(PiracyState.run(ship));
        return run >= 6 ? 30 * (run - 5) : 0;
    }
}
