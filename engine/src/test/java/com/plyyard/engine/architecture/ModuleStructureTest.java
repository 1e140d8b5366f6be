package com.plyyard.engine.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The structure every module keeps (docs/games.md, "Where a game's code lives"), checked on its main classes: its
 * packages form no cycle, its root package included; a game's code stays in packages named for the game (a package
 * with a segment {@code draughts}, {@code ploy} or {@code piracy}), which nothing outside them depends on except the
 * module's list of the games; and no game's packages depend on another game's. A module's test extends this class
 * with its root package and its list, if it has one; the engine's test-jar carries it to the other modules.
 * {@code ModuleStructureRulesTest} shows each rule failing on a fixture that breaks it.
 */
public abstract class ModuleStructureTest {
    /** The games: a package with one of them as a segment is that game's. */
    public static final List<String> GAMES = List.of("draughts", "ploy", "piracy");

    private final String root;
    private final Set<String> listsOfGames;

    /**
     * @param root         the module's root package, e.g. "com.plyyard.engine"
     * @param listsOfGames the classes outside the game packages that may name the games: the module's one list of
     *                     them (their nested classes with them); none for most modules
     */
    protected ModuleStructureTest(String root, Set<String> listsOfGames) {
        this.root = root;
        this.listsOfGames = listsOfGames;
    }

    /** The module's main classes (not its tests). */
    protected JavaClasses mainClasses() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(root);
    }

    /** Every package is a slice of its own (the pattern captures the whole name after com.plyyard, root included). */
    public static ArchRule noPackageCycles() {
        return slices().matching("com.plyyard.(**)").should().beFreeOfCycles();
    }

    /** Nothing outside the game packages depends on them, but the listed classes. */
    public static ArchRule gamesStayInTheirPackages(Set<String> listsOfGames) {
        return noClasses().that(DescribedPredicate.not(inAGamePackage()))
            .and(DescribedPredicate.describe("are not " + (listsOfGames.isEmpty() ? "listed" : listsOfGames),
                (JavaClass c) -> !listsOfGames.contains(c.getName().split("\\$")[0])))
            .should().dependOnClassesThat(inAGamePackage())
            .because("nothing outside a game's packages names the game (docs/games.md)");
    }

    /** No game's packages depend on another game's. */
    public static ArchRule gamesDoNotUseEachOther() {
        List<ArchRule> rules = new ArrayList<>();
        for (String game : GAMES) {
            rules.add(noClasses().that(inPackagesOf(List.of(game)))
                .should().dependOnClassesThat(inPackagesOf(GAMES.stream().filter(g -> !g.equals(game)).toList()))
                .because("what two games share belongs outside both").allowEmptyShould(true));
        }
        return CompositeArchRule.of(rules);
    }

    private static DescribedPredicate<JavaClass> inAGamePackage() {
        return inPackagesOf(GAMES);
    }

    private static DescribedPredicate<JavaClass> inPackagesOf(List<String> games) {
        return DescribedPredicate.describe("are in a package of " + String.join(" or ", games),
            (JavaClass c) -> c.getPackageName().startsWith("com.plyyard.")
                && Arrays.stream(c.getPackageName().split("\\.")).anyMatch(games::contains));
    }

    @Test
    void packagesFormNoCycle() {
        noPackageCycles().check(mainClasses());
    }

    @Test
    void nothingOutsideTheGamePackagesNamesAGame() {
        gamesStayInTheirPackages(listsOfGames).check(mainClasses());
    }

    @Test
    void noGameUsesAnother() {
        gamesDoNotUseEachOther().check(mainClasses());
    }
}
