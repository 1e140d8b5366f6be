package com.plyyard.client;

import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.Rating;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ratings [NAME]}: a player's Glicko-2 ratings, one line per variant and time class. */
@Command(name = "ratings", mixinStandardHelpOptions = true, description = "Shows a player's ratings (default: mine).")
public class RatingsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    OnlineArgs online;
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The player (default: me).")
    String player;

    static String describe(String name, Rating r) {
        return String.format(Locale.ROOT, "rating player=%s variant=%s class=%s rating=%.0f rd=%.0f games=%d%s", name,
            r.getVariant(), r.getTimeClass(), r.getRating(), r.getDeviation(), r.getGames(), r.getProvisional() ? " provisional" : "");
    }

    @Override
    public Integer call() {
        return online.once(spec, lobby -> lobby.matchmaking().getRatings(GetRatingsRequest.newBuilder()
                .setPlayer(player == null ? "" : player).build()),
            r -> r.getRatingsList().isEmpty() ? "no rated games yet for " + r.getPlayer().getName()
                : r.getRatingsList().stream().map(x -> describe(r.getPlayer().getName(), x)).collect(Collectors.joining("\n")));
    }
}
