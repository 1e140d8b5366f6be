package com.plyyard.grpc.tls;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.util.List;
import java.util.OptionalInt;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Turns a service's TLS settings ({@link ServerTls}) into Quarkus settings at start, through a configuration source
 * registered in META-INF/services/io.smallrye.config.ConfigSourceFactory of this jar (so rules-service, ai-service and
 * lobby-service all get it). No certificate, no source: the port stays plain text, exactly as without this class.
 *
 * <p>Its ordinal (270) is above application.properties (250) and below environment variables (300) and system
 * properties (400): an operator's explicit {@code quarkus.http.*} or {@code quarkus.tls.*} setting still wins.
 */
public class ServerTlsConfigSourceFactory implements ConfigSourceFactory {
    static final int ORDINAL = 270;

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        ServerTls tls = ServerTls.from(name -> {
            ConfigValue v = context.getValue(name);
            return v == null ? null : v.getValue();
        });
        if (!tls.enabled()) {
            return List.of();
        }
        return List.of(new PropertiesConfigSource(tls.quarkusSettings(), "plyyard TLS (TLS_CERT/TLS_KEY or TLS_KEYSTORE)",
            ORDINAL));
    }

    @Override
    public OptionalInt getPriority() {
        return OptionalInt.of(ORDINAL);
    }
}
