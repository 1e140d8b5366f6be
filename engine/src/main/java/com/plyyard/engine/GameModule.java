package com.plyyard.engine;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One game as Ply Yard plugs it in: its variants and every hook that differs between games. Each game
 * implements it once, in its own package ({@code DraughtsModule}, {@code PloyModule}, {@code PiracyModule}), and
 * the catalog ({@link com.plyyard.engine.catalog.Variants}) lists it; nothing else dispatches on a game's type or
 * name. Adding a game is implementing this interface — the compiler then asks for every hook, and through
 * {@link VariantRules}, {@link Position}, {@link SearchBoard} and {@link GameRecord} for everything below them — and
 * adding it to the catalog (docs/games.md). {@code GameModuleContractTest} then checks the new game's variants with
 * the others'. This package, the SPI, depends on no game and on neither the search nor the records.
 *
 * <p>Hooks taking a {@link Position} accept only this game's positions (they come from its own
 * {@link VariantRules}); anything else is refused with an {@link InvalidInputException}.
 */
public interface GameModule {
    /** The game's id, e.g. "draughts": what {@link VariantRules#game()} answers for every variant of it. */
    String game();

    /** The ids of the game's variants, e.g. ["draughts:fmjd", "draughts:plyyard"], in a stable order. */
    List<String> variantIds();

    /**
     * The rules of one of {@link #variantIds()} with its options.
     *
     * @param options key=value options; unknown keys or bad values are rejected
     * @throws InvalidInputException with the reason
     */
    VariantRules rules(String variantId, Map<String, String> options);

    /**
     * The order of {@link Position#legalMoves()} and of {@link VariantRules#divide}'s keys, as a comparison of
     * canonical move notations: a stable order clients and tests can rely on.
     */
    Comparator<String> moveOrder();

    /** How deep each engine level searches this game (its branching factor decides). */
    DepthCaps depthCaps();

    /** A fresh board for the engine's search, starting at {@code position}. */
    SearchBoard searchBoard(Position position);

    /**
     * A fresh board whose search takes {@code rootSeat}'s view, whether or not that seat moves at the root: games that
     * search a free-for-all as one player against the rest (Ploy's paranoid search) make {@code rootSeat} that player;
     * where seats play in two fixed sides the view is a matter of sign and this is {@link #searchBoard(Position)} (the
     * default). The caller has checked that the seat is in the game.
     */
    default SearchBoard searchBoard(Position position, int rootSeat) {
        return searchBoard(position);
    }

    /**
     * Reads now what the engine plays {@code rules} with (draughts' endgame tables: seconds for five pieces) instead
     * of in the first search, so that the first move is not late; engines serving a protocol call it before they say
     * they are ready. Nothing for a game that has nothing to read.
     */
    default void prepare(VariantRules rules) {
    }

    /**
     * Records a game from its first position and moves (any accepted spelling; recorded in the format's own, e.g.
     * Piracy's long form).
     *
     * @param tags roster and event tags, e.g. "White" → a name
     * @throws IllegalMoveException  if a move is illegal (the message names its number)
     * @throws InvalidInputException if a move is malformed
     */
    GameRecord record(Position first, List<String> moves, Map<String, String> tags);

    /**
     * Records a game in which seats left by resignation or time while it went on ({@link SeatLeaving}, in the order they
     * left): each is applied by {@link #removeSeat} after its moves. Games whose format cannot say it refuse any leaving
     * (the default); with none, the same as {@link #record(Position, List, Map)}.
     *
     * @throws IllegalMoveException  if a move is illegal, or a leaving impossible where it stands (the seat is out, the
     *                               game is over)
     * @throws InvalidInputException if a move is malformed, or the leavings are out of order or beyond the moves
     */
    default GameRecord record(Position first, List<String> moves, List<SeatLeaving> leavings, Map<String, String> tags) {
        if (!leavings.isEmpty()) {
            throw new InvalidInputException("A " + game() + " record cannot say that a seat left while the game went on: "
                + "in " + game() + " a seat's leaving ends the game, which the record's result says.");
        }
        return record(first, moves, tags);
    }

    /**
     * Reads a record in this game's format, as {@link GameRecord#write()} writes it.
     *
     * @throws InvalidInputException if the text is malformed or does not say its variant
     * @throws IllegalMoveException  if a move is illegal
     */
    GameRecord readRecord(String text);

    /**
     * What happens when {@code seat} leaves an ongoing game by resignation or time: the game goes on without it
     * ({@link SeatRemoval#goesOn}) or ends ({@link SeatRemoval#teamLoses}, or an ending of the game's own). The
     * caller has checked that the game is ongoing and the seat still in it.
     *
     * @param reason {@link EndReason#RESIGNATION} or {@link EndReason#TIMEOUT}
     */
    SeatRemoval removeSeat(Position position, int seat, EndReason reason);

    /**
     * The game's perfect play, if it has one: tables of exact values the AI service plays from at the MAX level and
     * in analysis (Piracy's tablebases). Empty for games that are only searched.
     */
    Optional<PerfectPlay> perfectPlay();

    /**
     * How the game speaks the Hub protocol, if it does: then an external Hub engine may answer for it (ai-service) and
     * our engine serves Hub GUIs ({@code plyyard hub}). Draughts only: Hub is a draughts protocol.
     */
    Optional<HubDialect> hub();

    /**
     * The game's own conditions an exercise may set on a move (e.g. draughts' "promotes", Piracy's "hits"), beside the
     * shared ones of {@code com.plyyard.engine.learn}. Names are unique across both.
     */
    default List<MoveCondition> moveConditions() {
        return List.of();
    }

    /**
     * The names of its move conditions ({@link #moveConditions()} or the shared ones) that name a puzzle's theme when a
     * move of the solver meets them (e.g. Piracy's "sinks-enemy"), most telling first. None by default.
     */
    default List<String> puzzleThemes() {
        return List.of();
    }

    /**
     * {@code position} as this game's own position type.
     *
     * @throws InvalidInputException if it is a position of another game
     */
    static <P extends Position> P own(Class<P> type, Position position, String game) {
        if (!type.isInstance(position)) {
            throw new InvalidInputException("Position " + position + " is not a " + game + " position.");
        }
        return type.cast(position);
    }
}
