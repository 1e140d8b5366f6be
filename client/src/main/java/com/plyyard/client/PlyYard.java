package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.cli.Suggestions;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./plyyard}: the Ply Yard command line. Its output is a stable contract that outside tools parse.
 *
 * <p>Exit codes: 0 success; 2 bad input (unknown variant, malformed position or move, bad depth, unknown
 * option, usage errors) with exactly one line on stderr ({@code plyyard: <sentence>}; usage errors add the
 * usage hint on a second line); 1 when a command could not do its job.
 *
 * <p>Its list of subcommands is the one place of the client that names a game's own tools, each in a package of its
 * game: {@code dxp}, {@code sprt} and {@code train} (draughts), and each game's tables behind {@code tablebase} (Piracy's,
 * draughts'). Every other command plays any game.
 */
@Command(name = "plyyard", mixinStandardHelpOptions = true, version = "plyyard 0.1.0-SNAPSHOT",
    description = "Ply Yard: board-game rules engine tools and platform launcher.",
    subcommands = {PerftCommand.class, MovesCommand.class, ApplyCommand.class, BestMoveCommand.class, SelfPlayCommand.class,
        UpCommand.class, PlayCommand.class, MatchesCommand.class, WatchCommand.class, ExportCommand.class, SeekCommand.class, PoolCommand.class,
        PartyCommand.class, ChallengeCommand.class, RematchCommand.class, RatingsCommand.class, LearnCommand.class, PuzzleCommand.class,
        PuzzlesCommand.class, ReviewCommand.class, RegisterCommand.class, LoginCommand.class, LogoutCommand.class,
        SessionsCommand.class, PasswordCommand.class, RecoverCommand.class, RecoveryCodesCommand.class, TokensCommand.class,
        AccountsCommand.class,
        com.plyyard.client.bench.BenchCommand.class, com.plyyard.client.draughts.train.TrainCommand.class,
        com.plyyard.client.hub.HubCommand.class, com.plyyard.client.draughts.dxp.DxpCommand.class,
        com.plyyard.client.draughts.dxp.SprtCommand.class,
        com.plyyard.client.tablebase.TablebaseCommand.class,
        CommandLine.HelpCommand.class})
public class PlyYard implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: perft, moves, apply or up.");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests call {@code setOut}/{@code setErr} and {@code execute} on it. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new PlyYard());
        ((com.plyyard.client.tablebase.TablebaseCommand) cl.getSubcommands().get("tablebase").getCommand()).games(List.of(
            new com.plyyard.client.piracy.tablebase.PiracyTables(), new com.plyyard.client.draughts.tablebase.DraughtsTables()));
        cl.setParameterExceptionHandler(PlyYard::usageError);
        cl.setExecutionExceptionHandler(PlyYard::failure);
        return cl;
    }

    private static int usageError(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("plyyard: " + oneLine(usageSentence(e)));
        err.println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return CliException.BAD_INPUT;
    }

    /**
     * The sentence for a usage error. A mistyped subcommand names the subcommands there are, and like a mistyped option
     * says which was probably meant ({@link Suggestions}; picocli's own suggestions when it has no close one):
     * {@code Unknown subcommand 'paly'; did you mean 'play'? The subcommands are …}.
     */
    static String usageSentence(ParameterException e) {
        CommandLine cl = e.getCommandLine();
        if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
            return e.getMessage();
        }
        String typed = u.getUnmatched().get(0);
        boolean subcommand = !typed.startsWith("-") && !cl.getSubcommands().isEmpty() && cl.getParseResult() != null
            && !cl.getParseResult().hasSubcommand();
        List<String> meant = Suggestions.closest(typed, subcommand ? cl.getSubcommands().keySet()
            : cl.getCommandSpec().optionsMap().keySet());
        if (meant.isEmpty() && !subcommand) {
            meant = u.getSuggestions().stream().filter(x -> !x.isBlank()).limit(3).toList();
        }
        String didYouMean = meant.isEmpty() ? "" : "did you mean " + meant.stream().map(x -> "'" + x + "'")
            .collect(java.util.stream.Collectors.joining(" or ")) + "?";
        if (subcommand) {
            return "Unknown subcommand '" + typed + "'; " + (didYouMean.isEmpty() ? "the" : didYouMean + " The")
                + " subcommands" + (cl.getParent() == null ? "" : " of " + cl.getCommandSpec().qualifiedName()
                .replaceFirst("^plyyard ", "")) + " are " + String.join(", ", cl.getSubcommands().keySet()) + ".";
        }
        return didYouMean.isEmpty() ? e.getMessage() : e.getMessage().strip().replaceAll("[.]$", "") + "; " + didYouMean;
    }

    private static int failure(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        int code;
        if (e instanceof CliException c) {
            err.println((c.prefixed() ? "plyyard: " : "") + oneLine(c.getMessage()));
            code = c.exitCode();
        } else if (e instanceof InvalidInputException || e instanceof IllegalMoveException) {
            err.println("plyyard: " + oneLine(e.getMessage()));
            code = CliException.BAD_INPUT;
        } else {
            err.println("plyyard: unexpected error: " + oneLine(String.valueOf(e)));
            code = CliException.FAILED;
        }
        err.flush();
        return code;
    }

    static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
