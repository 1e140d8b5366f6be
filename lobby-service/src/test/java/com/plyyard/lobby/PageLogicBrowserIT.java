package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.ChromiumPresent;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The web client's own logic, tested in headless Chromium (docs/web-client.md, "Tests"): the page tests in
 * {@code web-client/src/test/js/*.test.js} run against the page's modules as the lobby serves them (the web-client jar's
 * {@code META-INF/resources}, the code generated from the contracts included, and the protobuf runtime's jar), under the
 * import map of the page's own {@code index.html}. A small HTTP server on a free loopback port serves them; no lobby,
 * database or other service is needed. Each page test is one JUnit test; a test file that does not load fails as one.
 */
@ExtendWith(ChromiumPresent.class)
class PageLogicBrowserIT {
    private static final Path TESTS = Path.of(System.getProperty("plyyard.page-tests.dir",
        Path.of("..", "web-client", "src", "test", "js").toString()));
    private static final Pattern IMPORT_MAP = Pattern.compile("<script type=\"importmap\">.*?</script>", Pattern.DOTALL);

    @TestFactory
    Stream<DynamicTest> thePageTestsPassInChromium() throws IOException {
        List<String> files = new ArrayList<>();
        try (Stream<Path> listed = Files.list(TESTS)) {
            listed.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".test.js")).sorted().forEach(files::add);
        }
        assertFalse(files.isEmpty(), "no page tests in " + TESTS.toAbsolutePath());
        List<Map<String, Object>> results;
        HttpServer server = serve(page(files));
        try (Browser b = Browser.open("page-tests")) {
            b.get("http://localhost:" + server.getAddress().getPort() + "/");
            results = b.await("the page tests ran", d -> pageResults(b));
        } finally {
            server.stop(0);
        }
        // every file loaded and brought tests of its own: a runner that found nothing cannot pass
        TreeSet<String> withTests = new TreeSet<>();
        for (Map<String, Object> r : results) {
            String name = (String) r.get("name");
            if (!name.endsWith(": loads")) {
                withTests.add(name.substring(0, name.indexOf(':')));
            }
        }
        TreeSet<String> expected = new TreeSet<>(files.stream().map(f -> f.replace(".test.js", "")).toList());
        return Stream.concat(
            Stream.of(DynamicTest.dynamicTest("every test file has tests",
                () -> assertTrue(withTests.equals(expected), "files " + expected + ", with tests " + withTests))),
            results.stream().map(r -> DynamicTest.dynamicTest((String) r.get("name"),
                () -> assertTrue((Boolean) r.get("ok"), r.get("name") + " failed: " + r.get("message")))));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> pageResults(Browser b) {
        return (List<Map<String, Object>>) b.script("return window.pageTestResults ?? null;");
    }

    /** The test page: the import map of the page's own index.html, the test files, the runner. */
    private static String page(List<String> files) {
        String index = new String(resource("index.html"), StandardCharsets.UTF_8);
        Matcher importMap = IMPORT_MAP.matcher(index);
        assertTrue(importMap.find(), "index.html has an import map");
        String list = String.join(",", files.stream().map(f -> "\"" + f + "\"").toList());
        return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Page tests</title>\n"
            + importMap.group() + "\n<script>window.PAGE_TEST_FILES = [" + list + "];</script>\n"
            // a runner that does not load is a failed result too, not a wait until the timeout
            + "<script type=\"module\">import(\"/test/run.js\").catch((e) => { window.pageTestResults = "
            + "[{name: \"run.js: loads\", ok: false, message: String(e?.stack ?? e)}]; });</script>\n"
            + "</head><body></body></html>\n";
    }

    /** The page's files from the class path (META-INF/resources of the jars), as the lobby serves them. */
    private static byte[] resource(String path) {
        try (InputStream in = PageLogicBrowserIT.class.getClassLoader().getResourceAsStream("META-INF/resources/" + path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "/" the test page, "/test/…" the test files, anything else the page's files. */
    private static HttpServer serve(String page) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getPath();
                byte[] body;
                if (path.equals("/")) {
                    body = page.getBytes(StandardCharsets.UTF_8);
                } else if (path.contains("..")) {
                    body = null;
                } else if (path.startsWith("/test/")) {
                    Path file = TESTS.resolve(path.substring("/test/".length()));
                    body = Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
                } else {
                    body = resource(path.substring(1));
                }
                answer(exchange, path, body);
            }
        });
        server.start();
        return server;
    }

    private static void answer(HttpExchange exchange, String path, byte[] body) throws IOException {
        if (body == null) {
            exchange.sendResponseHeaders(404, -1);
            return;
        }
        String type = path.equals("/") ? "text/html" : path.endsWith(".js") ? "text/javascript" : "application/octet-stream";
        exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    }
}
