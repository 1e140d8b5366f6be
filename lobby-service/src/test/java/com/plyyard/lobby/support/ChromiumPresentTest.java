package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.io.TempDir;

/** The browser tests' condition: run with both programs, skip with one sentence without, fail when required. */
class ChromiumPresentTest {
    @TempDir
    Path dir;

    private Path executable(String name) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void bothProgramsPresentRunsTheTests() throws IOException {
        ConditionEvaluationResult r = ChromiumPresent.evaluate(executable("chromium"), executable("chromedriver"), null);
        assertFalse(r.isDisabled());
        assertFalse(ChromiumPresent.evaluate(executable("c2"), executable("d2"), "required").isDisabled());
    }

    @Test
    void aMissingProgramSkipsWithOneSentenceSayingWhatToInstall() throws IOException {
        for (ConditionEvaluationResult r : new ConditionEvaluationResult[] {
            ChromiumPresent.evaluate(dir.resolve("none"), executable("chromedriver"), null),
            ChromiumPresent.evaluate(executable("chromium"), dir.resolve("none"), ""),
            ChromiumPresent.evaluate(dir.resolve("none"), dir.resolve("none"), "optional")}) {
            assertTrue(r.isDisabled());
            String reason = r.getReason().orElseThrow();
            assertTrue(reason.startsWith("Browser tests skipped: no Chromium at "), reason);
            assertTrue(reason.contains("apt-get install chromium chromium-driver"), reason);
            assertEquals(1, reason.lines().count(), reason);
        }
    }

    @Test
    void aMissingProgramFailsWhenTheBrowserTestsAreRequired() throws IOException {
        Path driver = executable("chromedriver");
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> ChromiumPresent.evaluate(dir.resolve("none"), driver, " Required "));
        assertTrue(e.getMessage().contains("PLYYARD_BROWSER_TESTS=required"), e.getMessage());
        assertTrue(e.getMessage().contains("apt-get install chromium chromium-driver"), e.getMessage());
        Path notExecutable = dir.resolve("chromium");
        Files.writeString(notExecutable, "");
        assertThrows(IllegalStateException.class, () -> ChromiumPresent.evaluate(notExecutable, driver, "required"));
    }
}
