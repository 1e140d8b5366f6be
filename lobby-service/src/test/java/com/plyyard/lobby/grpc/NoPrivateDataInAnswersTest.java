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
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No answer of the lobby can carry a token or a secret: walked over the contracts themselves, so a field added to any
 * response later is checked too. The only token a client ever receives is its own, from Register or RenewToken; a
 * player as others see it is an id and a name.
 */
class NoPrivateDataInAnswersTest {
    private static final Set<String> SECRET_WORDS = Set.of("token", "password", "secret", "key", "hash");

    private static List<ServiceDescriptor> lobbyServices() {
        List<ServiceDescriptor> all = new ArrayList<>(LobbyProto.getDescriptor().getServices());
        all.addAll(MatchmakingProto.getDescriptor().getServices());
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
    void onlyRegisterAndRenewTokenAnswerWithATokenAndNothingElseCarriesASecret() {
        Set<String> tokenAnswers = new TreeSet<>();
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
                        assertEquals("RegisterResponse.token", path, s.getName() + "/" + m.getName() + " answers " + path);
                        tokenAnswers.add(s.getName() + "/" + m.getName());
                    }
                }
            }
        }
        assertTrue(methods > 30, "every lobby RPC was looked at: " + methods);
        assertEquals(new TreeSet<>(List.of("LobbyService/Register", "LobbyService/RenewToken")), tokenAnswers);
    }

    @Test
    void aPlayerAsOthersSeeItIsAnIdAndAName() {
        assertEquals(List.of("id", "name"), Player.getDescriptor().getFields().stream().map(FieldDescriptor::getName).toList());
    }
}
