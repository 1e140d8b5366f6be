package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.ListSessionsRequest;
import com.plyyard.proto.v1.ListSessionsResponse;
import com.plyyard.proto.v1.Session;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sessions}: the account's sessions (AccountService.ListSessions), the most recently used first, as a table with
 * this machine's session marked {@code *}. {@code ./plyyard logout --session ID} ends one.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
    description = "Lists the account's sessions (devices signed in), the current one marked '*'.")
public class SessionsCommand implements Callable<Integer> {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);
    private static final String ROW = "%-1s %-36s  %-8s  %-16s  %-16s  %-15s  %s";

    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", paramLabel = "NAME", description = "The player (default: the name used last on this server).")
    String name;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Lobby lobby = server.resume(name)) {
            ListSessionsResponse r = lobby.call(() -> lobby.accounts().listSessions(ListSessionsRequest.getDefaultInstance()));
            table(r, ZoneId.systemDefault(), out);
            out.flush();
            return 0;
        }
    }

    /** The header, then a row per session; times in {@code zone}, to the minute. */
    static void table(ListSessionsResponse r, ZoneId zone, PrintWriter out) {
        out.println(String.format(Locale.ROOT, ROW, "", "id", "kind", "created", "last used", "address", "device").stripTrailing());
        for (Session s : r.getSessionsList()) {
            out.println(String.format(Locale.ROOT, ROW, s.getCurrent() ? "*" : "", s.getId(), AccountText.kind(s.getKind()),
                time(s.getCreatedAtEpochMillis(), zone), time(s.getLastUsedAtEpochMillis(), zone),
                s.getAddress().isEmpty() ? "-" : s.getAddress(), s.getDeviceLabel().isEmpty() ? "-" : s.getDeviceLabel())
                .stripTrailing());
        }
    }

    private static String time(long epochMillis, ZoneId zone) {
        return epochMillis == 0 ? "-" : TIME.format(Instant.ofEpochMilli(epochMillis).atZone(zone));
    }
}
