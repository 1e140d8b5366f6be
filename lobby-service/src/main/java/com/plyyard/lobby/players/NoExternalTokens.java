package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyException;
import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** No outside identity provider: the default, until the edge provides {@link ExternalTokens} for a configured one. */
@DefaultBean
@ApplicationScoped
public class NoExternalTokens implements ExternalTokens {
    @Override
    public boolean enabled() {
        return false;
    }

    @Override
    public ExternalIdentity verify(String bearer) {
        throw LobbyException.unauthenticated(Tokens.NO_PROVIDER);
    }
}
