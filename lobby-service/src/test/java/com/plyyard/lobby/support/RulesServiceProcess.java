package com.plyyard.lobby.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The real rules-service as a child process on a free port. */
public final class RulesServiceProcess implements AutoCloseable {
    private final int port;
    private final Path log;
    private Process process;

    public RulesServiceProcess(int port, Path log) {
        this.port = port;
        this.log = log;
    }

    public static RulesServiceProcess start(Path logDir) {
        RulesServiceProcess r = new RulesServiceProcess(Processes.freePort(), logDir.resolve("rules-service.log"));
        r.start();
        return r;
    }

    public synchronized void start() {
        Path jar = Processes.rulesJar();
        process = Processes.startJar(jar, List.of("-Dquarkus.http.port=" + port),
            Map.of("RULES_PORT", Integer.toString(port)), log);
        Processes.awaitReady(process, port, Duration.ofSeconds(60), log);
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
