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
 * areas). On a machine that runs the load generator too, the system figure includes the generator.
 */
public final class ServerMetrics {
    /** What one instance used over the run: means of the CPU figures and the largest heap; samples = 0 when unreadable. */
    public record Usage(String target, int samples, double processCpu, double systemCpu, double heapMaxMegabytes) {
        public String line() {
            if (samples == 0) {
                return "server target=" + target + " metrics=unavailable";
            }
            return String.format(java.util.Locale.ROOT,
                "server target=%s process_cpu_pct=%.1f system_cpu_pct=%.1f heap_used_mb_max=%.1f samples=%d", target,
                processCpu * 100, systemCpu * 100, heapMaxMegabytes, samples);
        }
    }

    /** One reading; NaN where the endpoint did not give the figure. */
    public record Sample(double processCpu, double systemCpu, double heapBytes) {
    }

    private final String target;
    private final URI uri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Sample> samples = new ArrayList<>();
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

    public void start() {
        timer.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    public Usage stop() {
        timer.shutdownNow();
        synchronized (samples) {
            return new Usage(target, samples.size(), mean(samples.stream().mapToDouble(Sample::processCpu)),
                mean(samples.stream().mapToDouble(Sample::systemCpu)),
                samples.stream().mapToDouble(Sample::heapBytes).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN)
                    / (1024 * 1024));
        }
    }

    private void sample() {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 200) {
                Sample s = parse(r.body());
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
        boolean anyHeap = false;
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
            } else if (name.equals("system_cpu_usage")) {
                system = value;
            } else if (name.startsWith("jvm_memory_used_bytes{") && name.contains("area=\"heap\"")) {
                heap += value;
                anyHeap = true;
            }
        }
        return new Sample(process, system, anyHeap ? heap : Double.NaN);
    }

    private static double mean(java.util.stream.DoubleStream values) {
        OptionalDouble m = values.filter(d -> !Double.isNaN(d)).average();
        return m.orElse(Double.NaN);
    }
}
