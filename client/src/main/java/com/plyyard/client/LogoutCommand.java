package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.SignOutOtherSessionsRequest;
import com.plyyard.proto.v1.SignOutOtherSessionsResponse;
import com.plyyard.proto.v1.SignOutRequest;
import com.plyyard.proto.v1.SignOutSessionRequest;
import com.plyyard.proto.v1.SignOutSessionResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code logout}: ends this machine's session (AccountService.SignOut) and forgets its token — never the account;
 * {@code --all-others} ends every other session and keeps this one; {@code --session ID} ends one by its id.
 */
@Command(name = "logout", mixinStandardHelpOptions = true,
    description = "Signs out: ends this session and forgets its token (the account stays); --all-others ends every other "
        + "session instead, --session ID one of them.")
public class LogoutCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", paramLabel = "NAME", description = "The player (default: the name used last on this server).")
    String name;

    @Option(names = "--all-others", description = "End every other session of the account (other devices); keep this one.")
    boolean allOthers;

    @Option(names = "--session", paramLabel = "ID", description = "End the session with this id (./plyyard sessions lists them).")
    String session;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (allOthers && session != null) {
            throw CliException.badInput("Give --all-others or --session ID, not both.");
        }
        if (allOthers) {
            try (Lobby lobby = server.resume(name)) {
                SignOutOtherSessionsResponse r = lobby.call(() -> lobby.accounts()
                    .signOutOtherSessions(SignOutOtherSessionsRequest.getDefaultInstance()));
                out.println("signed out " + AccountText.sessions(r.getSignedOut(), "other") + " of " + lobby.me().getName()
                    + " at " + lobby.target() + "; this one stays");
            }
        } else if (session != null) {
            try (Lobby lobby = server.resume(name)) {
                SignOutSessionResponse r = lobby.call(() -> lobby.accounts()
                    .signOutSession(SignOutSessionRequest.newBuilder().setSessionId(session).build()));
                if (r.getWasCurrent()) {
                    lobby.forget(lobby.me().getName());
                }
                out.println("signed out session " + session + " of " + lobby.me().getName() + " at " + lobby.target()
                    + (r.getWasCurrent() ? "; it was this one, and its token is forgotten" : ""));
            }
        } else {
            signOutThisOne(out);
        }
        out.flush();
        return 0;
    }

    private void signOutThisOne(PrintWriter out) {
        Optional<Lobby.Stored> stored = Lobby.stored(server.target, name);
        if (stored.isEmpty()) {
            String who = name != null ? name : Lobby.lastName(server.target).orElse(null);
            out.println("not signed in" + (who == null ? "" : " as " + who) + " at " + server.target + "; nothing to sign out");
            return;
        }
        Lobby.Stored s = stored.get();
        boolean ended;
        try (Lobby lobby = server.anonymous().withToken(s.token())) {
            try {
                lobby.accounts().signOut(SignOutRequest.getDefaultInstance());
                ended = true;
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNAUTHENTICATED) {
                    throw lobby.failure(e);
                }
                ended = false; // ended already (signed out elsewhere, revoked, expired): forget it all the same
            }
            if (!s.fromEnvironment()) {
                lobby.forget(s.name());
            }
        }
        String who = s.fromEnvironment() ? "the player of PLYYARD_TOKEN" : s.name();
        out.println("signed out " + who + " at " + server.target + ": " + (ended ? "this session ended"
            : "the session had ended already") + "; the account stays (" + (s.fromEnvironment() ? "unset PLYYARD_TOKEN; "
            : "") + "./plyyard login --name " + (s.name().isEmpty() ? "NAME" : s.name()) + " signs in again)");
    }
}
