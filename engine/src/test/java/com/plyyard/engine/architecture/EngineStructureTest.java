package com.plyyard.engine.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The engine's structure: the module's rules ({@link ModuleStructureTest}, the catalog being its list of the games),
 * and the SPI — the root package — depending on no other package of the engine: not on the games, the search, the
 * records or the catalog.
 */
class EngineStructureTest extends ModuleStructureTest {
    static final String ROOT = "com.plyyard.engine";

    EngineStructureTest() {
        super(ROOT, Set.of(ROOT + ".catalog.Variants"));
    }

    /** The classes of {@code root}'s package depend on no class of a package below it. */
    static ArchRule rootDependsOnNothingBelow(String root) {
        return noClasses().that().resideInAPackage(root)
            .should().dependOnClassesThat(DescribedPredicate.describe("are in a package below " + root,
                (JavaClass c) -> c.getPackageName().startsWith(root + ".")))
            .because("the SPI depends on nothing game-shaped (docs/games.md)");
    }

    @Test
    void theSpiDependsOnNoOtherPackageOfTheEngine() {
        rootDependsOnNothingBelow(ROOT).check(mainClasses());
    }
}
