package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml can't be run here (no Docker engine), so it is checked by reading it: the services,
 * their health checks and restart policies, the named volume, what is published, and that every variable
 * it sets is one the service's application.properties reads, with the ports agreeing everywhere.
 */
class DeploymentFilesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Compose service → its port variable; the module of a service is {@link #MODULE}'s. */
    private static final Map<String, String> PORT_VARIABLE = Map.of("rules", "RULES_PORT", "ai", "AI_PORT", "lobby", "LOBBY_PORT");
    private static final Map<String, String> MODULE = Map.of("rules", "rules-service", "ai", "ai-service", "lobby", "lobby-service");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> compose() throws IOException {
        return new Yaml().load(Files.readString(ROOT.resolve("docker-compose.yml")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(String name) throws IOException {
        Map<String, Object> services = (Map<String, Object>) compose().get("services");
        Map<String, Object> s = (Map<String, Object>) services.get(name);
        assertNotNull(s, "service " + name);
        return s;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> environment(String name) throws IOException {
        Map<String, Object> env = (Map<String, Object>) service(name).get("environment");
        Map<String, String> out = new java.util.TreeMap<>();
        env.forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }

    /** Environment variables a properties file reads: ${NAME} or ${NAME:default}. */
    static Set<String> variablesRead(String module) throws IOException {
        String props = Files.readString(ROOT.resolve(module + "/src/main/resources/application.properties"));
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]").matcher(props);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    @SuppressWarnings("unchecked")
    void servicesVolumeAndPublishedPorts() throws IOException {
        Map<String, Object> services = (Map<String, Object>) compose().get("services");
        assertEquals(Set.of("postgres", "rules", "ai", "lobby", "envoy"), services.keySet());
        for (String name : services.keySet()) {
            Map<String, Object> s = service(name);
            if (!name.equals("envoy")) { // Envoy's image has no shell for a check; it waits for a healthy lobby
                assertNotNull(s.get("healthcheck"), name + " has a health check");
            }
            assertEquals("unless-stopped", s.get("restart"), name + " restarts");
            assertEquals(name.equals("envoy"), s.containsKey("ports"), "only Envoy is published: " + name);
            assertFalse(s.containsKey("container_name"), name + " can be scaled (no fixed container name)");
        }
        assertEquals(List.of("7070:7070"), service("envoy").get("ports"));
        assertTrue(((Map<String, Object>) compose().get("volumes")).containsKey("pgdata"));
        assertEquals(List.of("pgdata:/var/lib/postgresql/data"), service("postgres").get("volumes"));
        Map<String, Object> dependsOn = (Map<String, Object>) service("lobby").get("depends_on");
        assertEquals(Set.of("postgres", "rules", "ai"), dependsOn.keySet());
        assertEquals(Set.of("lobby"), ((Map<String, Object>) service("envoy").get("depends_on")).keySet());
        for (String name : MODULE.keySet()) { // the names the services had: TLS certificates and RULES_HOST use them
            Map<String, Object> networks = (Map<String, Object>) service(name).get("networks");
            Map<String, Object> net = (Map<String, Object>) networks.get("default");
            assertEquals(List.of(MODULE.get(name)), net.get("aliases"), name);
        }
    }

    /** Envoy listens on the published port and balances over the lobby service's replicas, health-checked. */
    @Test
    @SuppressWarnings("unchecked")
    void envoyBalancesTheLobbysReplicas() throws IOException {
        assertEquals(List.of("./deploy/envoy.yaml:/etc/envoy/envoy.yaml:ro"), service("envoy").get("volumes"));
        for (String file : List.of("envoy.yaml", "envoy-tls.yaml")) {
            Map<String, Object> envoy = new Yaml().load(Files.readString(ROOT.resolve("deploy").resolve(file)));
            Map<String, Object> resources = (Map<String, Object>) envoy.get("static_resources");
            Map<String, Object> listener = ((List<Map<String, Object>>) resources.get("listeners")).get(0);
            Map<String, Object> address = (Map<String, Object>) ((Map<String, Object>) listener.get("address")).get("socket_address");
            assertEquals(7070, address.get("port_value"), file);
            Map<String, Object> cluster = ((List<Map<String, Object>>) resources.get("clusters")).get(0);
            assertEquals("STRICT_DNS", cluster.get("type"), file + ": every replica's address");
            assertEquals("ROUND_ROBIN", cluster.get("lb_policy"), file);
            String text = Files.readString(ROOT.resolve("deploy").resolve(file));
            assertTrue(text.contains("socket_address: { address: lobby, port_value: 7070 }"), file + " targets lobby:7070");
            assertTrue(text.contains("path: /q/health/ready"), file + " checks readiness");
            assertTrue(text.contains("stream_idle_timeout: 0s") && text.contains("timeout: 0s"),
                file + ": watch streams are not cut by a timeout");
        }
        String tls = Files.readString(ROOT.resolve("deploy/envoy-tls.yaml"));
        for (String path : List.of("/etc/plyyard/tls/server.pem", "/etc/plyyard/tls/server.key", "/etc/plyyard/tls/ca.pem")) {
            assertTrue(tls.contains(path), "envoy-tls.yaml uses " + path);
        }
        assertTrue(((List<String>) tlsService("envoy").get("volumes")).contains("${PLYYARD_TLS_DIR:-./tls}:/etc/plyyard/tls:ro"));
    }

    @Test
    void everyVariableIsOneTheServiceReads() throws IOException {
        for (String name : PORT_VARIABLE.keySet()) {
            Map<String, String> env = environment(name);
            assertEquals("prod", env.get("QUARKUS_PROFILE"), name);
            Set<String> read = variablesRead(MODULE.get(name));
            for (String variable : env.keySet()) {
                if (!variable.equals("QUARKUS_PROFILE")) {
                    assertTrue(read.contains(variable), name + " sets " + variable + ", which its application.properties "
                        + "does not read (" + read + ")");
                }
            }
        }
        // prod needs the database settings: compose gives every one the lobby reads
        Map<String, String> lobby = environment("lobby");
        for (String needed : List.of("DB_URL", "DB_USER", "DB_PASSWORD", "RULES_HOST", "RULES_PORT", "AI_HOST", "AI_PORT")) {
            assertTrue(variablesRead("lobby-service").contains(needed), "lobby reads " + needed);
            assertTrue(lobby.containsKey(needed), "compose sets " + needed + " for the lobby");
        }
        assertTrue(lobby.get("DB_URL").startsWith("jdbc:postgresql://postgres:5432/"), lobby.get("DB_URL"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void portsAgreeEverywhere() throws IOException {
        for (Map.Entry<String, String> e : PORT_VARIABLE.entrySet()) {
            String name = e.getKey();
            String port = environment(name).get(e.getValue());
            Map<String, Object> s = service(name);
            if (s.containsKey("expose")) {
                assertEquals(List.of(port), s.get("expose"), name);
            }
            String dockerfile = Files.readString(ROOT.resolve(MODULE.get(name) + "/src/main/docker/Dockerfile.jvm"));
            assertTrue(dockerfile.contains("EXPOSE " + port), name + "'s Dockerfile exposes " + port);
            assertTrue(String.valueOf(((Map<String, Object>) s.get("healthcheck")).get("test")).contains("/" + port + " "),
                name + "'s health check asks port " + port);
            Map<String, Object> build = (Map<String, Object>) s.get("build");
            assertTrue(Files.isRegularFile(ROOT.resolve(String.valueOf(build.get("context"))).resolve(String.valueOf(build.get("dockerfile")))));
        }
        Map<String, String> lobby = environment("lobby");
        assertEquals(environment("rules").get("RULES_PORT"), lobby.get("RULES_PORT"));
        assertEquals(environment("ai").get("AI_PORT"), lobby.get("AI_PORT"));
        assertEquals("rules-service", lobby.get("RULES_HOST"));
        assertEquals("ai-service", lobby.get("AI_HOST"));
        assertEquals(lobby.get("LOBBY_PORT") + ":" + lobby.get("LOBBY_PORT"),
            ((List<String>) service("envoy").get("ports")).get(0));
    }

    @Test
    void dockerComposeAcceptsTheFileWhereItIsInstalled() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/docker-compose")), "docker-compose is not installed");
        Process p = new ProcessBuilder("/usr/bin/docker-compose", "-f", ROOT.resolve("docker-compose.yml").toString(), "config",
            "-q").redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), output);
        assertFalse(output.contains("ERROR"), output);
    }

    // ------------------------------------------------------------------------------------------------- TLS override

    @SuppressWarnings("unchecked")
    private static Map<String, Object> tlsService(String name) throws IOException {
        Map<String, Object> tls = new Yaml().load(Files.readString(ROOT.resolve("docker-compose.tls.yml")));
        Map<String, Object> s = (Map<String, Object>) ((Map<String, Object>) tls.get("services")).get(name);
        assertNotNull(s, "docker-compose.tls.yml: service " + name);
        return s;
    }

    /** docker-compose.tls.yml turns TLS on for the three services with variables they read, and mounts the files. */
    @Test
    @SuppressWarnings("unchecked")
    void theTlsOverrideSetsOnlyVariablesTheServicesRead() throws IOException {
        for (Map.Entry<String, String> e : PORT_VARIABLE.entrySet()) {
            String name = e.getKey();
            Map<String, Object> s = tlsService(name);
            Map<String, String> env = new java.util.TreeMap<>();
            ((Map<String, Object>) s.get("environment")).forEach((k, v) -> env.put(k, String.valueOf(v)));
            Set<String> read = variablesRead(MODULE.get(name));
            for (String variable : env.keySet()) {
                assertTrue(read.contains(variable), name + ": the override sets " + variable + ", which its "
                    + "application.properties does not read (" + read + ")");
                assertTrue(env.get(variable).startsWith("/etc/plyyard/tls/"), name + " " + variable);
            }
            assertTrue(env.keySet().containsAll(List.of("TLS_CERT", "TLS_KEY")), name);
            assertEquals(List.of("${PLYYARD_TLS_DIR:-./tls}:/etc/plyyard/tls:ro"), s.get("volumes"), name);
            String port = environment(name).get(e.getValue());
            assertTrue(String.valueOf(((Map<String, Object>) s.get("healthcheck")).get("test")).contains("/" + port + " "),
                name + "'s TLS health check asks port " + port);
        }
        Map<String, Object> lobby = (Map<String, Object>) tlsService("lobby").get("environment");
        assertEquals("/etc/plyyard/tls/ca.pem", lobby.get("RULES_TLS_TRUST"));
        assertEquals("/etc/plyyard/tls/ca.pem", lobby.get("AI_TLS_TRUST"));
    }

    @Test
    void dockerComposeAcceptsTheTlsOverrideWhereItIsInstalled() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/docker-compose")), "docker-compose is not installed");
        Process p = new ProcessBuilder("/usr/bin/docker-compose", "-f", ROOT.resolve("docker-compose.yml").toString(), "-f",
            ROOT.resolve("docker-compose.tls.yml").toString(), "config", "-q").redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), output);
        assertFalse(output.contains("ERROR"), output);
    }
}
