package com.plyyard.client.platform;

import java.nio.file.Path;
import java.util.Map;

/**
 * One service of the platform as {@code up} starts it.
 *
 * @param name          e.g. "rules-service"
 * @param jar           its Quarkus fast-jar, {@code <module>/target/quarkus-app/quarkus-run.jar}
 * @param port          the port it serves gRPC on (HTTP and gRPC share it)
 * @param portVariable  the environment variable that sets the port, e.g. "RULES_PORT"
 * @param healthService the gRPC service name whose health tells that this is our service
 * @param env           further environment variables for the service (e.g. where rules-service is)
 */
public record ServiceSpec(String name, Path jar, int port, String portVariable, String healthService, Map<String, String> env) {
    public ServiceSpec {
        env = Map.copyOf(env);
    }

    public ServiceSpec(String name, Path jar, int port, String portVariable, String healthService) {
        this(name, jar, port, portVariable, healthService, Map.of());
    }
}
