package com.plyyard.engine.learn;

import com.plyyard.engine.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a game's exercise file: lines {@code key: value}, blank lines and {@code #} comments ignored. A file is
 * reviewed like code, so the format is meant to be read by people:
 *
 * <pre>
 * lesson: Capturing                      # sticky: every exercise below belongs to it
 * exercise: draughts-capture-is-mandatory
 * title: Capturing is compulsory
 * text: A capture must be played …       # repeatable: paragraphs
 * part: Under fmjd                       # optional; starts a part (an exercise without one has a single part)
 * variant: draughts:fmjd
 * options: boardSize=6, island=c3        # optional: the variant's options
 * position: W:W28,32:B23
 * task: captures=1, !promotes            # a step: the conditions the learner's move must meet
 * why: Capturing is compulsory here.     # optional: the sentence for a legal move that misses them
 * right: The man takes and stops.        # optional: the sentence for a correct move
 * solutions: 28x19                       # the moves the rules accept, separated by |; checked by a test
 * reply: 14x23                           # optional: the opponent's answer before the next step
 * </pre>
 */
public final class ExerciseFile {
    private ExerciseFile() {
    }

    /**
     * The exercises of {@code text}, in the file's order.
     *
     * @param source a name for error messages, e.g. the resource's path
     * @throws InvalidInputException naming the line of the first mistake
     */
    public static List<Exercise> parse(String game, String source, String text) {
        Reader reader = new Reader(game, source);
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            reader.line(i + 1, lines[i]);
        }
        return reader.finish();
    }

    /** One pass over the lines, building the exercise, part and step under way. */
    private static final class Reader {
        private final String game;
        private final String source;
        private final List<Exercise> done = new ArrayList<>();
        private String lesson = "";
        private int lineNumber;
        // the exercise under way
        private String id;
        private String title = "";
        private final List<String> text = new ArrayList<>();
        private final List<Exercise.Part> parts = new ArrayList<>();
        // the part under way
        private boolean inPart;
        private String label = "";
        private String variant = "";
        private Map<String, String> options = Map.of();
        private String position = "";
        private final List<Exercise.Step> steps = new ArrayList<>();
        // the step under way
        private List<String> conditions;
        private int taskLine;
        private int replyLine;
        private String why = "";
        private String right = "";
        private List<String> solutions = List.of();
        private String reply = "";

        Reader(String game, String source) {
            this.game = game;
            this.source = source;
        }

        void line(int number, String raw) {
            lineNumber = number;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                return;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw error("expected 'key: value', not '" + line + "'");
            }
            String key = line.substring(0, colon).strip();
            String value = withoutComment(line.substring(colon + 1)).strip();
            switch (key) {
                case "lesson" -> {
                    endExercise();
                    lesson = required(key, value);
                }
                case "exercise" -> {
                    endExercise();
                    if (lesson.isEmpty()) {
                        throw error("an exercise before any 'lesson:'");
                    }
                    id = required(key, value);
                    if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
                        throw error("an exercise id is lower-case words joined by '-', not '" + id + "'");
                    }
                }
                case "title" -> title = required(key, inExercise(key, value));
                case "text" -> text.add(required(key, inExercise(key, value)));
                case "part" -> {
                    inExercise(key, value);
                    endPart();
                    inPart = true;
                    label = required(key, value);
                }
                case "variant" -> {
                    startPartIfNone(key);
                    variant = required(key, value);
                }
                case "options" -> {
                    startPartIfNone(key);
                    options = options(value);
                }
                case "position" -> {
                    startPartIfNone(key);
                    position = required(key, value);
                }
                case "task" -> {
                    if (!inPart || position.isEmpty() || variant.isEmpty()) {
                        throw error("a 'task:' before its part's 'variant:' and 'position:'");
                    }
                    endStep();
                    taskLine = lineNumber;
                    conditions = Arrays.stream(required(key, value).split(",")).map(String::strip).toList();
                }
                case "why" -> why = required(key, inStep(key, value));
                case "right" -> right = required(key, inStep(key, value));
                case "solutions" -> solutions = Arrays.stream(required(key, inStep(key, value)).split("\\|"))
                    .map(String::strip).toList();
                case "reply" -> {
                    reply = required(key, inStep(key, value));
                    replyLine = lineNumber;
                }
                default -> throw error("unknown key '" + key + "'");
            }
        }

        List<Exercise> finish() {
            endExercise();
            return List.copyOf(done);
        }

        private String inExercise(String key, String value) {
            if (id == null) {
                throw error("'" + key + ":' outside an exercise");
            }
            return value;
        }

        private String inStep(String key, String value) {
            if (conditions == null) {
                throw error("'" + key + ":' before its step's 'task:'");
            }
            return value;
        }

        private void startPartIfNone(String key) {
            inExercise(key, "");
            if (!inPart) {
                inPart = true;
                label = "";
            } else if (conditions != null) {
                throw error("'" + key + ":' after the part's steps began; start another with 'part:'");
            }
        }

        private void endStep() {
            if (conditions == null) {
                return;
            }
            if (solutions.isEmpty()) {
                throw error(taskLine, "this 'task:' has no 'solutions:'");
            }
            steps.add(new Exercise.Step(conditions, why, right, solutions, reply));
            conditions = null;
            why = "";
            right = "";
            solutions = List.of();
            reply = "";
        }

        private void endPart() {
            if (!inPart) {
                return;
            }
            endStep();
            if (steps.isEmpty()) {
                throw error("part '" + label + "' has no 'task:'");
            }
            if (!steps.get(steps.size() - 1).reply().isEmpty()) {
                throw error(replyLine, "the last step of a part has a 'reply:', but nothing follows it");
            }
            parts.add(new Exercise.Part(label, variant, options, position, steps));
            inPart = false;
            label = "";
            variant = "";
            options = Map.of();
            position = "";
            steps.clear();
        }

        private void endExercise() {
            if (id == null) {
                return;
            }
            endPart();
            if (title.isEmpty() || text.isEmpty() || parts.isEmpty()) {
                throw error("exercise '" + id + "' needs a 'title:', a 'text:' and a part");
            }
            if (parts.size() > 1 && parts.stream().anyMatch(p -> p.label().isEmpty())) {
                throw error("exercise '" + id + "' has several parts, so each needs a 'part:' label");
            }
            done.add(new Exercise(id, game, lesson, title, String.join("\n", text), parts));
            id = null;
            title = "";
            text.clear();
            parts.clear();
        }

        private Map<String, String> options(String value) {
            Map<String, String> map = new LinkedHashMap<>();
            for (String pair : required("options", value).split(",")) {
                String[] kv = pair.split("=", 2);
                if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                    throw error("options are 'name=value, …', not '" + pair.strip() + "'");
                }
                map.put(kv[0].strip(), kv[1].strip());
            }
            return map;
        }

        private String required(String key, String value) {
            if (value.isEmpty()) {
                throw error("'" + key + ":' needs a value");
            }
            return value;
        }

        private static String withoutComment(String value) {
            int hash = value.indexOf(" #");
            return hash < 0 ? value : value.substring(0, hash);
        }

        private InvalidInputException error(String what) {
            return error(lineNumber, what);
        }

        private InvalidInputException error(int line, String what) {
            return new InvalidInputException(source + " line " + line + ": " + what + ".");
        }
    }
}
