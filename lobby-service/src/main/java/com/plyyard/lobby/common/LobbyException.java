package com.plyyard.lobby.common;

/**
 * A refusal of the lobby's domain: a kind and one human sentence, thrown before anything is written (or inside the
 * transaction, which then rolls back). Expected, so it carries no stack trace; the gRPC edge turns it into a status.
 */
public final class LobbyException extends RuntimeException {
    private final ErrorKind kind;

    public LobbyException(ErrorKind kind, String sentence) {
        super(sentence, null, false, false);
        this.kind = kind;
    }

    public ErrorKind kind() {
        return kind;
    }

    /** The human sentence. */
    public String sentence() {
        return getMessage();
    }

    public static LobbyException invalid(String sentence) {
        return new LobbyException(ErrorKind.INVALID_ARGUMENT, sentence);
    }

    public static LobbyException notFound(String sentence) {
        return new LobbyException(ErrorKind.NOT_FOUND, sentence);
    }

    public static LobbyException alreadyExists(String sentence) {
        return new LobbyException(ErrorKind.ALREADY_EXISTS, sentence);
    }

    public static LobbyException unauthenticated(String sentence) {
        return new LobbyException(ErrorKind.UNAUTHENTICATED, sentence);
    }

    public static LobbyException denied(String sentence) {
        return new LobbyException(ErrorKind.PERMISSION_DENIED, sentence);
    }

    public static LobbyException failedPrecondition(String sentence) {
        return new LobbyException(ErrorKind.FAILED_PRECONDITION, sentence);
    }

    public static LobbyException aborted(String sentence) {
        return new LobbyException(ErrorKind.ABORTED, sentence);
    }

    public static LobbyException exhausted(String sentence) {
        return new LobbyException(ErrorKind.RESOURCE_EXHAUSTED, sentence);
    }

    public static LobbyException unavailable(String sentence) {
        return new LobbyException(ErrorKind.UNAVAILABLE, sentence);
    }

    public static LobbyException internal(String sentence) {
        return new LobbyException(ErrorKind.INTERNAL, sentence);
    }
}
