package com.plyyard.mapping.testing;

import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.PiracyOptions;
import com.plyyard.proto.v1.PiracySide;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.PloyPartnership;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Valid games from the real rules: for every variant (and a few with options) a random game of some plies, every
 * position on the way with its legal moves, and positions after a resignation (finished, or a free-for-all going on
 * without the seat). The properties send these as they are, mutate them, or send them to the wrong game.
 */
public final class GameSamples {
    /** A valid state and its legal moves (none when the game is over). */
    public record Sample(Variant variant, GameState state, List<Move> legal) {
        public String game() {
            return variant.getId().substring(0, variant.getId().indexOf(':'));
        }

        public boolean over() {
            return state.getStatus() == GameStatus.FINISHED || legal.isEmpty();
        }
    }

    private final List<Variant> variants;
    private final List<Sample> all;
    private final Map<String, List<Sample>> byGame = new TreeMap<>();

    private GameSamples(List<Variant> variants, List<Sample> all) {
        this.variants = List.copyOf(variants);
        this.all = List.copyOf(all);
        for (Sample s : all) {
            byGame.computeIfAbsent(s.game(), g -> new ArrayList<>()).add(s);
        }
    }

    /** Plays {@code plies} random plies in every variant (seeded), keeping every position on the way. */
    public static GameSamples collect(GameOracle oracle, long seed, int plies) {
        Random r = new Random(seed);
        List<Variant> variants = oracle.variants();
        List<Sample> out = new ArrayList<>();
        for (Variant v : variants) {
            walk(oracle, v, oracle.newGame(v.getId(), VariantOptions.getDefaultInstance()), plies, r, out);
        }
        for (Map.Entry<String, VariantOptions> e : withOptions().entrySet()) {
            Variant v = variants.stream().filter(x -> x.getId().equals(e.getKey().split("#")[0])).findFirst().orElseThrow();
            walk(oracle, v, oracle.newGame(v.getId(), e.getValue()), plies / 2, r, out);
        }
        return new GameSamples(variants, out);
    }

    /** Some variants with options other than the defaults (keys: variant#n). */
    private static Map<String, VariantOptions> withOptions() {
        Map<String, VariantOptions> m = new TreeMap<>();
        m.put("draughts:plyyard#1", VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(0)).build());
        m.put("draughts:plyyard#2", VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(3)).build());
        m.put("ploy:3m:team#1", VariantOptions.newBuilder().setPloy(PloyOptions.newBuilder()
            .setPartnership(PloyPartnership.PLOY_PARTNERSHIP_3M).setNoCaptureDrawPlies(4)).build());
        m.put("ploy:imperium:2p#1", VariantOptions.newBuilder().setPloy(PloyOptions.newBuilder().setRepetitionDraw(false)).build());
        m.put("piracy:classic#1", VariantOptions.newBuilder().setPiracy(PiracyOptions.newBuilder().setBoardSize(6)
            .setFirst(PiracySide.SILVER)).build());
        m.put("piracy:classic#2", VariantOptions.newBuilder().setPiracy(PiracyOptions.newBuilder().setBoardSize(26)
            .setIslandSeed(7).setCircleRule(false)).build());
        return m;
    }

    private static void walk(GameOracle oracle, Variant variant, GameState start, int plies, Random r, List<Sample> out) {
        GameState state = start;
        for (int i = 0; i <= plies; i++) {
            List<Move> legal = oracle.legalMoves(state);
            out.add(new Sample(variant, state, legal));
            // only a seat still playing can resign (a Piracy ship already out, say, leaves the other sailing alone)
            List<Integer> playing = state.getSeatsList().stream().filter(seat -> !seat.getOut())
                .map(seat -> seat.getIndex()).toList();
            if (i % 7 == 3 && !legal.isEmpty() && !playing.isEmpty()) {
                GameState resigned = oracle.resign(state, playing.get(r.nextInt(playing.size())));
                out.add(new Sample(variant, resigned, oracle.legalMoves(resigned)));
            }
            if (legal.isEmpty() || state.getStatus() == GameStatus.FINISHED) {
                return;
            }
            state = oracle.play(state, legal.get(r.nextInt(legal.size())).getNotation());
        }
    }

    public List<Variant> variants() {
        return variants;
    }

    public List<String> variantIds() {
        return variants.stream().map(Variant::getId).toList();
    }

    public List<Sample> all() {
        return all;
    }

    public List<String> games() {
        return List.copyOf(byGame.keySet());
    }

    public Gen<Sample> any() {
        return Gen.elements(all);
    }

    /** A sample whose game still goes on (it has legal moves). */
    public Gen<Sample> ongoing() {
        return Gen.elements(all.stream().filter(s -> !s.over()).toList());
    }

    public Gen<Sample> ofGame(String game) {
        return Gen.elements(byGame.getOrDefault(game, Collections.emptyList()));
    }

    /** A sample of another game than {@code game}. */
    public Gen<Sample> otherGame(String game) {
        return Gen.elements(all.stream().filter(s -> !s.game().equals(game)).toList());
    }
}
