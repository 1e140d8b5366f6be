package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The deployment files, read: docker-compose.yml (the services, their health checks and restart policies, the named
 * volume, what is published, that every variable it sets is one the service reads, the ports agreeing everywhere),
 * HAProxy's image and configuration, the TLS override, and the container test's override
 * (deploy/test/docker-compose.host.yml), which may change the bases, the network and the number of lobby replicas and
 * nothing else. The files are run for real by deploy/test/compose-test.sh (not part of this build: docs/deployment.md).
 */
class DeploymentFilesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Compose service (= module) → its port variable. */
    static final Map<String, String> PORT_VARIABLE = Map.of("rules-service", "RULES_PORT", "ai-service", "AI_PORT",
        "lobby-service", "LOBBY_PORT");
    /** Quarkus' own variables a deployment may set besides those application.properties reads. */
    private static final Set<String> QUARKUS_VARIABLES = Set.of("QUARKUS_PROFILE", "QUARKUS_HTTP_HOST");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String file) throws IOException {
        return new Yaml().load(Files.readString(ROOT.resolve(file)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(String file, String name) throws IOException {
        Map<String, Object> services = (Map<String, Object>) load(file).get("services");
        Map<String, Object> s = (Map<String, Object>) services.get(name);
        assertNotNull(s, file + ": service " + name);
        return s;
    }

    private static Map<String, Object> service(String name) throws IOException {
        return service("docker-compose.yml", name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> environment(Map<String, Object> service) {
        Map<String, String> out = new TreeMap<>();
        Object env = service.get("environment");
        if (env != null) {
            ((Map<String, Object>) env).forEach((k, v) -> out.put(k, String.valueOf(v)));
        }
        return out;
    }

    private static Map<String, String> environment(String name) throws IOException {
        return environment(service(name));
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

    /** Environment variables haproxy.cfg reads: "${NAME}" and defined(NAME). */
    static Set<String> haproxyVariables() throws IOException {
        String cfg = Files.readString(ROOT.resolve("deploy/haproxy/haproxy.cfg"));
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)}|defined\\(([A-Z][A-Z0-9_]*)\\)").matcher(cfg);
        while (m.find()) {
            names.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return names;
    }

    /** Environment variables HAProxy's image reads: haproxy.cfg's and its entrypoint's (${NAME...} in the script). */
    static Set<String> haproxyImageVariables() throws IOException {
        Set<String> names = new TreeSet<>(haproxyVariables());
        String script = Files.readString(ROOT.resolve("deploy/haproxy/entrypoint.sh"));
        Matcher m = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]").matcher(script);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** The ENV defaults of a Dockerfile: NAME=value pairs of its ENV instruction (continued lines joined). */
    private static Map<String, String> dockerfileEnv(String dockerfile) throws IOException {
        String text = Files.readString(ROOT.resolve(dockerfile)).replace("\\\n", " ");
        Map<String, String> env = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("ENV ")) {
                Matcher m = Pattern.compile("([A-Z_]+)=(\"[^\"]*\"|\\S+)").matcher(line.substring(4));
                while (m.find()) {
                    env.put(m.group(1), m.group(2).replace("\"", ""));
                }
            }
        }
        return env;
    }

    @Test
    @SuppressWarnings("unchecked")
    void servicesVolumeAndPublishedPorts() throws IOException {
        Map<String, Object> services = (Map<String, Object>) load("docker-compose.yml").get("services");
        assertEquals(Set.of("postgres", "rules-service", "ai-service", "lobby-service", "haproxy"), services.keySet());
        for (String name : services.keySet()) {
            Map<String, Object> s = service(name);
            assertNotNull(s.get("healthcheck"), name + " has a health check");
            assertEquals("unless-stopped", s.get("restart"), name + " restarts");
            assertEquals(name.equals("haproxy"), s.containsKey("ports"), "only HAProxy is published: " + name);
            assertFalse(s.containsKey("container_name"), name + " can be scaled (no fixed container name)");
            assertFalse(s.containsKey("networks"), name + ": the compose network, found by service name");
        }
        assertEquals(List.of("7070:7070"), service("haproxy").get("ports"));
        assertTrue(((Map<String, Object>) load("docker-compose.yml").get("volumes")).containsKey("pgdata"));
        assertEquals(List.of("pgdata:/var/lib/postgresql/data"), service("postgres").get("volumes"));
        // ai-service keeps the Piracy tablebases it builds (its Dockerfile sets PLYYARD_HOME=/var/lib/plyyard)
        assertTrue(((Map<String, Object>) load("docker-compose.yml").get("volumes")).containsKey("tablebases"));
        assertEquals(List.of("tablebases:/var/lib/plyyard"), service("ai-service").get("volumes"));
        Map<String, Object> dependsOn = (Map<String, Object>) service("lobby-service").get("depends_on");
        assertEquals(Set.of("postgres", "rules-service", "ai-service"), dependsOn.keySet());
        for (Object condition : dependsOn.values()) {
            assertEquals("service_healthy", ((Map<String, Object>) condition).get("condition"));
        }
        assertEquals(List.of("lobby-service"), service("haproxy").get("depends_on"));
    }

    /**
     * HAProxy: built from deploy/haproxy on the base named by a build argument, listening on the published port,
     * balancing every call over the lobby's replicas found by DNS, health-checked on the readiness path, the watch
     * streams never cut by a timeout, every variable the configuration reads given a default by the image.
     */
    @Test
    @SuppressWarnings("unchecked")
    void haproxyBalancesTheLobbysReplicas() throws IOException {
        Map<String, Object> build = (Map<String, Object>) service("haproxy").get("build");
        assertEquals("./deploy/haproxy", build.get("context"));
        assertEquals("plyyard/haproxy:0.1.0", service("haproxy").get("image"));
        String dockerfile = Files.readString(ROOT.resolve("deploy/haproxy/Dockerfile"));
        assertTrue(dockerfile.contains("ARG BASE_IMAGE=haproxy:2.6\nFROM ${BASE_IMAGE}\n"), "the base is a build argument");
        assertEquals(1, Pattern.compile("(?m)^FROM ").matcher(dockerfile).results().count(), "one FROM");
        assertTrue(dockerfile.contains("COPY haproxy.cfg /usr/local/etc/haproxy/haproxy.cfg"));
        assertTrue(dockerfile.contains("ENTRYPOINT [\"/bin/sh\", \"/usr/local/bin/plyyard-haproxy.sh\"]"));
        assertTrue(Files.readString(ROOT.resolve("deploy/haproxy/entrypoint.sh"))
            .contains("exec haproxy -W -db -f /usr/local/etc/haproxy/haproxy.cfg \"$@\""), "the entrypoint runs HAProxy");
        Map<String, String> defaults = dockerfileEnv("deploy/haproxy/Dockerfile");
        assertEquals("7070", defaults.get("PLAYERS_PORT"), "HAProxy listens on the published port");
        assertEquals("lobby-service:" + environment("lobby-service").get("LOBBY_PORT"), defaults.get("LOBBY_SERVICE"),
            "HAProxy finds the lobby's replicas by the compose service's name and port");
        Set<String> optional = Set.of("LOBBY_REPLICA_1", "LOBBY_REPLICA_2", "PLAYERS_TLS_PEM", "LOBBY_TLS_CA");
        for (String variable : haproxyVariables()) {
            assertTrue(defaults.containsKey(variable) || optional.contains(variable),
                "haproxy.cfg reads " + variable + ", which the image gives no default");
        }

        String cfg = Files.readString(ROOT.resolve("deploy/haproxy/haproxy.cfg"));
        assertTrue(cfg.contains("bind \"${BIND_ADDRESS}:${PLAYERS_PORT}\""), "the players' port");
        assertTrue(cfg.contains("balance roundrobin"));
        assertTrue(cfg.contains("proto h2"), "HTTP/2 to the lobby: every call balanced on its own");
        assertTrue(cfg.contains("server-template lobby- 1-16 \"${LOBBY_SERVICE}\" resolvers compose"),
            "every replica Docker's DNS answers");
        assertTrue(cfg.contains("parse-resolv-conf"), "the container's own resolver");
        assertTrue(cfg.contains("http-check send meth GET uri /q/health/ready "), "readiness of each replica");
        assertTrue(cfg.contains("timeout client 24d") && cfg.contains("timeout server 24d"),
            "watch streams are not cut: HAProxy's largest inactivity timeouts");
        assertTrue(cfg.contains("option redispatch"), "a call that could not connect goes to another replica");
    }

    @Test
    void everyVariableIsOneTheServiceReads() throws IOException {
        for (String name : PORT_VARIABLE.keySet()) {
            Map<String, String> env = environment(name);
            assertEquals("prod", env.get("QUARKUS_PROFILE"), name);
            Set<String> read = variablesRead(name);
            for (String variable : env.keySet()) {
                assertTrue(read.contains(variable) || QUARKUS_VARIABLES.contains(variable), name + " sets " + variable
                    + ", which its application.properties does not read (" + read + ")");
            }
        }
        // prod needs the database settings: compose gives every one the lobby reads
        Map<String, String> lobby = environment("lobby-service");
        for (String needed : List.of("DB_URL", "DB_USER", "DB_PASSWORD", "RULES_HOST", "RULES_PORT", "AI_HOST", "AI_PORT")) {
            assertTrue(variablesRead("lobby-service").contains(needed), "lobby reads " + needed);
            assertTrue(lobby.containsKey(needed), "compose sets " + needed + " for the lobby");
        }
        assertTrue(lobby.get("DB_URL").startsWith("jdbc:postgresql://postgres:5432/"), lobby.get("DB_URL"));
    }

    /** The services' images: their Dockerfiles on a base named by a build argument, the ports agreeing everywhere. */
    @Test
    @SuppressWarnings("unchecked")
    void portsAndImagesAgreeEverywhere() throws IOException {
        for (Map.Entry<String, String> e : PORT_VARIABLE.entrySet()) {
            String name = e.getKey();
            String port = environment(name).get(e.getValue());
            Map<String, Object> s = service(name);
            assertEquals(List.of(port), s.get("expose"), name);
            assertEquals("plyyard/" + name + ":0.1.0", s.get("image"), name);
            String dockerfile = Files.readString(ROOT.resolve(name + "/src/main/docker/Dockerfile.jvm"));
            assertTrue(dockerfile.contains("EXPOSE " + port), name + "'s Dockerfile exposes " + port);
            assertTrue(dockerfile.contains("ARG BASE_IMAGE=eclipse-temurin:17-jre\nFROM ${BASE_IMAGE}\n"),
                name + ": the base is a build argument");
            assertEquals(1, Pattern.compile("(?m)^FROM ").matcher(dockerfile).results().count(), name + ": one FROM");
            assertEquals("0.0.0.0", dockerfileEnv(name + "/src/main/docker/Dockerfile.jvm").get("QUARKUS_HTTP_HOST"),
                name + " listens on the container's every address");
            assertFalse(dockerfile.contains("-Dquarkus.http.host"), name + ": the address comes from the environment");
            String check = String.valueOf(((Map<String, Object>) s.get("healthcheck")).get("test"));
            assertTrue(check.contains("/dev/tcp/127.0.0.1/$${" + e.getValue() + "}") || check.contains("/dev/tcp/127.0.0.1/${"
                + e.getValue() + "}"), name + "'s health check asks the port its variable names: " + check);
            assertTrue(check.contains("GET /q/health/ready "), name + " checks readiness");
            Map<String, Object> build = (Map<String, Object>) s.get("build");
            assertEquals("./" + name, build.get("context"));
            assertTrue(Files.isRegularFile(ROOT.resolve(name).resolve(String.valueOf(build.get("dockerfile")))));
            assertTrue(Files.readString(ROOT.resolve(name + "/.dockerignore")).contains("!target/quarkus-app"),
                name + ": the build context is the packaged application");
        }
        Map<String, String> lobby = environment("lobby-service");
        assertEquals(environment("rules-service").get("RULES_PORT"), lobby.get("RULES_PORT"));
        assertEquals(environment("ai-service").get("AI_PORT"), lobby.get("AI_PORT"));
        assertEquals("rules-service", lobby.get("RULES_HOST"));
        assertEquals("ai-service", lobby.get("AI_HOST"));
    }

    @Test
    void dockerComposeAcceptsTheFilesWhereItIsInstalled() throws Exception {
        compose("docker-compose.yml");
        compose("docker-compose.yml", "docker-compose.tls.yml");
        compose("docker-compose.yml", "deploy/test/docker-compose.host.yml");
    }

    private static void compose(String... files) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/docker-compose")), "docker-compose is not installed");
        List<String> command = new ArrayList<>(List.of("/usr/bin/docker-compose"));
        for (String file : files) {
            command.add("-f");
            command.add(ROOT.resolve(file).toString());
        }
        command.addAll(List.of("config", "-q"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), output);
        assertFalse(output.contains("ERROR"), output);
    }

    // ------------------------------------------------------------------------------------------------- TLS override

    /** docker-compose.tls.yml turns TLS on for the services and HAProxy with variables they read, and mounts the files. */
    @Test
    @SuppressWarnings("unchecked")
    void theTlsOverrideSetsOnlyVariablesTheServicesRead() throws IOException {
        for (Map.Entry<String, String> e : PORT_VARIABLE.entrySet()) {
            String name = e.getKey();
            Map<String, Object> s = service("docker-compose.tls.yml", name);
            Map<String, String> env = environment(s);
            Set<String> read = variablesRead(name);
            for (String variable : env.keySet()) {
                assertTrue(read.contains(variable), name + ": the override sets " + variable + ", which its "
                    + "application.properties does not read (" + read + ")");
                assertTrue(env.get(variable).startsWith("/etc/plyyard/tls/"), name + " " + variable);
            }
            assertTrue(env.keySet().containsAll(List.of("TLS_CERT", "TLS_KEY")), name);
            assertEquals(List.of("${PLYYARD_TLS_DIR:-./tls}:/etc/plyyard/tls:ro"), s.get("volumes"), name);
            assertTrue(String.valueOf(((Map<String, Object>) s.get("healthcheck")).get("test"))
                .contains("/dev/tcp/127.0.0.1/$${" + e.getValue() + "}"), name + "'s TLS health check asks its port");
        }
        Map<String, String> lobby = environment(service("docker-compose.tls.yml", "lobby-service"));
        assertEquals("/etc/plyyard/tls/ca.pem", lobby.get("RULES_TLS_TRUST"));
        assertEquals("/etc/plyyard/tls/ca.pem", lobby.get("AI_TLS_TRUST"));
        Map<String, Object> haproxy = service("docker-compose.tls.yml", "haproxy");
        Map<String, String> env = environment(haproxy);
        assertEquals(Map.of("PLAYERS_TLS_CERT", "/etc/plyyard/tls/server.pem", "PLAYERS_TLS_KEY", "/etc/plyyard/tls/server.key",
            "LOBBY_TLS_CA", "/etc/plyyard/tls/ca.pem"), env);
        assertTrue(haproxyImageVariables().containsAll(env.keySet()), "HAProxy's image reads " + env.keySet());
        assertEquals(List.of("${PLYYARD_TLS_DIR:-./tls}:/etc/plyyard/tls:ro"), haproxy.get("volumes"));
        String cfg = Files.readString(ROOT.resolve("deploy/haproxy/haproxy.cfg"));
        assertTrue(cfg.contains("ssl crt \"${PLAYERS_TLS_PEM}\""), "players get the certificate");
        String entrypoint = Files.readString(ROOT.resolve("deploy/haproxy/entrypoint.sh"));
        assertTrue(entrypoint.contains("cat \"$PLAYERS_TLS_CERT\"; echo; cat \"$PLAYERS_TLS_KEY\"; } > \"$dir/players.pem\""),
            "the entrypoint joins the certificate and its key for HAProxy");
        assertTrue(cfg.contains("ca-file \"${LOBBY_TLS_CA}\" verifyhost lobby-service"),
            "each replica is checked against the CA under the name lobby-service");
    }

    // ----------------------------------------------------------------------------------- the container test's override

    /**
     * deploy/test/docker-compose.host.yml changes the bases, the network and the number of lobby replicas, nothing
     * else: every service on the host's network, listening on 127.0.0.1 on the test's own ports; every variable it sets
     * is one the service (or haproxy.cfg) reads; the second lobby replica and the host-network HAProxy are the users'
     * services but for the port, the network and the base.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theTestOverrideChangesBasesNetworkAndReplicasOnly() throws IOException {
        String file = "deploy/test/docker-compose.host.yml";
        Map<String, Object> services = (Map<String, Object>) load(file).get("services");
        assertEquals(Set.of("postgres", "rules-service", "ai-service", "lobby-service", "lobby-service-b", "haproxy",
            "haproxy-host"), services.keySet());
        Set<Integer> ports = new TreeSet<>();
        for (String name : services.keySet()) {
            Map<String, Object> s = service(file, name);
            assertEquals("host", s.get("network_mode"), name + " is on the host's network");
            for (Map.Entry<String, String> e : environment(s).entrySet()) {
                if (e.getKey().endsWith("_PORT") || e.getKey().equals("PGPORT")) {
                    ports.add(Integer.parseInt(e.getValue()));
                }
                if (e.getKey().endsWith("_HOST") || e.getKey().endsWith("_ADDRESS") || e.getKey().startsWith("LOBBY_REPLICA")) {
                    assertTrue(e.getValue().startsWith("127.0.0.1"), name + " " + e.getKey() + "=" + e.getValue());
                }
            }
            Map<String, Object> build = (Map<String, Object>) s.get("build");
            if (build != null) {
                String base = String.valueOf(((Map<String, Object>) build.get("args")).get("BASE_IMAGE"));
                assertTrue(base.startsWith("localhost/plyyard-test/"), name + ": an offline base " + base);
            }
        }
        assertEquals(Set.of(35432, 37070, 37071, 37072, 37073, 37074, 37075), ports, "the test's own ports");
        assertEquals("localhost/plyyard-test/postgres:15", service(file, "postgres").get("image"));
        assertEquals(List.of("postgres", "-c", "listen_addresses=127.0.0.1"), service(file, "postgres").get("command"));
        assertEquals(List.of("users-network"), service(file, "haproxy").get("profiles"), "the users' HAProxy is left out");

        // every variable the override sets is read by the service it is set for
        for (String name : PORT_VARIABLE.keySet()) {
            Set<String> read = variablesRead(name);
            for (String variable : environment(service(file, name)).keySet()) {
                assertTrue(read.contains(variable) || QUARKUS_VARIABLES.contains(variable), file + ": " + name + " " + variable);
            }
        }
        for (String variable : environment(service(file, "haproxy-host")).keySet()) {
            assertTrue(haproxyImageVariables().contains(variable), file + ": HAProxy's image reads " + variable);
        }

        // lobby-service-b: the lobby as the override leaves it, but for its port
        Map<String, String> lobby = new HashMap<>(environment("lobby-service"));
        lobby.putAll(environment(service(file, "lobby-service")));
        Map<String, String> lobbyB = new HashMap<>(environment(service(file, "lobby-service-b")));
        assertEquals("37073", lobby.remove("LOBBY_PORT"));
        assertEquals("37074", lobbyB.remove("LOBBY_PORT"));
        assertEquals(new TreeMap<>(lobby), new TreeMap<>(lobbyB), "the second replica's settings are the first's");
        Map<String, Object> b = service(file, "lobby-service-b");
        for (String key : List.of("image", "depends_on", "healthcheck", "restart")) {
            assertEquals(service("lobby-service").get(key), b.get(key), "lobby-service-b: " + key);
        }

        // haproxy-host: the users' HAProxy but for the network, its variables and the base
        Map<String, Object> users = service("haproxy");
        Map<String, Object> host = service(file, "haproxy-host");
        for (String key : List.of("image", "depends_on", "healthcheck", "restart")) {
            assertEquals(users.get(key), host.get(key), "haproxy-host: " + key);
        }
        assertEquals(((Map<String, Object>) users.get("build")).get("context"),
            ((Map<String, Object>) host.get("build")).get("context"));
        assertFalse(host.containsKey("ports"));
    }
}
