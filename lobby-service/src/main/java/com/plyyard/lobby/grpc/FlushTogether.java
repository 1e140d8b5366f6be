package com.plyyard.lobby.grpc;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The writes one event-loop turn makes on a client connection leave in one flush. Every message the lobby sends is a
 * task of its own on the connection's event loop ({@code EventLoopWrites}), and Vert.x flushes after each write made
 * outside a read: one socket write per event per watcher, though a connection carries some fifty watchers' streams. A
 * profile with 10 000 watchers put 14 % of the lobby's CPU in those flushes (docs/benchmarks.md, issue 32). netty's
 * {@link FlushConsolidationHandler} turns the flushes of a turn into one, made at the end of the turn (or after
 * {@link #FLUSHES} of them), so nothing waits longer than the tasks already queued on the loop.
 *
 * <p>Installed on a connection by its first request (a route before every other, gRPC and gRPC-Web alike), once.
 */
@ApplicationScoped
class FlushTogether {
    static final String NAME = "plyyard-flush-together";
    static final int FLUSHES = 64;
    private final AtomicInteger installed = new AtomicInteger();

    void routes(@Observes Router router) {
        router.route().order(-1000).handler(this::install);
    }

    private void install(RoutingContext ctx) {
        HttpConnection connection = ctx.request().connection();
        if (connection instanceof ConnectionBase base) {
            ChannelPipeline pipeline = base.channelHandlerContext().pipeline();
            if (pipeline.get(NAME) == null) {
                try {
                    pipeline.addFirst(NAME, new FlushConsolidationHandler(FLUSHES, true));
                    installed.incrementAndGet();
                } catch (IllegalArgumentException alreadyThere) {
                    // a request on the same connection installed it meanwhile
                }
            }
        }
        ctx.next();
    }

    /** Connections it was installed on (for tests). */
    int installed() {
        return installed.get();
    }
}
