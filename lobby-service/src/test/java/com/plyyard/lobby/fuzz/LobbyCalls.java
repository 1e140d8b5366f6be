package com.plyyard.lobby.fuzz;

import static com.plyyard.grpc.testing.fuzz.Gen.weight;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.plyyard.engine.learn.Exercise;
import com.plyyard.engine.learn.Exercises;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.grpc.testing.fuzz.Messages;
import com.plyyard.grpc.testing.fuzz.Numbers;
import com.plyyard.grpc.testing.fuzz.Texts;
import com.plyyard.lobby.fuzz.LobbyWorld.P;
import com.plyyard.lobby.fuzz.LobbyWorld.Ref;
import com.plyyard.lobby.fuzz.LobbyWorld.Stored;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.DraughtsOptions;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.ListLegalMovesRequest;
import com.plyyard.proto.v1.ListLessonsRequest;
import com.plyyard.proto.v1.ListMyMatchesRequest;
import com.plyyard.proto.v1.ListPoolsRequest;
import com.plyyard.proto.v1.ListSeeksRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.LogoutRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.PiracyOptions;
import com.plyyard.proto.v1.PloyOptions;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.PuzzleHistoryRequest;
import com.plyyard.proto.v1.ReviewMatchRequest;
import com.plyyard.proto.v1.ReviewRecordRequest;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.Rematch;
import com.plyyard.proto.v1.RematchRequest;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import com.plyyard.proto.v1.WatchLobbyRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * The lobby property's calls: every RPC of LobbyService, MatchService, MatchmakingService and LearnService (the
 * streams included), and of AccountService and OperatorService's account calls ({@link AccountCalls}), with requests built around what exists ({@link LobbyWorld}: real ids, names, versions, legal
 * moves) or not, mutated, at the edges or random, and a caller: a player involved (the owner, a seated player, the one
 * to move), any other player (a stranger or spectator), no token, a malformed header, a forged token, or a token that
 * was logged out.
 */
public final class LobbyCalls {
    /** Who calls: the authorization header (null: none) and the player, when it is one. */
    public record Caller(String kind, String authorization, P player) {
    }

    /**
     * One call: the RPC, its request, the caller, whether it is a stream, the codes it must get (null: any allowed
     * one), and what to remember of a successful answer (the first message of a stream).
     */
    public record Call(String rpc, MethodDescriptor<?, ?> method, Message request, Caller caller, boolean stream,
                       Set<Status.Code> expected, BiConsumer<LobbyWorld, Message> onOk) {
        /** How a failure shows the call (the property runner cuts it to 2 000 characters). */
        public String describe() {
            return rpc + " by " + caller.kind() + (caller.player() == null ? "" : " " + caller.player().name()) + ": "
                + TextFormat.shortDebugString(request) + (expected == null ? "" : " (expected " + expected + ")");
        }
    }

    private static final Set<Status.Code> EDGE = EnumSet.of(Status.Code.INVALID_ARGUMENT, Status.Code.RESOURCE_EXHAUSTED);
    private static final Set<Status.Code> UNAUTHENTICATED = with(EDGE, Status.Code.UNAUTHENTICATED);

    private final LobbyWorld world;
    private final AccountCalls accounts;

    public LobbyCalls(LobbyWorld world) {
        this.world = world;
        this.accounts = new AccountCalls(world, this);
    }

    private static Set<Status.Code> with(Set<Status.Code> codes, Status.Code... more) {
        EnumSet<Status.Code> s = EnumSet.copyOf(codes);
        s.addAll(List.of(more));
        return s;
    }

    /** Any call, each RPC about equally often (a little more for the ones with more to try). */
    public Gen<Call> any() {
        Gen<Call> one = Gen.frequency(
            weight(4, this::register), weight(2, this::whoAmI), weight(2, this::logout),
            weight(6, this::createMatch), weight(4, this::joinMatch), weight(2, this::listMyMatches),
            weight(3, this::getMatch), weight(3, this::listLegalMoves), weight(7, this::submitMove),
            weight(2, r -> action(r, "Resign", MatchServiceGrpc.getResignMethod())),
            weight(2, r -> action(r, "OfferDraw", MatchServiceGrpc.getOfferDrawMethod())),
            weight(2, r -> action(r, "AcceptDraw", MatchServiceGrpc.getAcceptDrawMethod())),
            weight(2, r -> action(r, "DeclineDraw", MatchServiceGrpc.getDeclineDrawMethod())),
            weight(2, r -> action(r, "Abort", MatchServiceGrpc.getAbortMethod())),
            weight(2, r -> action(r, "ClaimTimeout", MatchServiceGrpc.getClaimTimeoutMethod())),
            weight(3, this::watchMatch),
            weight(4, this::createSeek), weight(3, this::cancelSeek), weight(3, this::acceptSeek), weight(2, this::listSeeks),
            weight(3, this::createParty), weight(3, r -> party(r, "JoinParty", MatchmakingServiceGrpc.getJoinPartyMethod())),
            weight(3, r -> party(r, "LeaveParty", MatchmakingServiceGrpc.getLeavePartyMethod())),
            weight(4, this::joinPool), weight(3, this::leavePool), weight(2, this::listPools),
            weight(4, this::createChallenge),
            weight(3, r -> challenge(r, "AcceptChallenge", MatchmakingServiceGrpc.getAcceptChallengeMethod())),
            weight(3, r -> challenge(r, "DeclineChallenge", MatchmakingServiceGrpc.getDeclineChallengeMethod())),
            weight(3, r -> challenge(r, "CancelChallenge", MatchmakingServiceGrpc.getCancelChallengeMethod())),
            weight(3, this::requestRematch), weight(2, this::getRatings), weight(3, this::watchLobby),
            weight(2, this::listLessons), weight(3, this::answerExercise),
            weight(3, this::nextPuzzle), weight(2, this::dailyPuzzle), weight(4, this::answerPuzzle),
            weight(2, this::puzzleHistory), weight(2, this::reviewMatch), weight(2, this::reviewRecord),
            weight(3, accounts::signUp), weight(3, accounts::signIn), weight(1, accounts::getAccount),
            weight(1, accounts::listSessions), weight(2, accounts::setPassword), weight(2, accounts::changePassword),
            weight(2, accounts::replaceRecoveryCodes), weight(2, accounts::signOut), weight(2, accounts::signOutSession),
            weight(2, accounts::signOutOtherSessions), weight(3, accounts::recoverAccount), weight(1, accounts::claimName),
            weight(2, accounts::issueResetToken), weight(2, accounts::disableAccount), weight(2, accounts::enableAccount));
        return one.then((call, r) -> {
            Message noisy = Messages.withUnknownFields(call.request(), r, 200);
            boolean keepAuth = call.expected() != null && call.expected().contains(Status.Code.UNAUTHENTICATED);
            // a refusal for the caller stays one; but a request made huge may be refused by the edge first
            return noisy == call.request() ? call : new Call(call.rpc(), call.method(), noisy, call.caller(), call.stream(),
                keepAuth ? with(call.expected(), EDGE.toArray(Status.Code[]::new)) : null, call.onOk());
        });
    }

    // ---- callers

    <T> T recent(List<T> list, Random r) {
        if (r.nextInt(10) < 7 && list.size() > 40) {
            return list.get(list.size() - 1 - r.nextInt(40));
        }
        return list.get(r.nextInt(list.size()));
    }

    /** A caller: one of {@code involved} (when given) most often, else anyone, or someone without a valid token. */
    Caller caller(Random r, List<P> involved) {
        List<P> live = world.live();
        List<P> inv = involved == null ? List.of() : involved.stream().filter(live::contains).toList();
        int k = r.nextInt(100);
        if (k < 55 && !inv.isEmpty()) {
            P p = inv.get(r.nextInt(inv.size()));
            return new Caller("involved", "Bearer " + p.token(), p);
        }
        if (k < 82) {
            P p = recent(live, r);
            return new Caller(inv.contains(p) ? "involved" : "other", "Bearer " + p.token(), p);
        }
        if (k < 87) {
            return new Caller("no token", null, null);
        }
        if (k < 94) {
            return new Caller("forged token", "Bearer " + forgedToken(r), null);
        }
        if (k < 97 && !world.revokedTokens.isEmpty()) {
            return new Caller("revoked token", "Bearer " + world.revokedTokens.get(r.nextInt(world.revokedTokens.size())),
                null);
        }
        P someone = recent(live, r);
        return switch (r.nextInt(6)) {
            case 0 -> new Caller("malformed header", "Bearer", null);
            case 1 -> new Caller("malformed header", "Bearer    ", null);
            case 2 -> new Caller("malformed header", "Basic " + forgedToken(r), null);
            case 3 -> new Caller("malformed header", someone.token(), null); // no scheme
            case 4 -> new Caller("malformed header", "", null);
            default -> new Caller("lower-case scheme", "bearer " + someone.token(), someone); // the scheme's case is free
        };
    }

    /** Printable ASCII only (what a header value may hold): a real token changed, random base64, or long. */
    private String forgedToken(Random r) {
        switch (r.nextInt(4)) {
            case 0 -> {
                char[] t = recent(world.players, r).token().toCharArray();
                int at = r.nextInt(t.length);
                char was = t[at];
                do {
                    t[at] = (char) ('A' + r.nextInt(26));
                } while (t[at] == was); // one character really changed
                return new String(t);
            }
            case 1 -> {
                byte[] b = new byte[32];
                r.nextBytes(b);
                return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
            }
            case 2 -> {
                return Texts.of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", 2000, 4000).next(r);
            }
            default -> {
                return Texts.ascii(1, 60).next(r).strip() + "x";
            }
        }
    }

    /** What a caller without a valid token must get; null for a player. */
    private static Set<Status.Code> authExpected(Caller c) {
        return c.player() == null ? UNAUTHENTICATED : null;
    }

    static Call call(String rpc, MethodDescriptor<?, ?> method, Message request, Caller c, Set<Status.Code> expected,
                             BiConsumer<LobbyWorld, Message> onOk) {
        Set<Status.Code> auth = authExpected(c);
        return new Call(rpc, method, request, c, false, auth != null ? auth : expected, onOk);
    }

    // ---- ids, names, numbers

    /** An id: of a thing that exists (most often), of another kind of thing, a random UUID, or any text. */
    private String id(Random r, List<Ref> things, Ref chosen) {
        int k = r.nextInt(100);
        if (k < 70 && chosen != null) {
            return chosen.id();
        }
        if (k < 76 && !world.matches.isEmpty()) {
            return recent(world.matches, r).id();
        }
        if (k < 82 && !things.isEmpty()) {
            return Texts.mutate(recent(things, r).id(), r);
        }
        if (k < 90) {
            return UUID.randomUUID().toString();
        }
        if (k < 93 && chosen != null) {
            return chosen.id().toUpperCase() + (r.nextBoolean() ? " " : "");
        }
        return Texts.idLike().next(r);
    }

    private Ref pick(Random r, List<Ref> things) {
        return things.isEmpty() ? null : recent(things, r);
    }

    /** Most often (60 %) one whose stored status is {@code status} (a match still active, a seek still open...). */
    private Ref pick(Random r, List<Ref> things, String table, String status) {
        if (r.nextInt(10) < 6) {
            java.util.Set<String> live = new java.util.HashSet<>(world.idsWithStatus(table, status));
            List<Ref> fit = things.stream().filter(t -> live.contains(t.id())).toList();
            if (!fit.isEmpty()) {
                return recent(fit, r);
            }
        }
        return pick(r, things);
    }

    /** A name: a player's (as it is or in another case), a fresh valid one, a mutated one, or any text. */
    private String name(Random r) {
        return switch (r.nextInt(10)) {
            case 0, 1, 2, 3 -> recent(world.players, r).name();
            case 4 -> recent(world.players, r).name().toUpperCase();
            case 5 -> freshName(r);
            case 6, 7 -> Texts.mutate(recent(world.players, r).name(), r);
            default -> Texts.idLike().next(r);
        };
    }

    static String freshName(Random r) {
        return "q" + Texts.of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", 4, 20).next(r);
    }

    /** A version for the match: the current one (most often), the last game-changing one, older, newer, or any. */
    private long version(Random r, Stored s) {
        if (s == null) {
            return Numbers.anyLong().next(r);
        }
        return switch (r.nextInt(12)) {
            case 0, 1, 2, 3, 4, 9, 10 -> s.version();
            case 5 -> s.stateVersion();
            case 6 -> Math.max(0, s.stateVersion() - 1);
            case 7 -> s.version() + 1;
            case 8 -> 0;
            default -> Numbers.anyLong().next(r);
        };
    }

    private Variant variant(Random r) {
        return world.variants.get(r.nextInt(world.variants.size()));
    }

    private String variantId(Random r) {
        return switch (r.nextInt(10)) {
            case 0, 1, 2, 3, 4, 5, 6 -> variant(r).getId();
            case 7 -> Texts.mutate(variant(r).getId(), r);
            case 8 -> Gen.elements("draughts", "ploy:3m", "chess:classic", "DRAUGHTS:FMJD", "ploy:3m:2p:x", "").next(r);
            default -> Texts.idLike().next(r);
        };
    }

    private static String game(String variantId) {
        int colon = variantId.indexOf(':');
        return colon < 0 ? variantId : variantId.substring(0, colon);
    }

    /** Typed options: none, of the variant's game, or of any game, with values at the edges now and then. */
    private static VariantOptions options(Random r, String variantId) {
        String game = r.nextInt(5) == 0 ? Gen.elements("draughts", "ploy", "piracy").next(r) : game(variantId);
        if (r.nextBoolean()) {
            return VariantOptions.getDefaultInstance();
        }
        return switch (game) {
            case "draughts" -> VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder()
                .setNoCaptureDrawPlies(Numbers.mostlyIn(0, 100).next(r))).build();
            case "ploy" -> {
                PloyOptions.Builder o = PloyOptions.newBuilder().setPartnershipValue(Numbers.mostlyIn(0, 2).next(r));
                if (r.nextBoolean()) {
                    o.setRepetitionDraw(r.nextBoolean());
                }
                if (r.nextBoolean()) {
                    o.setNoCaptureDrawPlies(Numbers.mostlyIn(0, 300).next(r));
                }
                yield VariantOptions.newBuilder().setPloy(o).build();
            }
            default -> {
                PiracyOptions.Builder o = PiracyOptions.newBuilder();
                if (r.nextBoolean()) {
                    o.setBoardSize(Numbers.mostlyIn(6, 26).next(r));
                }
                if (r.nextBoolean()) {
                    o.setIslandSeed(Numbers.anyLong().next(r));
                }
                if (r.nextInt(4) == 0) {
                    o.setFirstValue(Numbers.mostlyIn(0, 2).next(r));
                }
                yield VariantOptions.newBuilder().setPiracy(o).build();
            }
        };
    }

    private static TimeControl clock(Random r) {
        return switch (r.nextInt(10)) {
            case 0, 1, 2, 3 -> TimeControl.getDefaultInstance();
            case 4 -> TimeControl.newBuilder().setInitialSeconds(86_400).setIncrementSeconds(r.nextInt(30)).build();
            case 5, 6 -> TimeControl.newBuilder().setInitialSeconds(60 + r.nextInt(3600)).setIncrementSeconds(r.nextInt(10))
                .build();
            case 7 -> TimeControl.newBuilder().setIncrementSeconds(1 + r.nextInt(60)).build();
            default -> TimeControl.newBuilder().setInitialSeconds(Numbers.anyInt().next(r))
                .setIncrementSeconds(Numbers.anyInt().next(r)).build();
        };
    }

    /** A game: most often (60 %) a sensible one (a known variant, its defaults or its own options, a usual clock). */
    private GameSpec spec(Random r, boolean twoPlayers) {
        if (r.nextInt(10) < 6) {
            List<Variant> fit = world.variants.stream().filter(v -> !twoPlayers || v.getSeatCount() == 2).toList();
            String v = fit.get(r.nextInt(fit.size())).getId();
            TimeControl clock = switch (r.nextInt(4)) {
                case 0, 1 -> TimeControl.getDefaultInstance();
                case 2 -> TimeControl.newBuilder().setInitialSeconds(600).setIncrementSeconds(5).build();
                default -> TimeControl.newBuilder().setInitialSeconds(86_400).build();
            };
            return GameSpec.newBuilder().setVariant(v).setOptions(r.nextInt(3) == 0 ? options(r, v)
                : VariantOptions.getDefaultInstance()).setTimeControl(clock).setRated(r.nextInt(5) == 0).build();
        }
        return spec(r);
    }

    private GameSpec spec(Random r) {
        String v = variantId(r);
        return GameSpec.newBuilder().setVariant(v).setOptions(options(r, v)).setTimeControl(clock(r))
            .setRated(r.nextInt(4) == 0).build();
    }

    private static int seatNumber(Random r) {
        return Numbers.mostlyIn(0, 3).next(r);
    }

    private static List<P> involvedFrom(LobbyWorld w, List<com.plyyard.proto.v1.Player> players) {
        List<P> out = new ArrayList<>();
        for (com.plyyard.proto.v1.Player p : players) {
            P known = w.byId(p.getId());
            if (known != null) {
                out.add(known);
            }
        }
        return out;
    }

    // ---- LobbyService

    private Call register(Random r) {
        String name;
        Set<Status.Code> expected;
        switch (r.nextInt(10)) {
            case 0, 1, 2, 3 -> {
                name = freshName(r);
                expected = null; // OK, unless the same fresh name was drawn before
            }
            case 4, 5 -> {
                P p = recent(world.players, r);
                name = r.nextBoolean() ? p.name() : p.name().toLowerCase();
                expected = EnumSet.of(Status.Code.ALREADY_EXISTS);
            }
            case 6 -> {
                name = Gen.elements("a", "x".repeat(33), "two words", "naïve", "-", "__", "a/b", " ").next(r);
                expected = name.equals("__") ? null : EnumSet.of(Status.Code.INVALID_ARGUMENT);
            }
            default -> {
                name = r.nextBoolean() ? Texts.mutate(recent(world.players, r).name(), r) : Texts.any().next(r);
                expected = null;
            }
        }
        Caller c = r.nextInt(4) == 0 ? caller(r, null) : new Caller("no token", null, null);
        return new Call("Register", LobbyServiceGrpc.getRegisterMethod(), RegisterRequest.newBuilder().setName(name).build(),
            c, false, expected, (w, m) -> {
                RegisterResponse rr = (RegisterResponse) m;
                w.players.add(new P(rr.getPlayer(), rr.getToken()));
            });
    }

    private Call whoAmI(Random r) {
        Caller c = caller(r, null);
        return call("WhoAmI", LobbyServiceGrpc.getWhoAmIMethod(), WhoAmIRequest.getDefaultInstance(), c,
            EnumSet.of(Status.Code.OK), null);
    }

    /** Logout: mostly by a player registered for it (a fixture step), sometimes by anyone. */
    private Call logout(Random r) {
        Caller c;
        if (r.nextInt(3) > 0) {
            P p = world.register("fx-logout-" + Math.abs(r.nextInt()));
            c = new Caller("involved", "Bearer " + p.token(), p);
        } else {
            c = caller(r, null);
        }
        return call("Logout", LobbyServiceGrpc.getLogoutMethod(), LogoutRequest.getDefaultInstance(), c,
            EnumSet.of(Status.Code.OK), (w, m) -> w.revokedTokens.add(c.player().token()));
    }

    // ---- MatchService

    private SeatSpec seatSpec(Random r) {
        return switch (r.nextInt(10)) {
            case 0, 1, 2 -> SeatSpec.newBuilder().setMe(r.nextInt(10) > 0).build();
            case 3, 4 -> SeatSpec.newBuilder().setOpen(r.nextInt(10) > 0).build();
            case 5, 6 -> SeatSpec.newBuilder().setInvite(name(r)).build();
            case 7, 8 -> SeatSpec.newBuilder().setAiLevel(Numbers.mostlyIn(1, 5).next(r)).build();
            default -> SeatSpec.getDefaultInstance();
        };
    }

    private Call createMatch(Random r) {
        Caller c = caller(r, null);
        String v = variantId(r);
        CreateMatchRequest.Builder b = CreateMatchRequest.newBuilder().setVariant(v).setOptions(options(r, v))
            .setTimeControl(clock(r)).setRated(r.nextInt(5) == 0);
        int seats = switch (r.nextInt(12)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> 5;
            case 3 -> r.nextInt(20) == 0 ? 1025 : 3;
            default -> v.contains("ffa") || v.contains("team") ? 4 : 2;
        };
        boolean meFirst = r.nextInt(3) > 0;
        for (int i = 0; i < seats; i++) {
            b.addSeats(i == 0 && meFirst ? SeatSpec.newBuilder().setMe(true).build() : seatSpec(r));
        }
        CreateMatchRequest q = b.build();
        return call("CreateMatch", MatchServiceGrpc.getCreateMatchMethod(), q, c, null, (w, m) -> {
            List<P> involved = new ArrayList<>(java.util.Arrays.asList(c.player()));
            q.getSeatsList().stream().filter(SeatSpec::hasInvite).map(s -> w.byName(s.getInvite())).forEach(involved::add);
            w.addMatch(((Match) m).getId(), involved);
        });
    }

    private Call joinMatch(Random r) {
        Ref m = pick(r, world.matches, "matches", "MATCH_WAITING");
        Caller c = caller(r, m == null ? null : m.players());
        JoinMatchRequest.Builder b = JoinMatchRequest.newBuilder().setMatchId(id(r, world.matches, m));
        if (r.nextBoolean()) {
            b.setSeat(seatNumber(r));
        }
        return call("JoinMatch", MatchServiceGrpc.getJoinMatchMethod(), b.build(), c, null,
            (w, msg) -> w.addMatch(((Match) msg).getId(), java.util.Arrays.asList(c.player())));
    }

    private Call listMyMatches(Random r) {
        Caller c = caller(r, null);
        return call("ListMyMatches", MatchServiceGrpc.getListMyMatchesMethod(), ListMyMatchesRequest.newBuilder()
            .setStatusValue(Numbers.mostlyIn(0, 4).next(r)).setLimit(Numbers.mostlyIn(0, 250).next(r)).build(), c, null, null);
    }

    private Call getMatch(Random r) {
        Ref m = pick(r, world.matches);
        Caller c = caller(r, m == null ? null : m.players());
        return call("GetMatch", MatchServiceGrpc.getGetMatchMethod(), GetMatchRequest.newBuilder()
            .setMatchId(id(r, world.matches, m)).build(), c, null, null);
    }

    private Call listLegalMoves(Random r) {
        Ref m = pick(r, world.matches);
        Caller c = caller(r, m == null ? null : m.players());
        return call("ListLegalMoves", MatchServiceGrpc.getListLegalMovesMethod(), ListLegalMovesRequest.newBuilder()
            .setMatchId(id(r, world.matches, m)).build(), c, null, null);
    }

    private Call submitMove(Random r) {
        Ref m = pick(r, world.matches, "matches", "MATCH_ACTIVE");
        String matchId = id(r, world.matches, m);
        Stored s = world.stored(matchId);
        P mover = s == null ? null : world.mover(matchId, s.state());
        Caller c = mover != null && r.nextBoolean() && world.live().contains(mover)
            ? new Caller("to move", "Bearer " + mover.token(), mover) : caller(r, m == null ? null : m.players());
        List<String> legal = s == null ? List.of() : world.legalMoves(s.state());
        String move;
        boolean legalMove = false;
        int k = r.nextInt(100);
        if (k < 50 && !legal.isEmpty()) {
            move = legal.get(r.nextInt(legal.size()));
            legalMove = true;
        } else if (k < 70 && !legal.isEmpty()) {
            move = Texts.mutate(legal.get(r.nextInt(legal.size())), r);
        } else if (k < 82) {
            List<String> other = world.startMoves.get(variant(r).getId());
            move = other.isEmpty() ? "32-28" : other.get(r.nextInt(other.size()));
        } else if (k < 90) {
            move = Texts.notationLike().next(r);
        } else {
            move = Texts.any().next(r);
        }
        long version = version(r, s);
        boolean valid = legalMove && s != null && c.player() != null && c.player().equals(mover) && !s.timed()
            && "MATCH_ACTIVE".equals(s.status()) && version == s.version();
        return call("SubmitMove", MatchServiceGrpc.getSubmitMoveMethod(), SubmitMoveRequest.newBuilder().setMatchId(matchId)
            .setMove(move).setExpectedVersion(version).build(), c, valid ? EnumSet.of(Status.Code.OK) : null, null);
    }

    private Call action(Random r, String rpc, MethodDescriptor<?, ?> method) {
        Ref m = pick(r, world.matches, "matches", "MATCH_ACTIVE");
        String matchId = id(r, world.matches, m);
        Stored s = world.stored(matchId);
        Caller c = caller(r, m == null ? null : m.players());
        return call(rpc, method, MatchActionRequest.newBuilder().setMatchId(matchId).setExpectedVersion(version(r, s))
            .build(), c, null, null);
    }

    private Call watchMatch(Random r) {
        Ref m = pick(r, world.matches, "matches", "MATCH_ACTIVE");
        String matchId = id(r, world.matches, m);
        Stored s = world.stored(matchId);
        long from = switch (r.nextInt(6)) {
            case 0, 1, 2 -> 0;
            case 3 -> s == null ? 1 : Math.max(0, s.version() - (r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(3)));
            case 4 -> s == null ? 2 : s.version() + 1;
            default -> Numbers.anyLong().next(r);
        };
        Caller c = caller(r, m == null ? null : m.players());
        Set<Status.Code> auth = authExpected(c);
        // beyond the match's version (read unsigned): INVALID_ARGUMENT
        Set<Status.Code> expected = auth != null ? auth
            : s != null && Long.compareUnsigned(from, s.version()) > 0 ? EnumSet.of(Status.Code.INVALID_ARGUMENT) : null;
        return new Call("WatchMatch", MatchServiceGrpc.getWatchMatchMethod(), WatchMatchRequest.newBuilder()
            .setMatchId(matchId).setFromVersion(from).build(), c, true, expected, null);
    }

    // ---- MatchmakingService

    private Call createSeek(Random r) {
        Caller c = caller(r, null);
        CreateSeekRequest.Builder b = CreateSeekRequest.newBuilder().setGame(spec(r, false));
        if (r.nextBoolean()) {
            b.setRatingRange(RatingRange.newBuilder().setMin(Numbers.mostlyIn(0, 4000).next(r))
                .setMax(r.nextInt(3) == 0 ? 0 : Numbers.mostlyIn(0, 4001).next(r)));
        }
        if (r.nextBoolean()) {
            b.setSeat(seatNumber(r));
        }
        return call("CreateSeek", MatchmakingServiceGrpc.getCreateSeekMethod(), b.build(), c, null,
            (w, m) -> w.add(w.seeks, ((Seek) m).getId(), java.util.Arrays.asList(c.player())));
    }

    private Call cancelSeek(Random r) {
        Ref s = pick(r, world.seeks, "seeks", "SEEK_OPEN");
        Caller c = caller(r, s == null ? null : s.players());
        return call("CancelSeek", MatchmakingServiceGrpc.getCancelSeekMethod(), SeekRequest.newBuilder()
            .setSeekId(id(r, world.seeks, s)).build(), c, null, null);
    }

    private Call acceptSeek(Random r) {
        Ref s = pick(r, world.seeks, "seeks", "SEEK_OPEN");
        Caller c = caller(r, r.nextBoolean() || s == null ? null : s.players());
        AcceptSeekRequest.Builder b = AcceptSeekRequest.newBuilder().setSeekId(id(r, world.seeks, s));
        if (r.nextBoolean()) {
            b.setSeat(seatNumber(r));
        }
        return call("AcceptSeek", MatchmakingServiceGrpc.getAcceptSeekMethod(), b.build(), c, null, (w, m) -> {
            Seek seek = (Seek) m;
            w.add(w.seeks, seek.getId(), java.util.Arrays.asList(c.player()));
            List<P> seated = new ArrayList<>();
            seek.getSeatsList().forEach(st -> seated.add(w.byId(st.getPlayer().getId())));
            w.addMatch(seek.getMatchId(), seated);
        });
    }

    private Call listSeeks(Random r) {
        Caller c = caller(r, null);
        return call("ListSeeks", MatchmakingServiceGrpc.getListSeeksMethod(), ListSeeksRequest.newBuilder()
            .setVariant(r.nextBoolean() ? "" : variantId(r)).build(), c, null, null);
    }

    private Call createParty(Random r) {
        Caller c = caller(r, null);
        CreatePartyRequest.Builder b = CreatePartyRequest.newBuilder();
        int n = switch (r.nextInt(10)) {
            case 0 -> 0;
            case 1 -> r.nextInt(5) == 0 ? 1025 : 4;
            default -> 1 + r.nextInt(2);
        };
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            String invite = i > 0 && r.nextInt(10) == 0 ? b.getInvite(0) : name(r);
            // huge names repeated a thousand times could pass the transport's 4 MiB, which refuses before any of our
            // code (without a sentence, docs/contracts.md): stay below it; the edge's own 1 MiB limit is still reached
            bytes += invite.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 5;
            if (bytes > (3 << 20)) {
                break;
            }
            b.addInvite(invite);
        }
        return call("CreateParty", MatchmakingServiceGrpc.getCreatePartyMethod(), b.build(), c, null, (w, m) -> {
            Party p = (Party) m;
            List<P> involved = new ArrayList<>(involvedFrom(w, p.getMembersList()));
            involved.addAll(involvedFrom(w, p.getInvitedList()));
            w.add(w.parties, p.getId(), involved);
        });
    }

    private Call party(Random r, String rpc, MethodDescriptor<?, ?> method) {
        Ref p = pick(r, world.parties, "parties", "PARTY_OPEN");
        Caller c = caller(r, p == null ? null : p.players());
        return call(rpc, method, PartyRequest.newBuilder().setPartyId(id(r, world.parties, p)).build(), c, null, null);
    }

    private Call joinPool(Random r) {
        Ref p = r.nextInt(3) == 0 ? pick(r, world.parties, "parties", "PARTY_OPEN") : null;
        Caller c = caller(r, p == null ? null : p.players());
        JoinPoolRequest.Builder b = JoinPoolRequest.newBuilder().setGame(spec(r, false)).setAllowAiFill(r.nextInt(4) == 0);
        if (p != null || r.nextInt(10) == 0) {
            b.setPartyId(id(r, world.parties, p));
        }
        return call("JoinPool", MatchmakingServiceGrpc.getJoinPoolMethod(), b.build(), c, null, (w, m) -> {
            PoolTicket t = (PoolTicket) m;
            List<P> involved = involvedFrom(w, t.getPlayersList());
            w.add(w.tickets, t.getId(), involved);
            w.addMatch(t.getMatchId(), involved);
        });
    }

    private Call leavePool(Random r) {
        Ref t = pick(r, world.tickets, "pool_tickets", "TICKET_WAITING");
        Caller c = caller(r, t == null ? null : t.players());
        return call("LeavePool", MatchmakingServiceGrpc.getLeavePoolMethod(), PoolTicketRequest.newBuilder()
            .setTicketId(id(r, world.tickets, t)).build(), c, null, null);
    }

    private Call listPools(Random r) {
        Caller c = caller(r, null);
        return call("ListPools", MatchmakingServiceGrpc.getListPoolsMethod(), ListPoolsRequest.getDefaultInstance(), c,
            EnumSet.of(Status.Code.OK), null);
    }

    private Call createChallenge(Random r) {
        Caller c = caller(r, null);
        CreateChallengeRequest.Builder b = CreateChallengeRequest.newBuilder().setGame(spec(r, true));
        if (r.nextInt(3) > 0) {
            b.setOpponent(name(r));
        }
        if (r.nextBoolean()) {
            b.setSeat(seatNumber(r));
        }
        if (r.nextBoolean()) {
            b.setExpiresInSeconds(Numbers.mostlyIn(0, 604_801).next(r));
        }
        return call("CreateChallenge", MatchmakingServiceGrpc.getCreateChallengeMethod(), b.build(), c, null, (w, m) -> {
            Challenge ch = (Challenge) m;
            w.add(w.challenges, ch.getId(), java.util.Arrays.asList(c.player(), w.byId(ch.getOpponent().getId())));
        });
    }

    private Call challenge(Random r, String rpc, MethodDescriptor<?, ?> method) {
        Ref ch = pick(r, world.challenges, "challenges", "CHALLENGE_OPEN");
        Caller c = caller(r, ch == null ? null : ch.players());
        return call(rpc, method, ChallengeRequest.newBuilder().setChallengeId(id(r, world.challenges, ch)).build(), c, null,
            (w, m) -> {
                Challenge done = (Challenge) m;
                w.add(w.challenges, done.getId(), java.util.Arrays.asList(c.player()));
                w.addMatch(done.getMatchId(), java.util.Arrays.asList(c.player(), w.byId(done.getChallenger().getId())));
            });
    }

    private Call requestRematch(Random r) {
        Ref m = pick(r, world.matches, "matches", "MATCH_FINISHED");
        Caller c = caller(r, m == null ? null : m.players());
        return call("RequestRematch", MatchmakingServiceGrpc.getRequestRematchMethod(), RematchRequest.newBuilder()
            .setMatchId(id(r, world.matches, m)).build(), c, null, (w, msg) -> {
                Rematch rm = (Rematch) msg;
                w.addMatch(rm.getMatchId(), involvedFrom(w, rm.getRequestedByList()));
            });
    }

    private Call getRatings(Random r) {
        Caller c = caller(r, null);
        String player = r.nextInt(3) == 0 ? "" : name(r);
        return call("GetRatings", MatchmakingServiceGrpc.getGetRatingsMethod(), GetRatingsRequest.newBuilder()
            .setPlayer(player).build(), c, player.isEmpty() ? EnumSet.of(Status.Code.OK) : null, null);
    }

    private Call listLessons(Random r) {
        Caller c = caller(r, null);
        String game = switch (r.nextInt(6)) {
            case 0, 1 -> "draughts";
            case 2 -> "ploy";
            case 3 -> "piracy";
            case 4 -> "";
            default -> Texts.any().next(r);
        };
        return call("ListLessons", LearnServiceGrpc.getListLessonsMethod(), ListLessonsRequest.newBuilder().setGame(game)
            .build(), c, null, null);
    }

    /** The shipped exercises (the engine's own list, which rules-service serves): right, wrong and garbled answers. */
    private static final List<Exercise> EXERCISES = Exercises.all();

    private Call answerExercise(Random r) {
        Caller c = caller(r, null);
        Exercise e = EXERCISES.get(r.nextInt(EXERCISES.size()));
        int k = r.nextInt(10);
        if (k < 7) { // a part that exists, one move: a listed solution (right) or any text (wrong, or beyond the limits)
            int part = r.nextInt(e.parts().size());
            String move = k < 5 ? Gen.elements(e.parts().get(part).steps().get(0).solutions()).next(r)
                : r.nextBoolean() ? Texts.notationLike().next(r) : Texts.any().next(r);
            return call("AnswerExercise", LearnServiceGrpc.getAnswerExerciseMethod(), JudgeAnswerRequest.newBuilder()
                .setExerciseId(e.id()).setPart(part).addMoves(move).build(), c, null, null);
        }
        // anything: ids mutated or unknown, parts that do not exist, several moves or none
        int part = r.nextInt(3) == 0 ? r.nextInt() : r.nextInt(e.parts().size() + 1);
        List<String> moves = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            moves.add(r.nextBoolean() ? Texts.notationLike().next(r) : Texts.any().next(r));
        }
        String id = switch (r.nextInt(3)) {
            case 0 -> Texts.mutate(e.id(), r);
            case 1 -> UUID.randomUUID().toString();
            default -> e.id();
        };
        return call("AnswerExercise", LearnServiceGrpc.getAnswerExerciseMethod(), JudgeAnswerRequest.newBuilder()
            .setExerciseId(id).setPart(part).addAllMoves(moves).build(), c, null, null);
    }

    private static String puzzleGame(Random r) {
        return switch (r.nextInt(8)) {
            case 0, 1, 2, 3 -> "piracy";
            case 4 -> "draughts";
            case 5 -> "ploy";
            case 6 -> "";
            default -> Texts.any().next(r);
        };
    }

    private Call nextPuzzle(Random r) {
        Caller c = caller(r, null);
        NextPuzzleRequest.Builder b = NextPuzzleRequest.newBuilder().setGame(puzzleGame(r));
        switch (r.nextInt(6)) {
            case 0 -> b.setVariant("piracy:classic");
            case 1 -> b.setVariant(r.nextBoolean() ? "draughts:fmjd" : Texts.any().next(r));
            default -> { }
        }
        return call("NextPuzzle", LearnServiceGrpc.getNextPuzzleMethod(), b.build(), c, null,
            (w, m) -> w.addAttempt((PuzzleAttempt) m, c.player()));
    }

    private Call dailyPuzzle(Random r) {
        Caller c = caller(r, null);
        NextPuzzleRequest.Builder b = NextPuzzleRequest.newBuilder().setGame(puzzleGame(r));
        if (r.nextInt(5) == 0) {
            b.setVariant(r.nextBoolean() ? "piracy:classic" : Texts.any().next(r));
        }
        return call("DailyPuzzle", LearnServiceGrpc.getDailyPuzzleMethod(), b.build(), c, null,
            (w, m) -> w.addAttempt((PuzzleAttempt) m, c.player()));
    }

    /** Answers to attempts that exist: the right move, another one, garbled text; at the step, a step done, beyond. */
    private Call answerPuzzle(Random r) {
        Ref a = world.attempts.isEmpty() ? null : recent(world.attempts, r);
        Caller c = caller(r, a == null ? null : a.players());
        String id = a == null ? UUID.randomUUID().toString() : id(r, world.attempts, a);
        int at = a == null ? 0 : world.attemptSteps.getOrDefault(a.id(), 0);
        int step = switch (r.nextInt(6)) {
            case 0 -> Math.max(0, at - 1);
            case 1 -> at + 1;
            case 2 -> r.nextInt();
            default -> at;
        };
        Puzzle puzzle = a == null ? null : Puzzles.get(world.attemptPuzzles.get(a.id())).orElse(null);
        String move = switch (r.nextInt(6)) {
            case 0, 1, 2 -> puzzle != null && step >= 0 && step < puzzle.solverMoves() ? puzzle.line().get(2 * step) : "R";
            case 3 -> Gen.elements("R", "L", "F", "R+", "L++", "F+").next(r);
            case 4 -> Texts.notationLike().next(r);
            default -> Texts.any().next(r);
        };
        return call("AnswerPuzzle", LearnServiceGrpc.getAnswerPuzzleMethod(), AnswerPuzzleRequest.newBuilder()
            .setAttemptId(id).setStep(step).setMove(move).build(), c, null, (w, m) -> {
                PuzzleAnswer answer = (PuzzleAnswer) m;
                w.attemptSteps.put(answer.getAttempt().getAttemptId(), answer.getAttempt().getStep());
            });
    }

    private Call puzzleHistory(Random r) {
        Caller c = caller(r, null);
        return call("PuzzleHistory", LearnServiceGrpc.getPuzzleHistoryMethod(), PuzzleHistoryRequest.newBuilder()
            .setGame(r.nextInt(3) == 0 ? "" : puzzleGame(r)).setLimit(r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(30))
            .build(), c, null, null);
    }

    /** A review of a match: finished ones most often (with no ai-service here, one would start: UNAVAILABLE). */
    private Call reviewMatch(Random r) {
        Ref m = pick(r, world.matches, "matches", "MATCH_FINISHED");
        Caller c = caller(r, m == null ? null : m.players());
        Set<Status.Code> auth = authExpected(c);
        return new Call("ReviewMatch", LearnServiceGrpc.getReviewMatchMethod(), ReviewMatchRequest.newBuilder()
            .setMatchId(id(r, world.matches, m)).build(), c, true, auth, null);
    }

    /** A record's review: a record-like text or any, of a game or not (a known game's: UNAVAILABLE without ai-service). */
    private Call reviewRecord(Random r) {
        Caller c = caller(r, null);
        String record = switch (r.nextInt(4)) {
            case 0 -> "[GameType \"20\"]\n\n1. 32-28 19-23 *\n";
            case 1 -> Texts.mutate("[Event \"x\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n", r);
            case 2 -> Texts.blank().next(r);
            default -> Texts.any().next(r);
        };
        String game = r.nextInt(4) == 0 ? Texts.any().next(r) : Gen.elements("draughts", "ploy", "piracy").next(r);
        Set<Status.Code> auth = authExpected(c);
        boolean refused = !Set.of("draughts", "ploy", "piracy").contains(game) || record.isBlank();
        return new Call("ReviewRecord", LearnServiceGrpc.getReviewRecordMethod(), ReviewRecordRequest.newBuilder()
            .setRecord(record).setGame(game).build(), c, true,
            auth != null ? auth : refused ? EnumSet.of(Status.Code.INVALID_ARGUMENT) : null, null);
    }

    private Call watchLobby(Random r) {
        Caller c = caller(r, null);
        String v = world.currentLobbyVersion();
        long current = v == null ? 0 : Long.parseLong(v);
        long from = switch (r.nextInt(6)) {
            case 0, 1, 2 -> 0;
            case 3 -> Math.max(0, current - r.nextInt(5));
            case 4 -> current + 1 + r.nextInt(3);
            default -> Numbers.anyLong().next(r);
        };
        Set<Status.Code> auth = authExpected(c);
        // beyond the lobby's version (read unsigned): INVALID_ARGUMENT
        Set<Status.Code> expected = auth != null ? auth
            : Long.compareUnsigned(from, current) > 0 ? EnumSet.of(Status.Code.INVALID_ARGUMENT) : null;
        return new Call("WatchLobby", MatchmakingServiceGrpc.getWatchLobbyMethod(), WatchLobbyRequest.newBuilder()
            .setFromVersion(from).build(), c, true, expected, null);
    }
}
