package com.plyyard.client.online;

import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What a client knows of a match: the snapshot brought up to date by the events that followed it. */
public final class MatchView {
    private Match match;
    private GameState state;
    private MatchStatus status;
    private Outcome result;
    private final List<Long> clocks = new ArrayList<>();
    private long clockAt;
    private final List<String> moves = new ArrayList<>();
    private final java.util.Set<Integer> outSeats = new java.util.HashSet<>();
    private long version;

    /** Applies an event; returns a line to tell the user, or null. */
    public String apply(MatchEvent e) {
        version = e.hasSnapshot() ? e.getSnapshot().getVersion() : e.getVersion();
        switch (e.getEventCase()) {
            case SNAPSHOT -> {
                match = e.getSnapshot();
                state = match.getState();
                status = match.getStatus();
                result = match.hasResult() ? match.getResult() : null;
                clocks.clear();
                for (MatchSeat s : match.getSeatsList()) {
                    clocks.add(s.getClockMillis());
                }
                clockAt = match.getClockAtEpochMillis();
                moves.clear();
                match.getMovesList().forEach(m -> moves.add(m.getMove().getNotation()));
                outSeats.clear();
                match.getSeatsList().stream().filter(MatchSeat::getOut).forEach(s -> outSeats.add(s.getIndex()));
                return null;
            }
            case MOVE_PLAYED -> {
                state = e.getMovePlayed().getState();
                clocks.clear();
                clocks.addAll(e.getMovePlayed().getClockMillisList());
                clockAt = e.getAtEpochMillis();
                moves.add(e.getMovePlayed().getMove().getNotation());
                return colour(e.getMovePlayed().getSeat()) + " played " + e.getMovePlayed().getMove().getNotation();
            }
            case STARTED -> {
                status = MatchStatus.MATCH_ACTIVE;
                clockAt = e.getAtEpochMillis();
                return "the match starts";
            }
            case SEAT_JOINED -> {
                return e.getSeatJoined().getPlayer().getName() + " takes " + colour(e.getSeatJoined().getSeat());
            }
            case CLOCK -> {
                clocks.clear();
                clocks.addAll(e.getClock().getClockMillisList());
                clockAt = e.getAtEpochMillis();
                return null;
            }
            case DRAW_OFFERED -> {
                return colour(e.getDrawOffered().getSeat()) + " offers a draw (accept or decline)";
            }
            case DRAW_DECLINED -> {
                return colour(e.getDrawDeclined().getSeat()) + " declines the draw";
            }
            case SEAT_OUT -> {
                state = e.getSeatOut().getState();
                outSeats.add(e.getSeatOut().getSeat());
                return colour(e.getSeatOut().getSeat()) + " is out ("
                    + e.getSeatOut().getReason().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")";
            }
            case ENDED -> {
                status = e.getEnded().getStatus();
                result = e.getEnded().getResult();
                if (e.getEnded().hasState()) {
                    state = e.getEnded().getState();
                }
                return null;
            }
            case PRESENCE -> {
                return colour(e.getPresence().getSeat()) + (e.getPresence().getConnected() ? " is here" : " left");
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * Starts from a match's metadata (seats, colours, clock settings) for a watch resumed after a version: the game
     * state and the status come from the events that follow, not from the match's present state.
     */
    public void resume(Match m, long fromVersion) {
        match = m;
        version = fromVersion;
        state = null;
        status = MatchStatus.MATCH_ACTIVE;
        result = null;
        clocks.clear();
        moves.clear();
        outSeats.clear();
    }

    /**
     * The version of the last event applied: what this view shows, and so the {@code expected_version} of a call
     * made from it (the stream may already have delivered later events that the view has not applied yet).
     */
    public long version() {
        return version;
    }

    public boolean ready() {
        return state != null;
    }

    public Match match() {
        return match;
    }

    public GameState state() {
        return state;
    }

    /** The match ended, or the rules ended the game (the lobby's MatchEnded event follows). */
    public boolean over() {
        return status == MatchStatus.MATCH_FINISHED || status == MatchStatus.MATCH_ABORTED
            || (state != null && state.getStatus() == com.plyyard.proto.v1.GameStatus.FINISHED);
    }

    public boolean active() {
        return status == MatchStatus.MATCH_ACTIVE;
    }

    public Outcome result() {
        return result != null ? result : state != null && state.hasOutcome() ? state.getOutcome() : null;
    }

    public List<String> moves() {
        return moves;
    }

    /**
     * Whether the player of {@code seats} has no part left in a match that goes on (a four-player game after resigning,
     * losing on time or the Commander): every one of those seats is out and none plays another seat's turns.
     */
    public boolean out(java.util.Collection<Integer> seats) {
        if (state == null || seats.isEmpty()) {
            return false;
        }
        for (int seat : seats) {
            boolean gone = outSeats.contains(seat) || seat < state.getSeatsCount() && state.getSeats(seat).getOut();
            if (!gone) {
                return false;
            }
        }
        for (int i = 0; i < state.getSeatsCount(); i++) {
            com.plyyard.proto.v1.Seat other = state.getSeats(i);
            if (!other.getOut() && !outSeats.contains(i) && seats.contains(other.getPlayedBy())) {
                return false; // a partner's turns are still mine to play
            }
        }
        return true;
    }

    /** The seat whose player moves now (a partner may play an out seat's turn). */
    public int mover() {
        return state.getSeats(state.getToMove()).getPlayedBy();
    }

    public String colour(long seat) {
        String c = state != null && seat < state.getSeatsCount() ? state.getSeats((int) seat).getColour()
            : match != null && seat < match.getSeatsCount() ? match.getSeats((int) seat).getColour() : "seat " + seat;
        return c.isEmpty() ? "seat " + seat : Character.toUpperCase(c.charAt(0)) + c.substring(1);
    }

    /** "White 4:55  Black 5:00" with the running clock counted down to now; empty without a clock. */
    public String clocks(long now) {
        if (match == null || match.getTimeControl().getInitialSeconds() == 0 || clocks.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (int seat = 0; seat < clocks.size(); seat++) {
            long left = clocks.get(seat);
            if (active() && seat == mover()) {
                left -= Math.max(0, now - clockAt);
            }
            left = Math.max(0, left);
            sb.append(sb.length() == 0 ? "" : "  ").append(colour(seat)).append(' ')
                .append(String.format(Locale.ROOT, "%d:%02d", left / 60_000, left / 1000 % 60));
        }
        return sb.toString();
    }
}
