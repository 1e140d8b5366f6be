package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.MyMatches;
import com.plyyard.proto.v1.ListMatchesResponse;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code matches}: my matches (MatchService.ListMyMatches), newest first — by default the open ones (waiting for seats
 * or being played), with {@code --all} the finished and aborted ones too. One stable line each:
 * {@code match=<id> variant=<v> status=<s> time=<m+s|none> me=<colour> to_move=<colour|-> my_turn=<bool>
 * my_clock=<m:ss|-> opponents=<names>}, and a finished match's {@code result=<sentence>} last.
 */
@Command(name = "matches", mixinStandardHelpOptions = true,
    description = "Lists my matches: the open ones (waiting or being played), --all for the finished ones too.")
public class MatchesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OnlineArgs online;

    @Option(names = "--all", description = "Also the finished and aborted matches.")
    boolean all;

    @Option(names = "--limit", defaultValue = "50", paramLabel = "N", description = "At most N matches (default ${DEFAULT-VALUE}, "
        + "at most 200).")
    int limit;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Lobby lobby = online.connect()) {
            ListMatchesResponse r = lobby.call(() -> lobby.matches().listMyMatches(ListMyMatchesRequest.newBuilder()
                .setLimit(Math.max(1, Math.min(200, limit))).build()));
            List<Match> shown = r.getMatchesList().stream().filter(m -> all || open(m)).toList();
            long now = System.currentTimeMillis();
            for (Match m : shown) {
                out.println(line(m, lobby.me().getId(), now));
            }
            if (shown.isEmpty()) {
                out.println(all ? "no matches yet" : "no open matches (--all lists the finished ones)");
            } else if (shown.stream().anyMatch(MatchesCommand::open)) {
                out.println("play or resume one with " + online.command("play --match ID"));
            }
            out.flush();
            return 0;
        }
    }

    static boolean open(Match m) {
        return m.getStatus() == MatchStatus.MATCH_ACTIVE || m.getStatus() == MatchStatus.MATCH_WAITING;
    }

    /** The match's line, seen by the player {@code myId} at {@code now}. */
    static String line(Match m, String myId, long now) {
        List<Integer> mine = MyMatches.mySeats(m, myId);
        int mover = MyMatches.mover(m);
        String opponents = m.getSeatsList().stream().filter(s -> !mine.contains(s.getIndex())).map(MatchesCommand::who)
            .collect(Collectors.joining(","));
        long clock = mine.isEmpty() ? -1 : MyMatches.clockLeft(m, mine.get(0), now);
        return "match=" + m.getId() + " variant=" + m.getVariant().getId() + " status=" + MyMatches.status(m.getStatus())
            + " time=" + MyMatches.time(m.getTimeControl())
            + " me=" + (mine.isEmpty() ? "-" : mine.stream().map(i -> colour(m, i)).collect(Collectors.joining("+")))
            + " to_move=" + (mover < 0 ? "-" : colour(m, m.getState().getToMove()))
            + " my_turn=" + (mover >= 0 && mine.contains(mover))
            + " my_clock=" + (clock < 0 ? "-" : MyMatches.minutes(clock))
            + " opponents=" + (opponents.isEmpty() ? "-" : opponents)
            + (m.getStatus() == MatchStatus.MATCH_FINISHED && m.hasResult() ? " result=" + m.getResult().getDescription() : "");
    }

    private static String colour(Match m, int seat) {
        return seat < m.getSeatsCount() && !m.getSeats(seat).getColour().isEmpty() ? m.getSeats(seat).getColour()
            : "seat" + seat;
    }

    /** A seat's occupant: the player's name, "ai" with its level, "open", or the invited name with a '?'. */
    private static String who(MatchSeat s) {
        return switch (s.getKind()) {
            case SEAT_PLAYER -> s.getPlayer().getName();
            case SEAT_AI -> "ai" + s.getAiLevel();
            case SEAT_INVITED -> s.getPlayer().getName() + "?";
            default -> "open";
        };
    }
}
