package com.plyyard.mapping.testing;

import static com.plyyard.grpc.testing.fuzz.Gen.weight;

import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.grpc.testing.fuzz.Numbers;
import com.plyyard.grpc.testing.fuzz.Texts;
import com.plyyard.mapping.testing.GameSamples.Sample;
import com.plyyard.proto.v1.DraughtsBoard;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.DraughtsPiece;
import com.plyyard.proto.v1.DrawCounter;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.PiracyBoard;
import com.plyyard.proto.v1.PiracyOptions;
import com.plyyard.proto.v1.PiracyShip;
import com.plyyard.proto.v1.PloyBoard;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.PloyPiece;
import com.plyyard.proto.v1.Seat;
import com.plyyard.proto.v1.Square;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import java.util.Random;

/**
 * Inputs about games for the properties of rules-service and ai-service, built around valid samples from the real rules
 * ({@link GameSamples}): variant ids, typed options, game states, moves and structured boards — valid, mutated, of the
 * wrong game, or random — so that a good share of the calls reach deep into the services, not only the edge's refusals.
 */
public final class GameFuzz {
    private final GameSamples samples;

    public GameFuzz(GameSamples samples) {
        this.samples = samples;
    }

    public GameSamples samples() {
        return samples;
    }

    // ---- variants and options

    /** A variant id: valid, mutated, a part of one, or any text. */
    public Gen<String> variantId() {
        Gen<String> valid = Gen.elements(samples.variantIds());
        return Gen.frequency(
            weight(50, valid),
            weight(18, Texts.mutated(valid)),
            weight(8, Gen.elements("draughts", "ploy", "piracy", "ploy:3m", "ploy:3m:", ":2p", "chess:classic", "DRAUGHTS:FMJD",
                "draughts:fmjd ", "ploy:3m:2p:extra", "piracy:classic:ffa", "ploy:imperium:4p", ":", "::")),
            weight(24, Texts.any()));
    }

    /** Options: none, valid-looking for some game, or with values at the edges. */
    public Gen<VariantOptions> options() {
        return Gen.frequency(
            weight(40, Gen.constant(VariantOptions.getDefaultInstance())),
            weight(20, draughtsOptions()),
            weight(20, ployOptions()),
            weight(20, piracyOptions()));
    }

    /** Options of the game, most often; sometimes of another game or none. */
    public Gen<VariantOptions> optionsFor(String game) {
        Gen<VariantOptions> own = switch (game) {
            case "draughts" -> draughtsOptions();
            case "ploy" -> ployOptions();
            default -> piracyOptions();
        };
        return Gen.frequency(
            weight(45, Gen.constant(VariantOptions.getDefaultInstance())),
            weight(40, own),
            weight(15, options()));
    }

    public Gen<VariantOptions> draughtsOptions() {
        return r -> {
            DraughtsOptions.Builder o = DraughtsOptions.newBuilder();
            if (r.nextInt(4) > 0) {
                o.setNoCaptureDrawPlies(Numbers.mostlyIn(0, 120).next(r));
            }
            return VariantOptions.newBuilder().setDraughts(o).build();
        };
    }

    public Gen<VariantOptions> ployOptions() {
        return r -> {
            PloyOptions.Builder o = PloyOptions.newBuilder();
            if (r.nextBoolean()) {
                o.setPartnershipValue(r.nextInt(6) == 0 ? Numbers.anyInt().next(r) : r.nextInt(3));
            }
            if (r.nextBoolean()) {
                o.setRepetitionDraw(r.nextBoolean());
            }
            if (r.nextBoolean()) {
                o.setNoCaptureDrawPlies(Numbers.mostlyIn(0, 300).next(r));
            }
            return VariantOptions.newBuilder().setPloy(o).build();
        };
    }

    public Gen<VariantOptions> piracyOptions() {
        return r -> {
            PiracyOptions.Builder o = PiracyOptions.newBuilder();
            if (r.nextBoolean()) {
                o.setBoardSize(Numbers.mostlyIn(6, 26).next(r));
            }
            if (r.nextInt(3) == 0) {
                o.setIslandSeed(Numbers.anyLong().next(r));
            }
            if (r.nextInt(3) == 0) {
                o.setIsland(Square.newBuilder().setX(Numbers.mostlyIn(0, 25).next(r)).setY(Numbers.mostlyIn(0, 25).next(r)));
            }
            if (r.nextInt(3) == 0) {
                o.setFirstValue(r.nextInt(6) == 0 ? Numbers.anyInt().next(r) : r.nextInt(3));
            }
            if (r.nextInt(3) == 0) {
                o.setCircleRule(r.nextBoolean());
            }
            if (r.nextInt(3) == 0) {
                o.setSurvivorSinksValue(r.nextInt(6) == 0 ? Numbers.anyInt().next(r) : r.nextInt(3));
            }
            return VariantOptions.newBuilder().setPiracy(o).build();
        };
    }

    // ---- states

    /** A game state: valid, a valid one mutated, or random. */
    public Gen<GameState> state() {
        return Gen.frequency(
            weight(35, samples.any().map(Sample::state)),
            weight(50, samples.any().then((s, r) -> mutate(s.state(), r))),
            weight(10, randomState()),
            weight(5, Gen.constant(GameState.getDefaultInstance())));
    }

    /** A state nobody made: any variant text, any position text, random counters. */
    public Gen<GameState> randomState() {
        return r -> {
            GameState.Builder b = GameState.newBuilder()
                .setVariant(Variant.newBuilder().setId(variantId().next(r)).setOptions(options().next(r)))
                .setPosition(r.nextBoolean() ? Texts.any().next(r) : Texts.mutated(Gen.elements(samples.all())
                    .map(s -> s.state().getPosition())).next(r));
            if (r.nextBoolean()) {
                b.setPly(Numbers.anyInt().next(r));
            }
            if (r.nextBoolean()) {
                b.addRepetitionKeys(r.nextLong());
            }
            return b.build();
        };
    }

    /** The state changed in one to three ways: its text, variant, options, counters, keys, status, seats, board... */
    public GameState mutate(GameState state, Random r) {
        GameState.Builder b = state.toBuilder();
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            mutateOnce(b, r);
        }
        return b.build();
    }

    private void mutateOnce(GameState.Builder b, Random r) {
        switch (r.nextInt(16)) {
            case 0, 1, 2 -> b.setPosition(Texts.mutate(b.getPosition(), r));
            case 3 -> b.setPosition(samples.any().next(r).state().getPosition()); // another game's or variant's text
            case 4 -> b.setVariant(b.getVariant().toBuilder().setId(r.nextBoolean() ? Gen.elements(samples.variantIds()).next(r)
                : Texts.mutate(b.getVariant().getId(), r)));
            case 5 -> b.setVariant(b.getVariant().toBuilder().setOptions(options().next(r)));
            case 6 -> {
                switch (r.nextInt(4)) {
                    case 0 -> b.clearDrawCounters();
                    case 1 -> b.addDrawCounters(DrawCounter.newBuilder().setRule(r.nextBoolean() ? Texts.idLike().next(r)
                        : "25-move").setPlies(Numbers.anyInt().next(r)).setLimit(Numbers.anyInt().next(r)));
                    case 2 -> {
                        if (b.getDrawCountersCount() > 0) {
                            b.addDrawCounters(b.getDrawCounters(r.nextInt(b.getDrawCountersCount())));
                        }
                    }
                    default -> {
                        if (b.getDrawCountersCount() > 0) {
                            int k = r.nextInt(b.getDrawCountersCount());
                            b.setDrawCounters(k, b.getDrawCounters(k).toBuilder().setPlies(Numbers.anyInt().next(r)));
                        }
                    }
                }
            }
            case 7 -> {
                switch (r.nextInt(5)) {
                    case 0 -> b.clearRepetitionKeys();
                    case 1 -> {
                        int k = r.nextInt(200);
                        for (int i = 0; i < k; i++) {
                            b.addRepetitionKeys(r.nextLong());
                        }
                    }
                    case 2 -> { // a long game: many keys, sometimes past the 1 MiB request limit
                        int k = 20_000 + r.nextInt(130_000);
                        long[] keys = new long[k];
                        for (int i = 0; i < k; i++) {
                            keys[i] = r.nextLong();
                        }
                        for (long key : keys) {
                            b.addRepetitionKeys(key);
                        }
                    }
                    default -> { // the current key again: a repetition
                        if (b.getRepetitionKeysCount() > 0) {
                            long last = b.getRepetitionKeys(b.getRepetitionKeysCount() - 1);
                            int k = 1 + r.nextInt(3);
                            for (int i = 0; i < k; i++) {
                                b.addRepetitionKeys(last);
                            }
                        }
                    }
                }
            }
            case 8 -> b.setPly(Numbers.anyInt().next(r));
            case 9 -> {
                if (r.nextBoolean()) {
                    b.setStatus(GameStatus.FINISHED);
                } else {
                    b.setStatusValue(Numbers.anyInt().next(r));
                }
            }
            case 10 -> b.setOutcome(Outcome.newBuilder().setKindValue(Numbers.anyInt().next(r))
                .setDescription(r.nextBoolean() ? Texts.any().next(r) : "White wins: Black has no legal move.")
                .addWinners(Numbers.anyInt().next(r)).setReasonValue(r.nextInt(25)));
            case 11 -> {
                switch (r.nextInt(3)) {
                    case 0 -> b.clearSeats();
                    case 1 -> b.addSeats(Seat.newBuilder().setIndex(Numbers.anyInt().next(r)).setColour(Texts.idLike().next(r)));
                    default -> {
                        for (int i = 0; i < 1025; i++) {
                            b.addSeats(Seat.getDefaultInstance());
                        }
                    }
                }
            }
            case 12 -> b.setToMove(Numbers.anyInt().next(r));
            case 13 -> { // a structured board, also of another game (ignored by the contract)
                switch (r.nextInt(3)) {
                    case 0 -> b.setDraughts(draughtsBoard().next(r));
                    case 1 -> b.setPloy(ployBoard().next(r));
                    default -> b.setPiracy(piracyBoard().next(r));
                }
            }
            case 14 -> {
                if (r.nextBoolean()) {
                    b.clearVariant();
                } else {
                    b.setVariant(b.getVariant().toBuilder().setId(Texts.blank().next(r)));
                }
            }
            default -> b.setPosition(r.nextBoolean() ? "" : Texts.any().next(r));
        }
    }

    // ---- moves

    /** A move for the sample: legal, a legal one mutated, another position's or game's, or any text. */
    public Gen<String> moveFor(Sample sample) {
        Gen<String> legal = sample.legal().isEmpty() ? Texts.notationLike()
            : Gen.elements(sample.legal()).map(m -> m.getNotation());
        return Gen.frequency(
            weight(35, legal),
            weight(22, Texts.mutated(legal)),
            weight(10, samples.otherGame(sample.game()).flatMap(this::legalOf)),
            weight(8, samples.ofGame(sample.game()).flatMap(this::legalOf)),
            weight(10, Texts.notationLike()),
            weight(15, Texts.any()));
    }

    private Gen<String> legalOf(Sample s) {
        return s.legal().isEmpty() ? Texts.notationLike() : Gen.elements(s.legal()).map(m -> m.getNotation());
    }

    // ---- structured boards

    /** A draughts board: a real one changed, or random pieces. */
    public Gen<DraughtsBoard> draughtsBoard() {
        Gen<DraughtsBoard> real = samples.ofGame("draughts").map(s -> s.state().getDraughts());
        return Gen.frequency(
            weight(3, real),
            weight(5, real.then((board, r) -> {
                DraughtsBoard.Builder b = board.toBuilder();
                int k = b.getPiecesCount();
                switch (r.nextInt(5)) {
                    case 0 -> b.setWhiteToMove(!b.getWhiteToMove());
                    case 1 -> {
                        if (k > 0) {
                            b.addPieces(b.getPieces(r.nextInt(k)));
                        }
                    }
                    case 2 -> {
                        if (k > 0) {
                            int i = r.nextInt(k);
                            b.setPieces(i, b.getPieces(i).toBuilder().setSquare(Numbers.mostlyIn(0, 51).next(r)));
                        }
                    }
                    case 3 -> {
                        if (k > 0) {
                            b.removePieces(r.nextInt(k));
                        }
                    }
                    default -> b.clearPieces();
                }
                return b.build();
            })),
            weight(2, r -> {
                DraughtsBoard.Builder b = DraughtsBoard.newBuilder().setWhiteToMove(r.nextBoolean());
                int n = r.nextInt(20) == 0 ? 1025 + r.nextInt(10) : r.nextInt(45);
                for (int i = 0; i < n; i++) {
                    b.addPieces(DraughtsPiece.newBuilder().setSquare(Numbers.mostlyIn(1, 50).next(r)).setWhite(r.nextBoolean())
                        .setKing(r.nextInt(5) == 0));
                }
                return b.build();
            }));
    }

    /** A Ploy board: a real one changed, or random pieces. */
    public Gen<PloyBoard> ployBoard() {
        Gen<PloyBoard> real = samples.ofGame("ploy").map(s -> s.state().getPloy());
        Gen<String> point = Gen.frequency(
            weight(6, r -> "" + (char) ('a' + r.nextInt(9)) + (1 + r.nextInt(9))),
            weight(2, Texts.mutated(Gen.constant("e5"))),
            weight(1, Texts.idLike()));
        Gen<PloyPiece> piece = r -> PloyPiece.newBuilder().setPoint(point.next(r))
            .setOwner(Numbers.mostlyIn(0, 3).next(r)).setController(Numbers.mostlyIn(0, 3).next(r))
            .setKind(r.nextBoolean() ? Gen.elements("commander", "lance", "probe", "shield").next(r) : Texts.idLike().next(r))
            .setMask(Numbers.mostlyIn(0, 255).next(r)).build();
        return Gen.frequency(
            weight(3, real),
            weight(5, real.then((board, r) -> {
                PloyBoard.Builder b = board.toBuilder();
                int k = b.getPiecesCount();
                switch (r.nextInt(5)) {
                    case 0 -> b.setToMove(Numbers.mostlyIn(0, 4).next(r));
                    case 1 -> {
                        if (k > 0) {
                            b.addPieces(b.getPieces(r.nextInt(k)));
                        }
                    }
                    case 2 -> {
                        if (k > 0) {
                            b.setPieces(r.nextInt(k), piece.next(r));
                        }
                    }
                    case 3 -> {
                        if (k > 0) {
                            b.removePieces(r.nextInt(k));
                        }
                    }
                    default -> b.addPieces(piece.next(r));
                }
                return b.build();
            })),
            weight(2, r -> {
                PloyBoard.Builder b = PloyBoard.newBuilder().setToMove(Numbers.mostlyIn(0, 3).next(r));
                int n = r.nextInt(20) == 0 ? 1025 : r.nextInt(30);
                for (int i = 0; i < n; i++) {
                    b.addPieces(piece.next(r));
                }
                return b.build();
            }));
    }

    /** A Piracy board: a real one changed, or random. */
    public Gen<PiracyBoard> piracyBoard() {
        Gen<PiracyBoard> real = samples.ofGame("piracy").map(s -> s.state().getPiracy());
        Gen<Square> square = r -> Square.newBuilder().setX(Numbers.mostlyIn(0, 26).next(r)).setY(Numbers.mostlyIn(0, 26).next(r))
            .build();
        Gen<PiracyShip> ship = r -> PiracyShip.newBuilder().setBow(square.next(r)).setStern(square.next(r))
            .setHeading(Numbers.mostlyIn(0, 8).next(r)).setHits(Numbers.mostlyIn(0, 4).next(r)).setRun(Numbers.mostlyIn(-8, 8).next(r))
            .setSunk(r.nextInt(5) == 0).build();
        return Gen.frequency(
            weight(3, real),
            weight(5, real.then((board, r) -> {
                PiracyBoard.Builder b = board.toBuilder();
                switch (r.nextInt(7)) {
                    case 0 -> b.setSize(Numbers.mostlyIn(5, 27).next(r));
                    case 1 -> b.setIsland(square.next(r));
                    case 2 -> b.setCook(ship.next(r));
                    case 3 -> b.setSilver(b.getCook());
                    case 4 -> b.setSurvivalPhase(true).setSurvivalMovesLeft(Numbers.anyInt().next(r));
                    case 5 -> b.setPly(Numbers.anyInt().next(r));
                    default -> b.setCookToMove(!b.getCookToMove());
                }
                return b.build();
            })),
            weight(2, r -> PiracyBoard.newBuilder().setSize(Numbers.mostlyIn(6, 26).next(r)).setIsland(square.next(r))
                .setCook(ship.next(r)).setSilver(ship.next(r)).setCookToMove(r.nextBoolean()).setPly(Numbers.mostlyIn(0, 500).next(r))
                .build()));
    }
}
