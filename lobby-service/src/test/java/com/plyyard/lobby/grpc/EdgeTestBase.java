package com.plyyard.lobby.grpc;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.StoredText;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeRequest;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GetMatchRecordRequest;
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
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.PartyRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.PuzzleHistoryRequest;
import com.plyyard.proto.v1.ReviewMatchRequest;
import com.plyyard.proto.v1.ReviewRecordRequest;
import com.plyyard.proto.v1.RematchRequest;
import com.plyyard.proto.v1.RenewTokenRequest;
import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekRequest;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WatchLobbyRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.function.Executable;

/**
 * What the in-process edge tests share: a small world of one player's things (a match under way, a finished match, a
 * seek, a party, a pool ticket, a challenge), every RPC the lobby serves called about that world ({@link #everyRpc}),
 * and the refusal check itself ({@link #refused}): the exact status code, the exact sentence, and every stored row
 * about the players involved exactly as before the call.
 */
abstract class EdgeTestBase extends MatchmakingTestBase {
    static final String NO_TOKEN = "This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives a token.";
    static final String NO_OPERATOR_KEY = "This call needs the operator key as its bearer token (the metadata "
        + "'authorization: Bearer <operator key>').";
    static final String UNKNOWN_TOKEN = "The token is not known here (signed out, revoked, or never issued); sign in again "
        + "(AccountService.SignIn) or register (Register).";
    static final String NOT_THE_OPERATOR_KEY = "This call needs the operator key as its bearer token; the one sent is not it.";
    /** Long enough for any refused stream to have answered; a stream that opens instead fails its test at the deadline. */
    private static final long STREAM_DEADLINE_SECONDS = 10;

    /**
     * The things of player {@code p} (with {@code q} as their opponent, invitee and challenged player): a correspondence
     * match under way, a finished one, an open seek, a party inviting q, a waiting pool ticket and a challenge to q
     * that lasts 7 days. Nothing in it moves by itself while the clock stands still, except p's seek, which expires
     * once the clock has moved past the seek grace (p never watches the lobby).
     */
    record World(TestPlayer p, TestPlayer q, Match match, Match finished, Seek seek, Party party, PoolTicket ticket,
                 Challenge challenge, GameSpec game) {
    }

    protected World world(String prefix) {
        TestPlayer p = register(prefix + "-p");
        TestPlayer q = register(prefix + "-q");
        Match match = started("draughts:fmjd", clock(0, 0), p, q);
        Match finished = started("draughts:fmjd", clock(0, 0), p, q);
        finished = p.matches().resign(TestPlayer.action(finished));
        GameSpec game = spec("draughts:fmjd", freshClock(), false);
        Seek seek = p.mm().createSeek(CreateSeekRequest.newBuilder().setGame(game).build());
        Party party = p.mm().createParty(CreatePartyRequest.newBuilder().addInvite(q.name()).build());
        PoolTicket ticket = join(p, spec("draughts:fmjd", freshClock(), false));
        Challenge challenge = p.mm().createChallenge(CreateChallengeRequest.newBuilder().setGame(game).setOpponent(q.name())
            .setExpiresInSeconds(7 * 24 * 3600).build());
        return new World(p, q, match, finished, seek, party, ticket, challenge, game);
    }

    /** One RPC of the lobby, called about a world through a channel that carries some credentials (or none). */
    record Rpc(String method, Function<Channel, Executable> call) {
        boolean operator() {
            return method.startsWith(OperatorServiceGrpc.SERVICE_NAME + "/");
        }

        @Override
        public String toString() {
            return method;
        }
    }

    /** Every RPC that needs a token (all but Register), each with a request about the world that would do something. */
    static List<Rpc> everyRpc(World w) {
        String m = w.match().getId();
        long v = w.match().getVersion();
        MatchActionRequest action = MatchActionRequest.newBuilder().setMatchId(m).setExpectedVersion(v).build();
        List<Rpc> rpcs = new ArrayList<>();
        rpcs.add(lobby("WhoAmI", s -> s.whoAmI(WhoAmIRequest.getDefaultInstance())));
        rpcs.add(lobby("Logout", s -> s.logout(LogoutRequest.getDefaultInstance())));
        rpcs.add(lobby("RenewToken", s -> s.renewToken(RenewTokenRequest.getDefaultInstance())));
        rpcs.add(new Rpc(OperatorServiceGrpc.getRevokeTokensMethod().getFullMethodName(), ch -> () -> OperatorServiceGrpc
            .newBlockingStub(ch).revokeTokens(RevokeTokensRequest.newBuilder().setPlayerName(w.p().name()).build())));
        rpcs.add(new Rpc(OperatorServiceGrpc.getIssueResetTokenMethod().getFullMethodName(), ch -> () -> OperatorServiceGrpc
            .newBlockingStub(ch).issueResetToken(com.plyyard.proto.v1.IssueResetTokenRequest.newBuilder()
                .setPlayerName(w.p().name()).setOperatorName("ops").build())));
        rpcs.add(new Rpc(OperatorServiceGrpc.getDisableAccountMethod().getFullMethodName(), ch -> () -> OperatorServiceGrpc
            .newBlockingStub(ch).disableAccount(com.plyyard.proto.v1.DisableAccountRequest.newBuilder()
                .setPlayerName(w.p().name()).setOperatorName("ops").build())));
        rpcs.add(new Rpc(OperatorServiceGrpc.getEnableAccountMethod().getFullMethodName(), ch -> () -> OperatorServiceGrpc
            .newBlockingStub(ch).enableAccount(com.plyyard.proto.v1.EnableAccountRequest.newBuilder()
                .setPlayerName(w.p().name()).setOperatorName("ops").build())));
        rpcs.add(account("GetAccount", s -> s.getAccount(com.plyyard.proto.v1.GetAccountRequest.getDefaultInstance())));
        rpcs.add(account("SetPassword", s -> s.setPassword(com.plyyard.proto.v1.SetPasswordRequest.newBuilder()
            .setNewPassword("correct horse battery").build())));
        rpcs.add(account("ChangePassword", s -> s.changePassword(com.plyyard.proto.v1.ChangePasswordRequest.newBuilder()
            .setCurrentPassword("correct horse battery").setNewPassword("staple of the battery").build())));
        rpcs.add(account("ListSessions", s -> s.listSessions(com.plyyard.proto.v1.ListSessionsRequest.getDefaultInstance())));
        rpcs.add(account("SignOut", s -> s.signOut(com.plyyard.proto.v1.SignOutRequest.getDefaultInstance())));
        rpcs.add(account("SignOutSession", s -> s.signOutSession(com.plyyard.proto.v1.SignOutSessionRequest.newBuilder()
            .setSessionId(UUID.randomUUID().toString()).build())));
        rpcs.add(account("SignOutOtherSessions", s -> s.signOutOtherSessions(
            com.plyyard.proto.v1.SignOutOtherSessionsRequest.getDefaultInstance())));
        rpcs.add(account("ReplaceRecoveryCodes", s -> s.replaceRecoveryCodes(
            com.plyyard.proto.v1.ReplaceRecoveryCodesRequest.newBuilder().setCurrentPassword("correct horse battery").build())));
        rpcs.add(account("ClaimName", s -> s.claimName(com.plyyard.proto.v1.ClaimNameRequest.newBuilder().setName("claimed")
            .build())));

        rpcs.add(match("CreateMatch", s -> s.createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(invite(w.q())).build())));
        rpcs.add(match("JoinMatch", s -> s.joinMatch(JoinMatchRequest.newBuilder().setMatchId(m).build())));
        rpcs.add(match("ListMyMatches", s -> s.listMyMatches(ListMyMatchesRequest.getDefaultInstance())));
        rpcs.add(match("GetMatch", s -> s.getMatch(GetMatchRequest.newBuilder().setMatchId(m).build())));
        rpcs.add(match("ListLegalMoves", s -> s.listLegalMoves(ListLegalMovesRequest.newBuilder().setMatchId(m).build())));
        rpcs.add(match("GetMatchRecord", s -> s.getMatchRecord(GetMatchRecordRequest.newBuilder().setMatchId(m).build())));
        rpcs.add(match("SubmitMove", s -> s.submitMove(SubmitMoveRequest.newBuilder().setMatchId(m).setMove("32-28")
            .setExpectedVersion(v).build())));
        rpcs.add(match("Resign", s -> s.resign(action)));
        rpcs.add(match("OfferDraw", s -> s.offerDraw(action)));
        rpcs.add(match("AcceptDraw", s -> s.acceptDraw(action)));
        rpcs.add(match("DeclineDraw", s -> s.declineDraw(action)));
        rpcs.add(match("Abort", s -> s.abort(action)));
        rpcs.add(match("ClaimTimeout", s -> s.claimTimeout(action)));
        rpcs.add(match("WatchMatch", s -> s.withDeadlineAfter(STREAM_DEADLINE_SECONDS, TimeUnit.SECONDS)
            .watchMatch(WatchMatchRequest.newBuilder().setMatchId(m).build()).hasNext()));

        String seek = w.seek().getId();
        String party = w.party().getId();
        String challenge = w.challenge().getId();
        rpcs.add(mm("CreateSeek", s -> s.createSeek(CreateSeekRequest.newBuilder().setGame(w.game()).build())));
        rpcs.add(mm("CancelSeek", s -> s.cancelSeek(SeekRequest.newBuilder().setSeekId(seek).build())));
        rpcs.add(mm("AcceptSeek", s -> s.acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(seek).build())));
        rpcs.add(mm("ListSeeks", s -> s.listSeeks(ListSeeksRequest.getDefaultInstance())));
        rpcs.add(mm("CreateParty", s -> s.createParty(CreatePartyRequest.newBuilder().addInvite(w.q().name()).build())));
        rpcs.add(mm("JoinParty", s -> s.joinParty(PartyRequest.newBuilder().setPartyId(party).build())));
        rpcs.add(mm("LeaveParty", s -> s.leaveParty(PartyRequest.newBuilder().setPartyId(party).build())));
        rpcs.add(mm("JoinPool", s -> s.joinPool(JoinPoolRequest.newBuilder().setGame(w.game()).build())));
        rpcs.add(mm("LeavePool", s -> s.leavePool(PoolTicketRequest.newBuilder().setTicketId(w.ticket().getId()).build())));
        rpcs.add(mm("ListPools", s -> s.listPools(ListPoolsRequest.getDefaultInstance())));
        rpcs.add(mm("CreateChallenge", s -> s.createChallenge(CreateChallengeRequest.newBuilder().setGame(w.game())
            .setOpponent(w.q().name()).build())));
        rpcs.add(mm("AcceptChallenge", s -> s.acceptChallenge(ChallengeRequest.newBuilder().setChallengeId(challenge).build())));
        rpcs.add(mm("DeclineChallenge", s -> s.declineChallenge(ChallengeRequest.newBuilder().setChallengeId(challenge).build())));
        rpcs.add(mm("CancelChallenge", s -> s.cancelChallenge(ChallengeRequest.newBuilder().setChallengeId(challenge).build())));
        rpcs.add(mm("RequestRematch", s -> s.requestRematch(RematchRequest.newBuilder().setMatchId(w.finished().getId())
            .build())));
        rpcs.add(mm("GetRatings", s -> s.getRatings(GetRatingsRequest.getDefaultInstance())));
        rpcs.add(mm("WatchLobby", s -> s.withDeadlineAfter(STREAM_DEADLINE_SECONDS, TimeUnit.SECONDS)
            .watchLobby(WatchLobbyRequest.getDefaultInstance()).hasNext()));

        rpcs.add(learn("ListLessons", s -> s.listLessons(ListLessonsRequest.newBuilder().setGame("draughts").build())));
        rpcs.add(learn("AnswerExercise", s -> s.answerExercise(JudgeAnswerRequest.newBuilder()
            .setExerciseId("draughts-promote").addMoves("7-1").build())));
        rpcs.add(learn("NextPuzzle", s -> s.nextPuzzle(NextPuzzleRequest.newBuilder().setGame("piracy").build())));
        rpcs.add(learn("DailyPuzzle", s -> s.dailyPuzzle(NextPuzzleRequest.newBuilder().setGame("piracy").build())));
        rpcs.add(learn("AnswerPuzzle", s -> s.answerPuzzle(AnswerPuzzleRequest.newBuilder()
            .setAttemptId(UUID.randomUUID().toString()).setMove("R").build())));
        rpcs.add(learn("PuzzleHistory", s -> s.puzzleHistory(PuzzleHistoryRequest.getDefaultInstance())));
        rpcs.add(learn("ReviewMatch", s -> s.withDeadlineAfter(STREAM_DEADLINE_SECONDS, TimeUnit.SECONDS)
            .reviewMatch(ReviewMatchRequest.newBuilder().setMatchId(w.finished().getId()).build()).hasNext()));
        rpcs.add(learn("ReviewRecord", s -> s.withDeadlineAfter(STREAM_DEADLINE_SECONDS, TimeUnit.SECONDS)
            .reviewRecord(ReviewRecordRequest.newBuilder().setGame("draughts").setRecord("1. 32-28 *").build()).hasNext()));
        return rpcs;
    }

    /**
     * Every method of the services the lobby serves that needs a token: all of them but LobbyService/Register and the
     * AccountService calls that make a session (SignUp, SignIn, RecoverAccount).
     */
    static Set<String> methodsNeedingAToken() {
        Set<String> out = new TreeSet<>();
        for (ServiceDescriptor s : List.of(LobbyServiceGrpc.getServiceDescriptor(), OperatorServiceGrpc.getServiceDescriptor(),
            MatchServiceGrpc.getServiceDescriptor(), MatchmakingServiceGrpc.getServiceDescriptor(),
            LearnServiceGrpc.getServiceDescriptor(), AccountServiceGrpc.getServiceDescriptor())) {
            for (MethodDescriptor<?, ?> method : s.getMethods()) {
                out.add(method.getFullMethodName());
            }
        }
        out.remove(LobbyServiceGrpc.getRegisterMethod().getFullMethodName());
        out.remove(AccountServiceGrpc.getSignUpMethod().getFullMethodName());
        out.remove(AccountServiceGrpc.getSignInMethod().getFullMethodName());
        out.remove(AccountServiceGrpc.getRecoverAccountMethod().getFullMethodName());
        return out;
    }

    private interface Call<S> {
        void on(S stub) throws Throwable;
    }

    private static Rpc lobby(String name, Call<LobbyServiceGrpc.LobbyServiceBlockingStub> call) {
        return new Rpc(LobbyServiceGrpc.SERVICE_NAME + "/" + name, ch -> () -> call.on(LobbyServiceGrpc.newBlockingStub(ch)));
    }

    private static Rpc account(String name, Call<AccountServiceGrpc.AccountServiceBlockingStub> call) {
        return new Rpc(AccountServiceGrpc.SERVICE_NAME + "/" + name,
            ch -> () -> call.on(AccountServiceGrpc.newBlockingStub(ch)));
    }

    private static Rpc match(String name, Call<MatchServiceGrpc.MatchServiceBlockingStub> call) {
        return new Rpc(MatchServiceGrpc.SERVICE_NAME + "/" + name, ch -> () -> call.on(MatchServiceGrpc.newBlockingStub(ch)));
    }

    private static Rpc learn(String name, Call<LearnServiceGrpc.LearnServiceBlockingStub> call) {
        return new Rpc(LearnServiceGrpc.SERVICE_NAME + "/" + name, ch -> () -> call.on(LearnServiceGrpc.newBlockingStub(ch)));
    }

    private static Rpc mm(String name, Call<MatchmakingServiceGrpc.MatchmakingServiceBlockingStub> call) {
        return new Rpc(MatchmakingServiceGrpc.SERVICE_NAME + "/" + name,
            ch -> () -> call.on(MatchmakingServiceGrpc.newBlockingStub(ch)));
    }

    /** The lobby's channel sending {@code authorization} as the header of that name; null: no such header at all. */
    protected Channel sending(String authorization) {
        if (authorization == null) {
            return channel;
        }
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
        return ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(md));
    }

    /**
     * Asserts that the call is refused with exactly this code and sentence, and that it left every stored row about
     * the players involved as it was ({@link #snapshot}).
     */
    protected void refused(Status.Code code, String sentence, Executable call, TestPlayer... involved) {
        String before = snapshot(involved);
        String d = assertStatus(code, call);
        assertEquals(sentence, d);
        assertEquals(before, snapshot(involved), () -> "a refused call must not change anything stored: " + d);
    }

    /**
     * Every stored row about these players, as text: their matchmaking rows ({@link #storedLobby}), every row of each
     * match they sit in, are invited to or created (seats with their connection counts, the event log), the players and
     * their sessions, passwords, recovery codes, reset tokens, outside identities and account events, their lobby presence (open streams), the rematches and rating changes of their matches. (Nothing
     * global, such as the lobby's event-log version: other tests' leftovers may move it meanwhile.)
     */
    protected String snapshot(TestPlayer... players) {
        List<UUID> ids = new ArrayList<>();
        for (TestPlayer p : players) {
            ids.add(id(p));
        }
        StringBuilder sb = new StringBuilder(storedLobby(players));
        try (Connection c = dataSource.getConnection()) {
            java.sql.Array a = c.createArrayOf("uuid", ids.toArray());
            List<UUID> matches = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match_id = m.id "
                + "WHERE s.player_id = ANY(?) OR s.invited_player_id = ANY(?) OR m.created_by = ANY(?) ORDER BY m.id")) {
                st.setArray(1, a);
                st.setArray(2, a);
                st.setArray(3, a);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        matches.add(rs.getObject(1, UUID.class));
                    }
                }
            }
            for (UUID m : matches) {
                sb.append(stored(m.toString()));
            }
            StoredText.rows(c, sb, "SELECT * FROM players WHERE id = ANY(?) ORDER BY id", a);
            // a session's last use is written down in the background (players.SessionUse): bookkeeping, not state
            StoredText.rows(c, sb, "SELECT hash, id, player_id, created_at, kind, device_label, address FROM sessions "
                + "WHERE player_id = ANY(?) ORDER BY player_id, created_at, hash", a);
            StoredText.rows(c, sb, "SELECT * FROM passwords WHERE player_id = ANY(?) ORDER BY player_id", a);
            StoredText.rows(c, sb, "SELECT * FROM recovery_codes WHERE player_id = ANY(?) ORDER BY player_id, hash", a);
            StoredText.rows(c, sb, "SELECT * FROM reset_tokens WHERE player_id = ANY(?) ORDER BY player_id", a);
            StoredText.rows(c, sb, "SELECT * FROM external_identities WHERE player_id = ANY(?) ORDER BY player_id", a);
            StoredText.rows(c, sb, "SELECT * FROM account_events WHERE player_id = ANY(?) ORDER BY id", a);
            StoredText.rows(c, sb, "SELECT player_id, instance_id, streams FROM lobby_presence WHERE player_id = ANY(?) "
                + "ORDER BY player_id, instance_id", a);
            String theirMatches = "(SELECT match_id FROM seats WHERE player_id = ANY(?))";
            StoredText.rows(c, sb, "SELECT * FROM rematches WHERE previous_match_id IN " + theirMatches + " ORDER BY previous_match_id", a);
            StoredText.rows(c, sb, "SELECT * FROM rating_changes WHERE player_id = ANY(?) ORDER BY match_id, player_id", a);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return sb.toString();
    }

}
