package com.plyyard.client.platform;

import java.nio.file.Path;

/**
 * One service of the platform as {@code up} starts it.
 *
 * @param name          e.g. "rules-service"
 * @param jar           its Quarkus fast-jar, {@code <module>/target/quarkus-app/quarkus-run.jar}
 * @param port          the port it serves gRPC on (HTTP and gRPC share it)
 * @param portVariable  the environment variable that sets the port, e.g. "RULES_PORT"
 * @param healthService the gRPC service name whose health tells that this is our service
 */
public record ServiceSpec(String name, Path jar, int port, String portVariable, String healthService) {
}
