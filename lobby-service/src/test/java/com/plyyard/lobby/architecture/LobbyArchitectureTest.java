package com.plyyard.lobby.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of lobby-service (docs/lobby.md, "Packages"): no cycles between packages, each package depends only
 * on the packages below it, and gRPC stays at the edge. A new import that breaks one of them fails here with the
 * offending class and line.
 */
class LobbyArchitectureTest {
    private static final String ROOT = "com.plyyard.lobby";

    /**
     * Who may use whom, top to bottom: the edge ({@code grpc}) uses everything; nothing uses the edge. A package not
     * named as a user of another may not depend on it. Written down in docs/lobby.md; keep the two in step.
     */
    static final Map<String, Set<String>> MAY_USE = new TreeMap<>(Map.ofEntries(
        Map.entry("grpc", Set.of("ai", "watch", "matchmaking", "rating", "match", "learn", "review", "players", "clock",
            "rules", "limits", "db", "common")),
        Map.entry("ai", Set.of("match", "common")),
        Map.entry("watch", Set.of("matchmaking", "match", "db", "common")),
        Map.entry("matchmaking", Set.of("rating", "match", "players", "clock", "rules", "db", "common")),
        Map.entry("rating", Set.of("match", "players", "db", "common")),
        Map.entry("match", Set.of("players", "clock", "rules", "db", "common")),
        Map.entry("learn", Set.of("ai", "rating", "rules", "db", "common")),
        Map.entry("review", Set.of("ai", "match", "db", "common")),
        Map.entry("players", Set.of("db", "common")),
        Map.entry("clock", Set.of("common")),
        Map.entry("rules", Set.of("common")),
        Map.entry("limits", Set.of()),
        Map.entry("db", Set.of("common")),
        Map.entry("common", Set.of()),
        Map.entry("embeddedpg", Set.of()),
        Map.entry("web", Set.of())));

    /** The two clients of other services: the only classes below the edge that speak gRPC. */
    static final Set<String> GRPC_CLIENTS = Set.of(ROOT + ".rules.RulesClient", ROOT + ".ai.EngineClient");

    private static JavaClasses lobby;

    @BeforeAll
    static void importLobby() {
        lobby = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);
    }

    static ArchRule noCycles(String root) {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles();
    }

    static ArchRule grpcOnlyAtTheEdge(String root, Set<String> allowed) {
        return noClasses().that().resideOutsideOfPackage(root + ".grpc..")
            .and(DescribedPredicate.describe("are not " + allowed,
                (JavaClass c) -> !allowed.contains(c.getName().split("\\$")[0]))) // nor their nested or synthetic classes
            .should().dependOnClassesThat(gRpcTypes())
            .because("domain code throws LobbyException; grpc.ErrorMapper alone turns it into a status");
    }

    /** io.grpc, Quarkus' gRPC layer, and the generated stubs (the proto messages themselves are the contract data). */
    private static DescribedPredicate<JavaClass> gRpcTypes() {
        return DescribedPredicate.describe("are gRPC types", (JavaClass c) -> c.getPackageName().startsWith("io.grpc")
            || c.getPackageName().startsWith("io.quarkus.grpc")
            || c.getPackageName().startsWith("com.google.rpc")
            || (c.getPackageName().startsWith("com.plyyard.proto") && c.getName().contains("Grpc")));
    }

    static ArchRule layers(String root, Map<String, Set<String>> mayUse) {
        Architectures.LayeredArchitecture layered = Architectures.layeredArchitecture()
            .consideringOnlyDependenciesInAnyPackage(root + "..");
        for (String p : mayUse.keySet()) {
            layered = layered.layer(p).definedBy(root + "." + p + "..");
        }
        for (String p : mayUse.keySet()) {
            String[] users = mayUse.entrySet().stream().filter(e -> e.getValue().contains(p)).map(Map.Entry::getKey)
                .toArray(String[]::new);
            layered = users.length == 0 ? layered.whereLayer(p).mayNotBeAccessedByAnyLayer()
                : layered.whereLayer(p).mayOnlyBeAccessedByLayers(users);
        }
        return layered.withOptionalLayers(true);
    }

    @Test
    void packagesHaveNoCycles() {
        noCycles(ROOT).check(lobby);
    }

    @Test
    void eachPackageUsesOnlyThePackagesBelowIt() {
        layers(ROOT, MAY_USE).check(lobby);
    }

    @Test
    void onlyTheEdgeAndTheTwoServiceClientsSpeakGrpc() {
        grpcOnlyAtTheEdge(ROOT, GRPC_CLIENTS).check(lobby);
    }

    @Test
    void everyPackageOfTheLobbyIsInTheTable() {
        for (JavaClass c : lobby) {
            String rest = c.getPackageName().substring(ROOT.length());
            if (rest.isEmpty()) {
                continue;
            }
            String top = rest.substring(1).split("\\.")[0];
            assertTrue(MAY_USE.containsKey(top), "package " + top + " is not in LobbyArchitectureTest.MAY_USE");
        }
    }

    /** The rules catch what they are meant to: run on two fixture packages that break each of them. */
    @Test
    void theRulesFailOnACycleAndOnGrpcBelowTheEdge() {
        String fixture = LobbyArchitectureTest.class.getPackageName() + ".fixture";
        JavaClasses broken = new ClassFileImporter().importPackages(fixture);
        EvaluationResult cycles = noCycles(fixture).evaluate(broken);
        assertTrue(cycles.hasViolation(), "alpha ↔ beta is a cycle");
        EvaluationResult grpc = grpcOnlyAtTheEdge(fixture, Set.of()).evaluate(broken);
        assertTrue(grpc.hasViolation(), "beta.Refuser uses io.grpc.Status");
        EvaluationResult direction = layers(fixture, Map.of("alpha", Set.of("beta"), "beta", Set.of())).evaluate(broken);
        assertTrue(direction.hasViolation(), "beta uses alpha, which is above it");
        assertFalse(layers(fixture, Map.of("alpha", Set.of("beta"), "beta", Set.of("alpha"))).evaluate(broken)
            .hasViolation(), "the layer rule passes when the table allows both directions");
    }
}
