package com.plyyard.engine.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The structure rules catch what they are meant to: each fails on the fixture package ({@code fixture}: a root class in
 * a cycle with a subpackage and naming a game's class, one game using another), and the list of the games is let
 * through.
 */
class ModuleStructureRulesTest {
    private static final String FIXTURE = ModuleStructureRulesTest.class.getPackageName() + ".fixture";
    private static final JavaClasses BROKEN = new ClassFileImporter().importPackages(FIXTURE);

    @Test
    void aCycleThroughTheRootPackageIsFound() {
        EvaluationResult result = ModuleStructureTest.noPackageCycles().evaluate(BROKEN);
        assertTrue(result.hasViolation(), "fixture <-> fixture.sub");
        String report = result.getFailureReport().toString();
        assertTrue(report.contains(FIXTURE + ".Root"), report);
    }

    @Test
    void aClassOutsideTheGamePackagesNamingAGameIsFoundUnlessItIsTheList() {
        EvaluationResult unlisted = ModuleStructureTest.gamesStayInTheirPackages(Set.of()).evaluate(BROKEN);
        assertTrue(unlisted.hasViolation(), "Root uses draughts.Board");
        assertFalse(ModuleStructureTest.gamesStayInTheirPackages(Set.of(FIXTURE + ".Root")).evaluate(BROKEN)
            .hasViolation(), "the list of the games may name them");
    }

    @Test
    void aGameUsingAnotherIsFound() {
        EvaluationResult result = ModuleStructureTest.gamesDoNotUseEachOther().evaluate(BROKEN);
        assertTrue(result.hasViolation(), "ploy.Piece uses draughts.Board");
        assertTrue(result.getFailureReport().toString().contains(FIXTURE + ".ploy.Piece"));
    }

    @Test
    void theRootPackageDependingOnAPackageBelowItIsFound() {
        assertTrue(EngineStructureTest.rootDependsOnNothingBelow(FIXTURE).evaluate(BROKEN).hasViolation(),
            "Root uses sub.Helper");
        assertFalse(EngineStructureTest.rootDependsOnNothingBelow(FIXTURE + ".sub").evaluate(BROKEN).hasViolation(),
            "sub has no package below it");
    }
}
