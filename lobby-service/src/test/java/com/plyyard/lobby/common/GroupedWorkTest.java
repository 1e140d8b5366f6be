package com.plyyard.lobby.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The queue under the move writer and the move judge: batches, keys, interrupts, failures and the stop. */
class GroupedWorkTest {
    /**
     * Doubles each number; each batch counts {@code entered} down and waits until {@code gate} opens, so that the others
     * queue meanwhile.
     */
    private static GroupedWork<Integer, Integer> doubling(List<List<Integer>> batches, CountDownLatch entered,
                                                          CountDownLatch gate, int max) {
        return new GroupedWork<>("test-work", 1, max, n -> n % 10, items -> {
            entered.countDown();
            try {
                gate.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            batches.add(items.stream().map(GroupedWork.Item::work).toList());
            for (GroupedWork.Item<Integer, Integer> i : items) {
                if (i.work() < 0) {
                    i.answer().completeExceptionally(new IllegalArgumentException("negative: " + i.work()));
                } else {
                    i.answer().complete(i.work() * 2);
                }
            }
        }, n -> -n);
    }

    @Test
    void whatWaitsGoesTogetherWithinItsBoundAndEqualKeysApart() throws Exception {
        List<List<Integer>> batches = new CopyOnWriteArrayList<>();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        GroupedWork<Integer, Integer> work = doubling(batches, entered, gate, 3);
        work.start();
        ExecutorService callers = Executors.newFixedThreadPool(6);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            answers.add(callers.submit(() -> work.submit(1)));
            assertTrue(entered.await(10, TimeUnit.SECONDS), "taken alone, at once, and held at the gate");
            int queued = 0;
            for (int n : new int[] {2, 12, 3, 4, 5}) { // 2 and 12 share a key
                answers.add(callers.submit(() -> work.submit(n)));
                awaitWaiting(work, ++queued);
            }
            gate.countDown();
            List<Integer> got = new ArrayList<>();
            for (Future<Integer> f : answers) {
                got.add(f.get(10, TimeUnit.SECONDS));
            }
            assertEquals(List.of(2, 4, 24, 6, 8, 10), got, "each caller its own answer");
            assertEquals(List.of(1), batches.get(0), "an idle queue: the first alone, at once");
            for (List<Integer> b : batches) {
                assertTrue(b.size() <= 3, "at most the bound: " + batches);
                assertFalse(b.contains(2) && b.contains(12), "equal keys apart: " + batches);
            }
            assertEquals(List.of(2, 3, 4), batches.get(1), "what waited went together, 12 deferred: " + batches);
        } finally {
            callers.shutdownNow();
            work.stop(1000);
        }
    }

    private static void awaitWaiting(GroupedWork<?, ?> work, int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (work.waiting() != n && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertEquals(n, work.waiting());
    }

    @Test
    void anInterruptedCallerStillGetsItsAnswerAndKeepsTheInterrupt() {
        CountDownLatch gate = new CountDownLatch(0);
        GroupedWork<Integer, Integer> work = doubling(new CopyOnWriteArrayList<>(), new CountDownLatch(1), gate, 8);
        work.start();
        try {
            Thread.currentThread().interrupt();
            int answer;
            boolean kept;
            try {
                answer = work.submit(21);
            } finally {
                kept = Thread.interrupted();
            }
            assertEquals(42, answer);
            assertTrue(kept);
        } finally {
            work.stop(1000);
        }
    }

    @Test
    void theHandlersFailureIsThrownToItsCallerAloneAndAfterTheStopCallersWorkAlone() {
        GroupedWork<Integer, Integer> work = doubling(new CopyOnWriteArrayList<>(), new CountDownLatch(1),
            new CountDownLatch(0), 8);
        work.start();
        assertEquals("negative: -3", assertThrows(IllegalArgumentException.class, () -> work.submit(-3)).getMessage());
        assertEquals(10, work.submit(5));
        work.stop(1000);
        assertEquals(-7, work.submit(7), "after the stop: the caller's own way");
    }
}
