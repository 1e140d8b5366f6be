package com.plyyard.engine;

import java.nio.file.Path;

/** Where solved tables are kept when no folder is given: {@code tablebases/} in the Ply Yard home. */
public final class TablebaseHome {
    private TablebaseHome() {
    }

    /** {@code tablebases/} in {@code $PLYYARD_HOME}, else in {@code ~/.plyyard}. */
    public static Path directory() {
        String home = System.getenv("PLYYARD_HOME");
        Path base = home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), ".plyyard");
        return base.resolve("tablebases");
    }
}
