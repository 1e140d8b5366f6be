package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.ListSessionsResponse;
import com.plyyard.proto.v1.NewSession;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Session;
import com.plyyard.proto.v1.SessionKind;
import com.plyyard.proto.v1.SignOutOtherSessionsResponse;
import com.plyyard.proto.v1.SignOutSessionResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Sessions: each sign-in (and each Register) makes one, with a token of 32 random bytes (base64url) of which only the
 * SHA-256 is stored, a device label, the address it came from, and for password and recovery sessions an idle expiry
 * that every use renews ({@link SessionUse}). Ending sessions — one, all others, all of a player — deletes them and
 * tells every instance at commit to drop them from its cache ({@link TokenOwners}).
 */
@ApplicationScoped
public class Sessions {
    /** The longest device label; a longer one is refused, as every input limit is (docs/contracts.md). */
    public static final int MAX_LABEL = 64;
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    LobbyClock clock;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    SessionRepository sessions;

    @Inject
    TokenOwners owners;

    @Inject
    SessionUse use;

    @Inject
    Notifications notifications;

    @Inject
    AccountsConfig config;

    /** What a new session needs from the call that makes it. */
    public record Device(String label, String address) {
        /** The label stripped; INVALID_ARGUMENT when longer than {@value #MAX_LABEL} characters. */
        public Device {
            label = label == null ? "" : label.strip();
            if (label.codePointCount(0, label.length()) > MAX_LABEL) {
                throw LobbyException.invalid("device_label has at most " + MAX_LABEL + " characters; this one has "
                    + label.codePointCount(0, label.length()) + ".");
            }
            address = address == null ? "" : address.length() > 64 ? address.substring(0, 64) : address;
        }
    }

    /**
     * Makes a session for a player inside the caller's unit of work (its token is shown once by the caller).
     *
     * @return the token and the session's view
     */
    NewSession create(Player player, SessionKind kind, Device device, Instant now) {
        unitOfWork.requireActive("Sessions.create");
        String token = newToken();
        Instant expires = kind == SessionKind.SESSION_KIND_TOKEN ? null : now.plus(config.sessionIdleExpiry());
        UUID id = sessions.insert(sha256(token), UUID.fromString(player.getId()), kind, device.label(), device.address(),
            now, expires);
        Session view = Session.newBuilder().setId(id.toString()).setDeviceLabel(device.label()).setKind(kind)
            .setCreatedAtEpochMillis(now.toEpochMilli()).setLastUsedAtEpochMillis(now.toEpochMilli())
            .setAddress(device.address()).setExpiresAtEpochMillis(expires == null ? 0 : expires.toEpochMilli())
            .setCurrent(true).build();
        return NewSession.newBuilder().setPlayer(player).setToken(token).setSession(view).build();
    }

    /** The caller's sessions, the most recently used first (uses noted in memory included). */
    public ListSessionsResponse list(SessionOwner caller) {
        List<SessionEntity> rows = unitOfWork.call(() -> sessions.ofPlayer(UUID.fromString(caller.player().getId())));
        ListSessionsResponse.Builder out = ListSessionsResponse.newBuilder();
        rows.stream().map(s -> view(s, caller)).sorted((a, b) -> Long.compare(b.getLastUsedAtEpochMillis(),
            a.getLastUsedAtEpochMillis())).forEach(out::addSessions);
        return out.build();
    }

    private Session view(SessionEntity s, SessionOwner caller) {
        String hex = HexFormat.of().formatHex(s.hash);
        Instant noted = use.lastUse(hex);
        Instant last = s.lastUsedAt == null || (noted != null && noted.isAfter(s.lastUsedAt)) ? noted : s.lastUsedAt;
        Instant expires = s.expiresAt;
        if (expires != null && last != null && !SessionKind.SESSION_KIND_TOKEN.name().equals(s.kind)) {
            Instant renewed = last.plus(config.sessionIdleExpiry());
            expires = renewed.isAfter(expires) ? renewed : expires;
        }
        return Session.newBuilder().setId(s.id.toString()).setDeviceLabel(s.deviceLabel).setKind(SessionKind.valueOf(s.kind))
            .setCreatedAtEpochMillis(s.createdAt.toEpochMilli())
            .setLastUsedAtEpochMillis(last == null ? s.createdAt.toEpochMilli() : last.toEpochMilli())
            .setAddress(s.address).setExpiresAtEpochMillis(expires == null ? 0 : expires.toEpochMilli())
            .setCurrent(s.id.equals(caller.sessionId())).build();
    }

    /** Whether the account called {@code name} has a session from {@code address} (its owner's device). Blocking. */
    public boolean signedInFrom(String name, String address) {
        return unitOfWork.call(() -> sessions.anyFrom(name, address));
    }

    /** SignOutSession: one of the caller's sessions by its public id. */
    public SignOutSessionResponse signOut(SessionOwner caller, String sessionId) {
        UUID id;
        try {
            id = UUID.fromString(sessionId.strip());
        } catch (IllegalArgumentException e) {
            throw LobbyException.invalid("session_id must be a session's id (a UUID, as ListSessions gives it), not '"
                + Texts.shorten(sessionId) + "'.");
        }
        UUID player = UUID.fromString(caller.player().getId());
        unitOfWork.run(() -> {
            SessionEntity s = sessions.find("id = ?1 and playerId = ?2", id, player).firstResult();
            if (s == null) {
                throw LobbyException.notFound("You have no session " + id + " (it was signed out already, or is not yours).");
            }
            end(List.of(s.hash));
        });
        return SignOutSessionResponse.newBuilder().setWasCurrent(id.equals(caller.sessionId())).build();
    }

    /** SignOutOtherSessions: every session of the caller's account but the calling one. */
    public SignOutOtherSessionsResponse signOutOthers(SessionOwner caller) {
        int n = endAllOf(UUID.fromString(caller.player().getId()), caller.hashHex());
        return SignOutOtherSessionsResponse.newBuilder().setSignedOut(n).build();
    }

    /**
     * Ends every session of a player but the one whose hash is {@code keepHex} (null: all), inside the caller's unit of
     * work when there is one; how many ended.
     */
    int endAllOf(UUID playerId, String keepHex) {
        return unitOfWork.call(() -> {
            List<byte[]> hashes = sessions.hashesOf(playerId, keepHex == null ? null : HexFormat.of().parseHex(keepHex));
            end(hashes);
            return hashes.size();
        });
    }

    /** Ends the sessions of these token hashes in the current unit of work; every instance forgets them at commit. */
    void end(List<byte[]> hashes) {
        for (byte[] hash : hashes) {
            sessions.deleteByHash(hash);
            String hex = HexFormat.of().formatHex(hash);
            notifications.send(Notifications.TOKENS_REVOKED, hex);
            unitOfWork.afterCommit(() -> {
                owners.forget(hex);
                use.forget(hex);
            });
        }
    }

    static String newToken() {
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
