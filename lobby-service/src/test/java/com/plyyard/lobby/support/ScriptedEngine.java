package com.plyyard.lobby.support;

import com.plyyard.lobby.ai.AiEngine;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The AI in the service tests: answers at once, from the rules in-process. It plays the moves a test scripted
 * ({@link #script}) and otherwise a legal move chosen by the request's seed (so the same question gets the same answer, as
 * from ai-service). {@link #goDown} plays an outage: every request fails with the given status code until
 * {@link #comeBack}.
 */
@Alternative
@ApplicationScoped
public class ScriptedEngine implements AiEngine {
    /** One question the lobby asked. */
    public record Request(GameState state, int level, long clockMillis, long incrementMillis, long seed) {
    }

    @Inject
    InProcessRules rules;

    private final ConcurrentLinkedQueue<String> script = new ConcurrentLinkedQueue<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile String downWith;

    @Override
    public BestMoveResponse bestMove(GameState state, int level, long clockMillis, long incrementMillis, long seed) {
        requests.add(new Request(state, level, clockMillis, incrementMillis, seed));
        String code = downWith;
        if (code != null) {
            throw new EngineUnavailable(code, "test outage");
        }
        List<Move> legal = rules.legalMoves(state).getMovesList();
        String scripted = script.poll();
        Move move = scripted == null ? legal.get((int) Math.floorMod(seed, (long) legal.size()))
            : Move.newBuilder().setNotation(scripted).build();
        return BestMoveResponse.newBuilder().setMove(move).build();
    }

    @Override
    public String address() {
        return "scripted";
    }

    /** The next answers, in order (notation; not checked here: the lobby checks them as it checks any move). */
    public void script(String... moves) {
        script.addAll(List.of(moves));
    }

    public void goDown(String statusCode) {
        downWith = statusCode;
    }

    public void comeBack() {
        downWith = null;
    }

    /** The questions asked so far. */
    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    /** Forgets the script, the questions and any outage: each test starts from a working engine. */
    public void reset() {
        script.clear();
        requests.clear();
        downWith = null;
    }
}
