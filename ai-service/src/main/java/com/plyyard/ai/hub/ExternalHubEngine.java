package com.plyyard.ai.hub;

import com.plyyard.engine.HubDialect;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.hub.HubLine;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * An external Hub engine (such as Scan) for international draughts under FMJD rules, when
 * {@code plyyard.ai.hub.command} is set (docs/hub.md). It answers the BestMove requests at the {@code MAX} level or
 * with explicit limits in the Hub protocol's default variant of a game that speaks Hub ({@link HubDialect}: today
 * {@code normal}, {@code draughts:fmjd}); the weaker levels stay ours, as their weakness is our engine's deliberate
 * choice among good moves. Positions and moves go through the game's dialect.
 *
 * <p>The process is started on first use and kept warm between requests (its tables too); one request at a time
 * goes to it — a Hub engine is one conversation — and a request that finds it busy is answered by our engine. When
 * the process cannot start, dies, takes longer than its move time plus {@code plyyard.ai.hub.timeout}, or answers
 * something that is not a legal move, {@link #bestMove} logs one line saying so and returns empty: our engine
 * answers instead. A dead or hung process is ended; the next request starts a new one.
 */
@ApplicationScoped
public class ExternalHubEngine {
    private static final Logger LOG = Logger.getLogger(ExternalHubEngine.class);

    @ConfigProperty(name = "plyyard.ai.hub.command")
    Optional<String> commandSetting;

    @ConfigProperty(name = "plyyard.ai.hub.movetime", defaultValue = "1000")
    long moveMillis;

    @ConfigProperty(name = "plyyard.ai.hub.timeout", defaultValue = "5000")
    long timeoutMillis;

    @Inject
    MeterRegistry metrics;

    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}; volatile so that shutdown can end it without the lock. */
    private volatile HubProcess process;

    /** The external engine's move, in our terms. */
    public record Answer(LegalMove move, int score, int depth, long nodes, long millis, List<String> pv,
                         String engine) {
    }

    public boolean enabled() {
        return commandSetting.isPresent() && !commandSetting.get().isBlank();
    }

    /**
     * True when this request is the external engine's to answer: a position in the default Hub variant of its game
     * (FMJD draughts), at the MAX level or with explicit limits.
     */
    public boolean wants(Position position, Engine.Request request) {
        return enabled() && hubVariant(position).isPresent()
            && (request.level() == null || request.level() == Level.MAX);
    }

    /** The Hub variant an external engine plays for this position: its game's default one, if it is that variant. */
    private static Optional<HubDialect.Variant> hubVariant(Position position) {
        return position.rules().module().hub().map(d -> d.variants().get(0))
            .filter(v -> v.variantId().equals(position.rules().id()));
    }

    /**
     * The external engine's move, or empty when our engine should answer (the reason is logged).
     *
     * @param stop true once the search should end now (the client has gone, the server is closing)
     */
    public Optional<Answer> bestMove(Position position, Engine.Request request, BooleanSupplier stop) {
        HubDialect dialect = position.rules().module().hub().orElseThrow();
        HubDialect.Variant variant = hubVariant(position).orElseThrow();
        if (!lock.tryLock()) {
            LOG.debugf("The Hub engine is busy with another request; our engine answers this one.");
            fallback("busy");
            return Optional.empty();
        }
        try {
            HubProcess hub = process;
            if (hub == null || !hub.isAlive() || !hub.variant().equals(variant)) {
                if (hub != null) {
                    hub.close();
                }
                hub = HubProcess.start(command(), variant, timeoutMillis,
                    line -> LOG.infof("Hub engine (stderr): %s", line));
                process = hub;
                LOG.infof("Hub engine %s started (it calls itself '%s'); it answers %s.", quotedCommand(), hub.name(),
                    variant.variantId());
            }
            long budget = budgetMillis(request);
            HubProcess.Answer answer = hub.search(dialect.formatPosition(position), level(request, budget), budget,
                timeoutMillis, stop);
            return accept(dialect, position, answer, hub.name());
        } catch (HubProcess.HubException e) {
            HubProcess dead = process;
            process = null;
            if (dead != null) {
                dead.close();
            }
            String restart = e.failure() == HubProcess.Failure.CANNOT_START ? "" : "; the next request starts it again";
            LOG.warnf("Hub engine %s %s; our engine answers%s.", quotedCommand(), e.getMessage(), restart);
            fallback(e.failure().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            return Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    @PreDestroy
    void shutdown() {
        HubProcess hub = process;
        process = null;
        if (hub != null) {
            hub.close();
        }
    }

    /** The answer checked against the position's legal moves; empty (logged) when it is not one of them. */
    private Optional<Answer> accept(HubDialect dialect, Position position, HubProcess.Answer answer, String name) {
        String text = answer.done().value("move").orElse("");
        LegalMove move;
        try {
            move = dialect.parseMove(text, position);
        } catch (InvalidInputException | IllegalMoveException e) {
            LOG.warnf("Hub engine %s answered %s, which is not a legal move of %s %s; our engine answers.",
                quotedCommand(), text.isEmpty() ? "no move" : "'" + text + "'", position.rules().id(),
                position.notation());
            fallback("illegal-move");
            return Optional.empty();
        }
        HubLine info = answer.lastInfo();
        int score = 0;
        int depth = 0;
        long nodes = 0;
        List<String> pv = List.of();
        if (info != null) {
            score = (int) Math.round(Math.max(-1e6, Math.min(1e6, number(info, "score") * 100)));
            depth = (int) Math.max(0, Math.min(Integer.MAX_VALUE, number(info, "depth")));
            nodes = (long) Math.max(0, number(info, "nodes"));
            pv = canonicalLine(dialect, position, info.value("pv").orElse(""));
        }
        if (pv.isEmpty() || !pv.get(0).equals(move.notation())) {
            pv = List.of(move.notation()); // the last info may be an earlier iteration's: the move leads the line
        }
        metrics.counter("plyyard.ai.hub.moves").increment();
        return Optional.of(new Answer(move, score, depth, nodes, answer.millis(), pv, name.isEmpty() ? "hub" : "hub:" + name));
    }

    /** The Hub engine's principal variation in our canonical notation, up to its first move we cannot read. */
    private static List<String> canonicalLine(HubDialect dialect, Position root, String hubLine) {
        List<String> out = new ArrayList<>();
        Position p = root;
        for (String m : hubLine.trim().split("\\s+")) {
            if (m.isEmpty() || p.isOver() || out.size() >= 64) {
                break;
            }
            try {
                LegalMove move = dialect.parseMove(m, p);
                out.add(move.notation());
                p = p.play(move);
            } catch (InvalidInputException | IllegalMoveException e) {
                break;
            }
        }
        return out;
    }

    /** The time the engine gets: the request's move time, or at MAX level ours per move (within the player's clock). */
    long budgetMillis(Engine.Request request) {
        if (request.level() == null) {
            Limits limits = request.limits();
            return limits.moveMillis() > 0 ? limits.moveMillis() : moveMillis;
        }
        return request.clockMillis() >= 0 ? Level.withinClock(moveMillis, request.clockMillis(), request.incrementMillis())
            : moveMillis;
    }

    /** The {@code level} line: the move time, and explicit depth and node limits as they are. */
    static HubLine level(Engine.Request request, long budgetMillis) {
        HubLine level = HubLine.of("level");
        Limits limits = request.limits();
        if (request.level() == null && limits.depth() > 0) {
            level = level.with("depth", limits.depth());
        }
        if (request.level() == null && limits.nodes() > 0 && limits.nodes() != Long.MAX_VALUE) {
            level = level.with("nodes", limits.nodes());
        }
        return level.with("move-time", String.format(Locale.ROOT, "%.3f", budgetMillis / 1000.0));
    }

    private List<String> command() throws HubProcess.HubException {
        List<String> words = commandWords(commandSetting.orElse(""));
        if (words.isEmpty()) {
            throw new HubProcess.HubException(HubProcess.Failure.CANNOT_START, "has an empty command line");
        }
        return words;
    }

    /** The command line as words: blanks separate, double quotes keep blanks inside a word (no escapes). */
    static List<String> commandWords(String commandLine) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (char c : commandLine.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                inWord = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private String quotedCommand() {
        String c = commandSetting.orElse("").strip();
        return "'" + (c.length() > 120 ? c.substring(0, 120) + "…" : c) + "'";
    }

    private void fallback(String reason) {
        metrics.counter("plyyard.ai.hub.fallbacks", "reason", reason).increment();
    }

    private static double number(HubLine line, String name) {
        try {
            double v = Double.parseDouble(line.value(name).orElse("0"));
            return Double.isFinite(v) ? v : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
