package com.plyyard.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a seat's leaving by resignation or time does to a game ({@link GameModule#removeSeat}): either the game
 * goes on without the seat — {@code position} is then the position after it left — or the leaving ends the
 * game with {@code outcome}, the position staying as it was.
 */
public record SeatRemoval(Position position, Optional<Outcome> outcome) {
    /** The game goes on from {@code next}, the position without the seat (which may itself be finished). */
    public static SeatRemoval goesOn(Position next) {
        return new SeatRemoval(next, Optional.empty());
    }

    /**
     * The game ends: the leaving seat's team loses and every other seat wins, e.g. "White wins: Black ran out
     * of time." or "Red and Blue win: Yellow resigned.".
     *
     * @param reason {@link EndReason#RESIGNATION} or {@link EndReason#TIMEOUT}
     */
    public static SeatRemoval teamLoses(Position position, int seat, EndReason reason) {
        if (reason != EndReason.RESIGNATION && reason != EndReason.TIMEOUT) {
            throw new InvalidInputException("A seat leaves by RESIGNATION or TIMEOUT, not " + reason + ".");
        }
        List<Seat> seats = position.seats();
        Seat leaving = seats.get(seat);
        List<Integer> winners = new ArrayList<>();
        for (Seat s : seats) {
            if (s.team() != leaving.team()) {
                winners.add(s.index());
            }
        }
        String names = winners.stream().map(w -> capital(seats.get(w).colour())).collect(Collectors.joining(" and "));
        String why = reason == EndReason.RESIGNATION ? " resigned." : " ran out of time.";
        Outcome outcome = new Outcome(false, winners, reason,
            names + (winners.size() == 1 ? " wins: " : " win: ") + capital(leaving.colour()) + why, List.of());
        return new SeatRemoval(position, Optional.of(outcome));
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
