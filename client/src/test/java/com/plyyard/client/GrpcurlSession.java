package com.plyyard.client;

import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the README's grpcurl session without grpcurl (not installable on the development machine): a small
 * interpreter for exactly the shell the session uses — {@code NAME=value}, {@code NAME=$(grpcurl … | jq -r .path)},
 * {@code grpcurl -plaintext [-H 'k: v'] -d 'json' host:port pkg.Service/Method [| jq [-r] .path]}, quoting with
 * '…' and "…" (with \" and $VAR expansion), and backslash line continuations. Requests are parsed from JSON
 * with the contracts' descriptors exactly as grpcurl does (unknown fields are errors), sent over a real channel,
 * and answers printed as JSON. A command followed by comment lines {@code #   Code: Xxx} and
 * {@code #   Message: …} (grpcurl's error output) must fail with that code and message; any other failure fails.
 */
final class GrpcurlSession {
    private static final FileDescriptor[] CONTRACTS = {
        com.plyyard.proto.v1.LobbyProto.getDescriptor(), com.plyyard.proto.v1.MatchmakingProto.getDescriptor(),
        com.plyyard.proto.v1.RulesProto.getDescriptor(), com.plyyard.proto.v1.EngineProto.getDescriptor()};

    private final Map<String, String> addresses;
    private final Map<String, String> vars = new HashMap<>();
    private final Map<String, ManagedChannel> channels = new HashMap<>();
    private final List<String> transcript = new ArrayList<>();

    /** @param addresses the README's host:port → where that service runs in the test */
    GrpcurlSession(Map<String, String> addresses) {
        this.addresses = addresses;
    }

    List<String> transcript() {
        return transcript;
    }

    /** Runs every command of the script; throws AssertionError at the first one that does not do what it says. */
    void run(String script) {
        List<String> lines = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String raw : script.split("\n")) {
            if (raw.endsWith("\\")) {
                pending.append(raw, 0, raw.length() - 1).append(' ');
                continue;
            }
            pending.append(raw);
            lines.add(pending.toString().strip());
            pending.setLength(0);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String code = null;
            String message = null;
            for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("#"); j++) {
                Matcher c = Pattern.compile("#\\s+Code: (\\w+)").matcher(lines.get(j));
                Matcher m = Pattern.compile("#\\s+Message: (.*)").matcher(lines.get(j));
                if (c.matches()) {
                    code = c.group(1);
                } else if (m.matches()) {
                    message = m.group(1);
                }
            }
            execute(line, code, message);
        }
        channels.values().forEach(ManagedChannel::shutdownNow);
    }

    private void execute(String line, String expectedCode, String expectedMessage) {
        transcript.add("$ " + line);
        Matcher assign = Pattern.compile("([A-Za-z_]\\w*)=\\$\\((.*)\\)").matcher(line);
        Matcher plain = Pattern.compile("([A-Za-z_]\\w*)=(\\S+)").matcher(line);
        String pipeline = line;
        String target = null;
        if (assign.matches()) {
            target = assign.group(1);
            pipeline = assign.group(2);
        } else if (plain.matches()) {
            vars.put(plain.group(1), words(plain.group(2)).get(0));
            return;
        }
        String[] stages = splitPipe(pipeline);
        List<String> grpcurl = words(stages[0]);
        if (!grpcurl.get(0).equals("grpcurl")) {
            throw new AssertionError("not a grpcurl command: " + line);
        }
        String out;
        try {
            out = call(grpcurl);
        } catch (StatusRuntimeException e) {
            String code = camel(e.getStatus().getCode());
            transcript.add("ERROR: Code: " + code + " Message: " + e.getStatus().getDescription());
            if (expectedCode == null) {
                throw new AssertionError("failed: " + line + " → " + code + ": " + e.getStatus().getDescription());
            }
            if (!expectedCode.equals(code) || (expectedMessage != null && !expectedMessage.equals(e.getStatus().getDescription()))) {
                throw new AssertionError(line + "\n expected " + expectedCode + ": " + expectedMessage + "\n got " + code + ": "
                    + e.getStatus().getDescription());
            }
            return;
        }
        if (expectedCode != null) {
            throw new AssertionError("expected " + expectedCode + " but it succeeded: " + line + " → " + out);
        }
        for (int s = 1; s < stages.length; s++) {
            out = jq(words(stages[s]), out);
        }
        transcript.add(out);
        if (target != null) {
            vars.put(target, out.strip());
        }
    }

    private String call(List<String> args) {
        Metadata headers = new Metadata();
        String body = "{}";
        List<String> rest = new ArrayList<>();
        for (int i = 1; i < args.size(); i++) {
            switch (args.get(i)) {
                case "-plaintext" -> { }
                case "-H" -> {
                    String[] kv = args.get(++i).split(":", 2);
                    headers.put(Metadata.Key.of(kv[0].strip(), Metadata.ASCII_STRING_MARSHALLER), kv[1].strip());
                }
                case "-d" -> body = args.get(++i);
                default -> rest.add(args.get(i));
            }
        }
        if (rest.size() != 2) {
            throw new AssertionError("expected host:port and method, got " + rest);
        }
        String address = addresses.getOrDefault(rest.get(0), rest.get(0));
        String[] serviceMethod = rest.get(1).split("/");
        MethodDescriptor method = method(serviceMethod[0], serviceMethod[1]);
        DynamicMessage.Builder request = DynamicMessage.newBuilder(method.getInputType());
        try {
            JsonFormat.parser().merge(body, request);
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError("grpcurl would refuse this request body for " + rest.get(1) + ": " + e.getMessage() + "\n" + body);
        }
        ManagedChannel channel = channels.computeIfAbsent(address, a -> ManagedChannelBuilder.forTarget(a).usePlaintext().build());
        io.grpc.MethodDescriptor<DynamicMessage, DynamicMessage> md = io.grpc.MethodDescriptor.<DynamicMessage, DynamicMessage>newBuilder()
            .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(io.grpc.MethodDescriptor.generateFullMethodName(serviceMethod[0], serviceMethod[1]))
            .setRequestMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(method.getInputType())))
            .setResponseMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(method.getOutputType())))
            .build();
        DynamicMessage response = ClientCalls.blockingUnaryCall(
            ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers)), md,
            CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS), request.build());
        try {
            return JsonFormat.printer().print(response);
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    private static MethodDescriptor method(String service, String name) {
        for (FileDescriptor f : CONTRACTS) {
            for (ServiceDescriptor s : f.getServices()) {
                if (s.getFullName().equals(service) && s.findMethodByName(name) != null) {
                    return s.findMethodByName(name);
                }
            }
        }
        throw new AssertionError("no such method: " + service + "/" + name);
    }

    /** {@code jq [-r] .a.b}: a path into the JSON; -r prints strings raw. */
    private static String jq(List<String> args, String json) {
        boolean raw = args.contains("-r");
        String path = args.get(args.size() - 1);
        JsonElement e = JsonParser.parseString(json);
        for (String key : path.substring(1).split("\\.")) {
            if (key.isEmpty()) {
                continue;
            }
            e = e.isJsonObject() && e.getAsJsonObject().has(key) ? e.getAsJsonObject().get(key) : com.google.gson.JsonNull.INSTANCE;
        }
        return raw && e.isJsonPrimitive() ? e.getAsString() : e.toString();
    }

    private static String[] splitPipe(String pipeline) {
        List<String> parts = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        char quote = 0;
        for (char c : pipeline.toCharArray()) {
            if (quote == 0 && c == '|') {
                parts.add(sb.toString());
                sb.setLength(0);
                continue;
            }
            if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            }
            sb.append(c);
        }
        parts.add(sb.toString());
        return parts.toArray(String[]::new);
    }

    /** Shell words: '…' literal, "…" with \" and $VAR, bare text with $VAR. */
    private List<String> words(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder w = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                if (w != null) {
                    out.add(w.toString());
                    w = null;
                }
                continue;
            }
            if (w == null) {
                w = new StringBuilder();
            }
            if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                w.append(s, i + 1, end);
                i = end;
            } else if (c == '"') {
                for (i++; s.charAt(i) != '"'; i++) {
                    if (s.charAt(i) == '\\' && i + 1 < s.length() && "\"\\$".indexOf(s.charAt(i + 1)) >= 0) {
                        w.append(s.charAt(++i));
                    } else if (s.charAt(i) == '$') {
                        i = expand(s, i, w);
                    } else {
                        w.append(s.charAt(i));
                    }
                }
            } else if (c == '$') {
                i = expand(s, i, w);
            } else {
                w.append(c);
            }
        }
        if (w != null) {
            out.add(w.toString());
        }
        return out;
    }

    /** Expands $NAME or ${NAME} at i; returns the index of its last character. */
    private int expand(String s, int i, StringBuilder w) {
        Matcher m = Pattern.compile("\\$(?:\\{(\\w+)}|(\\w+))").matcher(s);
        if (!m.find(i) || m.start() != i) {
            w.append('$');
            return i;
        }
        String name = m.group(1) != null ? m.group(1) : m.group(2);
        if (!vars.containsKey(name)) {
            throw new AssertionError("$" + name + " is not set at this point of the session");
        }
        w.append(vars.get(name));
        return m.end() - 1;
    }

    private static String camel(Status.Code code) {
        StringBuilder sb = new StringBuilder();
        for (String part : code.name().split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return sb.toString();
    }
}
