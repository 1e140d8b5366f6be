package com.plyyard.mapping;

import com.plyyard.engine.learn.Exercise;
import com.plyyard.engine.learn.Exercises;
import com.plyyard.engine.learn.Judge;
import com.plyyard.engine.learn.Verdict;
import com.plyyard.grpc.Statuses;
import com.plyyard.proto.v1.ExercisePart;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.ListExercisesRequest;
import com.plyyard.proto.v1.ListExercisesResponse;
import java.util.List;

/**
 * ExerciseService's operations (learn.proto): the exercises the engine ships ({@code com.plyyard.engine.learn}) as the
 * contracts' messages, and the judgement of an answer. rules-service serves them; the lobby's tests run them in-process.
 * The list is built once: the exercises are part of the rules' release.
 */
public final class ExerciseOperations {
    private final ProtoMapper mapper;
    private final List<com.plyyard.proto.v1.Exercise> all;

    public ExerciseOperations(ProtoMapper mapper) {
        this.mapper = mapper;
        this.all = Exercises.all().stream().map(this::message).toList();
    }

    public ListExercisesResponse listExercises(ListExercisesRequest request) {
        String game = request.getGame().strip();
        if (!game.isEmpty() && Exercises.of(game).isEmpty()) {
            throw Statuses.invalid("There are no exercises for a game '" + game + "'; the games are "
                + String.join(", ", all.stream().map(com.plyyard.proto.v1.Exercise::getGame).distinct().toList()) + ".");
        }
        return ListExercisesResponse.newBuilder()
            .addAllExercises(game.isEmpty() ? all : all.stream().filter(e -> e.getGame().equals(game)).toList())
            .build();
    }

    public Judgement judgeAnswer(JudgeAnswerRequest request) {
        Exercise exercise = Exercises.get(request.getExerciseId()).orElseThrow(() -> Statuses.notFound(
            "There is no exercise '" + request.getExerciseId() + "'; ListExercises lists them."));
        Verdict verdict = Judge.answer(exercise, request.getPart(), request.getMovesList());
        Exercise.Part part = exercise.parts().get(request.getPart());
        return Judgement.newBuilder()
            .setCorrect(verdict.correct())
            .setSolved(verdict.solved())
            .setSentence(verdict.sentence())
            .setReply(verdict.reply())
            .setState(mapper.state(Judge.start(part).rules().parse(verdict.position())))
            .setStep(verdict.step())
            .build();
    }

    private com.plyyard.proto.v1.Exercise message(Exercise e) {
        com.plyyard.proto.v1.Exercise.Builder b = com.plyyard.proto.v1.Exercise.newBuilder()
            .setId(e.id())
            .setGame(e.game())
            .setLesson(e.lesson())
            .setTitle(e.title())
            .setText(e.text());
        for (Exercise.Part part : e.parts()) {
            b.addParts(ExercisePart.newBuilder()
                .setLabel(part.label())
                .setStart(mapper.state(Judge.start(part)))
                .setSteps(part.steps().size()));
        }
        return b.build();
    }
}
