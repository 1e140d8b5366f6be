package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.MatchFollower;
import com.plyyard.client.online.MatchView;
import com.plyyard.client.online.Pairing;
import com.plyyard.client.render.BoardRenderer;
import com.plyyard.client.render.MoveList;
import com.plyyard.client.render.Style;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchSeat;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code play}: a whole game in the terminal through lobby-service — against the AI, an invited player, or in
 * an existing match ({@code --match}). The board is drawn after every move (with a legend the first time, for a game
 * that has one); on your turn type a move in the game's notation, or {@code moves} (grouped by starting point),
 * {@code board}, {@code legend}, {@code draw}, {@code accept}, {@code decline}, {@code resign}, {@code abort},
 * {@code quit}, {@code help}. Quitting, the end of the input and Ctrl-C leave the match as it is and say how to resume
 * it; a player who is out of a game that goes on (four players) is told so and stops following it (with {@code
 * --autoplay}, a script, it follows the match to its result).
 */
@Command(name = "play", mixinStandardHelpOptions = true, description = "Plays a game through lobby-service in the terminal.")
public class PlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OnlineArgs online;

    @Option(names = "--variant", paramLabel = "ID", description = "Variant of a new match, e.g. draughts:plyyard.")
    String variant;

    @Option(names = "--option", paramLabel = "KEY=VALUE", description = "Variant option of a new match (repeatable).")
    Map<String, String> options = new java.util.LinkedHashMap<>();

    @Option(names = "--vs", defaultValue = "ai", paramLabel = "ai|NAME",
        description = "Opponents of a new match: ai (default) or a player's name (invited).")
    String vs;

    @Option(names = "--level", defaultValue = "club", description = "AI level: beginner, casual, club, expert, max (default ${DEFAULT-VALUE}).")
    String level;

    @Option(names = "--colour", paramLabel = "COLOUR", description = "My colour or seat, e.g. white, black, green (default: the first).")
    String colour;

    @Option(names = "--time", paramLabel = "MIN+SEC", description = "Clock, e.g. 5+3 (minutes + seconds increment); default none.")
    String time;

    @Option(names = "--match", paramLabel = "ID", description = "Play in an existing match (join it if a seat is open for me).")
    String matchId;

    @Option(names = "--ascii", description = "Draw boards in ASCII, without colours.")
    boolean ascii;

    @Option(names = "--autoplay", paramLabel = "first", description = "Play the first legal move on every turn (scripts and smoke tests).")
    String autoplay;

    /** Where moves are read from (tests replace it). */
    InputStream input = System.in;

    private static final List<String> LEVELS = List.of("beginner", "casual", "club", "expert", "max");

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Style style = ascii ? Style.ASCII : Style.detect();
        try (Lobby lobby = online.connect()) {
            out.println("signed in as " + lobby.me().getName() + " at " + lobby.target());
            Match match = matchId != null ? joinIfNeeded(lobby) : create(lobby);
            out.println("match " + match.getId() + " (" + match.getVariant().getId() + ")");
            out.flush();
            return play(lobby, match, style, out);
        }
    }

    private Match create(Lobby lobby) {
        if (variant == null) {
            throw CliException.badInput("Give --variant for a new match, or --match ID to play an existing one.");
        }
        VariantRules rules = com.plyyard.engine.catalog.Variants.get(variant, options);
        List<String> colours = rules.seatColours();
        int mine = 0;
        if (colour != null) {
            mine = colours.indexOf(colour.toLowerCase(Locale.ROOT));
            if (mine < 0) {
                throw CliException.badInput(variant + " has the colours " + String.join(", ", colours) + ", not '" + colour + "'.");
            }
        }
        CreateMatchRequest.Builder r = CreateMatchRequest.newBuilder().setVariant(variant)
            .setOptions(ProtoMapper.standard().variant(rules).getOptions()).setTimeControl(timeControl());
        int levelNumber = LEVELS.indexOf(level.toLowerCase(Locale.ROOT)) + 1;
        if (vs.equals("ai") && levelNumber == 0) {
            throw CliException.badInput("Unknown level '" + level + "'; levels are " + String.join(", ", LEVELS) + ".");
        }
        for (int seat = 0; seat < colours.size(); seat++) {
            if (seat == mine) {
                r.addSeats(SeatSpec.newBuilder().setMe(true));
            } else if (vs.equals("ai")) {
                r.addSeats(SeatSpec.newBuilder().setAiLevel(levelNumber));
            } else {
                r.addSeats(SeatSpec.newBuilder().setInvite(vs));
            }
        }
        return lobby.call(() -> lobby.matches().createMatch(r.build()));
    }

    private TimeControl timeControl() {
        if (time == null) {
            return TimeControl.getDefaultInstance();
        }
        String[] parts = time.split("\\+");
        try {
            int minutes = Integer.parseInt(parts[0]);
            int increment = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return TimeControl.newBuilder().setInitialSeconds(minutes * 60).setIncrementSeconds(increment).build();
        } catch (NumberFormatException e) {
            throw CliException.badInput("--time must be minutes+seconds, e.g. 5+3, not '" + time + "'.");
        }
    }

    private Match joinIfNeeded(Lobby lobby) {
        Match m = lobby.call(() -> lobby.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(matchId).build()));
        boolean seated = m.getSeatsList().stream().anyMatch(s -> s.getKind() == SeatKind.SEAT_PLAYER
            && s.getPlayer().getId().equals(lobby.me().getId()));
        if (seated) {
            return m;
        }
        return lobby.call(() -> lobby.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(matchId).build()));
    }

    private int play(Lobby lobby, Match created, Style style, PrintWriter out) throws InterruptedException, IOException {
        List<Integer> mySeats = created.getSeatsList().stream()
            .filter(s -> s.getPlayer().getId().equals(lobby.me().getId()))
            .map(MatchSeat::getIndex).collect(Collectors.toList());
        MatchView view = new MatchView();
        BufferedReader reader = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
        long promptedAt = -1;
        long waitingShownAt = -1;
        boolean legendShown = false;
        boolean outSaid = false;
        String id = created.getId();
        try (MatchFollower follower = new MatchFollower(lobby, id, 0);
             Pairing.Undo interrupted = Pairing.onInterrupt(() -> {
                 out.println();
                 out.println("interrupted; leaving the match as it is (resume with " + online.playCommand(id) + ")");
                 out.flush();
             })) {
            while (true) {
                Object next = follower.next(200);
                boolean changed = false;
                while (next != null) {
                    if (next instanceof MatchFollower.Broken b) {
                        throw lobby.failure(b.error());
                    }
                    MatchEvent e = (MatchEvent) next;
                    String line = view.apply(e);
                    if (line != null) {
                        out.println(line);
                    }
                    changed |= e.hasSnapshot() || e.hasMovePlayed() || e.hasSeatOut() || e.hasEnded();
                    next = follower.next(0);
                }
                if (!view.ready()) {
                    continue;
                }
                if (changed) {
                    out.print(BoardRenderer.render(view.state(), style));
                    String clocks = view.clocks(System.currentTimeMillis());
                    if (!clocks.isEmpty()) {
                        out.println("  " + clocks);
                    }
                    if (!legendShown) {
                        out.print(BoardRenderer.legend(view.state(), style)); // once; 'legend' shows it again
                        legendShown = true;
                    }
                    out.flush();
                }
                if (view.over()) {
                    out.println(view.result() == null ? "the match is over"
                        : "result: " + view.result().getDescription());
                    out.flush();
                    return 0;
                }
                if (view.out(mySeats) && !outSaid) {
                    out.println("you are out of this match, which goes on without you; watch the rest with "
                        + online.command("watch " + id));
                    out.flush();
                    if (autoplay == null) {
                        return 0;
                    }
                    outSaid = true; // a script (--autoplay) follows the match to its result, as it always did
                }
                if (!view.active()) {
                    if (waitingShownAt != view.version()) {
                        out.println("waiting for the other seats to be taken…");
                        out.flush();
                        waitingShownAt = view.version();
                    }
                    continue;
                }
                if (!mySeats.contains(view.mover())) {
                    if (waitingShownAt != view.version()) {
                        out.println("waiting for " + view.colour(view.mover()) + "…");
                        out.flush();
                        waitingShownAt = view.version();
                    }
                    continue;
                }
                if (promptedAt == view.version() && !reprompt) {
                    continue;
                }
                promptedAt = view.version();
                reprompt = false;
                String command;
                if (autoplay != null) {
                    command = legalMoves(view).get(0).notation();
                    out.println("your move> " + command);
                } else {
                    out.print("your move (" + view.colour(view.mover()) + ", 'help' for commands)> ");
                    out.flush();
                    command = reader.readLine();
                    if (command == null) {
                        out.println();
                        out.println("input ended; leaving the match as it is (resume with --match " + created.getId() + ")");
                        return 0;
                    }
                }
                if (!handle(command.strip(), lobby, view, follower, created.getId(), style, out)) {
                    out.println("leaving the match as it is (resume with --match " + created.getId() + ")");
                    return 0;
                }
                out.flush();
            }
        }
    }

    /** Runs one line typed on my turn; false to quit. A refused call prints the server's sentence. */
    private boolean handle(String command, Lobby lobby, MatchView view, MatchFollower follower, String id, Style style,
                           PrintWriter out) {
        MatchActionRequest action = MatchActionRequest.newBuilder().setMatchId(id).setExpectedVersion(view.version())
            .build();
        try {
            switch (command.toLowerCase(Locale.ROOT)) {
                case "" -> forgetPrompt(out, null);
                case "help", "?" -> {
                    boolean legend = !BoardRenderer.legend(view.state(), style).isEmpty();
                    out.println("a move in the game's notation, or: moves, board, " + (legend ? "legend, " : "")
                        + "draw, accept, decline, resign, abort, quit");
                    forgetPrompt(out, null);
                }
                case "moves" -> {
                    out.print(MoveList.grouped(legalMoves(view).stream().map(LegalMove::notation).toList(), style));
                    forgetPrompt(out, null);
                }
                case "legend" -> {
                    String legend = BoardRenderer.legend(view.state(), style);
                    out.print(legend.isEmpty() ? "the board needs no legend: a move in the game's notation, or 'moves'"
                        + System.lineSeparator() : legend);
                    forgetPrompt(out, null);
                }
                case "board" -> {
                    out.print(BoardRenderer.render(view.state(), style));
                    forgetPrompt(out, null);
                }
                case "quit" -> {
                    return false;
                }
                case "resign" -> lobby.matches().resign(action);
                case "draw" -> lobby.matches().offerDraw(action);
                case "accept" -> lobby.matches().acceptDraw(action);
                case "decline" -> lobby.matches().declineDraw(action);
                case "abort" -> lobby.matches().abort(action);
                default -> lobby.matches().submitMove(SubmitMoveRequest.newBuilder().setMatchId(id).setMove(command)
                    .setExpectedVersion(view.version()).build());
            }
        } catch (StatusRuntimeException e) {
            Status.Code code = e.getStatus().getCode();
            if (code == Status.Code.INVALID_ARGUMENT || code == Status.Code.FAILED_PRECONDITION
                || code == Status.Code.ABORTED || code == Status.Code.PERMISSION_DENIED) {
                forgetPrompt(out, e.getStatus().getDescription());
            } else {
                throw lobby.failure(e);
            }
        }
        return true;
    }

    private boolean reprompt;

    /** Asks again on the same turn, after a message. */
    private void forgetPrompt(PrintWriter out, String message) {
        if (message != null) {
            out.println(message);
        }
        reprompt = true;
    }

    private static List<? extends LegalMove> legalMoves(MatchView view) {
        Position p = ProtoMapper.standard().position(view.state());
        return p.legalMoves();
    }
}
