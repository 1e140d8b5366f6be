package com.plyyard.client.bench;

import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignUpRequest;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;

/**
 * {@code bench signin}: a storm of sign-ins against one lobby instance, as fast as {@code clients} callers can make them
 * for a time: most with a right password, a share with a wrong one and a share with a name that does not exist (which
 * the lobby answers after checking a dummy hash, so those two latencies should match; a right one also makes a
 * session). Each client's connection may come from its own loopback
 * address (127.0.0.2, 127.0.0.3, …) so that the lobby's per-address limits see many clients, as a storm from many
 * machines would look. Reads the lobby's own hash timer from its metrics before and after.
 */
public final class SignInLoad {
    /** What to run. */
    public record Plan(int accounts, int clients, Duration duration, double unknownShare, double wrongShare, int addresses,
                       long seed) {
    }

    /** What happened: counts, latencies (microseconds), and the lobby's mean hash check (NaN when unread). */
    public record Result(long rightSignIns, long wrongPasswords, long unknownNames, long busy, long limited, long errors,
                         double seconds, Histogram rightMicros, Histogram wrongMicros, Histogram unknownMicros,
                         double serverCheckMillis, long serverChecks) {
    }

    private final String host;
    private final int port;

    public SignInLoad(String host, int port) {
        this.host = host;
        this.port = port;
    }

    private ManagedChannel channel(int addressIndex, int addresses) {
        NettyChannelBuilder b = NettyChannelBuilder.forAddress(host, port).usePlaintext();
        if (addresses > 1) {
            String local = "127.0.0." + (2 + addressIndex % addresses);
            b.localSocketPicker(new NettyChannelBuilder.LocalSocketPicker() {
                @Override
                public java.net.SocketAddress createSocketAddress(java.net.SocketAddress remote, io.grpc.Attributes attrs) {
                    return new InetSocketAddress(local, 0);
                }
            });
        }
        return b.build();
    }

    public Result run(Plan plan) throws InterruptedException {
        Random random = new Random(plan.seed());
        String password = "bench pass phrase " + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
        String prefix = "sb" + Long.toString(System.currentTimeMillis() % 0xfffffffL, 36); // new names every run
        List<String> names = new ArrayList<>();
        ManagedChannel setup = channel(0, 1);
        try {
            for (int i = 0; i < plan.accounts(); i++) {
                String name = prefix + "-" + i;
                AccountServiceGrpc.newBlockingStub(setup).withDeadlineAfter(30, TimeUnit.SECONDS).signUp(SignUpRequest
                    .newBuilder().setName(name).setPassword(password).setDeviceLabel("bench signin").build());
                names.add(name);
            }
        } finally {
            setup.shutdownNow();
        }
        double[] before = hashChecks();
        Recorder right = new Recorder(3);
        Recorder unknown = new Recorder(3);
        Recorder wrong = new Recorder(3);
        AtomicLong wrongs = new AtomicLong();
        AtomicLong rights = new AtomicLong();
        AtomicLong unknowns = new AtomicLong();
        AtomicLong busy = new AtomicLong();
        AtomicLong limited = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long end = System.nanoTime() + plan.duration().toNanos();
        List<Thread> threads = new ArrayList<>();
        List<ManagedChannel> channels = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < plan.clients(); c++) {
            ManagedChannel ch = channel(c, plan.addresses());
            channels.add(ch);
            Random r = new Random(plan.seed() * 31 + c);
            Thread t = new Thread(() -> {
                var stub = AccountServiceGrpc.newBlockingStub(ch);
                while (System.nanoTime() < end) {
                    double k = r.nextDouble();
                    boolean stranger = k < plan.unknownShare();
                    boolean mistaken = !stranger && k < plan.unknownShare() + plan.wrongShare();
                    String name = stranger ? prefix + "-nobody-" + r.nextInt(1_000_000) : names.get(r.nextInt(names.size()));
                    long t0 = System.nanoTime();
                    try {
                        stub.withDeadlineAfter(30, TimeUnit.SECONDS).signIn(SignInRequest.newBuilder().setName(name)
                            .setPassword(mistaken ? password + " (wrong)" : password).setDeviceLabel("bench signin")
                            .build());
                        right.recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
                        rights.incrementAndGet();
                    } catch (StatusRuntimeException e) {
                        Status s = e.getStatus();
                        long micros = Math.max(1, (System.nanoTime() - t0) / 1000);
                        if (s.getCode() == Status.Code.UNAUTHENTICATED && (stranger || mistaken)) {
                            (stranger ? unknown : wrong).recordValue(micros);
                            (stranger ? unknowns : wrongs).incrementAndGet();
                        } else if (s.getCode() == Status.Code.RESOURCE_EXHAUSTED) {
                            String d = s.getDescription() == null ? "" : s.getDescription();
                            (d.startsWith("Too many sign-ins are being checked") ? busy : limited).incrementAndGet();
                            pause(5);
                        } else {
                            errors.incrementAndGet();
                            pause(5);
                        }
                    }
                }
            }, "bench-signin-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        channels.forEach(ManagedChannel::shutdownNow);
        double[] after = hashChecks();
        double checks = after[1] - before[1];
        double mean = checks > 0 ? (after[0] - before[0]) * 1000 / checks : Double.NaN;
        return new Result(rights.get(), wrongs.get(), unknowns.get(), busy.get(), limited.get(), errors.get(), seconds,
            right.getIntervalHistogram(), wrong.getIntervalHistogram(), unknown.getIntervalHistogram(), mean,
            Math.round(checks));
    }

    /** The lobby's {@code plyyard_lobby_password_check_seconds} sum and count from /q/metrics; NaN when unread. */
    private double[] hashChecks() {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://" + host + ":"
                + port + "/q/metrics")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            double sum = Double.NaN;
            double count = Double.NaN;
            for (String line : r.body().split("\n")) {
                if (line.startsWith("plyyard_lobby_password_check_seconds_sum")) {
                    sum = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                } else if (line.startsWith("plyyard_lobby_password_check_seconds_count")) {
                    count = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
            return new double[] {sum, count};
        } catch (java.io.IOException | RuntimeException e) {
            return new double[] {Double.NaN, Double.NaN};
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new double[] {Double.NaN, Double.NaN};
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
