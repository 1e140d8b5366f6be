package com.plyyard.engine.piracy;

import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Solves every position of one sea by retrograde analysis, layer by layer (see {@link TablebaseLayout}).
 *
 * <p>In a layer, a first pass — split over threads — looks at each position's moves. Moves that sink a ship are
 * decided by the exact lone-ship table (the survivor must stay afloat 7 more moves); moves that deal or take a hit
 * lead to a solved layer and are read there; the rest stay in the layer and are counted. Then the layer is solved
 * backwards in order of distance, from buckets of positions whose value becomes certain at that distance: a
 * position lost in d makes every position that can move to it (found by un-moving the ship that moved last)
 * a win in d + 1 at most; a position won in d uses up one move of each of those, and one with all its moves used
 * up is lost, in the longest of them. Positions never decided are draws: neither side can force a sinking.
 *
 * <p>Distances are plies until the first ship sinks. The value is then fixed by the lone-ship table, which the
 * 490-ply limit cannot touch (a survival phase begun is played out), so the ply need not be part of a position: a
 * win in d at ply k is a win iff k + d ≤ 490, else the loser can hold on to the limit (see
 * {@link PiracyTablebase#value}).
 */
final class TablebaseBuilder {
    private static final byte FINAL = (byte) 0x80;

    private final TablebaseLayout layout;
    private final ShipPlacements placements;
    private final PiracyMoveGenerator generator;
    private final SurvivalTable survival;
    private final boolean survivorSinkingLoses;
    private final TablebaseLayer[] solved = new TablebaseLayer[TablebaseLayout.LAYERS];
    /** prevRuns[units + 2][run + 7]: the runs before a hit-free turn of that many units that leave {@code run}. */
    private final int[][][] prevRuns = new int[5][15][];
    private final int threads;

    TablebaseBuilder(PiracyMoveGenerator generator, int threads) {
        this.generator = generator;
        this.placements = new ShipPlacements(generator.geometry);
        this.layout = new TablebaseLayout(placements, generator.circleRule());
        this.survival = new SurvivalTable(generator);
        this.survivorSinkingLoses = generator.survivorSinkingLoses();
        this.threads = Math.max(1, threads);
        for (int units = -2; units <= 2; units++) {
            for (int after = -7; after <= 7; after++) {
                int[] found = new int[15];
                int n = 0;
                for (int before = -7; before <= 7; before++) {
                    if (!layout.circleRule ? before == after
                        : generator.penalties(before, units) == 0 && generator.runAfter(before, units) == after) {
                        found[n++] = before;
                    }
                }
                prevRuns[units + 2][after + 7] = Arrays.copyOf(found, n);
            }
        }
    }

    TablebaseLayout layout() {
        return layout;
    }

    /**
     * Solves every layer. {@code progress} hears the work done so far after each step, in positions: each position
     * counts twice, once for the first look and once when its layer is solved (so the total is 2 · positions).
     */
    TablebaseLayer[] build(LongConsumer progress) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "piracy-tablebase");
            t.setDaemon(true);
            return t;
        });
        AtomicLong done = new AtomicLong();
        try {
            for (int sum = 2 * (TablebaseLayout.HIT_LEVELS - 1); sum >= 0; sum--) {
                for (int low = 0; low <= sum / 2; low++) {
                    int high = sum - low;
                    if (high < TablebaseLayout.HIT_LEVELS) {
                        int layer = low * TablebaseLayout.HIT_LEVELS + high;
                        solved[layer] = solveLayer(layer, pool, done, progress);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return solved;
    }

    private TablebaseLayer solveLayer(int layer, ExecutorService pool, AtomicLong done, LongConsumer progress) {
        int size = layout.layerSize(layer);
        short[] state = new short[size];
        byte[] remaining = new byte[size];
        // first pass, in parallel: every position writes only its own slots
        int chunks = threads * 8;
        Future<?>[] parts = new Future<?>[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = (int) ((long) size * c / chunks);
            int to = (int) ((long) size * (c + 1) / chunks);
            parts[c] = pool.submit(() -> {
                for (int i = from; i < to; i++) {
                    firstLook(layer, i, state, remaining);
                }
                progress.accept(done.addAndGet(to - from));
            });
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("The tablebase build was interrupted.", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("The tablebase build failed: " + e.getCause(), e.getCause());
            }
        }
        Buckets buckets = new Buckets();
        for (int i = 0; i < size; i++) {
            if (remaining[i] != FINAL) {
                int s = state[i];
                if (s > 0) {
                    buckets.add(s, i);
                } else if (remaining[i] == 0) {
                    buckets.add(-s, i);
                }
            }
        }
        for (int d = 1; d <= buckets.highest(); d++) {
            int[] bucket = buckets.take(d);
            int n = bucket == null ? 0 : bucket.length;
            for (int k = 0; k < n; k++) {
                int i = bucket[k];
                if (i < 0) {
                    break; // the unused tail of the bucket
                }
                if ((remaining[i] & FINAL) != 0) {
                    continue;
                }
                int s = state[i];
                if (s == d) {
                    remaining[i] = FINAL;
                    unmove(layer, i, d, true, state, remaining, buckets);
                } else if (s <= 0 && remaining[i] == 0 && -s == d) {
                    remaining[i] = FINAL;
                    unmove(layer, i, d, false, state, remaining, buckets);
                }
            }
        }
        for (int i = 0; i < size; i++) {
            if ((remaining[i] & FINAL) == 0) {
                state[i] = 0; // never decided: a draw
            }
        }
        progress.accept(done.addAndGet(size));
        return TablebaseLayer.encode(state);
    }

    /**
     * The first look at position i: its moves out of the layer decided, its moves inside it counted. Leaves in
     * {@code state} a win candidate (&gt; 0, the fastest known win) or minus the longest loss seen so far, and in
     * {@code remaining} the moves not known to lose (or {@link #FINAL} for an index that is no position).
     */
    private void firstLook(int layer, int i, short[] state, byte[] remaining) {
        int mover = layout.mover(i);
        int enemy = layout.enemy(i);
        int mp = layout.placement(mover);
        int ep = layout.placement(enemy);
        if (placements.overlap(mp, ep)) {
            remaining[i] = FINAL;
            return;
        }
        int moverHits = layout.moverHits(layer, i);
        int enemyHits = layout.enemyHits(layer, i);
        int run = layout.run(mover);
        int win = Integer.MAX_VALUE;
        int longestLoss = 0;
        int open = 0;
        for (int code : placements.codes(mp)) {
            int arrived = placements.next(mp, code);
            int outcome; // for the mover: +d win, -d loss, 0 draw, or OPEN for a move that stays in the layer
            if (arrived == ShipPlacements.NONE) {
                outcome = sunk(enemyShip(enemy, enemyHits));
            } else {
                if (placements.rams(arrived, ep)) {
                    continue;
                }
                int dealt = placements.dealt(arrived, ep);
                int units = PiracyMoveGenerator.units(code);
                int penalty = generator.penalties(run, units);
                int newRun = generator.runAfter(run, units);
                int newMoverHits = moverHits + penalty;
                int newEnemyHits = enemyHits + dealt;
                boolean moverSinks = newMoverHits >= PiracyMoveGenerator.SINKING_HITS;
                boolean enemySinks = newEnemyHits >= PiracyMoveGenerator.SINKING_HITS;
                if (moverSinks && enemySinks) {
                    outcome = 0;
                } else if (enemySinks) {
                    outcome = -sunk(PiracyState.ship(placements.bow(arrived), placements.heading(arrived),
                        newMoverHits, newRun, false));
                } else if (moverSinks) {
                    outcome = sunk(enemyShip(enemy, newEnemyHits));
                } else if (dealt == 0 && penalty == 0) {
                    open++;
                    continue;
                } else {
                    int next = TablebaseLayout.layer(newEnemyHits, newMoverHits);
                    int v = solved[next].value(layout.index(newEnemyHits, newMoverHits, enemy,
                        layout.ship(arrived, newRun)));
                    outcome = v > 0 ? -(v + 1) : v < 0 ? -v + 1 : 0;
                }
            }
            if (outcome > 0) {
                win = Math.min(win, outcome);
            } else if (outcome < 0) {
                longestLoss = Math.max(longestLoss, -outcome);
            } else {
                open++; // a drawing move: this position is never lost
            }
        }
        state[i] = (short) (win != Integer.MAX_VALUE ? win : -longestLoss);
        remaining[i] = (byte) open;
    }

    /**
     * The outcome for the side whose ship has just sunk, the other ship {@code survivor} having to make its seven
     * moves alone: −1 a loss (the survivor stays afloat), +1 a win (the survivor cannot, and the first ship to sink
     * wins under option survivor-sinks=loss), else 0 a draw. Decided on this ply, so the distance is 1.
     */
    private int sunk(int survivor) {
        if (survival.survives(survivor, PiracyMoveGenerator.SURVIVAL_MOVES)) {
            return -1;
        }
        return survivorSinkingLoses ? 1 : 0;
    }

    private int enemyShip(int enemy, int hits) {
        int p = layout.placement(enemy);
        return PiracyState.ship(placements.bow(p), placements.heading(p), hits, layout.run(enemy), false);
    }

    /**
     * Position i of the layer has just been decided: {@code won} in d for its mover, or lost in d. Every position
     * whose mover could have moved to it without a hit hears of it.
     */
    private void unmove(int layer, int i, int d, boolean won, short[] state, byte[] remaining, Buckets buckets) {
        int mover = layout.mover(i);
        int enemy = layout.enemy(i);
        int mp = layout.placement(mover);
        int ep = layout.placement(enemy);
        if (placements.dealt(ep, mp) != 0) {
            return; // the enemy's last move would have hit us: it came from another layer
        }
        int moverHits = layout.moverHits(layer, i);
        int enemyHits = layout.enemyHits(layer, i);
        int enemyRun = layout.run(enemy);
        int[] arrivals = placements.previous(ep);
        for (int a = 0; a < arrivals.length; a += 2) {
            int from = arrivals[a];
            int units = arrivals[a + 1];
            if (placements.overlap(from, mp)) {
                continue;
            }
            for (int before : prevRuns[units + 2][enemyRun + 7]) {
                int q = layout.index(enemyHits, moverHits, layout.ship(from, before), mover);
                if ((remaining[q] & FINAL) != 0) {
                    continue;
                }
                if (won) {
                    // q's move here loses for q
                    remaining[q]--;
                    int s = state[q];
                    if (s <= 0) {
                        int longest = Math.max(-s, d + 1);
                        state[q] = (short) -longest;
                        if (remaining[q] == 0) {
                            buckets.add(longest, q);
                        }
                    }
                } else {
                    int s = state[q];
                    if (s <= 0 || s > d + 1) {
                        state[q] = (short) (d + 1);
                        buckets.add(d + 1, q);
                    }
                }
            }
        }
    }

    /** Growable lists of positions per distance. */
    private static final class Buckets {
        private int[][] lists = new int[64][];
        private int[] sizes = new int[64];
        private int highest;

        void add(int d, int index) {
            if (d >= lists.length) {
                int length = Math.max(lists.length * 2, d + 1);
                lists = Arrays.copyOf(lists, length);
                sizes = Arrays.copyOf(sizes, length);
            }
            int[] list = lists[d];
            if (list == null) {
                list = lists[d] = new int[1024];
            } else if (sizes[d] == list.length) {
                list = lists[d] = Arrays.copyOf(list, list.length + (list.length >> 1));
            }
            list[sizes[d]++] = index;
            highest = Math.max(highest, d);
        }

        int highest() {
            return highest;
        }

        /** The bucket's positions, then -1 where unused (the bucket is released). */
        int[] take(int d) {
            if (d >= lists.length || lists[d] == null) {
                return null;
            }
            int[] list = lists[d];
            if (sizes[d] < list.length) {
                list[sizes[d]] = -1;
            }
            lists[d] = null;
            sizes[d] = 0;
            return list;
        }
    }
}
