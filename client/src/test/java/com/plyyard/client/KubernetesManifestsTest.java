package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.kubernetes.client.custom.Quantity;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V1StatefulSet;
import io.kubernetes.client.openapi.models.V2HorizontalPodAutoscaler;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
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
 * Secret. Every object is also checked against the Kubernetes API's own schema (the official Java client's generated
 * models: no field the API does not have, every required field, every value of its type), and the Deployments name
 * the images and check the readiness path that docker-compose.yml builds and the container test proves
 * (deploy/test/compose-test.sh).
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
            assertEquals("plyyard/" + name + ":0.1.0", withoutDockerHub(String.valueOf(c.get("image"))));
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

    // ----------------------------------------------------------------------------------- the API's own schema

    /** The model of each kind the manifests use, from the Kubernetes API's OpenAPI document (client-java-api). */
    private static final Map<String, Class<?>> MODELS = Map.of(
        "v1/Service", V1Service.class,
        "v1/Secret", V1Secret.class,
        "apps/v1/Deployment", V1Deployment.class,
        "apps/v1/StatefulSet", V1StatefulSet.class,
        "autoscaling/v2/HorizontalPodAutoscaler", V2HorizontalPodAutoscaler.class);

    /**
     * Validates one object as the API's model: no unknown field at any depth, no required field missing, every value
     * of its type (quantities, int-or-string ports, integers); then reads it and writes it back, which must give the
     * object again (nothing dropped or changed on the way). Throws what the model throws.
     */
    private static void validate(Map<String, Object> document) throws Exception {
        String kind = document.get("apiVersion") + "/" + document.get("kind");
        Class<?> model = MODELS.get(kind);
        assertNotNull(model, "a kind this test knows the model of: " + kind);
        JsonElement json = new Gson().toJsonTree(document);
        try {
            model.getMethod("validateJsonElement", JsonElement.class).invoke(null, json);
            Object parsed = model.getMethod("fromJson", String.class).invoke(null, json.toString());
            JsonElement back = withoutEmpties(JSON.getGson().toJsonTree(parsed));
            assertEquals(canonicalQuantities(json), back, kind + " reads back as written");
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** Resource quantities as the API writes them back (1000m is 1): the values under requests and limits. */
    private static JsonElement canonicalQuantities(JsonElement e) {
        if (e.isJsonObject()) {
            JsonObject out = new JsonObject();
            for (Map.Entry<String, JsonElement> field : e.getAsJsonObject().entrySet()) {
                JsonElement v = field.getValue();
                if ((field.getKey().equals("requests") || field.getKey().equals("limits")) && v.isJsonObject()) {
                    JsonObject quantities = new JsonObject();
                    v.getAsJsonObject().entrySet().forEach(q -> quantities.addProperty(q.getKey(),
                        Quantity.fromString(q.getValue().getAsString()).toSuffixedString()));
                    out.add(field.getKey(), quantities);
                } else {
                    out.add(field.getKey(), canonicalQuantities(v));
                }
            }
            return out;
        }
        if (e.isJsonArray()) {
            JsonArray out = new JsonArray();
            e.getAsJsonArray().forEach(x -> out.add(canonicalQuantities(x)));
            return out;
        }
        return e;
    }

    /** The models start every list and map empty, and write them so: empty ones are dropped before comparing. */
    private static JsonElement withoutEmpties(JsonElement e) {
        if (e.isJsonObject()) {
            JsonObject out = new JsonObject();
            for (Map.Entry<String, JsonElement> field : e.getAsJsonObject().entrySet()) {
                JsonElement v = withoutEmpties(field.getValue());
                boolean empty = (v.isJsonArray() && v.getAsJsonArray().isEmpty()) || (v.isJsonObject() && v.getAsJsonObject().isEmpty());
                if (!empty) {
                    out.add(field.getKey(), v);
                }
            }
            return out;
        }
        if (e.isJsonArray()) {
            JsonArray out = new JsonArray();
            e.getAsJsonArray().forEach(x -> out.add(withoutEmpties(x)));
            return out;
        }
        return e;
    }

    @Test
    void everyGeneratedObjectIsValidForTheKubernetesApi() throws Exception {
        int objects = 0;
        for (String module : PORTS.keySet()) {
            for (Map<String, Object> document : manifests(module)) {
                try {
                    validate(document);
                } catch (Exception e) {
                    throw new AssertionError(module + ": " + document.get("kind") + " " + map(document.get("metadata"),
                        "metadata").get("name") + " is not a valid object: " + e.getMessage(), e);
                }
                objects++;
            }
        }
        assertEquals(12, objects, "3 Deployments, 6 Services, the Secret, the StatefulSet and the autoscaler");
    }

    /**
     * Beyond the schema, what the API server and the cluster need of these objects: each workload's selector selects
     * its own pod template (the API server refuses it otherwise), and each Service selects the pods of a workload of the
     * same file (else it has no endpoints).
     */
    @Test
    @SuppressWarnings("unchecked")
    void selectorsSelectTheirPods() throws IOException {
        for (String module : PORTS.keySet()) {
            List<Map<String, Object>> docs = manifests(module);
            List<Map<String, Object>> podLabels = new ArrayList<>();
            for (Map<String, Object> d : docs) {
                if (d.get("kind").equals("Deployment") || d.get("kind").equals("StatefulSet")) {
                    Map<String, Object> spec = map(d.get("spec"), "spec");
                    Map<String, Object> selector = map(map(spec.get("selector"), "selector").get("matchLabels"), "matchLabels");
                    Map<String, Object> labels = map(map(map(spec.get("template"), "template").get("metadata"), "metadata")
                        .get("labels"), "labels");
                    assertTrue(labels.entrySet().containsAll(selector.entrySet()), module + ": " + d.get("kind")
                        + " selects its pods: " + selector + " in " + labels);
                    podLabels.add(labels);
                }
            }
            for (Map<String, Object> d : docs) {
                if (d.get("kind").equals("Service")) {
                    Map<String, Object> selector = map(map(d.get("spec"), "spec").get("selector"), "selector");
                    assertTrue(podLabels.stream().anyMatch(l -> l.entrySet().containsAll(selector.entrySet())),
                        module + ": Service " + map(d.get("metadata"), "metadata").get("name") + " selects pods: " + selector);
                }
            }
        }
    }

    /** The check is not vacuous: an unknown field, a missing required one, a wrong type each fail it. */
    @Test
    void theSchemaCheckRefusesObjectsTheApiWouldRefuse() throws Exception {
        Map<String, Object> deployment = find(manifests("lobby-service"), "Deployment", "lobby-service");
        String text = new Gson().toJson(deployment);
        validate(deployment);

        JsonObject misspelt = new Gson().fromJson(text, JsonObject.class);
        firstContainer(misspelt).getAsJsonObject("readinessProbe").getAsJsonObject("httpGet").addProperty("paht", "/q");
        Exception e = assertThrows(Exception.class, () -> validate(asMap(misspelt)));
        assertTrue(e.getMessage().contains("paht"), e.getMessage());

        JsonObject unnamed = new Gson().fromJson(text, JsonObject.class);
        firstContainer(unnamed).remove("name");
        e = assertThrows(Exception.class, () -> validate(asMap(unnamed)));
        assertTrue(e.getMessage().contains("name"), e.getMessage());

        JsonObject wrongType = new Gson().fromJson(text, JsonObject.class);
        firstContainer(wrongType).getAsJsonArray("ports").get(0).getAsJsonObject().addProperty("containerPort", "seventy");
        assertThrows(Exception.class, () -> validate(asMap(wrongType)));

        JsonObject badQuantity = new Gson().fromJson(text, JsonObject.class);
        firstContainer(badQuantity).getAsJsonObject("resources").getAsJsonObject("limits").addProperty("memory", "lots");
        assertThrows(Exception.class, () -> validate(asMap(badQuantity)));

        JsonObject topLevel = new Gson().fromJson(text, JsonObject.class);
        topLevel.getAsJsonObject("spec").addProperty("replica", 2);
        e = assertThrows(Exception.class, () -> validate(asMap(topLevel)));
        assertTrue(e.getMessage().contains("replica"), e.getMessage());
    }

    private static JsonObject firstContainer(JsonObject deployment) {
        JsonArray containers = deployment.getAsJsonObject("spec").getAsJsonObject("template").getAsJsonObject("spec")
            .getAsJsonArray("containers");
        return containers.get(0).getAsJsonObject();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(JsonObject json) {
        // through YAML's reader, as the manifests are read: integers stay integers
        return new Yaml().load(json.toString());
    }

    // ------------------------------------------------------------------------- the same images as docker-compose.yml

    /** An image reference without the default registry's name (docker.io/x/y:t and x/y:t are the same image). */
    private static String withoutDockerHub(String image) {
        return image.startsWith("docker.io/") ? image.substring("docker.io/".length()) : image;
    }

    /**
     * Each Deployment runs the image docker-compose.yml builds for that service (the container test builds and runs
     * exactly those, on its offline base), on the port compose gives it, with the readiness path compose's health check
     * and HAProxy's check use.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theDeploymentsRunTheImagesAndProbesOfTheComposeFile() throws IOException {
        Map<String, Object> compose = new Yaml().load(Files.readString(ROOT.resolve("docker-compose.yml")));
        Map<String, Object> services = (Map<String, Object>) compose.get("services");
        String haproxy = Files.readString(ROOT.resolve("deploy/haproxy/haproxy.cfg"));
        assertTrue(haproxy.contains("uri /q/health/ready "), "HAProxy checks the readiness path");
        for (Map.Entry<String, Integer> s : PORTS.entrySet()) {
            String name = s.getKey();
            Map<String, Object> service = map(services.get(name), "compose service " + name);
            Map<String, Object> c = container(find(manifests(name), "Deployment", name));
            assertEquals(service.get("image"), withoutDockerHub(String.valueOf(c.get("image"))), name + ": the same image");
            String healthcheck = String.valueOf(map(service.get("healthcheck"), "healthcheck").get("test"));
            Map<String, Object> readiness = map(map(c.get("readinessProbe"), "readiness").get("httpGet"), "httpGet");
            assertTrue(healthcheck.contains("GET " + readiness.get("path") + " "), name + ": compose checks " + readiness.get("path"));
            Map<String, Object> env = map(service.get("environment"), "environment");
            assertEquals(String.valueOf(readiness.get("port")),
                String.valueOf(env.get(DeploymentFilesTest.PORT_VARIABLE.get(name))),
                name + ": the same port");
        }
    }
}
