package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kubernetes manifests quarkus-kubernetes writes when each service is packaged (target/kubernetes/kubernetes.yml;
 * the reactor packages the services before this module): present, well-formed, and saying what docs/scaling.md says:
 * a Deployment and a Service per service on its own port, probes from /q/health, resources, ai-service's
 * HorizontalPodAutoscaler, the lobby's dependencies by their Services' names and the reference PostgreSQL with its
 * Secret.
 */
class KubernetesManifestsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Map<String, Integer> PORTS = Map.of("rules-service", 7071, "ai-service", 7072, "lobby-service", 7070);

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> manifests(String module) throws IOException {
        Path file = ROOT.resolve(module + "/target/kubernetes/kubernetes.yml");
        assertTrue(Files.isRegularFile(file), file + " is generated when " + module + " is packaged");
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object o : new Yaml().loadAll(Files.readString(file))) {
            if (o != null) {
                docs.add((Map<String, Object>) o);
            }
        }
        return docs;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        assertNotNull(o, what);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object o, String what) {
        assertNotNull(o, what);
        return (List<Map<String, Object>>) o;
    }

    private static Map<String, Object> find(List<Map<String, Object>> docs, String kind, String name) {
        return docs.stream().filter(d -> kind.equals(d.get("kind")) && name.equals(map(d.get("metadata"), "metadata").get("name")))
            .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    private static Map<String, Object> container(Map<String, Object> deployment) {
        Map<String, Object> pod = map(map(map(deployment.get("spec"), "spec").get("template"), "template").get("spec"), "pod");
        return list(pod.get("containers"), "containers").get(0);
    }

    /** The container's environment: a value, or "secret:NAME/KEY". */
    private static Map<String, String> environment(Map<String, Object> container) {
        Map<String, String> env = new TreeMap<>();
        for (Map<String, Object> e : list(container.get("env"), "env")) {
            Object value = e.get("value");
            if (value == null) {
                Map<String, Object> from = map(e.get("valueFrom"), "valueFrom of " + e.get("name"));
                Map<String, Object> secret = (Map<String, Object>) from.get("secretKeyRef");
                value = secret == null ? "field" : "secret:" + secret.get("name") + "/" + secret.get("key");
            }
            env.put((String) e.get("name"), String.valueOf(value));
        }
        return env;
    }

    @Test
    void everyServiceHasADeploymentAndAServiceOnItsPortWithProbesAndResources() throws IOException {
        for (Map.Entry<String, Integer> s : PORTS.entrySet()) {
            String name = s.getKey();
            int port = s.getValue();
            List<Map<String, Object>> docs = manifests(name);
            for (Map<String, Object> d : docs) {
                assertNotNull(d.get("apiVersion"), name + ": every document has an apiVersion");
                assertNotNull(d.get("kind"), name + ": every document has a kind");
                assertNotNull(map(d.get("metadata"), "metadata").get("name"), name + ": every document has a name");
            }
            Map<String, Object> c = container(find(docs, "Deployment", name));
            assertTrue(String.valueOf(c.get("image")).endsWith("plyyard/" + name + ":0.1.0-SNAPSHOT"), c.get("image") + "");
            assertEquals(port, list(c.get("ports"), "ports").get(0).get("containerPort"), name);
            for (String probe : List.of("liveness", "readiness")) {
                Map<String, Object> get = map(map(c.get(probe + "Probe"), probe).get("httpGet"), probe + " httpGet");
                assertEquals("/q/health/" + (probe.equals("liveness") ? "live" : "ready"), get.get("path"), name);
                assertEquals(port, get.get("port"), name);
            }
            Map<String, Object> resources = map(c.get("resources"), name + " resources");
            assertNotNull(map(resources.get("requests"), "requests").get("cpu"), name);
            assertNotNull(map(resources.get("requests"), "requests").get("memory"), name);
            assertNotNull(map(resources.get("limits"), "limits").get("memory"), name);
            Map<String, Object> service = map(find(docs, "Service", name).get("spec"), "service spec");
            Map<String, Object> servicePort = list(service.get("ports"), "ports").get(0);
            assertEquals(port, servicePort.get("port"), name + ": the Service listens on the service's own port");
            assertEquals(port, servicePort.get("targetPort"), name);
            assertTrue(docs.stream().noneMatch(d -> "ServiceMonitor".equals(d.get("kind")) || "Job".equals(d.get("kind"))),
                name + ": nothing that needs an operator's CRD or a separate job");
        }
    }

    @Test
    void aiServiceScalesWithItsCpu() throws IOException {
        Map<String, Object> spec = map(find(manifests("ai-service"), "HorizontalPodAutoscaler", "ai-service").get("spec"),
            "hpa spec");
        Map<String, Object> target = map(spec.get("scaleTargetRef"), "scaleTargetRef");
        assertEquals("Deployment", target.get("kind"));
        assertEquals("ai-service", target.get("name"));
        Map<String, Object> metric = list(spec.get("metrics"), "metrics").get(0);
        assertEquals("cpu", map(metric.get("resource"), "resource").get("name"));
        assertTrue((Integer) spec.get("maxReplicas") > (Integer) spec.get("minReplicas"));
    }

    /**
     * rules-service and ai-service also have a headless Service (no cluster IP) selecting their pods on their port: the
     * name the lobby calls them by, which answers every pod's address for its round_robin client.
     */
    @Test
    void rulesAndAiHaveHeadlessServicesForTheLobbysClientSideBalancing() throws IOException {
        for (String name : List.of("rules-service", "ai-service")) {
            Map<String, Object> spec = map(find(manifests(name), "Service", name + "-pods").get("spec"), name + "-pods spec");
            assertEquals("None", spec.get("clusterIP"), name + "-pods is headless");
            assertEquals(name, map(spec.get("selector"), "selector").get("app.kubernetes.io/name"));
            assertEquals(PORTS.get(name), list(spec.get("ports"), "ports").get(0).get("port"));
        }
        String lobbyProperties = java.nio.file.Files.readString(
            java.nio.file.Path.of("..", "lobby-service", "src", "main", "resources", "application.properties"));
        assertTrue(lobbyProperties.contains("%prod.quarkus.grpc.clients.rules.load-balancing-policy=round_robin"));
        assertTrue(lobbyProperties.contains("%prod.quarkus.grpc.clients.ai.load-balancing-policy=round_robin"));
    }

    @Test
    void theLobbyFindsItsDependenciesAndTheReferenceDatabase() throws IOException {
        List<Map<String, Object>> docs = manifests("lobby-service");
        Map<String, String> env = environment(container(find(docs, "Deployment", "lobby-service")));
        assertEquals("rules-service-pods", env.get("RULES_HOST"));
        assertEquals("7071", env.get("RULES_PORT"));
        assertEquals("ai-service-pods", env.get("AI_HOST"));
        assertEquals("7072", env.get("AI_PORT"));
        assertEquals("jdbc:postgresql://postgres:5432/plyyard", env.get("DB_URL"));
        assertEquals("secret:plyyard-db/password", env.get("DB_PASSWORD"), "the password comes from the Secret");
        Set<String> read = DeploymentFilesTest.variablesRead("lobby-service");
        for (String name : env.keySet()) {
            assertTrue(name.equals("KUBERNETES_NAMESPACE") || read.contains(name), name + " is read by the lobby's settings");
        }
        assertTrue(map(find(docs, "Secret", "plyyard-db").get("stringData"), "stringData").containsKey("password"));
        Map<String, Object> postgres = map(find(docs, "StatefulSet", "postgres").get("spec"), "postgres spec");
        assertNotNull(postgres.get("volumeClaimTemplates"), "the database keeps its data on a volume");
        assertEquals(5432, list(map(find(docs, "Service", "postgres").get("spec"), "spec").get("ports"), "ports").get(0)
            .get("port"));
        assertEquals("LoadBalancer", map(find(docs, "Service", "lobby-service").get("spec"), "spec").get("type"),
            "the players' port is reachable from outside the cluster");
    }
}
