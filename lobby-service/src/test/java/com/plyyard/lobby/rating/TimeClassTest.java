package com.plyyard.lobby.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Time classes by the estimated duration initial + 40 × increment, at each boundary. */
class TimeClassTest {
    @ParameterizedTest(name = "{0}+{1} s is {2}")
    @CsvSource({
        "0,    0,  correspondence",
        "60,   0,  bullet",
        "179,  0,  bullet",
        "180,  0,  blitz",
        "60,   3,  blitz",      // 60 + 120 = 180
        "59,   3,  bullet",     // 179
        "479,  0,  blitz",
        "480,  0,  rapid",
        "300,  5,  rapid",      // 500
        "1499, 0,  rapid",
        "1500, 0,  classical",
        "900,  15, classical",  // 1500
        "0,    1,  bullet",     // no initial time but an increment: a (refused elsewhere) 40 s game
    })
    void classifiesByEstimatedDuration(long initialSeconds, long incrementSeconds, String expected) {
        assertEquals(expected, TimeClass.of(initialSeconds * 1000, incrementSeconds * 1000));
    }
}
