package com.plyyard.client.hub;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.hub.HubSession;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hub}: our engine as a Hub-protocol engine on stdin/stdout, for draughts GUIs that speak Hub (docs/hub.md).
 * Nothing but protocol lines is written to stdout; it runs until {@code quit} or the end of its input.
 */
@Command(name = "hub", mixinStandardHelpOptions = true,
    description = "Runs the engine as a Hub engine (international draughts) on stdin/stdout, for Hub GUIs.")
public class HubCommand implements Callable<Integer> {
    static final String VERSION = "0.1.0-SNAPSHOT";

    @Spec
    CommandSpec spec;

    @Option(names = "--table-mb", paramLabel = "MB", defaultValue = "64",
        description = "Transposition table size in megabytes (default ${DEFAULT-VALUE}).")
    int tableMegabytes;

    @Override
    public Integer call() {
        if (tableMegabytes < 1 || tableMegabytes > 1024) {
            throw CliException.badInput("--table-mb must be between 1 and 1024, not " + tableMegabytes + ".");
        }
        new HubSession(new InputStreamReader(System.in, StandardCharsets.UTF_8), spec.commandLine().getOut(),
            new HubSession.Identity("Ply Yard", VERSION, "Ply Yard"), tableMegabytes).run();
        return 0;
    }
}
