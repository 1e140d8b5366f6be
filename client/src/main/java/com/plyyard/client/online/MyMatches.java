package com.plyyard.client.online;

import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the player's own matches say: which seats are mine, whose turn it is, my clock, and the clocked match that keeps
 * me from being paired again (the lobby refuses a player "playing a match with a clock" without naming it).
 */
public final class MyMatches {
    private MyMatches() {
    }

    /** My seats of {@code m} (usually one). */
    public static List<Integer> mySeats(Match m, String myId) {
        return m.getSeatsList().stream().filter(s -> s.getKind() == SeatKind.SEAT_PLAYER && s.getPlayer().getId().equals(myId))
            .map(MatchSeat::getIndex).toList();
    }

    /** "5+3", or "none" without a clock. */
    public static String time(TimeControl tc) {
        return tc.getInitialSeconds() == 0 && tc.getIncrementSeconds() == 0 ? "none"
            : tc.getInitialSeconds() / 60 + "+" + tc.getIncrementSeconds();
    }

    /** "active", "waiting", "finished", "aborted". */
    public static String status(MatchStatus s) {
        return switch (s) {
            case MATCH_WAITING -> "waiting";
            case MATCH_ACTIVE -> "active";
            case MATCH_FINISHED -> "finished";
            case MATCH_ABORTED -> "aborted";
            default -> s.name().toLowerCase(Locale.ROOT);
        };
    }

    /** The seat whose player moves now in an active match (a partner may play an out seat's turn); -1 otherwise. */
    public static int mover(Match m) {
        if (m.getStatus() != MatchStatus.MATCH_ACTIVE || !m.hasState() || m.getState().getSeatsCount() == 0) {
            return -1;
        }
        int toMove = m.getState().getToMove();
        return toMove < m.getState().getSeatsCount() ? m.getState().getSeats(toMove).getPlayedBy() : toMove;
    }

    /** The time left on {@code seat}'s clock at {@code now} (the mover's clock runs), or -1 without a clock. */
    public static long clockLeft(Match m, int seat, long now) {
        if (m.getTimeControl().getInitialSeconds() == 0 || seat < 0 || seat >= m.getSeatsCount()) {
            return -1;
        }
        long left = m.getSeats(seat).getClockMillis();
        if (m.getStatus() == MatchStatus.MATCH_ACTIVE && m.hasState() && m.getState().getToMove() == seat) {
            left -= Math.max(0, now - m.getClockAtEpochMillis());
        }
        return Math.max(0, left);
    }

    /** "4:05". */
    public static String minutes(long millis) {
        return String.format(Locale.ROOT, "%d:%02d", millis / 60_000, millis / 1000 % 60);
    }

    /**
     * The active match with a clock in which I still have a seat that is not out: what the lobby's "You are playing a
     * match with a clock" refers to. Empty when there is none, or when the lobby cannot be asked.
     */
    static Optional<Match> busyWith(Lobby lobby) {
        try {
            return lobby.matches().withDeadlineAfter(5, TimeUnit.SECONDS).listMyMatches(ListMyMatchesRequest.newBuilder()
                .setStatus(MatchStatus.MATCH_ACTIVE).build()).getMatchesList().stream()
                .filter(m -> m.getStatus() == MatchStatus.MATCH_ACTIVE && m.getTimeControl().getInitialSeconds() > 0)
                .filter(m -> m.getSeatsList().stream().anyMatch(s -> s.getKind() == SeatKind.SEAT_PLAYER && !s.getOut()
                    && s.getPlayer().getId().equals(lobby.me().getId())))
                .findFirst();
        } catch (StatusRuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The refusal of a pairing to a player busy in a clocked match, made useful: the match's id and the command that
     * resumes it. Lobbies since issue 51 name the match themselves ("You are playing match … which has a clock; resume
     * it with …"); an older lobby says only "You are playing a match with a clock", and that sentence gets the match
     * from ListMyMatches. Other sentences, and one that names the match already, are returned as they are.
     */
    static String nameTheBusyMatch(Lobby lobby, String sentence) {
        if (sentence == null || !sentence.startsWith("You are playing a match with a clock") || lobby.me() == null) {
            return sentence;
        }
        return busyWith(lobby).filter(m -> !sentence.contains(m.getId()))
            .map(m -> sentence.strip() + " It is match " + m.getId() + " (" + m.getVariant().getId() + ", "
                + time(m.getTimeControl()) + "); resume it with ./plyyard play --match " + m.getId()
                + (lobby.target().equals("localhost:7070") ? "" : " --target " + lobby.target()) + ".")
            .orElse(sentence);
    }
}
