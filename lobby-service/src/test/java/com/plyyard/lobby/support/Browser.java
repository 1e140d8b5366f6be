package com.plyyard.lobby.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium, driven through Selenium, for the browser tests: Debian's {@code chromium} and
 * {@code chromium-driver} (.ci/run installs them), started with the flags this closed sandbox needs, each in a fresh
 * profile so browsers share no storage. Screenshots go to {@code target/screenshots} (a build artefact).
 */
public final class Browser implements AutoCloseable {
    public static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Path CHROMIUM = ChromiumPresent.CHROMIUM;
    private static final Path CHROMEDRIVER = ChromiumPresent.CHROMEDRIVER;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final String name;
    private final Path profile;
    private final ChromeDriver driver;

    private Browser(String name, Path profile, ChromeDriver driver) {
        this.name = name;
        this.profile = profile;
        this.driver = driver;
    }

    /** A new browser window of the given width (375 for a phone), named in its screenshots. */
    public static Browser open(String name, int width, int height) {
        ChromiumPresent.require(); // a browser test class was skipped or failed before this when the browser is missing
        try {
            Path profile = Files.createTempDirectory("plyyard-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            // no sandbox as root; no background traffic, which this machine's closed network refuses
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=" + width + "," + height);
            ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().window().setSize(new Dimension(width, height));
            return new Browser(name, profile, driver);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Browser open(String name) {
        return open(name, 1280, 1000);
    }

    public WebDriver driver() {
        return driver;
    }

    public void get(String url) {
        driver.get(url);
    }

    public WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits until the condition holds (not null, not false), up to 30 s; the failure names this browser. */
    public <T> T await(String what, Function<WebDriver, T> condition) {
        return await(what, WAIT, condition);
    }

    public <T> T await(String what, Duration max, Function<WebDriver, T> condition) {
        WebDriverWait wait = new WebDriverWait(driver, max, Duration.ofMillis(100));
        wait.withMessage(() -> name + ": " + what);
        // the page redraws itself: an element found a moment ago may be gone; look again
        wait.ignoring(StaleElementReferenceException.class);
        return wait.until(condition);
    }

    /** The first visible, enabled element for the selector, waited for. */
    public WebElement visible(String css) {
        return await(css + " visible", d -> d.findElements(By.cssSelector(css)).stream()
            .filter(e -> e.isDisplayed() && e.isEnabled()).findFirst().orElse(null));
    }

    /** Clicks the first visible, enabled element for the selector, looking again if the page redrew it meanwhile. */
    public void click(String css) {
        await("click " + css, d -> {
            WebElement e = d.findElements(By.cssSelector(css)).stream().filter(x -> x.isDisplayed() && x.isEnabled())
                .findFirst().orElse(null);
            if (e == null) {
                return null;
            }
            e.click();
            return true;
        });
    }

    public void type(String css, String text) {
        WebElement e = visible(css);
        e.clear();
        e.sendKeys(text);
    }

    public void typeAndEnter(String css, String text) {
        WebElement e = visible(css);
        e.clear();
        e.sendKeys(text, Keys.ENTER);
    }

    public String attribute(String css, String attribute) {
        return fresh(() -> {
            List<WebElement> found = all(css);
            return found.isEmpty() ? null : found.get(0).getAttribute(attribute);
        });
    }

    public String text(String css) {
        return fresh(() -> {
            List<WebElement> found = all(css);
            return found.isEmpty() ? "" : found.get(0).getText();
        });
    }

    /** Whether an element for the selector is displayed now. */
    public boolean shown(String css) {
        return fresh(() -> all(css).stream().anyMatch(WebElement::isDisplayed));
    }

    /** The text of every element for the selector, in document order. */
    public List<String> texts(String css) {
        return fresh(() -> all(css).stream().map(e -> e.getText().trim()).toList());
    }

    /** A read of the page, done again when the element read was redrawn in between (a few times at most). */
    private static <T> T fresh(java.util.function.Supplier<T> read) {
        for (int attempt = 1; ; attempt++) {
            try {
                return read.get();
            } catch (StaleElementReferenceException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    public Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /**
     * Lets the page's downloads land in {@code target/downloads/NAME} (emptied first; a headless browser saves none by
     * itself) and answers that directory.
     */
    public Path downloadsTo(String dirName) {
        Path dir = Path.of("target", "downloads", dirName).toAbsolutePath();
        try {
            if (Files.isDirectory(dir)) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) {
                        Files.delete(f);
                    }
                }
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        driver.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "allow", "downloadPath", dir.toString()));
        return dir;
    }

    /** Saves a PNG of the window to target/screenshots/NAME.png and returns its path. */
    public Path screenshot(String file) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path target = SCREENSHOTS.resolve(file + ".png");
            Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(shot, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException ignored) {
                // a profile left in /tmp is harmless
            }
        }
    }
}
