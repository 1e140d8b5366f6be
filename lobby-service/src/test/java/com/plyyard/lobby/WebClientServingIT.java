package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The web client as the lobby serves it: the page, its modules, the code generated from the contracts and the
 * protobuf runtime, each with its caching headers, and every address of the page's import map answering.
 */
@QuarkusTest
class WebClientServingIT {
    private static final String BASE = "http://localhost:17070";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(BASE + path)).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void thePageAndItsModulesAreRevalidatedEveryTime() throws Exception {
        for (String path : List.of("/", "/index.html", "/app/api/grpc-web.js")) {
            HttpResponse<String> r = get(path);
            assertEquals(200, r.statusCode(), path);
            assertEquals("no-cache", r.headers().firstValue("cache-control").orElse(""), path);
            assertTrue(r.headers().firstValue("last-modified").isPresent(), path + " can be revalidated");
        }
        assertTrue(get("/").headers().firstValue("content-type").orElse("").startsWith("text/html"));
        assertTrue(get("/app/api/grpc-web.js").headers().firstValue("content-type").orElse("").contains("javascript"));
    }

    @Test
    void theGeneratedClientCodeMatchesTheContracts() throws Exception {
        HttpResponse<String> lobby = get("/app/gen/plyyard/v1/lobby_pb.js");
        assertEquals(200, lobby.statusCode());
        assertTrue(lobby.body().contains("export const MatchService = "), "the service descriptors");
        assertTrue(lobby.body().contains("export const ListLegalMovesRequestSchema = "), "the newest contracts");
        assertEquals(200, get("/app/gen/plyyard/v1/matchmaking_pb.js").statusCode());
        assertEquals(200, get("/app/gen/plyyard/v1/lobby_pb.d.ts").statusCode(), "typings for client developers");
    }

    @Test
    void everyImportMapAddressAnswersAndTheVersionedRuntimeIsCachedForAYear() throws Exception {
        String page = get("/").body();
        Matcher map = Pattern.compile("<script type=\"importmap\">(.*?)</script>", Pattern.DOTALL).matcher(page);
        assertTrue(map.find(), "the page has an import map");
        Matcher address = Pattern.compile("\"(/[^\"]+)\"").matcher(map.group(1));
        List<String> addresses = new ArrayList<>();
        while (address.find()) {
            addresses.add(address.group(1));
        }
        assertFalse(addresses.isEmpty());
        for (String path : addresses) {
            HttpResponse<String> r = get(path);
            assertEquals(200, r.statusCode(), path);
            assertEquals("public, max-age=31536000, immutable", r.headers().firstValue("cache-control").orElse(""), path);
        }
    }

    @Test
    void theFaviconIsServedAsAnIconAndAnSvgTheirPageLinks() throws Exception {
        HttpResponse<byte[]> ico = HTTP.send(HttpRequest.newBuilder(URI.create(BASE + "/favicon.ico"))
            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, ico.statusCode(), "browsers ask /favicon.ico by themselves");
        assertTrue(ico.headers().firstValue("content-type").orElse("").startsWith("image/"), ico.headers().toString());
        byte[] b = ico.body();
        assertTrue(b.length > 6 && b[0] == 0 && b[1] == 0 && b[2] == 1 && b[3] == 0, "an ICO file (reserved 0, type 1)");
        assertEquals("no-cache", ico.headers().firstValue("cache-control").orElse(""));
        HttpResponse<String> svg = get("/favicon.svg");
        assertEquals(200, svg.statusCode());
        assertTrue(svg.headers().firstValue("content-type").orElse("").startsWith("image/svg+xml"), svg.headers().toString());
        assertTrue(svg.body().contains("<svg"), "an SVG image");
        assertTrue(get("/").body().contains("<link rel=\"icon\" href=\"favicon.svg\" type=\"image/svg+xml\">"),
            "the page links its SVG icon");
    }

    @Test
    void anUnknownFileIsNotFound() throws Exception {
        assertEquals(404, get("/app/no-such-module.js").statusCode());
    }
}
