package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.plyyard.proto.v1.LobbyProto;
import com.plyyard.proto.v1.MatchmakingProto;
import com.plyyard.proto.v1.Player;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No answer of the lobby can carry a token or a secret: walked over the contracts themselves, so a field added to any
 * response later is checked too. The only secrets a client ever receives are its own: its session's token (Register,
 * RenewToken, SignUp, SignIn, RecoverAccount), its recovery codes (SignUp, SetPassword, ReplaceRecoveryCodes), and for
 * the operator a player's reset token; a player as others see it is an id and a name.
 */
class NoPrivateDataInAnswersTest {
    private static final Set<String> SECRET_WORDS = Set.of("token", "password", "secret", "key", "hash", "codes");
    /** The secrets each answer may carry, by the RPC that answers it. */
    private static final Map<String, String> ALLOWED = Map.of(
        "LobbyService/Register", "RegisterResponse.token",
        "LobbyService/RenewToken", "RegisterResponse.token",
        "AccountService/SignUp", "NewSession.token SignUpResponse.recovery_codes",
        "AccountService/SignIn", "NewSession.token",
        "AccountService/RecoverAccount", "NewSession.token",
        "AccountService/SetPassword", "SetPasswordResponse.recovery_codes",
        "AccountService/ReplaceRecoveryCodes", "ReplaceRecoveryCodesResponse.recovery_codes",
        "OperatorService/IssueResetToken", "IssueResetTokenResponse.reset_token",
        "AccountService/GetAccount", "GetAccountResponse.has_password"); // whether one is set: a yes or no, no secret

    private static List<ServiceDescriptor> lobbyServices() {
        List<ServiceDescriptor> all = new ArrayList<>(LobbyProto.getDescriptor().getServices());
        all.addAll(MatchmakingProto.getDescriptor().getServices());
        all.addAll(com.plyyard.proto.v1.AccountsProto.getDescriptor().getServices());
        return all;
    }

    /** Every field path (Type.field) reachable from a message. */
    private static void walk(Descriptor d, Set<String> seen, Set<String> paths) {
        if (!seen.add(d.getFullName())) {
            return;
        }
        for (FieldDescriptor f : d.getFields()) {
            paths.add(d.getName() + "." + f.getName());
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                walk(f.getMessageType(), seen, paths);
            }
        }
    }

    @Test
    void onlyTheCallsThatGiveACallerItsOwnSecretsAnswerWithOne() {
        Map<String, String> tokenAnswers = new TreeMap<>();
        int methods = 0;
        for (ServiceDescriptor s : lobbyServices()) {
            for (MethodDescriptor m : s.getMethods()) {
                methods++;
                Set<String> paths = new HashSet<>();
                walk(m.getOutputType(), new HashSet<>(), paths);
                for (String path : paths) {
                    String field = path.substring(path.indexOf('.') + 1).toLowerCase();
                    boolean secret = SECRET_WORDS.stream().anyMatch(w -> field.equals(w) || field.endsWith("_" + w)
                        || field.startsWith(w + "_"));
                    if (secret) {
                        tokenAnswers.merge(s.getName() + "/" + m.getName(), path, (a, b) -> a.compareTo(b) < 0 ? a + " " + b
                            : b + " " + a);
                    }
                }
            }
        }
        assertTrue(methods > 30, "every lobby RPC was looked at: " + methods);
        assertEquals(new TreeMap<>(ALLOWED), tokenAnswers);
    }

    @Test
    void aPlayerAsOthersSeeItIsAnIdAndAName() {
        assertEquals(List.of("id", "name"), Player.getDescriptor().getFields().stream().map(FieldDescriptor::getName).toList());
    }
}
