package com.plyyard.lobby.grpc;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/** OperatorService: the key its calls carry. */
@ConfigMapping(prefix = "plyyard.lobby.operator")
public interface OperatorConfig {
    /** At least 32 characters; unset: OperatorService refuses every call (PERMISSION_DENIED). */
    Optional<String> key();
}
