package com.plyyard.lobby.ai;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** No ai-service yet: AI seats are refused. */
@ApplicationScoped
@DefaultBean
public class NoAiPlayer implements AiPlayer {
    @Override
    public boolean available() {
        return false;
    }

    @Override
    public String unavailableReason() {
        return "AI seats need ai-service, which does not run here yet.";
    }

    @Override
    public void onTurn(UUID matchId, int seat, long expectedVersion) {
        // never called: no match has an AI seat
    }
}
