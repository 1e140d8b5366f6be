package com.plyyard.client;

import com.plyyard.client.online.Lobby;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchSeat;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code export MATCH}: the match's game record in its game's format, made by the game's module (PDN for draughts
 * with the rule set recorded, the Ploy and Piracy record formats; see docs/). A result the rules did not decide
 * (resignation, time, agreement) is written as the match's result.
 */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Prints a match's game record.")
public class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OnlineArgs online;

    @Parameters(index = "0", paramLabel = "MATCH", description = "The match id.")
    String matchId;

    @Override
    public Integer call() {
        try (Lobby lobby = online.connect()) {
            Match m = lobby.call(() -> lobby.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(matchId).build()));
            PrintWriter out = spec.commandLine().getOut();
            out.print(record(m));
            out.flush();
            return 0;
        }
    }

    /** The record text of a match. */
    public static String record(Match m) {
        VariantRules rules = ProtoMapper.standard().rules(m.getVariant().getId(), m.getVariant().getOptions());
        Position first = rules.start();
        List<String> moves = m.getMovesList().stream().map(MatchMove::getMove).map(x -> x.getNotation()).toList();
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Ply Yard match " + m.getId());
        tags.put("Site", "Ply Yard");
        tags.put("Date", DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC)
            .format(Instant.ofEpochMilli(m.getCreatedAtEpochMillis())));
        tags.put("Round", "-");
        for (MatchSeat s : m.getSeatsList()) {
            String colour = s.getColour().isEmpty() ? "Seat" + s.getIndex()
                : Character.toUpperCase(s.getColour().charAt(0)) + s.getColour().substring(1);
            String who = switch (s.getKind()) {
                case SEAT_PLAYER, SEAT_INVITED -> s.getPlayer().getName();
                case SEAT_AI -> "Ply Yard AI level " + s.getAiLevel();
                default -> "?";
            };
            tags.put(colour, who);
        }
        if (m.hasResult() && !m.getResult().getDescription().isEmpty()) {
            tags.put("Termination", m.getResult().getDescription());
        }
        return first.rules().module().record(first, moves, tags).write();
    }
}
