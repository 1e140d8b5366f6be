package com.plyyard.lobby.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Token buckets (Bucket4j) per action and caller, in this instance's memory: checked before a call does any work, so an
 * abusive client costs one map lookup per refused call. Several instances each count on their own (a client spread
 * over N instances gets at most N times the limit); a shared count would cost a database round trip per call.
 * Callers are kept by the SHA-256 of their token, never the token itself.
 */
@ApplicationScoped
public class RateLimiter {
    @Inject
    RateLimitsConfig config;

    private final Map<LimitedAction, RateLimitsConfig.Rate> rates = new EnumMap<>(LimitedAction.class);
    private Cache<String, Bucket> buckets;

    @PostConstruct
    void init() {
        rates.put(LimitedAction.MOVE, config.moves());
        rates.put(LimitedAction.CREATION, config.creations());
        rates.put(LimitedAction.POOL_JOIN, config.poolJoins());
        rates.put(LimitedAction.REGISTRATION, config.registrations());
        rates.put(LimitedAction.STREAM, config.streams());
        Duration longest = Duration.ZERO;
        for (var e : rates.entrySet()) {
            RateLimitsConfig.Rate r = e.getValue();
            if (r.capacity() < 1 || r.per().isNegative() || r.per().isZero()) {
                throw new IllegalStateException("plyyard.lobby.rate-limits for " + e.getKey().plural()
                    + " needs a capacity of at least 1 and a positive period (got " + r.capacity() + " per " + r.per() + ").");
            }
            longest = longest.compareTo(r.per()) < 0 ? r.per() : longest;
        }
        // a bucket untouched for its whole period is full again: dropping it then forgets nothing
        buckets = Caffeine.newBuilder().maximumSize(config.maxBuckets()).expireAfterAccess(longest).build();
    }

    /**
     * Takes one call of {@code action} from the caller's bucket.
     *
     * @param caller the token, or the client address for registrations
     * @return empty when the call may go on; otherwise the refusal with how long to wait
     */
    public Optional<Refusal> take(LimitedAction action, String caller) {
        if (!config.enabled()) {
            return Optional.empty();
        }
        RateLimitsConfig.Rate rate = rates.get(action);
        Bucket bucket = buckets.get(action.name() + ':' + digest(caller), k -> Bucket.builder()
            .addLimit(limit -> limit.capacity(rate.capacity()).refillGreedy(rate.capacity(), rate.per()))
            .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return Optional.empty();
        }
        // at least a millisecond: "retry after 0 s" would invite a busy loop
        Duration wait = Duration.ofNanos(Math.max(probe.getNanosToWaitForRefill(), 1_000_000));
        return Optional.of(new Refusal(action, rate.capacity(), rate.per(), wait));
    }

    private static String digest(String caller) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(caller.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** A call over its limit: what was counted, the limit, and how long until the next call is allowed. */
    public record Refusal(LimitedAction action, int capacity, Duration per, Duration retryAfter) {
        /** The human sentence: the limit and the wait, rounded up to a tenth of a second. */
        public String sentence() {
            double seconds = Math.ceil(retryAfter.toMillis() / 100.0) / 10.0;
            return "Too many " + action.plural() + (action == LimitedAction.REGISTRATION ? " from this address" : " with this token")
                + ": at most " + capacity + " per " + describe(per) + "; try again in " + seconds + " s.";
        }

        static String describe(Duration d) {
            if (d.toMillis() % 60_000 == 0) {
                return d.toMinutes() == 1 ? "minute" : d.toMinutes() + " minutes";
            }
            if (d.toMillis() % 1000 == 0) {
                return d.toSeconds() == 1 ? "second" : d.toSeconds() + " seconds";
            }
            return d.toMillis() + " ms";
        }
    }
}
