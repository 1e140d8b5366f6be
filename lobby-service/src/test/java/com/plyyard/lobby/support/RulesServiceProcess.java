package com.plyyard.lobby.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/** The real rules-service as a child process on a free port. */
public final class RulesServiceProcess implements AutoCloseable {
    private final int port;
    private final Path log;
    private final Map<String, String> env;
    private final SSLContext tls;
    private Process process;

    public RulesServiceProcess(int port, Path log) {
        this(port, log, Map.of(), null);
    }

    /**
     * @param env further environment, e.g. TLS_CERT and TLS_KEY
     * @param tls the trust for its readiness check over https when the environment turns TLS on, otherwise null
     */
    public RulesServiceProcess(int port, Path log, Map<String, String> env, SSLContext tls) {
        this.port = port;
        this.log = log;
        this.env = Map.copyOf(env);
        this.tls = tls;
    }

    public static RulesServiceProcess start(Path logDir) {
        RulesServiceProcess r = new RulesServiceProcess(Processes.freePort(), logDir.resolve("rules-service.log"));
        r.start();
        return r;
    }

    public synchronized void start() {
        Path jar = Processes.rulesJar();
        process = Processes.startJar(jar, List.of("-Dquarkus.http.port=" + port),
            environment(), log);
        Processes.awaitReady(process, port, Duration.ofSeconds(60), log, tls);
    }

    private Map<String, String> environment() {
        Map<String, String> all = new HashMap<>(env);
        all.put("RULES_PORT", Integer.toString(port));
        return all;
    }

    public synchronized void stop() {
        Processes.stop(process, Duration.ofSeconds(10));
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        stop();
    }
}
