package com.plyyard.lobby.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/** The real ai-service as a child process (its packaged fast-jar) on a given or free port. */
public final class AiServiceProcess implements AutoCloseable {
    private final int port;
    private final Path log;
    private final Map<String, String> env;
    private final SSLContext tls;
    private Process process;

    public AiServiceProcess(int port, Path log) {
        this(port, log, Map.of(), null);
    }

    /**
     * @param env further environment, e.g. TLS_CERT and TLS_KEY
     * @param tls the trust for its readiness check over https when the environment turns TLS on, otherwise null
     */
    public AiServiceProcess(int port, Path log, Map<String, String> env, SSLContext tls) {
        this.port = port;
        this.log = log;
        this.env = Map.copyOf(env);
        this.tls = tls;
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
                "-Dplyyard.ai.max-concurrent=4",
                // no Piracy tablebase built in the background: the tests need their cores
                "-Dplyyard.ai.piracy.tablebase.build-max-positions=0"),
            environment(), log);
        Processes.awaitReady(process, port, Duration.ofSeconds(60), log, tls);
    }

    private Map<String, String> environment() {
        Map<String, String> all = new HashMap<>(env);
        all.put("AI_PORT", Integer.toString(port));
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
