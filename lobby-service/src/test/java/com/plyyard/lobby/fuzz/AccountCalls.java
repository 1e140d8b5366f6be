package com.plyyard.lobby.fuzz;

import com.google.protobuf.Message;
import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.grpc.testing.fuzz.Texts;
import com.plyyard.lobby.fuzz.LobbyCalls.Call;
import com.plyyard.lobby.fuzz.LobbyCalls.Caller;
import com.plyyard.lobby.fuzz.LobbyWorld.P;
import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.ClaimNameRequest;
import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.EnableAccountRequest;
import com.plyyard.proto.v1.GetAccountRequest;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.IssueResetTokenResponse;
import com.plyyard.proto.v1.ListSessionsRequest;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.RecoverAccountResponse;
import com.plyyard.proto.v1.ReplaceRecoveryCodesRequest;
import com.plyyard.proto.v1.ReplaceRecoveryCodesResponse;
import com.plyyard.proto.v1.SetPasswordRequest;
import com.plyyard.proto.v1.SetPasswordResponse;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignInResponse;
import com.plyyard.proto.v1.SignOutOtherSessionsRequest;
import com.plyyard.proto.v1.SignOutRequest;
import com.plyyard.proto.v1.SignOutSessionRequest;
import com.plyyard.proto.v1.SignUpRequest;
import com.plyyard.proto.v1.SignUpResponse;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * The property's calls of AccountService and of OperatorService's account calls: sign-ups and sign-ins with right,
 * wrong, common, short and overlong passwords, names that exist, do not or cannot; sessions signed out one by one, all
 * others, by ids real, foreign and malformed; passwords set, changed and checked; recovery codes and reset tokens right,
 * used, mutated and random; accounts disabled and enabled. The world remembers every password, code and session it was
 * given, and which tokens a successful call ended.
 */
final class AccountCalls {
    private static final Set<Status.Code> OK = EnumSet.of(Status.Code.OK);
    private static final Set<Status.Code> INVALID = EnumSet.of(Status.Code.INVALID_ARGUMENT);
    private static final Set<Status.Code> WRONG = EnumSet.of(Status.Code.UNAUTHENTICATED);
    /**
     * Not the operator: UNAUTHENTICATED, unless the edge's input limits refused a field first (they run before the
     * key is looked at, as for every call without a valid token).
     */
    private static final Set<Status.Code> NOT_OPERATOR = EnumSet.of(Status.Code.UNAUTHENTICATED,
        Status.Code.INVALID_ARGUMENT, Status.Code.RESOURCE_EXHAUSTED);
    private final LobbyWorld world;
    private final LobbyCalls base;

    AccountCalls(LobbyWorld world, LobbyCalls base) {
        this.world = world;
        this.base = base;
    }

    /** A password: a fresh valid one mostly, else one the rules refuse. */
    private static String password(Random r, List<String> refused) {
        return switch (r.nextInt(10)) {
            case 0 -> "abc" + r.nextInt(100); // short
            case 1 -> "password1";            // common
            case 2 -> "y".repeat(129 + r.nextInt(40)); // too long for the rule, not for the edge
            case 3 -> Texts.any().next(r);
            default -> "pass phrase " + Long.toString(r.nextLong() & Long.MAX_VALUE, 36);
        };
    }

    private static boolean valid(String password) {
        int n = password.codePointCount(0, password.length());
        // a control character is refused by the edge (as in every text field), INVALID_ARGUMENT all the same
        return n >= 8 && n <= 128 && !password.equals("password1") && !password.isBlank()
            && password.codePoints().noneMatch(com.plyyard.grpc.Sentences::isControl);
    }

    /** A player of the world with a password (null when there is none yet). */
    private P withPassword(Random r) {
        List<P> live = world.live().stream().filter(p -> world.passwords.containsKey(p.id())).toList();
        return live.isEmpty() ? null : base.recent(live, r);
    }

    private static Call anonymous(String rpc, MethodDescriptor<?, ?> method, Message request, Set<Status.Code> expected,
                                  java.util.function.BiConsumer<LobbyWorld, Message> onOk) {
        return new Call(rpc, method, request, new Caller("no token", null, null), false, expected, onOk);
    }

    Call signUp(Random r) {
        String name;
        String pw = password(r, null);
        Set<Status.Code> expected;
        switch (r.nextInt(8)) {
            case 0, 1, 2, 3, 4 -> {
                name = "acct" + LobbyCalls.freshName(r);
                expected = valid(pw) && !pw.equalsIgnoreCase(name) ? null : INVALID;
            }
            case 5 -> {
                name = base.recent(world.players, r).name();
                expected = valid(pw) ? EnumSet.of(Status.Code.ALREADY_EXISTS) : INVALID;
            }
            case 6 -> {
                name = Gen.elements("a", "x".repeat(33), "two words", "naïve", "").next(r);
                expected = INVALID;
            }
            default -> {
                name = Texts.any().next(r);
                expected = null;
            }
        }
        boolean anyLabel = r.nextInt(10) == 0;
        String label = anyLabel ? Texts.any().next(r) : "fuzz";
        if (anyLabel && expected != null && !expected.equals(INVALID)) {
            expected = null; // the label may be refused first
        }
        return anonymous("SignUp", AccountServiceGrpc.getSignUpMethod(), SignUpRequest.newBuilder().setName(name)
            .setPassword(pw).setDeviceLabel(label).build(), expected, (w, m) -> {
                SignUpResponse up = (SignUpResponse) m;
                P p = w.signedIn(up.getSession());
                w.passwords.put(p.id(), pw);
                w.recoveryCodes.put(p.id(), new ArrayList<>(up.getRecoveryCodesList()));
            });
    }

    Call signIn(Random r) {
        P p = withPassword(r);
        String name;
        String pw;
        Set<Status.Code> expected;
        int k = r.nextInt(10);
        if (p != null && k < 5) {
            name = r.nextBoolean() ? p.name() : p.name().toUpperCase();
            pw = world.passwords.get(p.id());
            expected = world.disabled.contains(p.id()) ? EnumSet.of(Status.Code.PERMISSION_DENIED) : OK;
        } else if (p != null && k < 7) {
            name = p.name();
            pw = Texts.mutate(world.passwords.get(p.id()), r);
            expected = null; // wrong, unless the mutation left it as it was; or too short
        } else if (k < 8) {
            name = "nobody" + LobbyCalls.freshName(r);
            pw = "some password or other";
            expected = WRONG;
        } else {
            name = r.nextBoolean() ? base.recent(world.players, r).name() : Texts.any().next(r);
            pw = Texts.any().next(r);
            expected = null;
        }
        String pwFinal = pw;
        return anonymous("SignIn", AccountServiceGrpc.getSignInMethod(), SignInRequest.newBuilder().setName(name)
            .setPassword(pw).setDeviceLabel("fuzz").build(), expected, (w, m) -> {
                P in = w.signedIn(((SignInResponse) m).getSession());
                w.passwords.put(in.id(), pwFinal);
            });
    }

    Call getAccount(Random r) {
        return LobbyCalls.call("GetAccount", AccountServiceGrpc.getGetAccountMethod(), GetAccountRequest.getDefaultInstance(),
            base.caller(r, null), OK, null);
    }

    Call listSessions(Random r) {
        return LobbyCalls.call("ListSessions", AccountServiceGrpc.getListSessionsMethod(),
            ListSessionsRequest.getDefaultInstance(), base.caller(r, null), OK, null);
    }

    Call setPassword(Random r) {
        Caller c = base.caller(r, null);
        String pw = password(r, null);
        return LobbyCalls.call("SetPassword", AccountServiceGrpc.getSetPasswordMethod(), SetPasswordRequest.newBuilder()
            .setNewPassword(pw).build(), c, null, (w, m) -> {
                w.passwords.put(c.player().id(), pw);
                w.recoveryCodes.put(c.player().id(), new ArrayList<>(((SetPasswordResponse) m).getRecoveryCodesList()));
            });
    }

    /** The caller's current password mostly (when the world knows it), else a wrong or malformed one. */
    private String current(Random r, Caller c) {
        String known = c.player() == null ? null : world.passwords.get(c.player().id());
        if (known != null && r.nextInt(3) > 0) {
            return known;
        }
        return r.nextBoolean() ? "not the password at all" : Texts.any().next(r);
    }

    Call changePassword(Random r) {
        P p = withPassword(r);
        Caller c = p != null && r.nextBoolean() ? new Caller("involved", "Bearer " + p.token(), p) : base.caller(r, null);
        String cur = current(r, c);
        String pw = password(r, null);
        return LobbyCalls.call("ChangePassword", AccountServiceGrpc.getChangePasswordMethod(), ChangePasswordRequest
            .newBuilder().setCurrentPassword(cur).setNewPassword(pw).build(), c, null, (w, m) -> {
                w.passwords.put(c.player().id(), pw);
                w.endSessions(c.player().id(), c.player().token());
            });
    }

    Call replaceRecoveryCodes(Random r) {
        P p = withPassword(r);
        Caller c = p != null && r.nextBoolean() ? new Caller("involved", "Bearer " + p.token(), p) : base.caller(r, null);
        return LobbyCalls.call("ReplaceRecoveryCodes", AccountServiceGrpc.getReplaceRecoveryCodesMethod(),
            ReplaceRecoveryCodesRequest.newBuilder().setCurrentPassword(current(r, c)).build(), c, null, (w, m) ->
                w.recoveryCodes.put(c.player().id(), new ArrayList<>(((ReplaceRecoveryCodesResponse) m)
                    .getRecoveryCodesList())));
    }

    Call signOut(Random r) {
        Caller c = base.caller(r, null);
        return LobbyCalls.call("SignOut", AccountServiceGrpc.getSignOutMethod(), SignOutRequest.getDefaultInstance(), c, OK,
            (w, m) -> w.revokedTokens.add(c.player().token()));
    }

    Call signOutSession(Random r) {
        Caller c = base.caller(r, null);
        String id;
        List<String> theirs = c.player() == null ? List.of() : world.live().stream()
            .filter(p -> p.id().equals(c.player().id()) && world.sessionIds.containsKey(p.token()))
            .map(p -> world.sessionIds.get(p.token())).toList();
        switch (r.nextInt(6)) {
            case 0, 1, 2 -> id = theirs.isEmpty() ? UUID.randomUUID().toString() : theirs.get(r.nextInt(theirs.size()));
            case 3 -> id = world.sessionIds.isEmpty() ? UUID.randomUUID().toString()
                : base.recent(new ArrayList<>(world.sessionIds.values()), r);
            case 4 -> id = UUID.randomUUID().toString();
            default -> id = Texts.idLike().next(r);
        }
        return LobbyCalls.call("SignOutSession", AccountServiceGrpc.getSignOutSessionMethod(), SignOutSessionRequest
            .newBuilder().setSessionId(id).build(), c, null, (w, m) -> {
                for (P p : w.players) {
                    if (id.strip().equalsIgnoreCase(w.sessionIds.get(p.token())) && !w.revokedTokens.contains(p.token())) {
                        w.revokedTokens.add(p.token());
                    }
                }
            });
    }

    Call signOutOtherSessions(Random r) {
        Caller c = base.caller(r, null);
        return LobbyCalls.call("SignOutOtherSessions", AccountServiceGrpc.getSignOutOtherSessionsMethod(),
            SignOutOtherSessionsRequest.getDefaultInstance(), c, OK,
            (w, m) -> w.endSessions(c.player().id(), c.player().token()));
    }

    Call recoverAccount(Random r) {
        P p = world.players.isEmpty() ? null : base.recent(world.players, r);
        String name = p == null ? "nobody" : r.nextInt(8) == 0 ? Texts.any().next(r) : p.name();
        String code;
        boolean usesCode = false;
        boolean usesReset = false;
        List<String> codes = p == null ? null : world.recoveryCodes.get(p.id());
        switch (r.nextInt(8)) {
            case 0, 1, 2 -> {
                usesCode = codes != null && !codes.isEmpty();
                code = usesCode ? codes.get(r.nextInt(codes.size())) : "0000-0000-0000-0000";
            }
            case 3 -> {
                usesReset = p != null && world.resetTokens.containsKey(p.id());
                code = usesReset ? world.resetTokens.get(p.id()) : UUID.randomUUID().toString();
            }
            case 4 -> code = codes != null && !codes.isEmpty() ? Texts.mutate(codes.get(0), r) : "zzzz";
            default -> code = Texts.any().next(r);
        }
        String pw = password(r, null);
        boolean viaCode = usesCode;
        boolean viaReset = usesReset;
        String codeFinal = code;
        return anonymous("RecoverAccount", AccountServiceGrpc.getRecoverAccountMethod(), RecoverAccountRequest.newBuilder()
            .setName(name).setCode(code).setNewPassword(pw).setDeviceLabel("fuzz").build(), null, (w, m) -> {
                RecoverAccountResponse rr = (RecoverAccountResponse) m;
                String id = rr.getSession().getPlayer().getId();
                w.endSessions(id, null);
                w.signedIn(rr.getSession());
                w.passwords.put(id, pw);
                if (viaCode && w.recoveryCodes.containsKey(id)) {
                    w.recoveryCodes.get(id).remove(codeFinal);
                }
                if (viaReset) {
                    w.resetTokens.remove(id);
                }
            });
    }

    Call claimName(Random r) {
        Caller c = base.caller(r, null);
        // a Ply Yard session's player has its name: FAILED_PRECONDITION (no provider is configured here)
        return LobbyCalls.call("ClaimName", AccountServiceGrpc.getClaimNameMethod(), ClaimNameRequest.newBuilder()
            .setName(r.nextBoolean() ? LobbyCalls.freshName(r) : Texts.any().next(r)).build(), c,
            EnumSet.of(Status.Code.FAILED_PRECONDITION, Status.Code.INVALID_ARGUMENT), null);
    }

    // ---- OperatorService

    /** The operator key mostly; a player's token or nothing sometimes. */
    private Caller operator(Random r) {
        int k = r.nextInt(10);
        if (k < 8) {
            return new Caller("operator", "Bearer " + world.operatorKey, null);
        }
        return k == 8 ? new Caller("no token", null, null)
            : new Caller("player as operator", "Bearer " + base.recent(world.players, r).token(), null);
    }

    private static Set<Status.Code> operatorExpected(Caller c, Set<Status.Code> expected) {
        return c.kind().equals("operator") ? expected : NOT_OPERATOR;
    }

    /** A player name for the operator: of a player with sessions to spare (made for it), anyone's, or none's. */
    private String target(Random r, boolean fresh) {
        if (fresh) {
            P p = world.register("fx-op-" + Math.abs(r.nextInt()));
            return p.name();
        }
        return switch (r.nextInt(4)) {
            case 0, 1 -> base.recent(world.players, r).name();
            case 2 -> "nobody" + LobbyCalls.freshName(r);
            default -> Texts.any().next(r);
        };
    }

    Call issueResetToken(Random r) {
        Caller c = operator(r);
        String name = target(r, false);
        String by = r.nextInt(8) == 0 ? "" : "fuzz-ops";
        return new Call("IssueResetToken", OperatorServiceGrpc.getIssueResetTokenMethod(), IssueResetTokenRequest.newBuilder()
            .setPlayerName(name).setOperatorName(by).build(), c, false, operatorExpected(c, null), (w, m) -> {
                IssueResetTokenResponse t = (IssueResetTokenResponse) m;
                w.resetTokens.put(t.getPlayer().getId(), t.getResetToken());
            });
    }

    Call disableAccount(Random r) {
        Caller c = operator(r);
        // mostly a player made for it: disabling the world's players one by one would leave nobody to play
        String name = target(r, c.kind().equals("operator") && r.nextInt(4) > 0);
        return new Call("DisableAccount", OperatorServiceGrpc.getDisableAccountMethod(), DisableAccountRequest.newBuilder()
            .setPlayerName(name).setOperatorName("fuzz-ops").setReason(r.nextInt(5) == 0 ? Texts.any().next(r) : "fuzz")
            .build(), c, false, operatorExpected(c, null), (w, m) -> {
                String id = ((com.plyyard.proto.v1.DisableAccountResponse) m).getPlayer().getId();
                w.endSessions(id, null);
                w.disabled.add(id);
            });
    }

    Call enableAccount(Random r) {
        Caller c = operator(r);
        P was = world.disabled.isEmpty() || r.nextBoolean() ? null : world.byId(base.recent(new ArrayList<>(world.disabled), r));
        String name = was != null ? was.name() : target(r, false);
        return new Call("EnableAccount", OperatorServiceGrpc.getEnableAccountMethod(), EnableAccountRequest.newBuilder()
            .setPlayerName(name).setOperatorName("fuzz-ops").build(), c, false, operatorExpected(c, null),
            (w, m) -> w.disabled.remove(((com.plyyard.proto.v1.EnableAccountResponse) m).getPlayer().getId()));
    }
}
