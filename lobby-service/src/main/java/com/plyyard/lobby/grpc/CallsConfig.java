package com.plyyard.lobby.grpc;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The worker pool of the gRPC calls. */
@ConfigMapping(prefix = "plyyard.lobby.calls")
public interface CallsConfig {
    /** Worker threads (database and rules-service work never runs on the event loop). */
    @WithDefault("16")
    int workers();

    /** Calls waiting for a worker; one more is answered RESOURCE_EXHAUSTED. */
    @WithDefault("1000")
    int queue();

    /**
     * Threads that send the watch streams' events (WatchMatch, WatchLobby): their own pool, so that waking every stream
     * at once (10 000 of them) neither fills the calls' queue nor waits behind calls. Its queue needs no bound: a
     * stream is queued at most once at a time.
     */
    @WithDefault("4")
    int streamWorkers();

    /**
     * Watch streams (WatchMatch and WatchLobby together) one instance serves at most; one more is refused
     * RESOURCE_EXHAUSTED (the client tries again later, or another instance). Bounds the memory streams take: about
     * 16 KB each all told, measured with 11 000 open (docs/benchmarks.md).
     */
    @WithDefault("20000")
    int maxStreams();

    /**
     * Threads for the calls that check or make a password hash (SignUp, SignIn, SetPassword, ChangePassword,
     * ReplaceRecoveryCodes, RecoverAccount): their own, because such a call waits for the hashing threads
     * (plyyard.lobby.accounts.hash-threads and hash-queue, whose refusal is the one a client meets), and a storm of
     * sign-ins must never hold the workers the moves need. As many again may wait for a thread; beyond that, one more is
     * refused RESOURCE_EXHAUSTED at once.
     */
    @WithDefault("16")
    int passwordWorkers();
}
