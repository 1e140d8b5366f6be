package com.plyyard.client.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A lobby instance's CPU and memory during a load run, read once a second from its Prometheus endpoint
 * ({@code /q/metrics} on the gRPC port): {@code process_cpu_usage} (the JVM's share of the whole machine, 0..1),
 * {@code system_cpu_usage} (the machine's) and the heap in use (the sum of {@code jvm_memory_used_bytes} over the heap
 * areas). On a machine that runs the load generator too, the system figure includes the generator. The CPU the
 * instance spent in the measured window ({@code process_cpu_time_ns_total}, read when the window opens and when it
 * closes) gives its CPU per move.
 */
public final class ServerMetrics {
    /** What one instance used over the run: means of the CPU figures and the largest heap; samples = 0 when unreadable. */
    public record Usage(String target, int samples, double processCpu, double systemCpu, double heapMaxMegabytes,
                        double eventDelayP50Millis, double eventDelayP99Millis, double cpuCores) {
        public Usage(String target, int samples, double processCpu, double systemCpu, double heapMaxMegabytes,
                     double eventDelayP50Millis, double eventDelayP99Millis) {
            this(target, samples, processCpu, systemCpu, heapMaxMegabytes, eventDelayP50Millis, eventDelayP99Millis,
                Double.NaN);
        }

        /** The line, and the instance's CPU milliseconds per move at the run's rate when its CPU time was read. */
        public String line(double movesPerSecond) {
            String perMove = samples == 0 || Double.isNaN(cpuCores) ? ""
                : String.format(java.util.Locale.ROOT, " cpu_ms_per_move=%.2f", cpuMillisPerMove(movesPerSecond));
            return line() + perMove;
        }

        /** CPU milliseconds per move: the cores it kept busy in the window over the moves a second; NaN when unknown. */
        public double cpuMillisPerMove(double movesPerSecond) {
            return movesPerSecond > 0 ? cpuCores * 1000 / movesPerSecond : Double.NaN;
        }

        public String line() {
            if (samples == 0) {
                return "server target=" + target + " metrics=unavailable";
            }
            String delay = Double.isNaN(eventDelayP99Millis) ? "" : String.format(java.util.Locale.ROOT,
                " event_delay_p50_ms=%.1f event_delay_p99_ms=%.1f", eventDelayP50Millis, eventDelayP99Millis);
            return String.format(java.util.Locale.ROOT,
                "server target=%s process_cpu_pct=%.1f system_cpu_pct=%.1f heap_used_mb_max=%.1f samples=%d", target,
                processCpu * 100, systemCpu * 100, heapMaxMegabytes, samples) + delay;
        }
    }

    /**
     * One reading; NaN where the endpoint did not give the figure. {@code eventDelayBuckets}: the cumulative histogram of
     * the lobby's own part of move → event ({@code plyyard_lobby_watch_event_delay_seconds_bucket}: from the commit to
     * the hand-over to a watcher's stream), by upper bound in seconds; empty when the lobby has none.
     */
    public record Sample(double processCpu, double systemCpu, double heapBytes,
                         java.util.NavigableMap<Double, Double> eventDelayBuckets, double cpuNanos, long atNanos) {
        /** The same figures, read at {@code nanos} ({@link System#nanoTime}). */
        Sample at(long nanos) {
            return new Sample(processCpu, systemCpu, heapBytes, eventDelayBuckets, cpuNanos, nanos);
        }

        /** The share of a core the process used on average from {@code from} to this reading; NaN when unknown. */
        public double cpuCoresSince(Sample from) {
            if (from == null || Double.isNaN(cpuNanos) || Double.isNaN(from.cpuNanos) || atNanos <= from.atNanos) {
                return Double.NaN;
            }
            return (cpuNanos - from.cpuNanos) / (atNanos - from.atNanos);
        }

        /** The value below which the share {@code q} of the events between {@code from} and this reading fell, in s. */
        public double eventDelayPercentile(Sample from, double q) {
            double total = count(eventDelayBuckets) - (from == null ? 0 : count(from.eventDelayBuckets));
            if (eventDelayBuckets.isEmpty() || total <= 0) {
                return Double.NaN;
            }
            for (var b : eventDelayBuckets.entrySet()) {
                double before = from == null ? 0 : from.eventDelayBuckets.getOrDefault(b.getKey(), 0.0);
                if (b.getValue() - before >= q * total) {
                    return b.getKey();
                }
            }
            return Double.POSITIVE_INFINITY;
        }

        private static double count(java.util.NavigableMap<Double, Double> buckets) {
            return buckets.isEmpty() ? 0 : buckets.lastEntry().getValue();
        }
    }

    private final String target;
    private final URI uri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Sample> samples = new ArrayList<>();
    /** The index of the first reading of the measured window ({@link #markWindow}); 0 until marked. */
    private int windowFrom;
    /** How many readings there were when the window closed ({@link #markWindowEnd}); 0 until then (all count). */
    private int windowTo;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "server-metrics");
        t.setDaemon(true);
        return t;
    });

    /** @param scheme http, or https for a lobby served with TLS (then the JVM's trust decides) */
    public ServerMetrics(String target, String scheme) {
        this.target = target;
        this.uri = URI.create(scheme + "://" + target + "/q/metrics");
    }

    /**
     * The readings from here on are the measured window's (the event delay's percentiles and the CPU time are taken
     * over it): a reading is taken at once, as the window's start.
     */
    public void markWindow() {
        timer.execute(() -> {
            sample();
            synchronized (samples) {
                windowFrom = samples.size();
            }
        });
    }

    /** The measured window ends: a last reading at once, and none after it counts. */
    public void markWindowEnd() {
        timer.execute(() -> {
            sample();
            synchronized (samples) {
                windowTo = samples.size();
            }
        });
    }

    public void start() {
        timer.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    public Usage stop() {
        timer.shutdown(); // the periodic reading stops; a window's last reading, when asked for, is still taken
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        timer.shutdownNow();
        synchronized (samples) {
            // the delay's percentiles over the measured window: the histogram's growth from its first reading to the last
            int end = windowTo > 0 ? windowTo : samples.size();
            Sample last = end == 0 ? null : samples.get(end - 1);
            Sample from = windowFrom > 0 && windowFrom <= samples.size() ? samples.get(windowFrom - 1) : null;
            return new Usage(target, samples.size(), mean(samples.stream().mapToDouble(Sample::processCpu)),
                mean(samples.stream().mapToDouble(Sample::systemCpu)),
                samples.stream().mapToDouble(Sample::heapBytes).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN)
                    / (1024 * 1024),
                last == null ? Double.NaN : last.eventDelayPercentile(from, 0.5) * 1000,
                last == null ? Double.NaN : last.eventDelayPercentile(from, 0.99) * 1000,
                last == null ? Double.NaN : last.cpuCoresSince(from));
        }
    }

    private void sample() {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 200) {
                Sample s = parse(r.body()).at(System.nanoTime());
                synchronized (samples) {
                    samples.add(s);
                }
            }
        } catch (IOException e) {
            // not readable now: one sample fewer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The figures from a Prometheus text exposition. */
    public static Sample parse(String text) {
        double process = Double.NaN;
        double system = Double.NaN;
        double heap = 0;
        double cpuNanos = Double.NaN;
        boolean anyHeap = false;
        java.util.NavigableMap<Double, Double> delays = new java.util.TreeMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            String name = line.substring(0, space).strip();
            double value;
            try {
                value = Double.parseDouble(line.substring(space + 1).strip());
            } catch (NumberFormatException e) {
                continue;
            }
            if (name.equals("process_cpu_usage")) {
                process = value;
            } else if (name.equals("process_cpu_time_ns_total")) {
                cpuNanos = value;
            } else if (name.equals("system_cpu_usage")) {
                system = value;
            } else if (name.startsWith("jvm_memory_used_bytes{") && name.contains("area=\"heap\"")) {
                heap += value;
                anyHeap = true;
            } else if (name.startsWith("plyyard_lobby_watch_event_delay_seconds_bucket{")) {
                int le = name.indexOf("le=\"");
                String bound = le < 0 ? "" : name.substring(le + 4, name.indexOf('"', le + 4));
                delays.put(bound.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(bound), value);
            }
        }
        return new Sample(process, system, anyHeap ? heap : Double.NaN, delays, cpuNanos, 0);
    }

    private static double mean(java.util.stream.DoubleStream values) {
        OptionalDouble m = values.filter(d -> !Double.isNaN(d)).average();
        return m.orElse(Double.NaN);
    }
}
