package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.grpc.Metadata;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class ForwardedClientTest {
    private static Metadata headers(String address, String proof) {
        Metadata m = new Metadata();
        if (address != null) {
            m.put(ForwardedClient.ADDRESS, address);
        }
        if (proof != null) {
            m.put(ForwardedClient.PROOF, proof);
        }
        return m;
    }

    @Test
    void onlyTheBridgeOnLoopbackIsBelieved() {
        InetSocketAddress loopback = new InetSocketAddress("127.0.0.1", 50000);
        InetSocketAddress remote = new InetSocketAddress("192.0.2.7", 50000);
        assertEquals("198.51.100.4", ForwardedClient.vouchedAddress(loopback, headers("198.51.100.4",
            ForwardedClient.proof())));
        assertNull(ForwardedClient.vouchedAddress(loopback, headers("198.51.100.4", "guess")), "a wrong proof");
        assertNull(ForwardedClient.vouchedAddress(remote, headers("198.51.100.4", ForwardedClient.proof())),
            "the right proof from another machine");
        assertNull(ForwardedClient.vouchedAddress(loopback, headers("198.51.100.4", null)), "no proof");
        assertNull(ForwardedClient.vouchedAddress(loopback, headers(null, ForwardedClient.proof())), "no address");
    }
}
