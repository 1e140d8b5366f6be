package com.plyyard.lobby.learn;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.proto.v1.Exercise;
import com.plyyard.proto.v1.ExerciseProgress;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.Lesson;
import com.plyyard.proto.v1.ListLessonsResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The learning side for players (learn.proto's LearnService, docs/learn.md): the exercises come from rules-service
 * (read once, they are part of its release), each answer is judged there, and the lobby keeps each player's progress.
 * A judged answer, right or wrong, counts; a refused one (an exercise or part that does not exist) changes nothing.
 */
@ApplicationScoped
public class Learning {
    @Inject
    Rules rules;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyClock clock;

    @Inject
    ExerciseProgressRepository progress;

    /** Read on first use; rules-service down then is UNAVAILABLE, and the next call tries again. */
    private volatile Map<String, Exercise> exercises;

    /** The lessons of {@code game} with the player's progress. Blocking: call with no transaction open. */
    public ListLessonsResponse lessons(UUID player, String game) {
        String wanted = game.strip();
        Map<String, Exercise> all = exercises();
        List<Exercise> ofGame = all.values().stream().filter(e -> e.getGame().equals(wanted)).toList();
        if (ofGame.isEmpty()) {
            List<String> games = all.values().stream().map(Exercise::getGame).distinct().toList();
            throw LobbyException.invalid(wanted.isEmpty() ? "Say which game's lessons: " + String.join(", ", games) + "."
                : "There are no lessons for a game '" + wanted + "'; there are lessons for " + String.join(", ", games) + ".");
        }
        Map<String, Map<Integer, ExerciseProgressEntity>> mine = new HashMap<>();
        unitOfWork.run(() -> progress.of(player).forEach(p -> mine.computeIfAbsent(p.exerciseId, k -> new HashMap<>())
            .put(p.part, p)));
        Map<String, Lesson.Builder> lessons = new LinkedHashMap<>();
        int solved = 0;
        for (Exercise e : ofGame) {
            ExerciseProgress.Builder row = ExerciseProgress.newBuilder().setExercise(e);
            Map<Integer, ExerciseProgressEntity> parts = mine.getOrDefault(e.getId(), Map.of());
            boolean every = true;
            for (int part = 0; part < e.getPartsCount(); part++) {
                ExerciseProgressEntity p = parts.get(part);
                boolean done = p != null && p.solvedAt != null;
                row.addPartsSolved(done);
                every &= done;
                if (p != null) {
                    row.setAttempts(row.getAttempts() + p.attempts).setWrong(row.getWrong() + p.wrong);
                }
            }
            row.setSolved(every);
            solved += every ? 1 : 0;
            lessons.computeIfAbsent(e.getLesson(), t -> Lesson.newBuilder().setTitle(t)).addExercises(row);
        }
        ListLessonsResponse.Builder out = ListLessonsResponse.newBuilder().setExercises(ofGame.size()).setSolved(solved);
        lessons.values().forEach(out::addLessons);
        return out.build();
    }

    /**
     * Judges an answer (rules-service) and counts it in the player's progress. Blocking: call with no transaction open.
     * Refusals (no such exercise, a part or moves that do not fit) change nothing.
     */
    public Judgement answer(UUID player, JudgeAnswerRequest request) {
        Exercise exercise = exercises().get(request.getExerciseId());
        if (exercise == null) {
            throw LobbyException.notFound("There is no exercise '" + request.getExerciseId() + "'; ListLessons lists them.");
        }
        Judgement judgement = rules.judgeAnswer(request);
        unitOfWork.run(() -> progress.count(player, exercise.getId(), request.getPart(), judgement.getCorrect(),
            judgement.getSolved(), clock.now()));
        return judgement;
    }

    private Map<String, Exercise> exercises() {
        Map<String, Exercise> known = exercises;
        if (known == null) {
            Map<String, Exercise> read = new LinkedHashMap<>();
            rules.listExercises().getExercisesList().forEach(e -> read.put(e.getId(), e));
            exercises = known = Collections.unmodifiableMap(read); // in the rules' order: lessons keep it
        }
        return known;
    }
}
