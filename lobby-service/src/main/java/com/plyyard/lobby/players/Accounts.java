package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.ChangePasswordResponse;
import com.plyyard.proto.v1.GetAccountResponse;
import com.plyyard.proto.v1.NewSession;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.RecoverAccountResponse;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.ReplaceRecoveryCodesResponse;
import com.plyyard.proto.v1.SessionKind;
import com.plyyard.proto.v1.SetPasswordResponse;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignInResponse;
import com.plyyard.proto.v1.SignUpRequest;
import com.plyyard.proto.v1.SignUpResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Accounts: Register (a name and a token, as before passwords), sign-up and sign-in with a password, the password's
 * changes, recovery codes and recovery. Password hashes are made and checked outside any transaction
 * ({@link PasswordHashing}: tens of milliseconds of CPU each); the transaction after it checks that the account did not
 * change meanwhile. Passwords are never logged and never part of a sentence.
 */
@ApplicationScoped
public class Accounts {
    private static final Logger LOG = Logger.getLogger(Accounts.class);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{2,32}");
    /** The one sentence for a wrong password and an unknown name: it must not tell which. */
    public static final String WRONG_PASSWORD = "The name or the password is wrong.";
    /** Likewise for recovery: an unknown name, a wrong, used or expired code. */
    public static final String WRONG_CODE = "The name or the code is wrong (a recovery code works once, an operator's "
        + "reset token for a short time).";
    static final int MAX_CODE = 128;

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
    Tokens tokens;

    @Inject
    PasswordHashing hashing;

    /** INVALID_ARGUMENT unless {@code name} is a valid player name. */
    static void checkName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw LobbyException.invalid("A player name has 2 to 32 characters among letters, digits, '_' and '-'; '"
                + Texts.shorten(name) + "' does not.");
        }
    }

    /** Adds a player inside the caller's unit of work; ALREADY_EXISTS for a taken name. */
    Player insertPlayer(UUID id, String name, Instant now) {
        if (!players.insertIfNameFree(id, name, now)) {
            throw LobbyException.alreadyExists("The name '" + name + "' is taken (names are unique ignoring case); choose "
                + "another.");
        }
        return Player.newBuilder().setId(id.toString()).setName(name).build();
    }

    /** Register: a new player with a unique name and a token session (no password). */
    public RegisterResponse register(String rawName, Sessions.Device device) {
        String name = rawName == null ? "" : rawName.strip();
        checkName(name);
        Instant now = clock.now();
        NewSession s = unitOfWork.call(() -> {
            Player p = insertPlayer(UUID.randomUUID(), name, now);
            store.event(UUID.fromString(p.getId()), now, "registered", "", device.address(), "");
            return sessions.create(p, SessionKind.SESSION_KIND_TOKEN, device, now);
        });
        return RegisterResponse.newBuilder().setPlayer(s.getPlayer()).setToken(s.getToken())
            .setExpiresAtEpochMillis(tokens.expiresAtEpochMillis(now)).build();
    }

    /** SignUp: a new player with a password, signed in, and its recovery codes. */
    public SignUpResponse signUp(SignUpRequest r, Sessions.Device device) {
        String name = r.getName().strip();
        checkName(name);
        PasswordRules.check(r.getPassword(), name);
        if (unitOfWork.call(() -> players.byName(name)) != null) {
            throw LobbyException.alreadyExists("The name '" + name + "' is taken (names are unique ignoring case); choose "
                + "another, or sign in if it is yours.");
        }
        String phc = hashing.hash(r.getPassword());
        List<String> codes = RecoveryCodes.generate();
        Instant now = clock.now();
        NewSession s = unitOfWork.call(() -> {
            UUID id = UUID.randomUUID();
            Player p = insertPlayer(id, name, now);
            store.setPassword(id, phc, now);
            store.replaceRecoveryCodes(id, hashes(codes), now);
            store.event(id, now, "signed-up", "", device.address(), "");
            return sessions.create(p, SessionKind.SESSION_KIND_PASSWORD, device, now);
        });
        LOG.infof("player %s signed up from %s", name, device.address());
        return SignUpResponse.newBuilder().setSession(s).addAllRecoveryCodes(codes).build();
    }

    /** What a sign-in reads before it hashes: the player, its hash, whether disabled. */
    private record Stored(PlayerEntity player, String hash) {
    }

    /**
     * SignIn. Every attempt costs one hash: a name without an account or without a password is checked against the dummy
     * hash, so the answer's time does not tell which names exist. A hash made with less than today's cost is made again.
     */
    public SignInResponse signIn(SignInRequest r, Sessions.Device device) {
        String name = r.getName().strip();
        checkName(name);
        PasswordRules.checkLength(r.getPassword(), "A password");
        Stored stored = unitOfWork.call(() -> {
            PlayerEntity p = players.byName(name);
            return p == null ? null : new Stored(p, store.passwordHash(p.id));
        });
        boolean right = stored == null || stored.hash() == null ? hashing.checkNoAccount(r.getPassword())
            : hashing.check(r.getPassword(), stored.hash());
        if (!right) {
            LOG.infof("a sign-in as %s from %s was refused: wrong name or password", name, device.address());
            throw LobbyException.unauthenticated(WRONG_PASSWORD);
        }
        refuseDisabled(stored.player());
        String rehash = PasswordHasher.needsRehash(stored.hash(), hashing.cost()) ? hashing.hash(r.getPassword()) : null;
        Instant now = clock.now();
        UUID id = stored.player().id;
        NewSession s = unitOfWork.call(() -> {
            players.lock(List.of(id));
            if (!stored.hash().equals(store.passwordHash(id))) {
                throw LobbyException.aborted("The password changed while this sign-in was being checked; sign in again.");
            }
            if (rehash != null) {
                store.rehash(id, stored.hash(), rehash);
            }
            return sessions.create(PlayerRepository.view(stored.player()), SessionKind.SESSION_KIND_PASSWORD, device, now);
        });
        LOG.infof("player %s signed in from %s (%s)", stored.player().name, device.address(), device.label());
        return SignInResponse.newBuilder().setSession(s).build();
    }

    private static void refuseDisabled(PlayerEntity p) {
        if (p.disabledAt != null) {
            throw disabled(p.name, p.disabledReason);
        }
    }

    /** PERMISSION_DENIED for a disabled account, with the operator's reason. */
    static LobbyException disabled(String name, String reason) {
        return LobbyException.denied("The account '" + name + "' is disabled" + (reason.isEmpty() ? "" : " (" + reason
            + ")") + "; ask the operator to enable it again.");
    }

    /** GetAccount: what the caller's account has. */
    public GetAccountResponse account(SessionOwner caller) {
        UUID id = Tokens.id(caller);
        return unitOfWork.call(() -> {
            PlayerEntity p = players.findById(id);
            return GetAccountResponse.newBuilder().setPlayer(caller.player()).setHasPassword(store.passwordHash(id) != null)
                .setRecoveryCodesLeft(store.recoveryCodesLeft(id)).setCreatedAtEpochMillis(p.createdAt.toEpochMilli())
                .setExternalIssuer(store.externalIssuer(id)).build();
        });
    }

    /** SetPassword: the first password of an account that has none, and its recovery codes. */
    public SetPasswordResponse setPassword(SessionOwner caller, String password, String address) {
        UUID id = Tokens.id(caller);
        if (unitOfWork.call(() -> store.passwordHash(id)) != null) {
            throw LobbyException.failedPrecondition("This account has a password already; ChangePassword changes it.");
        }
        PasswordRules.check(password, caller.player().getName());
        String phc = hashing.hash(password);
        List<String> codes = RecoveryCodes.generate();
        Instant now = clock.now();
        unitOfWork.run(() -> {
            players.lock(List.of(id));
            if (store.passwordHash(id) != null) {
                throw LobbyException.failedPrecondition("This account got a password meanwhile; ChangePassword changes it.");
            }
            store.setPassword(id, phc, now);
            store.replaceRecoveryCodes(id, hashes(codes), now);
            store.event(id, now, "password-set", "", address, "");
        });
        LOG.infof("player %s set a password", caller.player().getName());
        return SetPasswordResponse.newBuilder().addAllRecoveryCodes(codes).build();
    }

    /** ChangePassword: needs the current one; every other session of the account ends. */
    public ChangePasswordResponse changePassword(SessionOwner caller, String current, String fresh, String address) {
        UUID id = Tokens.id(caller);
        String phc = requireCurrent(id, current);
        PasswordRules.check(fresh, caller.player().getName());
        String next = hashing.hash(fresh);
        Instant now = clock.now();
        int ended = unitOfWork.call(() -> {
            players.lock(List.of(id));
            if (!phc.equals(store.passwordHash(id))) {
                throw LobbyException.aborted("The password changed meanwhile; nothing was changed by this call.");
            }
            store.setPassword(id, next, now);
            store.event(id, now, "password-changed", "", address, "");
            return sessions.endAllOf(id, caller.hashHex());
        });
        LOG.infof("player %s changed the password; %d other sessions signed out", caller.player().getName(), ended);
        return ChangePasswordResponse.newBuilder().setSignedOut(ended).build();
    }

    /** ReplaceRecoveryCodes: ten new codes for the current password; the old ones stop working. */
    public ReplaceRecoveryCodesResponse replaceRecoveryCodes(SessionOwner caller, String current, String address) {
        UUID id = Tokens.id(caller);
        String phc = requireCurrent(id, current);
        List<String> codes = RecoveryCodes.generate();
        Instant now = clock.now();
        unitOfWork.run(() -> {
            players.lock(List.of(id));
            if (!phc.equals(store.passwordHash(id))) {
                throw LobbyException.aborted("The password changed meanwhile; nothing was changed by this call.");
            }
            store.replaceRecoveryCodes(id, hashes(codes), now);
            store.event(id, now, "recovery-codes-replaced", "", address, "");
        });
        return ReplaceRecoveryCodesResponse.newBuilder().addAllRecoveryCodes(codes).build();
    }

    /** The stored hash, after checking that {@code current} is the password; UNAUTHENTICATED when it is not. */
    private String requireCurrent(UUID id, String current) {
        String phc = unitOfWork.call(() -> store.passwordHash(id));
        if (phc == null) {
            throw LobbyException.failedPrecondition("This account has no password yet; SetPassword gives it one.");
        }
        PasswordRules.checkLength(current, "current_password");
        if (!hashing.check(current, phc)) {
            throw LobbyException.unauthenticated("The current password is wrong; nothing was changed.");
        }
        return phc;
    }

    /**
     * RecoverAccount: a recovery code (used up) or an operator's reset token, and a new password; every session of the
     * account ends and one is made for this device.
     */
    public RecoverAccountResponse recover(RecoverAccountRequest r, Sessions.Device device) {
        String name = r.getName().strip();
        checkName(name);
        String code = r.getCode().strip();
        if (code.isEmpty() || code.length() > MAX_CODE) {
            throw LobbyException.invalid("code is a recovery code or a reset token (1 to " + MAX_CODE + " characters); this "
                + "one has " + code.length() + ".");
        }
        PasswordRules.check(r.getNewPassword(), name);
        String canonical = RecoveryCodes.canonical(code);
        byte[] codeHash = Sessions.sha256(canonical != null ? canonical : code);
        Instant now = clock.now();
        PlayerEntity found = unitOfWork.call(() -> {
            PlayerEntity p = players.byName(name);
            return p != null && codeWorks(p.id, canonical != null, codeHash, now) ? p : null;
        });
        if (found == null) {
            LOG.infof("a recovery of %s from %s was refused: wrong name or code", name, device.address());
            throw LobbyException.unauthenticated(WRONG_CODE);
        }
        refuseDisabled(found);
        String phc = hashing.hash(r.getNewPassword());
        UUID id = found.id;
        record Recovered(NewSession session, int left) {
        }
        Recovered done = unitOfWork.call(() -> {
            players.lock(List.of(id));
            boolean used = canonical != null ? store.useRecoveryCode(id, codeHash, now) : store.useResetToken(id, codeHash, now);
            if (!used) {
                throw LobbyException.unauthenticated(WRONG_CODE);
            }
            store.setPassword(id, phc, now);
            int ended = sessions.endAllOf(id, null);
            store.event(id, now, canonical != null ? "recovered-with-code" : "recovered-with-reset-token", "",
                device.address(), ended + " sessions signed out");
            return new Recovered(sessions.create(PlayerRepository.view(found), SessionKind.SESSION_KIND_RECOVERY, device, now),
                store.recoveryCodesLeft(id));
        });
        LOG.infof("player %s recovered the account from %s", found.name, device.address());
        return RecoverAccountResponse.newBuilder().setSession(done.session()).setRecoveryCodesLeft(done.left()).build();
    }

    private boolean codeWorks(UUID playerId, boolean recoveryCode, byte[] hash, Instant now) {
        return recoveryCode ? store.hasRecoveryCode(playerId, hash) : store.hasResetToken(playerId, hash, now);
    }

    private static List<byte[]> hashes(List<String> codes) {
        return codes.stream().map(c -> Sessions.sha256(RecoveryCodes.canonical(c))).toList();
    }
}
