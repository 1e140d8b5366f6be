package com.plyyard.engine.ploy;

import com.plyyard.engine.InvalidInputException;
import java.util.List;

/** Two players, four-player free-for-all, or four players in two teams (Green+Yellow vs Red+Blue). */
public enum PloyMode {
    TWO_PLAYER("2p", List.of("green", "red")),
    FREE_FOR_ALL("ffa", List.of("green", "red", "yellow", "blue")),
    TEAMS("team", List.of("green", "red", "yellow", "blue"));

    private final String id;
    private final List<String> colours;

    PloyMode(String id, List<String> colours) {
        this.id = id;
        this.colours = colours;
    }

    public String id() {
        return id;
    }

    public int seats() {
        return colours.size();
    }

    /** Seat colours in turn order: Green first, then clockwise. */
    public List<String> colours() {
        return colours;
    }

    /** The PPN letter of a seat: g, r, y, b. */
    public char letter(int seat) {
        return colours.get(seat).charAt(0);
    }

    /** Seat of a PPN colour letter, or -1 if this mode has no such colour. */
    public int seatOf(char letter) {
        for (int s = 0; s < colours.size(); s++) {
            if (colours.get(s).charAt(0) == Character.toLowerCase(letter)) {
                return s;
            }
        }
        return -1;
    }

    public static PloyMode fromId(String id) {
        for (PloyMode m : values()) {
            if (m.id.equals(id)) {
                return m;
            }
        }
        throw new InvalidInputException("Unknown Ploy mode '" + id + "'; expected 2p, ffa or team.");
    }
}
