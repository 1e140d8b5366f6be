package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.ListSessionsResponse;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.Session;
import com.plyyard.proto.v1.SessionKind;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignUpRequest;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The account commands against a lobby that keeps accounts in memory ({@link FakeAccountLobby}), over a real socket:
 * what each sends, what it prints, which token the credentials file keeps afterwards. Passwords and codes come from
 * standard input, one per line, as a script gives them (there is no terminal under the test).
 */
@Timeout(60)
class AccountCommandsTest {
    @TempDir
    Path home;

    private FakeAccountLobby lobby;
    private final InputStream stdin = System.in;

    @BeforeEach
    void start() throws Exception {
        lobby = new FakeAccountLobby();
        System.setProperty("plyyard.credentials.dir", home.toString());
    }

    @AfterEach
    void stop() {
        System.setIn(stdin);
        lobby.close();
        System.clearProperty("plyyard.credentials.dir");
    }

    /** Runs the command line with {@code input} as standard input. */
    private Run run(String input, String... args) {
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        try {
            return Run.of(args);
        } finally {
            System.setIn(stdin);
        }
    }

    private String[] at(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--target";
        all[args.length + 1] = lobby.target();
        return all;
    }

    private Properties credentials() throws Exception {
        Properties p = new Properties();
        Path file = home.resolve("credentials.properties");
        if (Files.exists(file)) {
            try (var r = Files.newBufferedReader(file)) {
                p.load(r);
            }
        }
        return p;
    }

    private String storedToken(String name) throws Exception {
        return credentials().getProperty(lobby.target() + "/" + name + ".token");
    }

    @Test
    void registerReadsThePasswordTwiceAndShowsTheTenCodesOnce() throws Exception {
        Run r = run("correct horse\ncorrect horse\n", at("register", "--name", "ana"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("signed up as ana at " + lobby.target(), r.out().get(0));
        assertTrue(r.out().get(1).startsWith("recovery codes for ana, shown only now: keep them somewhere safe"), r.out()::toString);
        assertTrue(r.out().get(1).endsWith("./plyyard recover --name ana"), r.out().get(1));
        List<String> codes = r.out().subList(2, r.out().size());
        assertEquals(10, codes.size(), r.out()::toString);
        assertEquals("recovery_code=C001-XXXX-YYYY", codes.get(0));
        SignUpRequest sent = (SignUpRequest) lobby.requests.get(0);
        assertEquals("correct horse", sent.getPassword());
        assertEquals(AccountText.deviceLabel(), sent.getDeviceLabel());
        assertTrue(sent.getDeviceLabel().startsWith("terminal"), sent.getDeviceLabel());
        assertEquals(lobby.sessions.keySet().iterator().next(), storedToken("ana"), "the new session's token is kept");
        assertEquals("ana", credentials().getProperty(lobby.target() + ".name"));
    }

    @Test
    void twoDifferentPasswordsChangeNothing() {
        Run r = run("correct horse\ncorrect hose\n", at("register", "--name", "ana"));
        assertEquals(2, r.exitCode());
        assertEquals(List.of("plyyard: The two passwords differ; nothing was changed."), r.err());
        assertEquals(List.of(), lobby.calls);
    }

    @Test
    void aScriptThatGivesNoPasswordIsToldSo() {
        Run r = run("", at("login", "--name", "ana"));
        assertEquals(2, r.exitCode());
        assertEquals(List.of("plyyard: No password on standard input (give it on a line of its own)."), r.err());
    }

    @Test
    void aTakenNameSaysToLogIn() throws Exception {
        lobby.signedUpElsewhere("Ana", "correct horse");
        Run r = run("another one\nanother one\n", at("register", "--name", "ana"));
        assertEquals(2, r.exitCode());
        assertEquals(List.of("plyyard: The name 'ana' is taken on " + lobby.target() + "; if it is yours, sign in with "
            + "./plyyard login --name ana, otherwise choose another --name."), r.err());
    }

    @Test
    void aTakenNameThisMachineHoldsATokenForSaysToSetAPassword() throws Exception {
        Run first = Run.of("sessions", "--target", lobby.target(), "--name", "bo");
        assertEquals(1, first.exitCode(), "sessions never registers a name");
        assertEquals(List.of("plyyard: This machine is not signed in as bo at " + lobby.target() + "; sign in with "
            + "./plyyard login --name bo."), first.err());
        keep("bo", lobby.registerTokenOnly("bo"));
        Run r = run("pass word 1\npass word 1\n", at("register", "--name", "bo"));
        assertEquals(2, r.exitCode());
        assertEquals(List.of("plyyard: The name 'bo' is taken on " + lobby.target() + "; this machine is signed in as bo "
            + "already: ./plyyard password --name bo gives that account a password."), r.err());
    }

    private void keep(String name, String token) throws Exception {
        Properties p = credentials();
        p.setProperty(lobby.target() + "/" + name + ".token", token);
        p.setProperty(lobby.target() + ".name", name);
        try (var w = Files.newBufferedWriter(home.resolve("credentials.properties"))) {
            p.store(w, null);
        }
    }

    @Test
    void loginMakesASessionAndEndsTheOneThisMachineHeldBefore() throws Exception {
        lobby.signedUpElsewhere("Ana", "correct horse");
        String old;
        synchronized (lobby) {
            var account = lobby.accounts.get("ana");
            old = "tok-old";
            lobby.sessions.put(old, lobby.new Live(old, account, Session.newBuilder().setId("old-id").build()));
        }
        keep("ana", old);
        Run r = run("correct horse\n", at("login", "--name", "ANA"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("signed in as Ana at " + lobby.target()), r.out());
        SignInRequest sent = (SignInRequest) lobby.requests.get(lobby.calls.indexOf("SignIn"));
        assertEquals("ANA", sent.getName());
        assertEquals("correct horse", sent.getPassword());
        String kept = storedToken("ana");
        assertTrue(kept != null && !kept.equals(old) && lobby.sessions.containsKey(kept), "the new session is kept: " + kept);
        assertFalse(lobby.sessions.containsKey(old), "the session held before is signed out");
        assertEquals(2, lobby.sessions.size(), "the phone's session stays");
    }

    @Test
    void aWrongPasswordIsTheLobbysSentenceWithExitCode2() {
        lobby.signedUpElsewhere("ana", "correct horse");
        Run r = run("wrong horse\n", at("login", "--name", "ana"));
        assertEquals(2, r.exitCode());
        assertEquals(List.of("plyyard: The name or the password is wrong."), r.err());
    }

    @Test
    void logoutEndsThisSessionOnlyAndForgetsItsToken() throws Exception {
        lobby.signedUpElsewhere("ana", "correct horse");
        assertEquals(0, run("correct horse\n", at("login", "--name", "ana")).exitCode());
        String mine = storedToken("ana");
        Run r = Run.of(at("logout"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("signed out ana at " + lobby.target() + ": this session ended; the account stays (./plyyard "
            + "login --name ana signs in again)"), r.out());
        assertFalse(lobby.sessions.containsKey(mine));
        assertEquals(1, lobby.sessions.size(), "the other device stays signed in");
        assertEquals(null, storedToken("ana"));
        assertEquals(List.of("not signed in as ana at " + lobby.target() + "; nothing to sign out"), Run.of(at("logout")).out());
        Run again = Run.of(at("sessions"));
        assertEquals(1, again.exitCode());
        assertEquals(List.of("plyyard: This machine is not signed in as ana at " + lobby.target() + "; sign in with "
            + "./plyyard login --name ana."), again.err());
    }

    @Test
    void logoutOfAnEndedSessionForgetsItAndSaysSo() throws Exception {
        keep("ana", "tok-ended");
        Run r = Run.of(at("logout"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("signed out ana at " + lobby.target() + ": the session had ended already; the account stays "
            + "(./plyyard login --name ana signs in again)"), r.out());
        assertEquals(null, storedToken("ana"));
    }

    @Test
    void logoutAllOthersKeepsThisOne() throws Exception {
        lobby.signedUpElsewhere("ana", "correct horse");
        assertEquals(0, run("correct horse\n", at("login", "--name", "ana")).exitCode());
        String mine = storedToken("ana");
        Run r = Run.of(at("logout", "--all-others"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("signed out 1 other session of ana at " + lobby.target() + "; this one stays"), r.out());
        assertEquals(List.of(mine), List.copyOf(lobby.sessions.keySet()));
        assertEquals(mine, storedToken("ana"));
        Run both = Run.of(at("logout", "--all-others", "--session", "x"));
        assertEquals(2, both.exitCode());
    }

    @Test
    void logoutOfOneSessionById() throws Exception {
        lobby.signedUpElsewhere("ana", "correct horse");
        assertEquals(0, run("correct horse\n", at("login", "--name", "ana")).exitCode());
        String phone = lobby.sessions.values().iterator().next().session.getId();
        Run r = Run.of(at("logout", "--session", phone));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("signed out session " + phone + " of ana at " + lobby.target()), r.out());
        assertEquals(1, lobby.sessions.size());
        Run unknown = Run.of(at("logout", "--session", "no-such-id"));
        assertEquals(2, unknown.exitCode());
        assertEquals(List.of("plyyard: You have no session no-such-id."), unknown.err());
        String mine = lobby.sessions.values().iterator().next().session.getId();
        Run own = Run.of(at("logout", "--session", mine));
        assertEquals(List.of("signed out session " + mine + " of ana at " + lobby.target() + "; it was this one, and its "
            + "token is forgotten"), own.out());
        assertEquals(null, storedToken("ana"));
    }

    @Test
    void sessionsIsATableWithThisOneMarked() throws Exception {
        lobby.signedUpElsewhere("ana", "correct horse");
        assertEquals(0, run("correct horse\n", at("login", "--name", "ana")).exitCode());
        Run r = Run.of(at("sessions"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(3, r.out().size(), r.out()::toString);
        assertTrue(r.out().get(0).matches("  id +kind +created +last used +address +device"), r.out().get(0));
        String phone = r.out().stream().filter(l -> l.endsWith(" phone")).findFirst().orElseThrow();
        String here = r.out().stream().filter(l -> l.endsWith(" " + AccountText.deviceLabel())).findFirst().orElseThrow();
        assertTrue(here.startsWith("* "), here);
        assertTrue(phone.startsWith("  "), phone);
        assertTrue(here.contains(" password "), here);
        assertTrue(here.contains(" 127.0.0.1 "), here);
    }

    @Test
    void theTableInAZone() {
        ListSessionsResponse r = ListSessionsResponse.newBuilder().addSessions(Session.newBuilder()
            .setId("3f0c9a52-0000-4000-8000-000000000001").setKind(SessionKind.SESSION_KIND_RECOVERY)
            .setCreatedAtEpochMillis(1_767_225_600_000L).setLastUsedAtEpochMillis(1_767_229_260_000L).setAddress("10.0.0.7")
            .setDeviceLabel("terminal on Linux").setCurrent(true)).addSessions(Session.newBuilder()
            .setId("3f0c9a52-0000-4000-8000-000000000002").setKind(SessionKind.SESSION_KIND_TOKEN)).build();
        StringWriter text = new StringWriter();
        SessionsCommand.table(r, ZoneOffset.UTC, new PrintWriter(text, true));
        assertEquals("""
              id                                    kind      created           last used         address          device
            * 3f0c9a52-0000-4000-8000-000000000001  recovery  2026-01-01 00:00  2026-01-01 01:01  10.0.0.7         terminal on Linux
              3f0c9a52-0000-4000-8000-000000000002  token     -                 -                 -                -
            """, text.toString().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void passwordGivesATokenOnlyAccountAPasswordAndCodes() throws Exception {
        keep("bo", lobby.registerTokenOnly("bo"));
        Run r = run("pass word 1\npass word 1\n", at("password"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("password set for bo at " + lobby.target() + "; sign in on any device with ./plyyard login --name bo",
            r.out().get(0));
        assertEquals(11, r.out().size() - 1, r.out()::toString);
        assertTrue(r.out().get(2).startsWith("recovery_code="), r.out()::toString);
        assertEquals("pass word 1", lobby.accounts.get("bo").password);
        assertEquals(List.of("WhoAmI", "GetAccount", "SetPassword"), lobby.calls);
    }

    @Test
    void passwordChangesAPasswordAndSaysHowManyOtherSessionsEnded() throws Exception {
        lobby.signedUpElsewhere("ana", "correct horse");
        assertEquals(0, run("correct horse\n", at("login", "--name", "ana")).exitCode());
        Run wrong = run("not it\nnew horse 2\nnew horse 2\n", at("password"));
        assertEquals(2, wrong.exitCode());
        assertEquals(List.of("plyyard: The current password is wrong."), wrong.err());
        Run r = run("correct horse\nnew horse 2\nnew horse 2\n", at("password"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("password changed for ana at " + lobby.target() + "; signed out 1 other session"), r.out());
        ChangePasswordRequest sent = (ChangePasswordRequest) lobby.requests.get(lobby.calls.lastIndexOf("ChangePassword"));
        assertEquals("correct horse", sent.getCurrentPassword());
        assertEquals("new horse 2", sent.getNewPassword());
    }

    @Test
    void recoverTakesACodeThenANewPasswordAndSignsIn() throws Exception {
        Run signedUp = run("correct horse\ncorrect horse\n", at("register", "--name", "ana"));
        String code = signedUp.out().get(5).substring("recovery_code=".length());
        assertEquals(0, Run.of(at("logout")).exitCode());
        Run r = run(code + "\nnew horse 2\nnew horse 2\n", at("recover", "--name", "Ana"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("signed in as ana at " + lobby.target(), "recovered ana: the new password is set and every "
            + "other session signed out; 9 recovery codes left"), r.out());
        RecoverAccountRequest sent = (RecoverAccountRequest) lobby.requests.get(lobby.calls.indexOf("RecoverAccount"));
        assertEquals(code, sent.getCode());
        assertEquals("new horse 2", sent.getNewPassword());
        assertEquals(AccountText.deviceLabel(), sent.getDeviceLabel());
        assertTrue(lobby.sessions.containsKey(storedToken("ana")));
        Run used = run(code + "\nnew horse 3\nnew horse 3\n", at("recover", "--name", "ana"));
        assertEquals(2, used.exitCode());
        assertEquals(List.of("plyyard: The name or the code is wrong."), used.err());
        assertEquals(0, run("new horse 2\n", at("login", "--name", "ana")).exitCode(), "the new password signs in");
    }

    @Test
    void recoveryCodesAreReplacedWithTheCurrentPassword() throws Exception {
        assertEquals(0, run("correct horse\ncorrect horse\n", at("register", "--name", "ana")).exitCode());
        Run r = run("correct horse\n", at("recovery-codes"));
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("new recovery codes for ana at " + lobby.target() + "; the earlier ones no longer work", r.out().get(0));
        assertEquals("recovery_code=C011-XXXX-YYYY", r.out().get(2));
        assertEquals(12, r.out().size());
    }

    @Test
    void theOperatorIssuesAResetTokenDisablesAndEnables() throws Exception {
        Files.writeString(home.resolve("operator-key"), FakeAccountLobby.OPERATOR_KEY + "\n");
        lobby.signedUpElsewhere("Ana", "correct horse");
        Run reset = Run.of(at("accounts", "reset-token", "--player", "ana"));
        assertEquals(0, reset.exitCode(), reset::toString);
        assertEquals(List.of("reset_token player=Ana token=RESET-TOKEN-1 expires=2023-11-14T23:13:20Z",
            "hand it to Ana by a way you trust; it works once, until 2023-11-14T23:13:20Z: ./plyyard recover --name Ana (the "
                + "token in place of a recovery code)"), reset.out());
        assertEquals(System.getProperty("user.name"),
            ((IssueResetTokenRequest) lobby.requests.get(0)).getOperatorName());
        Run recovered = run("RESET-TOKEN-1\nnew horse 2\nnew horse 2\n", at("recover", "--name", "ana"));
        assertEquals(0, recovered.exitCode(), recovered::toString);

        Run disable = Run.of(at("accounts", "disable", "--player", "ana", "--reason", "cheating"));
        assertEquals(List.of("disabled player=Ana sessions_ended=1"), disable.out());
        assertEquals("cheating", ((DisableAccountRequest) lobby.requests.get(lobby.calls.indexOf("DisableAccount"))).getReason());
        Run refused = run("new horse 2\n", at("login", "--name", "ana"));
        assertEquals(2, refused.exitCode());
        assertEquals(List.of("plyyard: This account is disabled."), refused.err());
        assertEquals(List.of("enabled player=Ana was_disabled=true"), Run.of(at("accounts", "enable", "--player", "ana")).out());
        assertEquals(List.of("enabled player=Ana was_disabled=false"), Run.of(at("accounts", "enable", "--player", "ana")).out());
        Run nobody = Run.of(at("accounts", "disable", "--player", "nobody"));
        assertEquals(2, nobody.exitCode());
        assertEquals(List.of("plyyard: There is no player 'nobody'."), nobody.err());
    }

    @Test
    void aLobbyWithoutAccountsIsCalledOlderThanTheClient() throws Exception {
        io.grpc.Server bare = io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder
            .forAddress(new java.net.InetSocketAddress("localhost", 0)).build().start();
        try {
            Run r = run("correct horse\n", "login", "--name", "ana", "--target", "localhost:" + bare.getPort());
            assertEquals(1, r.exitCode());
            assertEquals(List.of("plyyard: lobby-service at localhost:" + bare.getPort() + " does not offer this call (Method "
                + "not found: plyyard.v1.AccountService/SignIn); it is older than this client."), r.err());
        } finally {
            bare.shutdownNow();
        }
    }

    @Test
    void anEndedSessionIsForgottenAndTheSentenceSaysToSignInAgain() throws Exception {
        keep("ana", "tok-ended");
        Run r = Run.of(at("sessions"));
        assertEquals(1, r.exitCode());
        assertEquals(List.of("plyyard: The session this machine kept for ana at " + lobby.target() + " has ended (This "
            + "session has ended); sign in again with ./plyyard login --name ana."), r.err());
        assertEquals(null, storedToken("ana"));
    }
}
