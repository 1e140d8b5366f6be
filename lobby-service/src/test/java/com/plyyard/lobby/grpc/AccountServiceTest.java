package com.plyyard.lobby.grpc;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.players.Accounts;
import com.plyyard.lobby.players.PasswordHasher;
import com.plyyard.lobby.players.PasswordHashing;
import com.plyyard.lobby.players.SessionUse;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.EnableAccountRequest;
import com.plyyard.proto.v1.GetAccountRequest;
import com.plyyard.proto.v1.GetAccountResponse;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.IssueResetTokenResponse;
import com.plyyard.proto.v1.ListSessionsRequest;
import com.plyyard.proto.v1.NewSession;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.RecoverAccountResponse;
import com.plyyard.proto.v1.ReplaceRecoveryCodesRequest;
import com.plyyard.proto.v1.Session;
import com.plyyard.proto.v1.SessionKind;
import com.plyyard.proto.v1.SetPasswordRequest;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignOutOtherSessionsRequest;
import com.plyyard.proto.v1.SignOutRequest;
import com.plyyard.proto.v1.SignOutSessionRequest;
import com.plyyard.proto.v1.SignUpRequest;
import com.plyyard.proto.v1.SignUpResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * AccountService and the operator's account calls, through the lobby's gRPC edge: sign-up, sign-in from several
 * devices, the sessions and their ends, passwords set and changed, recovery codes and reset tokens, disabled accounts,
 * idle expiry, rehashing. Every refusal with its exact code and sentence and nothing stored changed ({@link #refused}).
 * The sign-in limits are off here (the test profile); SignInThrottleTest and SignInStormIT check them.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class AccountServiceTest extends EdgeTestBase {
    private static final String PASSWORD = "a quiet heron at dusk";
    private static final String NEW_PASSWORD = "lanterns over the river";

    @Inject
    ManualClock clock;

    @Inject
    PasswordHashing hashing;

    @Inject
    SessionUse sessionUse;

    private AccountServiceGrpc.AccountServiceBlockingStub anonymous() {
        return AccountServiceGrpc.newBlockingStub(channel);
    }

    private AccountServiceGrpc.AccountServiceBlockingStub as(String token) {
        return AccountServiceGrpc.newBlockingStub(sending("Bearer " + token));
    }

    private static String fresh(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().substring(0, 8);
    }

    private SignUpResponse signUp(String name) {
        return anonymous().signUp(SignUpRequest.newBuilder().setName(name).setPassword(PASSWORD)
            .setDeviceLabel("Chromium on Linux").build());
    }

    private NewSession signIn(String name, String password, String device) {
        return anonymous().signIn(SignInRequest.newBuilder().setName(name).setPassword(password).setDeviceLabel(device)
            .build()).getSession();
    }

    private com.plyyard.proto.v1.OperatorServiceGrpc.OperatorServiceBlockingStub operator(String key) {
        return com.plyyard.proto.v1.OperatorServiceGrpc.newBlockingStub(sending("Bearer " + key));
    }

    private void executeUpdate(String sql, Object... args) {
        try (java.sql.Connection c = dataSource.getConnection(); java.sql.PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            st.executeUpdate();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private TestPlayer player(NewSession s) {
        return TestPlayer.of(channel, s.getPlayer(), s.getToken());
    }

    @Test
    void signUpGivesASessionAndTenCodesAndStoresOnlyHashes() {
        String name = fresh("ana");
        SignUpResponse r = signUp(name);
        NewSession s = r.getSession();
        assertEquals(name, s.getPlayer().getName());
        assertEquals(43, s.getToken().length(), "32 random bytes, base64url");
        assertEquals(SessionKind.SESSION_KIND_PASSWORD, s.getSession().getKind());
        assertEquals("Chromium on Linux", s.getSession().getDeviceLabel());
        assertEquals(clock.nowMillis() + Duration.ofDays(30).toMillis(), s.getSession().getExpiresAtEpochMillis(),
            "a password session ends after 30 days unused");
        assertEquals(10, r.getRecoveryCodesCount());
        for (String code : r.getRecoveryCodesList()) {
            assertTrue(code.matches("[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}"), code);
        }
        assertEquals(s.getPlayer(), player(s).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        String id = s.getPlayer().getId();
        assertEquals(1, count("SELECT count(*) FROM passwords WHERE player_id = ?::uuid AND hash LIKE "
            + "'$argon2id$v=19$m=19456,t=2,p=1$%'", id), "Argon2id at OWASP's minimum, parameters in the hash");
        assertEquals(0, count("SELECT count(*) FROM passwords WHERE hash LIKE ?", "%" + PASSWORD + "%"));
        assertEquals(10, count("SELECT count(*) FROM recovery_codes WHERE player_id = ?::uuid AND used_at IS NULL", id));
        assertEquals(0, count("SELECT count(*) FROM recovery_codes WHERE encode(hash, 'escape') LIKE ?",
            "%" + r.getRecoveryCodes(0).replace("-", "") + "%"));
        assertEquals(1, count("SELECT count(*) FROM account_events WHERE player_id = ?::uuid AND kind = 'signed-up'", id));
        GetAccountResponse account = as(s.getToken()).getAccount(GetAccountRequest.getDefaultInstance());
        assertTrue(account.getHasPassword());
        assertEquals(10, account.getRecoveryCodesLeft());
        assertEquals("", account.getExternalIssuer());
    }

    @Test
    void signInFromAnyDeviceIgnoringTheNamesCaseAndSignOutEndsOnlyThatSession() {
        String name = fresh("Bea");
        NewSession laptop = signUp(name).getSession();
        NewSession phone = signIn(name.toUpperCase(), PASSWORD, "Firefox on Android");
        assertEquals(laptop.getPlayer(), phone.getPlayer());
        assertNotEquals(laptop.getToken(), phone.getToken());
        List<Session> sessions = as(phone.getToken()).listSessions(ListSessionsRequest.getDefaultInstance())
            .getSessionsList();
        assertEquals(2, sessions.size());
        Session current = sessions.stream().filter(Session::getCurrent).findFirst().orElseThrow();
        assertEquals("Firefox on Android", current.getDeviceLabel());
        assertEquals("127.0.0.1", current.getAddress());
        assertEquals(1, sessions.stream().filter(Session::getCurrent).count());

        assertEquals(1, as(phone.getToken()).signOut(SignOutRequest.getDefaultInstance()).getSignedOut());
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> player(phone).lobby().whoAmI(WhoAmIRequest.getDefaultInstance())));
        assertEquals(laptop.getPlayer(), player(laptop).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()),
            "the other device stays signed in");
        assertEquals(laptop.getPlayer(), signIn(name, PASSWORD, "Firefox on Android").getPlayer(),
            "signing out ends a session, never the account");
    }

    @Test
    void aWrongPasswordAndAnUnknownNameGetTheSameSentenceAndBothCostAHash() {
        String name = fresh("cy");
        NewSession s = signUp(name).getSession();
        TestPlayer cy = player(s);
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_PASSWORD,
            () -> signIn(name, "not the password at all", "x"), cy);
        long dummies = hashing.dummyChecks();
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_PASSWORD,
            () -> signIn(fresh("nobody"), "not the password at all", "x"), cy);
        assertEquals(dummies + 1, hashing.dummyChecks(), "an unknown name is checked against the dummy hash");
        TestPlayer tokenOnly = register("token-only");
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_PASSWORD,
            () -> signIn(tokenOnly.name(), "whatever it may be", "x"), tokenOnly);
        assertEquals(dummies + 2, hashing.dummyChecks(), "an account without a password too");
    }

    @Test
    void badInputIsRefusedAndStoresNothing() {
        String name = fresh("dee");
        long players = count("SELECT count(*) FROM players");
        for (String[] c : List.of(
            new String[] {"short", "A password has at least 8 characters; this one has 5."},
            new String[] {"x".repeat(129), "A password has at most 128 characters; this one has 129."},
            new String[] {"password123", "This password is one of the 17 950 most common ones, which are tried first by "
                + "anyone guessing; choose a longer or rarer one (a few unrelated words make a good one)."},
            new String[] {name.toUpperCase(), "A password may not be the player's name; choose another."})) {
            assertEquals(c[1], assertStatus(Status.Code.INVALID_ARGUMENT, () -> anonymous().signUp(SignUpRequest.newBuilder()
                .setName(name).setPassword(c[0]).build())), c[0]);
        }
        assertEquals("A player name has 2 to 32 characters among letters, digits, '_' and '-'; 'no spaces' does not.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> anonymous().signUp(SignUpRequest.newBuilder()
                .setName("no spaces").setPassword(PASSWORD).build())));
        assertEquals("The field 'device_label' is longer than 64 characters (65).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> anonymous().signUp(SignUpRequest.newBuilder().setName(name).setPassword(PASSWORD)
                .setDeviceLabel("d".repeat(65)).build())));
        assertEquals(players, count("SELECT count(*) FROM players"), "no refused sign-up stored a player");
        signUp(name);
        assertEquals("The name '" + name.toLowerCase() + "' is taken (names are unique ignoring case); choose another, or "
            + "sign in if it is yours.", assertStatus(Status.Code.ALREADY_EXISTS, () -> anonymous().signUp(
            SignUpRequest.newBuilder().setName(name.toLowerCase()).setPassword(PASSWORD).build())));
        assertEquals("A password has at least 8 characters; this one has 0.", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> signIn(name, "", "x")));
    }

    @Test
    void sessionsAreSignedOutOneByOneOrAllOthers() {
        String name = fresh("eve");
        NewSession a = signUp(name).getSession();
        NewSession b = signIn(name, PASSWORD, "b");
        NewSession c = signIn(name, PASSWORD, "c");
        TestPlayer eve = player(a);
        refused(Status.Code.INVALID_ARGUMENT, "session_id must be a session's id (a UUID, as ListSessions gives it), not "
            + "'nope'.", () -> as(a.getToken()).signOutSession(SignOutSessionRequest.newBuilder().setSessionId("nope")
            .build()), eve);
        NewSession other = signUp(fresh("mallory")).getSession();
        refused(Status.Code.NOT_FOUND, "You have no session " + other.getSession().getId() + " (it was signed out already, "
            + "or is not yours).", () -> as(a.getToken()).signOutSession(SignOutSessionRequest.newBuilder()
            .setSessionId(other.getSession().getId()).build()), eve, player(other));
        assertFalse(as(a.getToken()).signOutSession(SignOutSessionRequest.newBuilder().setSessionId(b.getSession().getId())
            .build()).getWasCurrent());
        assertStatus(Status.Code.UNAUTHENTICATED, () -> player(b).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(1, as(a.getToken()).signOutOtherSessions(SignOutOtherSessionsRequest.getDefaultInstance())
            .getSignedOut());
        assertStatus(Status.Code.UNAUTHENTICATED, () -> player(c).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(List.of(a.getSession().getId()), as(a.getToken()).listSessions(ListSessionsRequest.getDefaultInstance())
            .getSessionsList().stream().map(Session::getId).toList());
    }

    @Test
    void changingThePasswordNeedsTheCurrentOneAndSignsOutTheOtherSessions() {
        String name = fresh("fay");
        NewSession a = signUp(name).getSession();
        NewSession b = signIn(name, PASSWORD, "b");
        TestPlayer fay = player(a);
        refused(Status.Code.UNAUTHENTICATED, "The current password is wrong; nothing was changed.",
            () -> as(a.getToken()).changePassword(ChangePasswordRequest.newBuilder().setCurrentPassword("not it at all")
                .setNewPassword(NEW_PASSWORD).build()), fay);
        refused(Status.Code.INVALID_ARGUMENT, "A password has at least 8 characters; this one has 3.",
            () -> as(a.getToken()).changePassword(ChangePasswordRequest.newBuilder().setCurrentPassword(PASSWORD)
                .setNewPassword("abc").build()), fay);
        assertEquals(1, as(a.getToken()).changePassword(ChangePasswordRequest.newBuilder().setCurrentPassword(PASSWORD)
            .setNewPassword(NEW_PASSWORD).build()).getSignedOut());
        assertEquals(a.getPlayer(), fay.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "this session stays");
        assertStatus(Status.Code.UNAUTHENTICATED, () -> player(b).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertStatus(Status.Code.UNAUTHENTICATED, () -> signIn(name, PASSWORD, "x"));
        assertEquals(a.getPlayer(), signIn(name, NEW_PASSWORD, "x").getPlayer());
    }

    @Test
    void aTokenAccountGetsAPasswordAndKeepsItsToken() {
        TestPlayer old = register("old-timer");
        GetAccountResponse before = as(old.token()).getAccount(GetAccountRequest.getDefaultInstance());
        assertFalse(before.getHasPassword());
        refused(Status.Code.UNAUTHENTICATED, "The name or the password is wrong.", () -> signIn(old.name(), PASSWORD, "x"),
            old);
        refused(Status.Code.FAILED_PRECONDITION, "This account has no password yet; SetPassword gives it one.",
            () -> as(old.token()).changePassword(ChangePasswordRequest.newBuilder().setCurrentPassword(PASSWORD)
                .setNewPassword(NEW_PASSWORD).build()), old);
        assertEquals(10, as(old.token()).setPassword(SetPasswordRequest.newBuilder().setNewPassword(PASSWORD).build())
            .getRecoveryCodesCount());
        refused(Status.Code.FAILED_PRECONDITION, "This account has a password already; ChangePassword changes it.",
            () -> as(old.token()).setPassword(SetPasswordRequest.newBuilder().setNewPassword(NEW_PASSWORD).build()), old);
        assertEquals(old.player(), old.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "the old token keeps working");
        assertEquals(old.player(), signIn(old.name(), PASSWORD, "phone").getPlayer(), "and another device signs in");
        List<Session> sessions = as(old.token()).listSessions(ListSessionsRequest.getDefaultInstance()).getSessionsList();
        assertEquals(List.of(SessionKind.SESSION_KIND_TOKEN, SessionKind.SESSION_KIND_PASSWORD),
            sessions.stream().map(Session::getKind).sorted().toList());
    }

    @Test
    void aRecoveryCodeRestoresTheAccountOnceAndSignsOutEverySession() {
        String name = fresh("gus");
        SignUpResponse up = signUp(name);
        NewSession a = up.getSession();
        String code = up.getRecoveryCodes(3);
        TestPlayer gus = player(a);
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_CODE, () -> anonymous().recoverAccount(
            RecoverAccountRequest.newBuilder().setName(name).setCode("0000-0000-0000-0000").setNewPassword(NEW_PASSWORD)
                .build()), gus);
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_CODE, () -> anonymous().recoverAccount(
            RecoverAccountRequest.newBuilder().setName(fresh("nobody")).setCode(code).setNewPassword(NEW_PASSWORD).build()),
            gus);
        refused(Status.Code.INVALID_ARGUMENT, "This password is one of the 17 950 most common ones, which are tried first "
            + "by anyone guessing; choose a longer or rarer one (a few unrelated words make a good one).",
            () -> anonymous().recoverAccount(RecoverAccountRequest.newBuilder().setName(name).setCode(code)
                .setNewPassword("iloveyou2").build()), gus);
        // typed back in capitals, without dashes, with an O for a 0 where there is one
        String typed = code.replace("-", " ").toUpperCase().replace('0', 'O');
        RecoverAccountResponse r = anonymous().recoverAccount(RecoverAccountRequest.newBuilder().setName(name.toUpperCase())
            .setCode(typed).setNewPassword(NEW_PASSWORD).setDeviceLabel("borrowed laptop").build());
        assertEquals(a.getPlayer(), r.getSession().getPlayer());
        assertEquals(SessionKind.SESSION_KIND_RECOVERY, r.getSession().getSession().getKind());
        assertEquals(9, r.getRecoveryCodesLeft());
        assertStatus(Status.Code.UNAUTHENTICATED, () -> gus.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(a.getPlayer(), player(r.getSession()).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(a.getPlayer(), signIn(name, NEW_PASSWORD, "x").getPlayer());
        TestPlayer recovered = player(r.getSession());
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_CODE, () -> anonymous().recoverAccount(
            RecoverAccountRequest.newBuilder().setName(name).setCode(code).setNewPassword(PASSWORD).build()), recovered);
    }

    @Test
    void newRecoveryCodesReplaceTheOldOnes() {
        String name = fresh("hal");
        SignUpResponse up = signUp(name);
        TestPlayer hal = player(up.getSession());
        refused(Status.Code.UNAUTHENTICATED, "The current password is wrong; nothing was changed.",
            () -> as(up.getSession().getToken()).replaceRecoveryCodes(ReplaceRecoveryCodesRequest.newBuilder()
                .setCurrentPassword("guess guess guess").build()), hal);
        List<String> codes = as(up.getSession().getToken()).replaceRecoveryCodes(ReplaceRecoveryCodesRequest.newBuilder()
            .setCurrentPassword(PASSWORD).build()).getRecoveryCodesList();
        assertEquals(10, codes.size());
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_CODE, () -> anonymous().recoverAccount(
            RecoverAccountRequest.newBuilder().setName(name).setCode(up.getRecoveryCodes(0)).setNewPassword(NEW_PASSWORD)
                .build()), hal);
        assertEquals(9, anonymous().recoverAccount(RecoverAccountRequest.newBuilder().setName(name).setCode(codes.get(0))
            .setNewPassword(NEW_PASSWORD).build()).getRecoveryCodesLeft());
    }

    @Test
    void theOperatorsResetTokenWorksOnceAndForAShortTime() {
        String name = fresh("ida");
        NewSession s = signUp(name).getSession();
        TestPlayer ida = player(s);
        refused(Status.Code.INVALID_ARGUMENT, "operator_name is required: who does this (1 to 64 characters), recorded "
            + "with the time.", () -> operator(ServiceTestProfile.OPERATOR_KEY).issueResetToken(IssueResetTokenRequest
            .newBuilder().setPlayerName(name).build()), ida);
        refused(Status.Code.NOT_FOUND, "No player is called 'no-such-player-here'.", () -> operator(
            ServiceTestProfile.OPERATOR_KEY).issueResetToken(IssueResetTokenRequest.newBuilder()
            .setPlayerName("no-such-player-here").setOperatorName("ops").build()), ida);
        IssueResetTokenResponse reset = operator(ServiceTestProfile.OPERATOR_KEY).issueResetToken(IssueResetTokenRequest
            .newBuilder().setPlayerName(name.toUpperCase()).setOperatorName("ops-anna").build());
        assertEquals(s.getPlayer(), reset.getPlayer());
        assertEquals(clock.nowMillis() + Duration.ofHours(1).toMillis(), reset.getExpiresAtEpochMillis());
        assertEquals(1, count("SELECT count(*) FROM account_events WHERE player_id = ?::uuid AND kind = "
            + "'reset-token-issued' AND actor = 'ops-anna'", s.getPlayer().getId()));
        clock.advance(Duration.ofMinutes(61));
        refused(Status.Code.UNAUTHENTICATED, Accounts.WRONG_CODE, () -> anonymous().recoverAccount(RecoverAccountRequest
            .newBuilder().setName(name).setCode(reset.getResetToken()).setNewPassword(NEW_PASSWORD).build()), ida);
        IssueResetTokenResponse again = operator(ServiceTestProfile.OPERATOR_KEY).issueResetToken(IssueResetTokenRequest
            .newBuilder().setPlayerName(name).setOperatorName("ops-anna").build());
        RecoverAccountResponse r = anonymous().recoverAccount(RecoverAccountRequest.newBuilder().setName(name)
            .setCode(again.getResetToken()).setNewPassword(NEW_PASSWORD).build());
        assertEquals(10, r.getRecoveryCodesLeft(), "a reset token leaves the recovery codes alone");
        assertStatus(Status.Code.UNAUTHENTICATED, () -> anonymous().recoverAccount(RecoverAccountRequest.newBuilder()
            .setName(name).setCode(again.getResetToken()).setNewPassword(PASSWORD).build()));
    }

    @Test
    void aDisabledAccountIsSignedOutEverywhereAndCannotComeBackUntilEnabled() {
        String name = fresh("jon");
        SignUpResponse up = signUp(name);
        NewSession s = up.getSession();
        signIn(name, PASSWORD, "second");
        assertEquals(2, operator(ServiceTestProfile.OPERATOR_KEY).disableAccount(DisableAccountRequest.newBuilder()
            .setPlayerName(name).setOperatorName("ops").setReason("cheating reports").build()).getSessionsEnded());
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> player(s).lobby().whoAmI(WhoAmIRequest.getDefaultInstance())));
        String disabled = "The account '" + name + "' is disabled (cheating reports); ask the operator to enable it again.";
        assertEquals(disabled, assertStatus(Status.Code.PERMISSION_DENIED, () -> signIn(name, PASSWORD, "x")));
        assertEquals(Accounts.WRONG_PASSWORD, assertStatus(Status.Code.UNAUTHENTICATED, () -> signIn(name, "wrong one!",
            "x")), "a disabled account says so only to the right password");
        assertEquals(disabled, assertStatus(Status.Code.PERMISSION_DENIED, () -> anonymous().recoverAccount(
            RecoverAccountRequest.newBuilder().setName(name).setCode(up.getRecoveryCodes(0)).setNewPassword(NEW_PASSWORD)
                .build())));
        assertEquals(10, count("SELECT count(*) FROM recovery_codes WHERE player_id = ?::uuid AND used_at IS NULL",
            s.getPlayer().getId()), "the refused recovery used no code");
        assertTrue(operator(ServiceTestProfile.OPERATOR_KEY).enableAccount(EnableAccountRequest.newBuilder()
            .setPlayerName(name).setOperatorName("ops").build()).getWasDisabled());
        assertFalse(operator(ServiceTestProfile.OPERATOR_KEY).enableAccount(EnableAccountRequest.newBuilder()
            .setPlayerName(name).setOperatorName("ops").build()).getWasDisabled());
        assertEquals(s.getPlayer(), signIn(name, PASSWORD, "x").getPlayer());
    }

    @Test
    void aPasswordSessionEndsAfterThirtyDaysUnusedAndEveryUseRenewsIt() {
        String name = fresh("kim");
        NewSession used = signUp(name).getSession();
        NewSession idle = signIn(name, PASSWORD, "idle");
        clock.advance(Duration.ofDays(20));
        player(used).lobby().whoAmI(WhoAmIRequest.getDefaultInstance());
        sessionUse.flush();
        clock.advance(Duration.ofDays(11));
        assertEquals(used.getPlayer(), player(used).lobby().whoAmI(WhoAmIRequest.getDefaultInstance()),
            "used 11 days ago: renewed");
        String ended = assertStatus(Status.Code.UNAUTHENTICATED, () -> player(idle).lobby()
            .whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertTrue(ended.startsWith("The session ended at ") && ended.endsWith(", unused for 30 days; sign in again."),
            ended);
        sessionUse.flush();
        assertEquals(1, count("SELECT count(*) FROM sessions WHERE player_id = ?::uuid", used.getPlayer().getId()),
            "the ended session is deleted");
    }

    @Test
    void aHashMadeWithLessThanTodaysCostIsMadeAgainAtSignIn() {
        String name = fresh("lou");
        NewSession s = signUp(name).getSession();
        String weak = PasswordHasher.hash(PASSWORD, new PasswordHasher.Cost(8192, 1, 1));
        executeUpdate("UPDATE passwords SET hash = ? WHERE player_id = ?::uuid", weak, s.getPlayer().getId());
        assertEquals(s.getPlayer(), signIn(name, PASSWORD, "x").getPlayer());
        assertEquals(1, count("SELECT count(*) FROM passwords WHERE player_id = ?::uuid AND hash LIKE "
            + "'$argon2id$v=19$m=19456,t=2,p=1$%'", s.getPlayer().getId()));
        assertEquals(s.getPlayer(), signIn(name, PASSWORD, "y").getPlayer());
    }
}
