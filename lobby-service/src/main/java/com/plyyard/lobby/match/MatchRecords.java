package com.plyyard.lobby.match;

import com.plyyard.grpc.InputLimits;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.RecordHeaders;
import com.plyyard.proto.v1.SeatLeaving;
import com.plyyard.proto.v1.WriteRecordResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * GetMatchRecord: the match's game record, written by rules-service with the engine's writers (WriteRecord) from the
 * stored moves, seats, result and the seats that left while the game went on (free-for-all Ploy: resignation or time;
 * the record says where, and its reader replays the game to the stored final position). The match is read as GetMatch
 * reads it (the id checked, NOT_FOUND, a short transaction) and rules-service asked after it, as for the legal moves;
 * nothing is written.
 */
@ApplicationScoped
public class MatchRecords {
    /** The most moves one WriteRecord request carries (the edge guard's bound on a repeated field). */
    static final int MAX_PLIES = InputLimits.PLY_YARD.maxRepeated();

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchQueries queries;

    @Inject
    MatchEventLog events;

    @Inject
    Rules rules;

    public MatchRecord record(String matchIdText) {
        Match m = queries.get(matchIdText);
        if (m.getMovesCount() > MAX_PLIES) {
            throw LobbyException.failedPrecondition("This match has " + m.getMovesCount() + " plies; a record is written "
                + "for at most " + MAX_PLIES + ".");
        }
        List<SeatLeaving> leavings = unitOfWork.call(() -> leavings(m));
        RecordHeaders.Builder headers = RecordHeaders.newBuilder()
            .setEvent("Ply Yard match " + m.getId())
            .setSite("Ply Yard")
            .setDateEpochMillis(m.getCreatedAtEpochMillis())
            .setRound("-");
        for (MatchSeat s : m.getSeatsList()) {
            headers.addPlayers(player(s));
        }
        if (m.hasResult()) {
            headers.setResult(m.getResult());
        }
        List<String> moves = m.getMovesList().stream().map(mm -> mm.getMove().getNotation()).toList();
        WriteRecordResponse written = rules.writeRecord(m.getVariant().getId(), m.getVariant().getOptions(), moves,
            leavings, headers.build());
        return MatchRecord.newBuilder()
            .setMatchId(m.getId())
            .setVersion(m.getVersion())
            .setText(written.getText())
            .setFormat(written.getFormat())
            .setFileName("plyyard-" + m.getId() + "." + written.getFileExtension())
            .setMediaType(written.getMediaType())
            .build();
    }

    /** Who a seat's tag names: the player (also one invited who has not joined yet), the AI and its level, or nobody. */
    private static String player(MatchSeat s) {
        return switch (s.getKind()) {
            case SEAT_PLAYER, SEAT_INVITED -> s.getPlayer().getName();
            case SEAT_AI -> "Ply Yard AI level " + s.getAiLevel();
            default -> "";
        };
    }

    /**
     * The seats that left the match (resignation or time) while the game went on, in the order they left, each after the
     * moves played before it: its {@code SEAT_OUT} events, and the leaving that ended it when the rules then ended the
     * game (the last player standing of a free-for-all: that one is the match's end, not a {@code SEAT_OUT}). Events
     * newer than {@code m} (read before this transaction) are left out. Inside a unit of work.
     */
    private List<SeatLeaving> leavings(Match m) {
        UUID id = UUID.fromString(m.getId());
        List<MatchMove> moves = m.getMovesList();
        List<SeatLeaving> out = new ArrayList<>();
        long lastState = moves.isEmpty() ? 0 : moves.get(moves.size() - 1).getVersion();
        for (MatchEvent e : events.seatOuts(id)) {
            if (e.getVersion() > m.getVersion()) {
                break;
            }
            long before = moves.stream().filter(mm -> mm.getVersion() < e.getVersion()).count();
            out.add(leaving(before, e.getSeatOut().getSeat(), e.getSeatOut().getReason()));
            lastState = Math.max(lastState, e.getVersion());
        }
        if (m.getStatus() == MatchStatus.MATCH_FINISHED && lastState > 0 && endedByTheRulesAfterALeaving(m.getResult())) {
            finalLeaving(m, events.after(id, lastState - 1, (int) Math.min(Integer.MAX_VALUE, m.getVersion() - lastState + 1)))
                .ifPresent(out::add);
        }
        return out;
    }

    /**
     * Whether the match's result may be the rules' verdict after a seat left (the last player standing): not a leaving
     * that ended the game itself (two sides, teams: resignation, time), an agreement or an abort.
     */
    private static boolean endedByTheRulesAfterALeaving(Outcome result) {
        EndReason r = result.getReason();
        return r != EndReason.RESIGNATION && r != EndReason.TIMEOUT && r != EndReason.AGREEMENT && r != EndReason.ABORTED;
    }

    /**
     * The leaving that ended the match, read from its last events: {@code tail} starts at the last move or seat-out (the
     * state before the end) and ends with the end. A seat out at the end that was in the game before left then, on time
     * when its flag fell just before (the flag's ClockUpdate with its clock at 0), else by resignation. Empty when the
     * end came with a move (the move's state is the end's).
     */
    private Optional<SeatLeaving> finalLeaving(Match m, List<MatchEvent> tail) {
        if (tail.size() < 2 || !tail.get(tail.size() - 1).hasEnded()) {
            return Optional.empty();
        }
        MatchEvent first = tail.get(0);
        GameState before = first.hasMovePlayed() ? first.getMovePlayed().getState()
            : first.hasSeatOut() ? first.getSeatOut().getState() : null;
        if (before == null) {
            return Optional.empty();
        }
        GameState after = tail.get(tail.size() - 1).getEnded().getState();
        List<Integer> left = new ArrayList<>();
        for (int seat = 0; seat < Math.min(before.getSeatsCount(), after.getSeatsCount()); seat++) {
            if (after.getSeats(seat).getOut() && !before.getSeats(seat).getOut()) {
                left.add(seat);
            }
        }
        if (left.size() != 1) {
            return Optional.empty();
        }
        int seat = left.get(0);
        MatchEvent beforeEnd = tail.get(tail.size() - 2);
        boolean flagged = beforeEnd.hasClock() && seat < beforeEnd.getClock().getClockMillisCount()
            && beforeEnd.getClock().getClockMillis(seat) == 0;
        return Optional.of(leaving(m.getMovesCount(), seat, flagged ? EndReason.TIMEOUT : EndReason.RESIGNATION));
    }

    private static SeatLeaving leaving(long afterMoves, int seat, EndReason reason) {
        return SeatLeaving.newBuilder().setAfterMoves((int) afterMoves).setSeat(seat).setReason(reason).build();
    }
}
