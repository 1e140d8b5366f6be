package com.plyyard.lobby.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs the browser tests only where Debian's Chromium and its driver are installed, as Testcontainers' tests run only
 * where a container engine is: elsewhere they are skipped, and the run says so once, in one line that names what to
 * install. Never silently, and never as an error: a fresh machine with only a JDK passes {@code ./mvnw verify}.
 * <p>
 * {@code PLYYARD_BROWSER_TESTS=required} (set by {@code .ci/run}, which installs the browser) turns a missing browser
 * into a failure of every browser test class, before anything starts, so CI can never pass without having run them.
 */
public final class ChromiumPresent implements ExecutionCondition {
    static final Path CHROMIUM = Path.of(System.getProperty("plyyard.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("plyyard.chromedriver", "/usr/bin/chromedriver"));
    private static final AtomicBoolean SAID = new AtomicBoolean();

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        ConditionEvaluationResult result = evaluate(CHROMIUM, CHROMEDRIVER, System.getenv("PLYYARD_BROWSER_TESTS"));
        if (result.isDisabled() && SAID.compareAndSet(false, true)) {
            System.out.println("[WARNING] " + result.getReason().orElseThrow());
            System.out.flush();
        }
        return result;
    }

    /**
     * Enabled when both programs are there; otherwise disabled with the sentence, or, when {@code mode} is
     * "required", an IllegalStateException (a condition that throws fails its class).
     */
    static ConditionEvaluationResult evaluate(Path chromium, Path chromedriver, String mode) {
        if (Files.isExecutable(chromium) && Files.isExecutable(chromedriver)) {
            return ConditionEvaluationResult.enabled("Chromium and chromedriver are installed");
        }
        String missing = "no Chromium at " + chromium + " with its driver at " + chromedriver + "; to run them install "
            + "Debian's chromium and chromium-driver (sudo apt-get install chromium chromium-driver), as .ci/run does.";
        if (mode != null && mode.strip().equalsIgnoreCase("required")) {
            throw new IllegalStateException("The browser tests are required here (PLYYARD_BROWSER_TESTS=required) but "
                + "cannot run: " + missing);
        }
        return ConditionEvaluationResult.disabled("Browser tests skipped: " + missing);
    }

    /** For code outside the condition (Browser.open): throws the "required" sentence when the browser is missing. */
    static void require() {
        evaluate(CHROMIUM, CHROMEDRIVER, "required");
    }
}
