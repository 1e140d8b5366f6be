package com.plyyard.lobby.fuzz;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.ListVariantsRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.Variant;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * What the lobby property knows of the lobby it plays against: the players it registered (with their tokens), the
 * matches, seeks, parties, challenges and pool tickets that exist and who is involved in each, and the variants. A
 * fixture round ({@link #round}) adds fresh players and one of each kind of thing (matches in progress, finished,
 * aborted, waiting for players or for an AI, a clock already run out, seeks, parties, challenges, pool tickets), so that
 * ids and names in the generated requests are often real ones; the property adds what its successful calls create.
 */
public final class LobbyWorld {
    /** A registered player and its bearer token. */
    public record P(Player player, String token) {
        public String name() {
            return player.getName();
        }

        public String id() {
            return player.getId();
        }
    }

    /** A thing with an id and the players involved in it (owner, seated, invited...). */
    public record Ref(String id, List<P> players) {
    }

    private final Channel channel;
    private final RulesServiceGrpc.RulesServiceBlockingStub rules;
    private final StoredRows rows;
    public final List<Variant> variants;
    /** Per variant id: the start position's legal moves (for a move of another game). */
    public final Map<String, List<String>> startMoves = new HashMap<>();
    public final List<P> players = new ArrayList<>();
    public final List<String> revokedTokens = new ArrayList<>();
    /** Accounts: the password each player with one has now, its unused recovery codes, an operator's reset token. */
    public final Map<String, String> passwords = new HashMap<>();
    public final Map<String, List<String>> recoveryCodes = new HashMap<>();
    public final Map<String, String> resetTokens = new HashMap<>();
    /** The public session id of each token a sign-in gave. */
    public final Map<String, String> sessionIds = new HashMap<>();
    /** Players the operator disabled (and not enabled again). */
    public final java.util.Set<String> disabled = new java.util.HashSet<>();
    /** The operator key the lobby under test was started with (OperatorService's bearer token). */
    public String operatorKey = "";
    public final List<Ref> matches = new ArrayList<>();
    public final List<Ref> seeks = new ArrayList<>();
    public final List<Ref> parties = new ArrayList<>();
    public final List<Ref> challenges = new ArrayList<>();
    public final List<Ref> tickets = new ArrayList<>();
    /** Puzzle attempts, with the puzzle each is at and its step as last answered. */
    public final List<Ref> attempts = new ArrayList<>();
    public final Map<String, String> attemptPuzzles = new HashMap<>();
    public final Map<String, Integer> attemptSteps = new HashMap<>();
    private int generation;
    private boolean dirty;

    public LobbyWorld(Channel lobby, Channel rulesChannel, StoredRows rows) {
        this.channel = lobby;
        this.rules = RulesServiceGrpc.newBlockingStub(rulesChannel);
        this.rows = rows;
        this.variants = rules().listVariants(ListVariantsRequest.getDefaultInstance()).getVariantsList();
        for (Variant v : variants) {
            GameState start = rules().newGame(NewGameRequest.newBuilder().setVariant(v.getId()).build());
            startMoves.put(v.getId(), legalMoves(start));
        }
    }

    private RulesServiceGrpc.RulesServiceBlockingStub rules() {
        return rules.withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    /** The channel with this authorization header (null: none). */
    public Channel as(String authorization) {
        if (authorization == null) {
            return channel;
        }
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
        return ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(md));
    }

    public Channel as(P p) {
        return as("Bearer " + p.token());
    }

    /** True (once) when the world wrote to the lobby outside a case (a fixture round, a player for Logout). */
    public boolean takeDirty() {
        boolean d = dirty;
        dirty = false;
        return d;
    }

    public P register(String name) {
        dirty = true;
        for (int attempt = 0; ; attempt++) {
            try {
                RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                    .register(RegisterRequest.newBuilder().setName(attempt == 0 ? name : name + attempt).build());
                P p = new P(r.getPlayer(), r.getToken());
                players.add(p);
                return p;
            } catch (StatusRuntimeException e) {
                if (attempt > 3) {
                    throw e;
                }
            }
        }
    }

    public P byName(String name) {
        for (P p : players) {
            if (p.name().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }

    public P byId(String id) {
        for (P p : players) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        return null;
    }

    /** Every session of the player ends (but {@code keep}'s, when not null): their tokens no longer call. */
    public void endSessions(String playerId, String keep) {
        for (P p : players) {
            if (p.id().equals(playerId) && !p.token().equals(keep) && !revokedTokens.contains(p.token())) {
                revokedTokens.add(p.token());
            }
        }
    }

    /** A new session of a player (a sign-in, a recovery), remembered as a player of the world. */
    public P signedIn(com.plyyard.proto.v1.NewSession s) {
        P p = new P(s.getPlayer(), s.getToken());
        players.add(p);
        sessionIds.put(s.getToken(), s.getSession().getId());
        return p;
    }

    /** A player who can still call (not logged out). */
    public List<P> live() {
        return players.stream().filter(p -> !revokedTokens.contains(p.token())).toList();
    }

    // ---- what the lobby stores now

    /** A match as stored: its state, versions and status; null when there is no such match. */
    public record Stored(GameState state, long version, long stateVersion, String status, boolean timed) {
    }

    public Stored stored(String matchId) {
        if (!isUuid(matchId)) {
            return null;
        }
        byte[] state = rows.bytes("SELECT state FROM matches WHERE id = ?::uuid", matchId);
        if (state == null) {
            return null;
        }
        String[] v = rows.queryText("SELECT version || ' ' || state_version || ' ' || status || ' ' || (initial_millis > 0 "
            + "OR increment_millis > 0) FROM matches WHERE id = ?::uuid", matchId).split(" ");
        try {
            return new Stored(GameState.parseFrom(state), Long.parseLong(v[0]), Long.parseLong(v[1]), v[2],
                Boolean.parseBoolean(v[3]));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The player who sits at the seat whose turn it is (null: an AI, open, or unknown). */
    public P mover(String matchId, GameState state) {
        int seat = state.getSeatsCount() > state.getToMove() ? state.getSeats(state.getToMove()).getPlayedBy() : 0;
        String id = rows.queryText("SELECT player_id::text FROM seats WHERE match_id = ?::uuid AND idx = ?", matchId, seat);
        return id == null ? null : byId(id);
    }

    public List<String> legalMoves(GameState state) {
        if (state.getStatus() == GameStatus.FINISHED) {
            return List.of();
        }
        try {
            return rules().legalMoves(LegalMovesRequest.newBuilder().setState(state).build()).getMovesList().stream()
                .map(Move::getNotation).toList();
        } catch (StatusRuntimeException e) {
            return List.of();
        }
    }

    /** The ids of the rows of the table (matches, seeks, parties, pool_tickets, challenges) with that status. */
    public List<String> idsWithStatus(String table, String status) {
        if (!List.of("matches", "seeks", "parties", "pool_tickets", "challenges").contains(table)) {
            throw new IllegalArgumentException(table);
        }
        return rows.rows("SELECT id::text FROM " + table + " WHERE status = ?", status);
    }

    /** The lobby event log's version now. */
    public String currentLobbyVersion() {
        return rows.queryText("SELECT version::text FROM lobby_log WHERE id = 1");
    }

    public static boolean isUuid(String s) {
        try {
            return s != null && UUID.fromString(s).toString().equals(s);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    // ---- things the property's calls created

    public void addMatch(String id, List<P> involved) {
        add(matches, id, involved);
    }

    public void add(List<Ref> list, String id, List<P> involved) {
        if (id == null || id.isEmpty()) {
            return;
        }
        for (Ref r : list) {
            if (r.id().equals(id)) {
                for (P p : involved) {
                    if (p != null && !r.players().contains(p)) {
                        r.players().add(p);
                    }
                }
                return;
            }
        }
        List<P> ps = new ArrayList<>();
        involved.stream().filter(p -> p != null && !ps.contains(p)).forEach(ps::add);
        list.add(new Ref(id, ps));
    }

    /** A puzzle attempt a call opened (or gave again). */
    public void addAttempt(PuzzleAttempt a, P player) {
        add(attempts, a.getAttemptId(), List.of(player));
        attemptPuzzles.put(a.getAttemptId(), a.getPuzzleId());
        attemptSteps.put(a.getAttemptId(), a.getStep());
    }

    // ---- a fixture round

    /**
     * Registers eight fresh players and gives them one of each: a match in progress (untimed, two moves played), one
     * with a day's clock, one whose 1 s clock runs out while the property runs (the flag check is off), a four-seat match
     * waiting for players, a finished and an aborted match, one waiting for an AI, two seeks, two parties, a named and an
     * open challenge, and pool tickets.
     */
    public void round(Random r) {
        dirty = true;
        int g = ++generation;
        P[] p = new P[8];
        for (int i = 0; i < p.length; i++) {
            p[i] = register("fx-" + g + "-" + (char) ('a' + i));
        }
        GameSpec untimed = GameSpec.newBuilder().setVariant("draughts:fmjd").build();
        try {
            // in progress, untimed: A (white) and B, two moves
            Match m1 = create(p[0], CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me())
                .addSeats(invite(p[1])).build(), p[1]);
            join(p[1], m1.getId());
            for (int i = 0; i < 2; i++) {
                Stored s = stored(m1.getId());
                P mover = mover(m1.getId(), s.state());
                List<String> legal = legalMoves(s.state());
                MatchServiceGrpc.newBlockingStub(as(mover)).submitMove(SubmitMoveRequest.newBuilder().setMatchId(m1.getId())
                    .setMove(legal.get(r.nextInt(legal.size()))).setExpectedVersion(s.version()).build());
            }
            // a day's clock: C and D are busy
            Match m2 = create(p[2], CreateMatchRequest.newBuilder().setVariant("ploy:3m:2p").setTimeControl(TimeControl
                .newBuilder().setInitialSeconds(86_400)).addSeats(me()).addSeats(invite(p[3])).build(), p[3]);
            join(p[3], m2.getId());
            // a clock of 1 s that runs out
            Match m3 = create(p[4], CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").setTimeControl(TimeControl
                .newBuilder().setInitialSeconds(1)).addSeats(me()).addSeats(invite(p[5])).build(), p[5]);
            join(p[5], m3.getId());
            // four seats, waiting
            create(p[6], CreateMatchRequest.newBuilder().setVariant("ploy:3m:ffa").addSeats(me()).addSeats(open())
                .addSeats(invite(p[7])).addSeats(open()).build(), p[7]);
            // finished: A resigns against G
            Match m5 = create(p[0], CreateMatchRequest.newBuilder().setVariant("piracy:classic").addSeats(me())
                .addSeats(invite(p[6])).build(), p[6]);
            Match joined = join(p[6], m5.getId());
            MatchServiceGrpc.newBlockingStub(as(p[0])).resign(MatchActionRequest.newBuilder().setMatchId(m5.getId())
                .setExpectedVersion(joined.getVersion()).build());
            // waiting for the AI (ai-service is not there)
            create(p[1], CreateMatchRequest.newBuilder().setVariant("draughts:plyyard").addSeats(me())
                .addSeats(SeatSpec.newBuilder().setAiLevel(2)).build());
            // aborted before the first move
            Match m7 = create(p[7], CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me())
                .addSeats(open()).build());
            MatchServiceGrpc.newBlockingStub(as(p[7])).abort(MatchActionRequest.newBuilder().setMatchId(m7.getId())
                .setExpectedVersion(m7.getVersion()).build());
            // seeks: two seats, and four seats with one taken
            Seek s1 = mm(p[0]).createSeek(CreateSeekRequest.newBuilder().setGame(untimed).build());
            add(seeks, s1.getId(), List.of(p[0]));
            Seek s2 = mm(p[6]).createSeek(CreateSeekRequest.newBuilder().setGame(GameSpec.newBuilder()
                .setVariant("ploy:3m:ffa")).setSeat(0).build());
            add(seeks, s2.getId(), List.of(p[6]));
            mm(p[7]).acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(s2.getId()).build());
            add(seeks, s2.getId(), List.of(p[7]));
            // parties: B with H (joined), G with A (invited)
            Party b = mm(p[1]).createParty(CreatePartyRequest.newBuilder().addInvite(p[7].name()).build());
            mm(p[7]).joinParty(PartyRequest.newBuilder().setPartyId(b.getId()).build());
            add(parties, b.getId(), List.of(p[1], p[7]));
            Party gp = mm(p[6]).createParty(CreatePartyRequest.newBuilder().addInvite(p[0].name()).build());
            add(parties, gp.getId(), List.of(p[6], p[0]));
            // challenges: A to B, and an open link by H
            Challenge c1 = mm(p[0]).createChallenge(CreateChallengeRequest.newBuilder().setGame(untimed)
                .setOpponent(p[1].name()).build());
            add(challenges, c1.getId(), List.of(p[0], p[1]));
            Challenge c2 = mm(p[7]).createChallenge(CreateChallengeRequest.newBuilder().setGame(GameSpec.newBuilder()
                .setVariant("ploy:3m:2p")).build());
            add(challenges, c2.getId(), List.of(p[7]));
            // pool tickets: B's party in a team pool, G alone
            PoolTicket t1 = mm(p[1]).joinPool(JoinPoolRequest.newBuilder().setGame(GameSpec.newBuilder()
                .setVariant("ploy:3m:team")).setPartyId(b.getId()).build());
            add(tickets, t1.getId(), List.of(p[1], p[7]));
            PoolTicket t2 = mm(p[6]).joinPool(JoinPoolRequest.newBuilder().setGame(GameSpec.newBuilder()
                .setVariant("piracy:classic").setTimeControl(TimeControl.newBuilder().setInitialSeconds(3600))).build());
            add(tickets, t2.getId(), List.of(p[6]));
            // puzzles: A at a puzzle (its first call waits for the sets to be loaded), B at today's
            addAttempt(LearnServiceGrpc.newBlockingStub(as(p[0])).nextPuzzle(NextPuzzleRequest.newBuilder()
                .setGame("piracy").build()), p[0]);
            addAttempt(LearnServiceGrpc.newBlockingStub(as(p[1])).dailyPuzzle(NextPuzzleRequest.newBuilder()
                .setGame("piracy").build()), p[1]);
        } catch (StatusRuntimeException e) {
            // a fixture step refused (a player made busy by an earlier round, say): the round is partial, the run goes on
            System.out.println("lobby fixture round " + g + ": a step was refused: " + e.getStatus());
        }
    }

    private MatchmakingServiceGrpc.MatchmakingServiceBlockingStub mm(P p) {
        return MatchmakingServiceGrpc.newBlockingStub(as(p)).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    private Match create(P owner, CreateMatchRequest request, P... others) {
        Match m = MatchServiceGrpc.newBlockingStub(as(owner)).withDeadlineAfter(10, TimeUnit.SECONDS).createMatch(request);
        List<P> involved = new ArrayList<>(List.of(owner));
        involved.addAll(List.of(others));
        addMatch(m.getId(), involved);
        return m;
    }

    private Match join(P p, String matchId) {
        return MatchServiceGrpc.newBlockingStub(as(p)).withDeadlineAfter(10, TimeUnit.SECONDS)
            .joinMatch(JoinMatchRequest.newBuilder().setMatchId(matchId).build());
    }

    private static SeatSpec me() {
        return SeatSpec.newBuilder().setMe(true).build();
    }

    private static SeatSpec open() {
        return SeatSpec.newBuilder().setOpen(true).build();
    }

    private static SeatSpec invite(P p) {
        return SeatSpec.newBuilder().setInvite(p.name()).build();
    }
}
