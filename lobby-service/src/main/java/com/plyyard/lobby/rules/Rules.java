package com.plyyard.lobby.rules;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.ListExercisesResponse;
import com.plyyard.proto.v1.ListPuzzlesResponse;
import com.plyyard.proto.v1.PuzzleJudgement;
import com.plyyard.proto.v1.RecordHeaders;
import com.plyyard.proto.v1.SeatLeaving;
import com.plyyard.proto.v1.VariantOptions;
import com.plyyard.proto.v1.WriteRecordResponse;
import java.util.List;

/**
 * What the lobby asks of the rules: everything it knows about a game comes from here, never from the engine. In
 * production {@link RulesClient} asks rules-service over gRPC; tests put the engine in-process behind it. A refusal is a
 * {@code LobbyException} carrying the rules' own sentence (INVALID_ARGUMENT, FAILED_PRECONDITION, NOT_FOUND); a rules
 * service that cannot answer is UNAVAILABLE. Blocking: call with no transaction open and no row locked.
 */
public interface Rules {
    GameState newGame(String variant, VariantOptions options);

    /** The move played, the position after it and that position's legal moves (none when the game ended). */
    ApplyMoveResponse applyMove(GameState state, String move);

    /**
     * Moves of different games judged in one call, each on its own: for each, in order, its answer or its refusal
     * (the exception {@link #applyMove} would throw). A failure of the call itself (rules-service unreachable) is thrown.
     */
    List<Judged> applyMoves(List<ApplyMoveRequest> moves);

    /** One move's judgement: applied, or refused (the other null). */
    record Judged(ApplyMoveResponse applied, LobbyException refused) {
        /** The answer, or the refusal thrown. */
        public ApplyMoveResponse orThrow() {
            if (refused != null) {
                throw refused;
            }
            return applied;
        }
    }

    LegalMovesResponse legalMoves(GameState state);

    /** A seat leaves by resignation or time: the game goes on without it, or ends. */
    GameState removeSeat(GameState state, int seat, EndReason reason);

    /**
     * The game's record in its own format (PDN, Ploy or Piracy record), written by the engine's writer; {@code leavings}:
     * the seats that left while the game went on, where they left (free-for-all Ploy).
     */
    WriteRecordResponse writeRecord(String variant, VariantOptions options, List<String> moves, List<SeatLeaving> leavings,
                                    RecordHeaders headers);

    /** Every exercise of the learning side (learn.proto), every game, in lesson order. */
    ListExercisesResponse listExercises();

    /**
     * The judgement of an answer to an exercise. A wrong answer is a judgement, not a refusal; an unknown exercise is
     * NOT_FOUND, a part or moves that do not fit are INVALID_ARGUMENT, each with the rules' sentence.
     */
    Judgement judgeAnswer(JudgeAnswerRequest request);

    /** A page of a game's shipped puzzles with the set's digest (learn.proto's ListPuzzles). */
    ListPuzzlesResponse listPuzzles(String game, int offset, int limit);

    /**
     * The judgement of a solver's move against a puzzle sent whole; with no moves, its start. A wrong move is a
     * judgement (legal or not), a puzzle or moves that do not read are INVALID_ARGUMENT.
     */
    PuzzleJudgement judgePuzzleMove(JudgePuzzleMoveRequest request);
}
