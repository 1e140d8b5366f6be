package com.plyyard.engine;

/** A move that is legal in the position that produced it. */
public interface LegalMove {
    /** The canonical notation of the move in the position it was generated in. */
    String notation();
}
