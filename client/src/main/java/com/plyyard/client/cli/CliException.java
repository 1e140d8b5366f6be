package com.plyyard.client.cli;

/** A failure the command line reports as one line on stderr, with its own exit code. */
public class CliException extends RuntimeException {
    /** Bad input: unknown variant, malformed position or move, bad depth, unknown option. */
    public static final int BAD_INPUT = 2;
    /** The command could not do its job (e.g. a service would not start). */
    public static final int FAILED = 1;

    private final int exitCode;
    private final boolean prefixed;

    public CliException(int exitCode, String message) {
        this(exitCode, message, true);
    }

    /** @param prefixed false to print the message as it is, without "plyyard: " */
    public CliException(int exitCode, String message, boolean prefixed) {
        super(message);
        this.exitCode = exitCode;
        this.prefixed = prefixed;
    }

    public static CliException badInput(String message) {
        return new CliException(BAD_INPUT, message);
    }

    public boolean prefixed() {
        return prefixed;
    }

    public int exitCode() {
        return exitCode;
    }
}
