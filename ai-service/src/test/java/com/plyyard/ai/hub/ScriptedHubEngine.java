package com.plyyard.ai.hub;

import com.plyyard.engine.HubDialect;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.hub.HubLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A tiny Hub engine that misbehaves on request. Its one argument is a file holding what to do at each
 * {@code go}, read afresh every time: {@code play} (the first legal move), {@code illegal} (a move that is never
 * legal at the start, 46-41), {@code die} (exit at once), {@code hang} (never answer).
 */
public final class ScriptedHubEngine {
    private ScriptedHubEngine() {
    }

    public static void main(String[] args) throws IOException {
        Path script = Path.of(args[0]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        VariantRules fmjd = Variants.get("draughts:fmjd");
        HubDialect hub = fmjd.module().hub().orElseThrow();
        Position position = fmjd.start();
        String raw;
        while ((raw = in.readLine()) != null) {
            HubLine line = HubLine.parse(raw);
            switch (line.command()) {
                case "hub" -> {
                    say("id name=Scripted version=1 author=tests");
                    say("param name=variant value=normal type=enum values=\"normal killer\"");
                    say("wait");
                }
                case "init" -> say("ready");
                case "ping" -> say("pong");
                case "pos" -> position = hub.parsePosition(line.value("pos").orElseThrow(), fmjd);
                case "go" -> {
                    switch (Files.readString(script).strip()) {
                        case "illegal" -> say("done move=46-41");
                        case "die" -> System.exit(3);
                        case "hang" -> {
                            // no answer, not even to stop
                        }
                        default -> {
                            String move = hub.formatMove(position.legalMoves().get(0));
                            say("info depth=1 score=0.25 nodes=1 time=0.001 pv=" + move);
                            say("done move=" + move);
                        }
                    }
                }
                case "quit" -> System.exit(0);
                default -> {
                    // set-param, level, stop, new-game: nothing to do for a script
                }
            }
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
