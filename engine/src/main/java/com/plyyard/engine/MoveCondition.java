package com.plyyard.engine;

/**
 * A property of one legal move that an exercise can ask for ("promotes", "hits the enemy ship", "takes a commander"):
 * judged from the position before, the move and the position after, never from a stored answer. Games name their own
 * in {@link GameModule#moveConditions()}; the conditions every game shares (any legal move, a win, a capture) live in
 * {@code com.plyyard.engine.learn}.
 */
public interface MoveCondition {
    /** The name an exercise file uses, e.g. "promotes". */
    String name();

    /** Whether the legal {@code move}, played from {@code before} to {@code after}, has the property. */
    boolean holds(Position before, LegalMove move, Position after);

    /** The sentence a legal move without the property gets, e.g. "This move is legal but does not promote a man." */
    String unmet();

    /** A condition from its parts. */
    static MoveCondition of(String name, String unmet, Test test) {
        return new MoveCondition() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean holds(Position before, LegalMove move, Position after) {
                return test.holds(before, move, after);
            }

            @Override
            public String unmet() {
                return unmet;
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    /** The test of {@link #of}. */
    @FunctionalInterface
    interface Test {
        boolean holds(Position before, LegalMove move, Position after);
    }
}
