package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.MatchFollower;
import com.plyyard.client.online.MatchView;
import com.plyyard.client.render.BoardRenderer;
import com.plyyard.client.render.Style;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code watch MATCH}: follows a match as a spectator — the board after every move and a line per event —
 * until it ends. A broken connection is resumed from the last version seen; {@code --from-version} resumes a
 * watch from another run (events only, no snapshot).
 */
@Command(name = "watch", mixinStandardHelpOptions = true, description = "Spectates a match until it ends (resumable).")
public class WatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OnlineArgs online;

    @Parameters(index = "0", paramLabel = "MATCH", description = "The match id.")
    String matchId;

    @Option(names = "--from-version", defaultValue = "0", description = "Only the events after this version.")
    long fromVersion;

    @Option(names = "--ascii", description = "Draw boards in ASCII, without colours.")
    boolean ascii;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Style style = ascii ? Style.ASCII : Style.detect();
        try (Lobby lobby = online.connect();
             MatchFollower follower = new MatchFollower(lobby, matchId, fromVersion)) {
            MatchView view = new MatchView();
            if (fromVersion > 0) {
                Match now = lobby.call(() -> lobby.matches()
                    .getMatch(com.plyyard.proto.v1.GetMatchRequest.newBuilder().setMatchId(matchId).build()));
                if (now.getVersion() <= fromVersion && (now.getStatus() == MatchStatus.MATCH_FINISHED
                    || now.getStatus() == MatchStatus.MATCH_ABORTED)) {
                    out.println(now.hasResult() ? "result: " + now.getResult().getDescription() : "the match is over");
                    out.flush();
                    return 0; // nothing after that version, and nothing will come
                }
                view.resume(now, fromVersion);
            }
            while (true) {
                Object next = follower.next(1000);
                if (next == null) {
                    continue;
                }
                if (next instanceof MatchFollower.Broken b) {
                    throw lobby.failure(b.error());
                }
                MatchEvent e = (MatchEvent) next;
                String line = view.apply(e);
                out.println("v" + view.version()
                    + (line == null ? "" : " " + line));
                if ((e.hasSnapshot() || e.hasMovePlayed() || e.hasSeatOut()) && view.ready()) {
                    out.print(BoardRenderer.render(view.state(), style));
                }
                if (view.over()) {
                    out.println(view.result() == null ? "the match is over" : "result: " + view.result().getDescription());
                    out.flush();
                    return 0;
                }
                out.flush();
            }
        }
    }
}
