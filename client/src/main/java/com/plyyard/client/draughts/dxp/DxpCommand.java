package com.plyyard.client.draughts.dxp;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.selfplay.MatchSummary;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.draughts.dxp.DxpFrames;
import com.plyyard.engine.search.Level;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dxp}: international draughts (FMJD rules) against other programs over the DamExchange protocol
 * (docs/dxp.md). {@code dxp serve} is the follower, {@code dxp match} the initiator.
 */
@Command(name = "dxp", mixinStandardHelpOptions = true,
    description = "International draughts (fmjd) against other programs over the DamExchange protocol (DXP).",
    subcommands = {DxpCommand.Serve.class, DxpCommand.Match.class})
public class DxpCommand implements Runnable {
    /** More threads than this only wait for a core on any machine this runs on. */
    static final int MAX_THREADS = 64;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: dxp serve or dxp match.");
    }

    /** A {@code HOST:PORT} option's value. */
    record HostPort(String host, int port) {
        static HostPort parse(String text, String option) {
            int colon = text == null ? -1 : text.lastIndexOf(':');
            if (colon <= 0 || colon == text.length() - 1) {
                throw CliException.badInput(option + " takes HOST:PORT, e.g. 127.0.0.1:" + DxpFrames.DEFAULT_PORT + ", not '" + text
                    + "'.");
            }
            String host = text.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1); // [::1]:27531
            }
            int port;
            try {
                port = Integer.parseInt(text.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw CliException.badInput(option + " takes HOST:PORT with a port number, not '" + text + "'.");
            }
            return new HostPort(host, checkPort(port, option, 1));
        }
    }

    static void checkThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw CliException.badInput("--threads must be 1 to " + MAX_THREADS + ", not " + threads + ".");
        }
    }

    /** @param min 0 where "any free port" makes sense (listening), else 1 */
    static int checkPort(int port, String option, int min) {
        if (port < min || port > 65535) {
            throw CliException.badInput(option + ": the port must be " + min + " to 65535, not " + port + ".");
        }
        return port;
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
        description = "The follower: accepts game requests and plays them with our engine. With --port it listens and "
            + "serves one connection after another; with --connect it dials an initiator and plays that connection's games.")
    public static class Serve implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        static class Where {
            @Option(names = "--port", paramLabel = "PORT", description = "Listen on this port (default 27531, DXP's own).")
            Integer port;

            @Option(names = "--connect", paramLabel = "HOST:PORT", description = "Dial an initiator instead of listening.")
            String connect;
        }

        @ArgGroup(exclusive = true)
        Where where;

        static class Strength {
            @Option(names = "--level", paramLabel = "LEVEL",
                description = "beginner, casual, club, expert or max, within the game's clock from the GAMEREQ (default max).")
            String level;

            @Option(names = "--movetime", paramLabel = "MS", description = "Think this many milliseconds per move.")
            Long movetime;
        }

        @ArgGroup(exclusive = true)
        Strength strength;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Search threads (default ${DEFAULT-VALUE}; 2 uses both cores of a 2-core machine).")
        int threads;

        @Override
        public Integer call() {
            checkThreads(threads);
            DxpFollower.Strength how;
            if (strength != null && strength.movetime != null) {
                checkMoveTime(strength.movetime);
                how = new DxpFollower.Strength(null, strength.movetime, threads);
            } else {
                String level = strength == null || strength.level == null ? "max" : strength.level;
                try {
                    how = new DxpFollower.Strength(Level.fromId(level), 0, threads);
                } catch (InvalidInputException e) {
                    throw CliException.badInput(e.getMessage());
                }
            }
            DxpFollower follower = new DxpFollower(how, spec.commandLine().getOut(), spec.commandLine().getErr());
            if (where != null && where.connect != null) {
                HostPort target = HostPort.parse(where.connect, "--connect");
                try {
                    follower.connect(target.host(), target.port());
                } catch (IOException e) {
                    throw new CliException(CliException.FAILED, "Cannot reach " + target.host() + ":" + target.port() + ": "
                        + e.getMessage() + ".");
                }
                return 0;
            }
            int port = where == null || where.port == null ? DxpFrames.DEFAULT_PORT : checkPort(where.port, "--port", 0);
            try (ServerSocket server = new ServerSocket(port)) {
                follower.serve(server);
            } catch (IOException e) {
                throw new CliException(CliException.FAILED, "Cannot listen on port " + port + ": " + e.getMessage() + ".");
            }
            return 0;
        }
    }

    @Command(name = "match", mixinStandardHelpOptions = true,
        description = "The initiator: plays N games against the follower on the other side, from the two-move ballots "
            + "(or --openings), each with both colours, and reports our score and the Elo difference.")
    public static class Match implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        static class Where {
            @Option(names = "--listen", paramLabel = "PORT",
                description = "Wait for the follower to dial in on this port (e.g. mobydam -c 127.0.0.1 -p PORT).")
            Integer listen;

            @Option(names = "--connect", paramLabel = "HOST:PORT", description = "Dial a follower listening there.")
            String connect;
        }

        @ArgGroup(exclusive = true, multiplicity = "1")
        Where where;

        @Option(names = "--games", required = true, paramLabel = "N", description = "Games to play.")
        int games;

        @Option(names = "--movetime", required = true, paramLabel = "MS",
            description = "Our time per move; also sent to the follower as the chat line 'console time MS'.")
        long movetime;

        @Option(names = "--openings", paramLabel = "FILE",
            description = "One opening per line, as moves from the start (e.g. 32-28 19-23); default: the two-move ballots.")
        Path openings;

        @Option(names = "--pdn", paramLabel = "FILE", defaultValue = "dxp-match.pdn",
            description = "Where the games go, as PDN (default ${DEFAULT-VALUE}).")
        Path pdn;

        @Option(names = "--max-plies", paramLabel = "N", defaultValue = "300",
            description = "A game this long is adjudicated a draw (default ${DEFAULT-VALUE}).")
        int maxPlies;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Our search threads (default ${DEFAULT-VALUE}; 2 uses both cores of a 2-core machine).")
        int threads;

        @Option(names = "--timeout", paramLabel = "MS",
            description = "How long the follower may be silent on its turn before it loses the game "
                + "(default: the larger of 30 s and 20 × --movetime).")
        Long timeout;

        @Override
        public Integer call() throws InterruptedException {
            if (games < 1) {
                throw CliException.badInput("--games must be at least 1, not " + games + ".");
            }
            checkMoveTime(movetime);
            checkThreads(threads);
            if (maxPlies < 1) {
                throw CliException.badInput("--max-plies must be at least 1, not " + maxPlies + ".");
            }
            long answer = timeout != null ? timeout : Math.max(30_000, 20 * movetime);
            if (answer < 1) {
                throw CliException.badInput("--timeout must be at least 1 ms, not " + answer + ".");
            }
            List<DxpOpenings.Opening> lines;
            try {
                lines = openings == null ? DxpOpenings.ballots() : DxpOpenings.read(Files.readAllLines(openings));
            } catch (IOException e) {
                throw CliException.badInput("Cannot read the openings file " + openings + ": " + e.getMessage());
            }
            DxpMatch.Link link;
            PrintWriter err = spec.commandLine().getErr();
            if (where.connect != null) {
                HostPort target = HostPort.parse(where.connect, "--connect");
                link = new DxpMatch.Dial(target.host(), target.port());
            } else {
                int port = checkPort(where.listen, "--listen", 0);
                try {
                    DxpMatch.Listen listen = new DxpMatch.Listen(port, answer);
                    err.println("dxp: listening on port " + listen.port() + "; start the follower, e.g. mobydam -c 127.0.0.1 -p "
                        + listen.port());
                    err.flush();
                    link = listen;
                } catch (IOException e) {
                    throw new CliException(CliException.FAILED, "Cannot listen on port " + port + ": " + e.getMessage() + ".");
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            DxpMatch.Settings settings = new DxpMatch.Settings(games, movetime, maxPlies, answer, lines, threads);
            MatchSummary summary;
            try (Writer records = Files.newBufferedWriter(pdn, StandardCharsets.UTF_8)) {
                summary = new DxpMatch(settings, link, out, err, records).run();
            } catch (DxpMatch.Aborted e) {
                if (e.summary() != null) {
                    out.println(e.summary().line());
                    out.flush();
                }
                throw new CliException(CliException.FAILED, e.getMessage());
            } catch (IOException e) {
                link.close();
                throw new CliException(CliException.FAILED, "Cannot write the games to " + pdn + ": " + e.getMessage() + ".");
            }
            out.println(summary.line());
            out.flush();
            return 0;
        }
    }

    static void checkMoveTime(long millis) {
        if (millis < 1 || millis > 3_600_000) {
            throw CliException.badInput("--movetime must be between 1 and 3600000 ms, not " + millis + ".");
        }
    }
}
