package com.plyyard.lobby.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The real ai-service as a child process (its packaged fast-jar) on a given or free port. */
public final class AiServiceProcess implements AutoCloseable {
    private final int port;
    private final Path log;
    private Process process;

    public AiServiceProcess(int port, Path log) {
        this.port = port;
        this.log = log;
    }

    public static AiServiceProcess start(Path logDir) {
        AiServiceProcess a = new AiServiceProcess(Processes.freePort(), logDir.resolve("ai-service.log"));
        a.start();
        return a;
    }

    public synchronized void start() {
        Path jar = Processes.aiJar();
        // four searches at once whatever the machine: two lobby instances may think about one turn (TwoInstancesIT)
        process = Processes.startJar(jar, List.of("-Dquarkus.http.port=" + port, "-Dplyyard.ai.table-megabytes=16",
                "-Dplyyard.ai.max-concurrent=4"),
            Map.of("AI_PORT", Integer.toString(port)), log);
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
