package com.plyyard.engine.hub;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.HubDialect;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import com.plyyard.engine.search.SearchInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Our engine as a Hub engine: reads GUI commands line by line and answers on the writer, until {@code quit} or the
 * end of the input. It plays the games that speak Hub ({@link GameModule#hub}: international draughts, as Hub is a
 * 10x10 draughts protocol); the {@code variant} parameter chooses among their Hub variants ({@code normal}, FMJD, the
 * default, or {@code plyyard}), and the variant's game reads and writes the positions and moves.
 *
 * <p>A search ({@code go think}, {@code go ponder} or {@code go analyze}) runs on its own thread and sends an
 * {@code info} line per finished iteration, then {@code done move=… [ponder=…]}. Meanwhile {@code ping} is answered
 * and {@code stop} ends the search at once with the best move so far; any other command also stops it (its
 * {@code done} comes first) and is then carried out, as the protocol allows only ping, ponder-hit and stop during a
 * search. We do not ponder: {@code go ponder} is searched like {@code go think} (the protocol lets an engine answer
 * a ponder search whenever it likes; the GUI keeps the answer), and {@code ponder-hit} changes nothing.
 *
 * <p>Bad input never ends the session: it is answered with {@code error message="…"}; a {@code go} that cannot
 * search (no valid position, no legal move) answers its error and a {@code done} without a move, so a GUI waiting for
 * {@code done} is not left hanging. One {@link Engine}, created at {@code init} (or the first search), serves the
 * whole session and keeps its transposition table between searches until {@code new-game}.
 */
public final class HubSession {
    /** What {@code hub} answers in its {@code id} line. */
    public record Identity(String name, String version, String author) {
    }

    static final String VARIANT_PARAM = "variant";
    static final String THREADS_PARAM = "threads";
    static final int MAX_THREADS = 64;

    private final BufferedReader in;
    private final Writer out;
    private final Identity identity;
    private final int tableMegabytes;

    private Engine engine;
    private int threads = 1;
    /** The Hub variants of every game that speaks Hub, in the catalog's order; the first is the default. */
    private final List<HubDialect.Variant> variants = Variants.modules().stream()
        .flatMap(m -> m.hub().stream()).flatMap(d -> d.variants().stream()).toList();
    private String variant = variants.get(0).name();
    private VariantRules rules = Variants.get(variants.get(0).variantId());
    /** The position of the last valid {@code pos}; null before any (the start) or after an invalid one. */
    private Position position;
    private String positionError;
    private Limits level;

    private Thread search;
    private final AtomicBoolean stopSearch = new AtomicBoolean();

    /**
     * @param tableMegabytes the engine's transposition table
     */
    public HubSession(Reader in, Writer out, Identity identity, int tableMegabytes) {
        this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
        this.out = out;
        this.identity = identity;
        this.tableMegabytes = tableMegabytes;
    }

    /**
     * Serves the GUI until {@code quit} or the end of the input; a search still running is stopped first.
     *
     * @throws UncheckedIOException if the input cannot be read or the output written
     */
    public void run() {
        try {
            String raw;
            while ((raw = in.readLine()) != null) {
                if (raw.isBlank()) {
                    continue;
                }
                HubLine line;
                try {
                    line = HubLine.parse(raw);
                } catch (InvalidInputException e) {
                    error(e.getMessage());
                    continue;
                }
                if (searching()) {
                    switch (line.command()) {
                        case "ping" -> {
                            send(HubLine.of("pong"));
                            continue;
                        }
                        case "stop" -> {
                            stopSearch.set(true);
                            continue;
                        }
                        case "ponder-hit" -> {
                            continue;
                        }
                        default -> finishSearch();
                    }
                }
                if (!handle(line)) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            finishSearch();
        }
    }

    /** Carries out one command outside a search; false for {@code quit}. */
    private boolean handle(HubLine line) {
        switch (line.command()) {
            case "hub" -> introduce();
            case "set-param" -> setParam(line);
            case "init" -> {
                engine();
                rules.module().prepare(rules); // a GUI times our moves from "ready" on
                send(HubLine.of("ready"));
            }
            case "new-game" -> {
                if (engine != null) {
                    engine.newGame();
                }
            }
            case "pos" -> setPosition(line);
            case "level" -> {
                try {
                    level = HubLevel.limits(line);
                } catch (InvalidInputException e) {
                    level = null;
                    error(e.getMessage());
                }
            }
            case "go" -> go();
            case "ping" -> send(HubLine.of("pong"));
            case "stop", "ponder-hit" -> {
                // no search to stop: nothing to do
            }
            case "quit" -> {
                return false;
            }
            default -> error("Unknown command '" + line.command() + "'.");
        }
        return true;
    }

    private void introduce() {
        send(HubLine.of("id").with("name", identity.name()).with("version", identity.version())
            .with("author", identity.author()));
        send(HubLine.of("param").with("name", VARIANT_PARAM).with("value", variant).with("type", "enum")
            .with("values", String.join(" ", variants.stream().map(HubDialect.Variant::name).toList())));
        send(HubLine.of("param").with("name", THREADS_PARAM).with("value", Integer.toString(threads)).with("type", "int")
            .with("min", "1").with("max", Integer.toString(MAX_THREADS)));
        send(HubLine.of("wait"));
    }

    private void setParam(HubLine line) {
        String name = line.value("name").orElse("");
        String value = line.value("value").orElse("");
        if (name.isEmpty()) {
            error("set-param needs name=.");
            return;
        }
        if (name.equals(THREADS_PARAM)) {
            setThreads(value);
            return;
        }
        if (!name.equals(VARIANT_PARAM)) {
            error("Unknown parameter '" + name + "'; the parameters are variant and threads.");
            return;
        }
        HubDialect.Variant chosen = variants.stream().filter(v -> v.name().equals(value)).findFirst().orElse(null);
        if (chosen == null) {
            error("Unknown variant '" + value + "'; the variants are " + described(variants) + ".");
            return;
        }
        rules = Variants.get(chosen.variantId());
        variant = value;
        // a position belongs to its rules: the next search starts from the new rules' start unless a pos follows
        position = null;
        positionError = null;
    }

    /** Search threads (Lazy SMP); the engine is made anew with them, its table with it. */
    private void setThreads(String value) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1 || n > MAX_THREADS) {
            error("threads must be a whole number from 1 to " + MAX_THREADS + ", not '" + value + "'.");
            return;
        }
        if (n != threads) {
            threads = n;
            engine = null;
        }
    }

    /** {@code pos pos=<51 characters> moves="…"}, or {@code pos start}: the start; the moves are played on it. */
    private void setPosition(HubLine line) {
        level = null; // a level belongs to the search it precedes
        try {
            HubDialect dialect = dialect();
            Position p = line.value("pos").filter(s -> !line.has("start"))
                .map(text -> dialect.parsePosition(text, rules))
                .orElseGet(rules::start);
            for (String move : line.value("moves").orElse("").trim().split("\\s+")) {
                if (!move.isEmpty()) {
                    p = p.play(dialect.parseMove(move, p));
                }
            }
            position = p;
            positionError = null;
        } catch (InvalidInputException | IllegalMoveException e) {
            position = null;
            positionError = e.getMessage();
            error("Bad position: " + e.getMessage());
        }
    }

    private void go() {
        Limits limits = level != null ? level : HubLevel.defaultLimits();
        level = null;
        if (positionError != null) {
            cannotSearch("The last pos was not valid (" + stripDot(positionError) + "); send a valid one.");
            return;
        }
        Position root = position != null ? position : rules.start();
        if (root.isOver()) {
            // a draw rule has ended the game, yet the GUI asks for a move: the board alone still has moves to give
            root = dialect().parsePosition(dialect().formatPosition(root), rules);
        }
        if (root.legalMoves().isEmpty()) {
            cannotSearch("The side to move has no legal move.");
            return;
        }
        Engine e = engine();
        Position searched = root;
        HubDialect dialect = dialect();
        stopSearch.set(false);
        search = new Thread(() -> search(e, dialect, searched, limits), "hub-search");
        search.setDaemon(true);
        search.start();
    }

    /** On the search thread. */
    private void search(Engine e, HubDialect dialect, Position root, Limits limits) {
        try {
            Engine.Result r = e.bestMove(root, Engine.Request.of(limits), stopSearch::get,
                info -> send(info(dialect, root, info)));
            List<String> pv = hubMoves(dialect, root, r.pv());
            HubLine done = HubLine.of("done").with("move", dialect.formatMove(r.move()));
            if (pv.size() >= 2) {
                done = done.with("ponder", pv.get(1));
            }
            send(done);
        } catch (RuntimeException ex) {
            cannotSearch("The search failed: " + ex.getMessage());
        }
    }

    /**
     * {@code info depth score nodes time nps pv}, as Scan writes them: the score in men (a forced win shows as 300
     * less a hundredth per ply), the time in seconds and the speed in millions of nodes per second.
     */
    private static HubLine info(HubDialect dialect, Position root, SearchInfo info) {
        HubLine line = HubLine.of("info").with("depth", info.depth())
            .with("score", String.format(Locale.ROOT, "%.2f", info.score() / 100.0))
            .with("nodes", info.nodes())
            .with("time", String.format(Locale.ROOT, "%.3f", info.millis() / 1000.0));
        double mnps = info.millis() > 0 ? info.nodes() / (info.millis() * 1000.0) : 0;
        if (mnps >= 0.05) { // a speed that would show as 0.0 tells the GUI nothing
            line = line.with("nps", String.format(Locale.ROOT, "%.1f", mnps));
        }
        List<String> pv = hubMoves(dialect, root, info.pv());
        return pv.isEmpty() ? line : line.with("pv", String.join(" ", pv));
    }

    /** A line of moves in canonical notation, played out from {@code root}, in Hub notation (up to the first misfit). */
    static List<String> hubMoves(HubDialect dialect, Position root, List<String> moves) {
        List<String> out = new ArrayList<>(moves.size());
        Position p = root;
        for (String m : moves) {
            try {
                LegalMove move = p.parseMove(m);
                out.add(dialect.formatMove(move));
                p = p.play(move);
            } catch (InvalidInputException | IllegalMoveException e) {
                break;
            }
        }
        return out;
    }

    /** The Hub dialect of the chosen variant's game. */
    private HubDialect dialect() {
        return rules.module().hub().orElseThrow();
    }

    /** "a (x)", "a (x) and b (y)", "a (x), b (y) and c (z)". */
    private static String described(List<HubDialect.Variant> variants) {
        List<String> each = variants.stream().map(v -> v.name() + " (" + v.description() + ")").toList();
        return each.size() == 1 ? each.get(0)
            : String.join(", ", each.subList(0, each.size() - 1)) + " and " + each.get(each.size() - 1);
    }

    private Engine engine() {
        if (engine == null) {
            engine = new Engine(tableMegabytes, threads);
        }
        return engine;
    }

    private boolean searching() {
        return search != null && search.isAlive();
    }

    /** Stops a running search and waits for its {@code done}. */
    private void finishSearch() {
        if (search == null) {
            return;
        }
        stopSearch.set(true);
        boolean interrupted = false;
        while (search.isAlive()) {
            try {
                search.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        search = null;
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void cannotSearch(String why) {
        error(why);
        send(HubLine.of("done"));
    }

    private void error(String message) {
        // the protocol cannot carry a double quote or a line break inside a value
        String sayable = message.replace('"', '\'').replaceAll("\\p{Cntrl}+", " ");
        send(HubLine.of("error").with("message", sayable));
    }

    /** Lines are written whole, from the reading thread and the search thread alike. */
    private synchronized void send(HubLine line) {
        try {
            out.write(line.format());
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String stripDot(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }
}
