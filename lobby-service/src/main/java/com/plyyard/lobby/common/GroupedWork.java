package com.plyyard.lobby.common;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Work that waits for one of a few threads, each of which takes every item waiting (at most {@code max}) and does
 * them together: the moves' group commit ({@code match.MoveWriter}) and their shared rules call
 * ({@code rules.MoveJudge}). There is no waiting window: a free thread takes an item at once, and the items that arrive
 * while every thread is busy go together next, so an idle lobby does each alone and a busy one more per batch.
 *
 * <p>A caller blocks until its own item's answer. An interrupted caller (its gRPC call was cancelled) keeps waiting,
 * since its item may be in the batch being done, and keeps its interrupt; the handler's own bounds (the JDBC call, the
 * rules deadline) bound the wait. After {@link #stop} the threads finish what is queued, and an item submitted later
 * is done by its caller alone.
 *
 * @param <T> an item of work
 * @param <R> its answer
 */
public final class GroupedWork<T, R> {
    /** An item and its caller's answer, which the handler completes (normally or exceptionally) for every item. */
    public record Item<T, R>(T work, CompletableFuture<R> answer) {
        public static <T, R> Item<T, R> of(T work) {
            return new Item<>(work, new CompletableFuture<>());
        }
    }

    private final String name;
    private final int threadCount;
    private final int max;
    private final Function<T, Object> key;
    private final Consumer<List<Item<T, R>>> handler;
    private final Function<T, R> alone;
    private final LinkedBlockingQueue<Item<T, R>> queue = new LinkedBlockingQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;
    private volatile boolean stopped;

    /**
     * @param key     items with equal keys never share a batch (the later one goes in the next); null: any may
     * @param handler does one batch and completes every item's answer
     * @param alone   does one item on its caller's thread, once the threads have stopped
     */
    public GroupedWork(String name, int threads, int max, Function<T, Object> key, Consumer<List<Item<T, R>>> handler,
                   Function<T, R> alone) {
        this.name = name;
        this.threadCount = Math.max(1, threads);
        this.max = Math.max(1, max);
        this.key = key;
        this.handler = handler;
        this.alone = alone;
    }

    public void start() {
        for (int i = 0; i < threadCount; i++) {
            Thread t = new Thread(this::run, name + "-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** Does what is queued, waiting at most {@code millis} for each thread, then stops. */
    public void stop(long millis) {
        stopping = true;
        for (Thread t : threads) {
            try {
                t.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stopped = true;
    }

    /** The item's answer, done together with whatever else waits; the handler's exception for it is thrown. */
    public R submit(T work) {
        if (stopping) {
            return alone.apply(work);
        }
        Item<T, R> item = Item.of(work);
        queue.add(item);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return item.answer.get(1, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    // queued just as the threads stopped: done here instead
                    if (stopped && queue.remove(item)) {
                        return alone.apply(work);
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(name + " failed: " + cause, cause);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Items waiting for a thread (for tests). */
    int waiting() {
        return queue.size();
    }

    private void run() {
        List<Item<T, R>> deferred = new ArrayList<>();
        while (true) {
            List<Item<T, R>> batch = new ArrayList<>();
            Set<Object> keys = new HashSet<>();
            List<Item<T, R>> later = new ArrayList<>();
            for (Item<T, R> item : deferred) {
                add(item, batch, keys, later);
            }
            deferred = later;
            if (batch.isEmpty()) {
                Item<T, R> first;
                try {
                    first = queue.poll(100, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    first = null;
                }
                if (first == null) {
                    if (stopping && queue.isEmpty()) {
                        return;
                    }
                    continue;
                }
                add(first, batch, keys, deferred);
            }
            Item<T, R> next;
            while (batch.size() < max && (next = queue.poll()) != null) {
                add(next, batch, keys, deferred);
            }
            handler.accept(batch);
        }
    }

    private void add(Item<T, R> item, List<Item<T, R>> batch, Set<Object> keys, List<Item<T, R>> later) {
        if (key == null || keys.add(key.apply(item.work))) {
            batch.add(item);
        } else {
            later.add(item);
        }
    }
}
