package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.GetMatchRecordRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WatchLobbyRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import com.plyyard.proto.v1.Player;
import io.quarkus.test.junit.QuarkusTest;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gRPC-Web on the lobby's port, as a browser speaks it: HTTP/1.1 POSTs with application/grpc-web+proto bodies, the
 * answer's messages and its status read from the frames of the response body.
 */
@QuarkusTest
class GrpcWebBridgeIT extends LobbyTestBase {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();

    /** A response body split into its frames: the messages, then the trailer text. */
    record Frames(List<byte[]> messages, String trailers) {
        String status() {
            return field("grpc-status");
        }

        String field(String name) {
            for (String line : trailers.split("\r\n")) {
                if (line.startsWith(name + ":")) {
                    return line.substring(name.length() + 1);
                }
            }
            return null;
        }
    }

    private static byte[] frame(byte[] message) {
        return ByteBuffer.allocate(5 + message.length).put((byte) 0).putInt(message.length).put(message).array();
    }

    private static HttpRequest.Builder call(String method, byte[] body) {
        return HttpRequest.newBuilder(URI.create("http://localhost:17070/" + method))
            .header("content-type", "application/grpc-web+proto")
            .header("x-grpc-web", "1").header("grpc-timeout", "5S")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** Reads frames until the trailer frame, or until {@code messages} messages when it is positive (a stream). */
    private static Frames read(InputStream in, int messages) throws Exception {
        DataInputStream data = new DataInputStream(in);
        List<byte[]> out = new ArrayList<>();
        while (true) {
            int flag;
            try {
                flag = data.readUnsignedByte();
            } catch (EOFException e) {
                throw new AssertionError("the body ended without a trailer frame");
            }
            int length = data.readInt();
            byte[] payload = data.readNBytes(length);
            if ((flag & 0x80) != 0) {
                return new Frames(out, new String(payload, StandardCharsets.US_ASCII));
            }
            out.add(payload);
            if (messages > 0 && out.size() == messages) {
                return new Frames(out, "");
            }
        }
    }

    private static Frames unary(String method, byte[] message, String token) throws Exception {
        HttpRequest.Builder b = call(method, frame(message));
        if (token != null) {
            b.header("authorization", "Bearer " + token);
        }
        HttpResponse<InputStream> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        assertEquals("application/grpc-web+proto", r.headers().firstValue("content-type").orElse(""));
        try (InputStream in = r.body()) {
            return read(in, 0);
        }
    }

    @Test
    void aUnaryCallAndItsTokenThroughTheBridge() throws Exception {
        String name = "Web_" + System.nanoTime() % 100000;
        Frames registered = unary("plyyard.v1.LobbyService/Register",
            RegisterRequest.newBuilder().setName(name).build().toByteArray(), null);
        assertEquals("0", registered.status(), registered.trailers());
        RegisterResponse r = RegisterResponse.parseFrom(registered.messages().get(0));
        assertEquals(name, r.getPlayer().getName());
        Frames me = unary("plyyard.v1.LobbyService/WhoAmI", WhoAmIRequest.getDefaultInstance().toByteArray(), r.getToken());
        assertEquals("0", me.status());
        assertEquals(r.getPlayer(), Player.parseFrom(me.messages().get(0)));
    }

    @Test
    void aMatchRecordThroughTheBridgeIsTheRecordOfANativeCall() throws Exception {
        TestPlayer white = register("web-rec-w");
        TestPlayer black = register("web-rec-b");
        Match m = white.move(started("draughts:fmjd", clock(0, 0), white, black), "32-28");
        GetMatchRecordRequest request = GetMatchRecordRequest.newBuilder().setMatchId(m.getId()).build();
        Frames web = unary("plyyard.v1.MatchService/GetMatchRecord", request.toByteArray(), black.token());
        assertEquals("0", web.status(), web.trailers());
        MatchRecord record = MatchRecord.parseFrom(web.messages().get(0));
        assertEquals(black.matches().getMatchRecord(request), record);
        assertTrue(record.getText().endsWith("\n1. 32-28 *\n"), record.getText());
    }

    @Test
    void refusalsComeAsTheTrailerFrameWithTheSentence() throws Exception {
        Frames bad = unary("plyyard.v1.LobbyService/Register", RegisterRequest.newBuilder().setName("x").build().toByteArray(),
            null);
        assertEquals("3", bad.status(), "INVALID_ARGUMENT");
        assertTrue(bad.messages().isEmpty());
        assertTrue(bad.field("grpc-message") != null && !bad.field("grpc-message").isBlank(), bad.trailers());
        Frames anonymous = unary("plyyard.v1.LobbyService/WhoAmI", WhoAmIRequest.getDefaultInstance().toByteArray(), null);
        assertEquals("16", anonymous.status(), "UNAUTHENTICATED: the interceptors apply");
        Frames unknown = unary("plyyard.v1.LobbyService/NoSuchMethod", new byte[0], null);
        assertEquals("12", unknown.status(), "UNIMPLEMENTED");
        HttpResponse<InputStream> malformed = HTTP.send(call("plyyard.v1.LobbyService/Register", new byte[] {0, 0, 0})
            .build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = malformed.body()) {
            Frames f = read(in, 0);
            assertEquals("3", f.status(), f.trailers());
        }
    }

    @Test
    void aServerStreamArrivesFrameByFrame() throws Exception {
        RegisterResponse r = RegisterResponse.parseFrom(unary("plyyard.v1.LobbyService/Register",
            RegisterRequest.newBuilder().setName("Watch_" + System.nanoTime() % 100000).build().toByteArray(), null)
            .messages().get(0));
        HttpResponse<InputStream> stream = HTTP.send(call("plyyard.v1.MatchmakingService/WatchLobby",
                frame(WatchLobbyRequest.getDefaultInstance().toByteArray()))
            .header("authorization", "Bearer " + r.getToken()).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, stream.statusCode());
        try (InputStream in = stream.body()) {
            Frames first = read(in, 1);
            LobbyEvent event = LobbyEvent.parseFrom(first.messages().get(0));
            assertTrue(event.hasSnapshot(), "the stream opens with the lobby's snapshot: " + event);
        } // closing the body ends the call
    }

    /**
     * A browser ends a stream by asking the bridge to close it (a cancelled request is what its developer tools list as
     * failed): the answer then ends as every answer does, with the trailer frame (status OK) and the end of the body.
     * The id is good once; an unknown one is not found.
     */
    @Test
    void aStreamClosedAtTheBrowsersRequestEndsWithItsTrailers() throws Exception {
        RegisterResponse r = RegisterResponse.parseFrom(unary("plyyard.v1.LobbyService/Register",
            RegisterRequest.newBuilder().setName("Close_" + System.nanoTime() % 100000).build().toByteArray(), null)
            .messages().get(0));
        HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://localhost:17070/plyyard.v1.MatchmakingService/WatchLobby"))
            .header("content-type", "application/grpc-web+proto").header("x-grpc-web", "1")
            .header("authorization", "Bearer " + r.getToken())
            .POST(HttpRequest.BodyPublishers.ofByteArray(frame(WatchLobbyRequest.getDefaultInstance().toByteArray())))
            .build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, stream.statusCode());
        String callId = stream.headers().firstValue("plyyard-call-id").orElse("");
        assertEquals(36, callId.length(), "a UUID names the call: " + stream.headers());
        try (InputStream in = stream.body()) {
            assertTrue(LobbyEvent.parseFrom(read(in, 1).messages().get(0)).hasSnapshot());
            assertEquals(204, close(callId).statusCode());
            Frames rest = read(in, 0);
            assertEquals("0", rest.status(), "the stream ends with status OK: " + rest.trailers());
            assertEquals(-1, in.read(), "and the body ends there");
        }
        assertEquals(404, close(callId).statusCode(), "a call is closed once");
        assertEquals(404, close(java.util.UUID.randomUUID().toString()).statusCode(), "no such call");
    }

    private static HttpResponse<String> close(String callId) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:17070/grpc-web/close/" + callId))
            .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void otherRequestsAreNotTaken() throws Exception {
        HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:17070/q/health/live"))
            .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode());
        HttpResponse<String> json = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:17070/plyyard.v1.LobbyService/Register"))
            .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertTrue(json.statusCode() >= 400, "not gRPC-Web, not gRPC: " + json.statusCode());
    }
}
