package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.DisableAccountResponse;
import com.plyyard.proto.v1.EnableAccountResponse;
import com.plyyard.proto.v1.IssueResetTokenResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * What an operator does to accounts (OperatorService): one-time reset tokens for a player who lost everything, and
 * disabling an account (its sessions end at once on every instance) and enabling it again. Each is logged and recorded
 * in account_events with the operator's name and the time; a reset token itself is never logged.
 */
@ApplicationScoped
public class AccountAdmin {
    private static final Logger LOG = Logger.getLogger(AccountAdmin.class);
    static final int MAX_OPERATOR = 64;
    static final int MAX_REASON = 200;
    /** Carried on {@value Notifications#TOKENS_REVOKED} to say a player's outside identities must be looked up again. */
    static final String PLAYER_CHANGED = "player:";

    @Inject
    LobbyClock clock;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PlayerRepository players;

    @Inject
    AccountStore store;

    @Inject
    Sessions sessions;

    @Inject
    Notifications notifications;

    @Inject
    AccountsConfig config;

    @Inject
    ExternalIdentities identities;

    /** IssueResetToken: a token for RecoverAccount, valid for {@link AccountsConfig#resetTokenLifetime()}. */
    public IssueResetTokenResponse issueResetToken(String playerName, String operatorName) {
        String operator = operator(operatorName);
        requirePlayerName(playerName);
        String token = Sessions.newToken();
        Instant now = clock.now();
        Instant expires = now.plus(config.resetTokenLifetime());
        IssueResetTokenResponse answer = unitOfWork.call(() -> {
            PlayerEntity p = players.requireByName(playerName);
            store.putResetToken(p.id, Sessions.sha256(token), operator, now, expires);
            store.event(p.id, now, "reset-token-issued", operator, "", "expires " + expires);
            return IssueResetTokenResponse.newBuilder().setPlayer(PlayerRepository.view(p)).setResetToken(token)
                .setExpiresAtEpochMillis(expires.toEpochMilli()).build();
        });
        LOG.infof("operator %s issued a reset token for player %s at %s (it works until %s)", operator,
            answer.getPlayer().getName(), now, expires);
        return answer;
    }

    /** DisableAccount: the account can no longer sign in; its sessions end at once on every instance. */
    public DisableAccountResponse disable(String playerName, String operatorName, String rawReason) {
        String operator = operator(operatorName);
        requirePlayerName(playerName);
        String reason = rawReason == null ? "" : rawReason.strip();
        if (reason.length() > MAX_REASON) {
            throw LobbyException.invalid("reason has at most " + MAX_REASON + " characters; this one has " + reason.length()
                + ".");
        }
        Instant now = clock.now();
        DisableAccountResponse answer = unitOfWork.call(() -> {
            PlayerEntity p = players.requireByName(playerName);
            players.lock(List.of(p.id));
            p = players.findById(p.id);
            p.disabledAt = now;
            p.disabledReason = reason;
            int ended = sessions.endAllOf(p.id, null);
            notifications.send(Notifications.TOKENS_REVOKED, PLAYER_CHANGED + p.id);
            UUID id = p.id;
            unitOfWork.afterCommit(() -> identities.forget(id)); // here at once; the notification tells the others
            store.event(p.id, now, "disabled", operator, "", reason);
            return DisableAccountResponse.newBuilder().setPlayer(PlayerRepository.view(p)).setSessionsEnded(ended).build();
        });
        LOG.infof("operator %s disabled player %s at %s (%d sessions ended)", operator, answer.getPlayer().getName(), now,
            answer.getSessionsEnded());
        return answer;
    }

    /** EnableAccount: a disabled account may sign in again. */
    public EnableAccountResponse enable(String playerName, String operatorName) {
        String operator = operator(operatorName);
        requirePlayerName(playerName);
        Instant now = clock.now();
        EnableAccountResponse answer = unitOfWork.call(() -> {
            PlayerEntity p = players.requireByName(playerName);
            players.lock(List.of(p.id));
            p = players.findById(p.id);
            boolean was = p.disabledAt != null;
            if (was) {
                p.disabledAt = null;
                p.disabledReason = "";
                notifications.send(Notifications.TOKENS_REVOKED, PLAYER_CHANGED + p.id);
                UUID id = p.id;
                unitOfWork.afterCommit(() -> identities.forget(id));
                store.event(p.id, now, "enabled", operator, "", "");
            }
            return EnableAccountResponse.newBuilder().setPlayer(PlayerRepository.view(p)).setWasDisabled(was).build();
        });
        if (answer.getWasDisabled()) {
            LOG.infof("operator %s enabled player %s at %s", operator, answer.getPlayer().getName(), now);
        }
        return answer;
    }

    private static String operator(String name) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty() || n.length() > MAX_OPERATOR) {
            throw LobbyException.invalid("operator_name is required: who does this (1 to " + MAX_OPERATOR + " characters), "
                + "recorded with the time.");
        }
        return n;
    }

    private static void requirePlayerName(String name) {
        if (name == null || name.isBlank()) {
            throw LobbyException.invalid("player_name is required: the player whose account this is.");
        }
    }
}
