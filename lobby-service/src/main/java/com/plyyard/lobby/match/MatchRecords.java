package com.plyyard.lobby.match;

import com.plyyard.grpc.InputLimits;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.RecordHeaders;
import com.plyyard.proto.v1.WriteRecordResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;

/**
 * GetMatchRecord: the match's game record, written by rules-service with the engine's writers (WriteRecord) from the
 * stored moves, seats and result. The match is read as GetMatch reads it (the id checked, NOT_FOUND, a short
 * transaction) and rules-service asked after it, as for the legal moves; nothing is written.
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
        // read after the match: a seat that left since has a version above the match's moves, which it cannot affect
        List<MatchEvent> seatOuts = unitOfWork.call(() -> events.seatOuts(UUID.fromString(m.getId())));
        refuseUnrecordable(m, seatOuts);
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
            headers.build());
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
     * A match no record can hold: more moves than one request carries, or a free-for-all seat that left (resignation,
     * time) while the game went on — the formats record moves only, and a replay would give the left seat its turns.
     */
    private static void refuseUnrecordable(Match m, List<MatchEvent> seatOuts) {
        if (m.getMovesCount() > MAX_PLIES) {
            throw LobbyException.failedPrecondition("This match has " + m.getMovesCount() + " plies; a record is written "
                + "for at most " + MAX_PLIES + ".");
        }
        List<MatchMove> moves = m.getMovesList();
        long lastMove = moves.isEmpty() ? 0 : moves.get(moves.size() - 1).getVersion();
        for (MatchEvent e : seatOuts) {
            if (e.getVersion() < lastMove) {
                int seat = e.getSeatOut().getSeat();
                long before = moves.stream().filter(mm -> mm.getVersion() < e.getVersion()).count();
                String colour = seat < m.getSeatsCount() ? m.getSeats(seat).getColour() : "";
                String who = colour.isEmpty() ? "Seat " + seat : Character.toUpperCase(colour.charAt(0)) + colour.substring(1);
                String how = e.getSeatOut().getReason() == EndReason.TIMEOUT ? "on time" : "by resignation";
                throw LobbyException.failedPrecondition("No game record can hold this match: " + who + " left it " + how
                    + " after ply " + before + " and the game went on, which the record format has no way to say.");
            }
        }
    }
}
