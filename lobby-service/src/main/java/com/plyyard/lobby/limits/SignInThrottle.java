package com.plyyard.lobby.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The limits on guessing passwords (docs/reliability.md, "Sign-ins"), in this instance's memory like every rate limit:
 * <ul>
 *   <li>per client address, a token bucket of password checks ({@link RateLimitsConfig#signIns()}, Bucket4j), right or
 *   wrong, so one machine cannot keep the hashing threads busy;</li>
 *   <li>per account and per address, a growing wait after wrong attempts: after {@code free} wrong ones in a row, the
 *   next attempt waits {@code first-delay}, and each further wrong one doubles the wait up to {@code max-delay}. A right
 *   one ends the run. The account's wait does not hold back an address the account has signed in from before (its
 *   owner's devices, which an attacker's guesses cannot lock out); the address's own wait does.</li>
 * </ul>
 * Refused attempts cost no hash and do not count as wrong. Time comes in as arguments (the lobby's clock), so the waits
 * are tested without sleeping; the bucket keeps Bucket4j's own time.
 */
@ApplicationScoped
public class SignInThrottle {
    @Inject
    RateLimitsConfig config;

    private Cache<String, Bucket> buckets;
    private Cache<String, Run> runs;

    /** A run of wrong attempts: how many, and when the last was. */
    private record Run(int wrong, Instant last) {
    }

    /** Why an attempt must wait: the sentence and how long. */
    public record Wait(String sentence, Duration retryAfter) {
    }

    @PostConstruct
    void init() {
        RateLimitsConfig.Rate r = config.signIns();
        RateLimitsConfig.SignInFailures f = config.signInFailures();
        if (r.capacity() < 1 || (r.per().isNegative() || r.per().isZero()) || f.free() < 0 || (f.firstDelay().isNegative() || f.firstDelay().isZero())
            || f.maxDelay().compareTo(f.firstDelay()) < 0) {
            throw new IllegalStateException("plyyard.lobby.rate-limits.sign-ins needs a capacity of at least 1 and a positive "
                + "period; sign-in-failures a free count of at least 0 and 0 < first-delay <= max-delay.");
        }
        buckets = Caffeine.newBuilder().maximumSize(config.maxBuckets()).expireAfterAccess(r.per()).build();
        // a run older than the longest wait, twice over, no longer holds anything back
        runs = Caffeine.newBuilder().maximumSize(config.maxBuckets()).expireAfterWrite(f.maxDelay().multipliedBy(2))
            .build();
    }

    /**
     * Whether an attempt on {@code account} from {@code address} may be checked now; takes one check from the address's
     * bucket when it may.
     *
     * @param knownAddress whether the account has signed in from this address before (asked only when the account
     *                     waits)
     */
    public Optional<Wait> take(String account, String address, Instant now, BooleanSupplier knownAddress) {
        if (!config.enabled()) {
            return Optional.empty();
        }
        Optional<Wait> byAddress = waitFor(addressKey(address), now).map(d -> new Wait("Too many wrong sign-in attempts "
            + "from this address: wait " + seconds(d) + " s before the next (each wrong one doubles the wait).", d));
        if (byAddress.isPresent()) {
            return byAddress;
        }
        Optional<Duration> byAccount = waitFor(accountKey(account), now);
        if (byAccount.isPresent() && !knownAddress.getAsBoolean()) {
            Duration d = byAccount.get();
            return Optional.of(new Wait("Too many wrong sign-in attempts for this account: wait " + seconds(d) + " s before "
                + "the next (each wrong one doubles the wait; the account's own devices are not held back).", d));
        }
        RateLimitsConfig.Rate rate = config.signIns();
        Bucket bucket = buckets.get(addressKey(address), k -> Bucket.builder()
            .addLimit(limit -> limit.capacity(rate.capacity()).refillGreedy(rate.capacity(), rate.per())).build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return Optional.empty();
        }
        Duration d = Duration.ofNanos(Math.max(probe.getNanosToWaitForRefill(), 1_000_000));
        return Optional.of(new Wait("Too many sign-in attempts from this address: at most " + rate.capacity() + " per "
            + RateLimiter.Refusal.describe(rate.per()) + "; try again in " + seconds(d) + " s.", d));
    }

    /** A wrong password or code: the runs of the account and the address grow. */
    public void wrong(String account, String address, Instant now) {
        if (!config.enabled()) {
            return;
        }
        for (String key : new String[] {accountKey(account), addressKey(address)}) {
            runs.asMap().merge(key, new Run(1, now), (a, b) -> new Run(a.wrong() + 1, now));
        }
    }

    /** A right one: the runs end. */
    public void right(String account, String address) {
        runs.invalidate(accountKey(account));
        runs.invalidate(addressKey(address));
    }

    private Optional<Duration> waitFor(String key, Instant now) {
        Run run = runs.getIfPresent(key);
        if (run == null) {
            return Optional.empty();
        }
        Duration d = delay(run.wrong(), config.signInFailures());
        Duration left = Duration.between(now, run.last().plus(d));
        return left.isNegative() || left.isZero() ? Optional.empty() : Optional.of(left);
    }

    /** The wait after {@code wrong} wrong attempts in a row. */
    static Duration delay(int wrong, RateLimitsConfig.SignInFailures f) {
        int beyond = wrong - f.free();
        if (beyond <= 0) {
            return Duration.ZERO;
        }
        long factor = beyond >= 31 ? Long.MAX_VALUE : 1L << (beyond - 1);
        Duration d = factor > f.maxDelay().toNanos() / Math.max(1, f.firstDelay().toNanos()) ? f.maxDelay()
            : f.firstDelay().multipliedBy(factor);
        return d.compareTo(f.maxDelay()) > 0 ? f.maxDelay() : d;
    }

    private static String accountKey(String account) {
        return "account:" + account.strip().toLowerCase(Locale.ROOT);
    }

    private static String addressKey(String address) {
        return "address:" + address;
    }

    private static String seconds(Duration d) {
        return Double.toString(Math.ceil(d.toMillis() / 100.0) / 10.0);
    }
}
