package com.plyyard.client.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.GameState;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Boards drawn as text, checked line by line against what a player should see. */
class BoardRendererTest {
    private static GameState state(Position p) {
        return ProtoMapper.standard().state(p);
    }

    @Test
    void draughtsAscii() {
        Position p = Variants.get("draughts:fmjd").parse("B:W31,32,38,K43:B3,21,K22");
        String expected = """
                .   .   b   .   .    1- 5
              .   .   .   .   .      6-10
                .   .   .   .   .   11-15
              .   .   .   .   .     16-20
                b   B   .   .   .   21-25
              .   .   .   .   .     26-30
                w   w   .   .   .   31-35
              .   .   w   .   .     36-40
                .   .   W   .   .   41-45
              .   .   .   .   .     46-50
              Black to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.ASCII).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void draughtsUnicode() {
        Position p = Variants.get("draughts:fmjd").parse("B:W31,32,38,K43:B3,21,K22");
        String expected = """
                .   .   ⛂   .   .    1- 5
              .   .   .   .   .      6-10
                .   .   .   .   .   11-15
              .   .   .   .   .     16-20
                ⛂   ⛃   .   .   .   21-25
              .   .   .   .   .     26-30
                ⛀   ⛀   .   .   .   31-35
              .   .   ⛀   .   .     36-40
                .   .   ⛁   .   .   41-45
              .   .   .   .   .     46-50
              Black to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.UNICODE).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void ployAscii() {
        Position p = Variants.get("ploy:3m:ffa").parse("y831y105y55/9/9/9/9/9/9/6y102/y381y013b011bAA y ffa 3m out=rg own=c1g,a9g,c9r");
        String expected = """
            9 yL83  .     yS10  .     .     .     .     .     yC55
            8 .     .     .     .     .     .     .     .     .
            7 .     .     .     .     .     .     .     .     .
            6 .     .     .     .     .     .     .     .     .
            5 .     .     .     .     .     .     .     .     .
            4 .     .     .     .     .     .     .     .     .
            3 .     .     .     .     .     .     .     .     .
            2 .     .     .     .     .     .     yS10  .     .
            1 yL38  .     yS01  .     .     .     bS01  .     bCAA
              a     b     c     d     e     f     g     h     i
              taken over: c1 (green's), a9 (green's), c9 (red's)
              Yellow to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.ASCII).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void ployUnicode() {
        Position p = Variants.get("ploy:3m:ffa").parse("y831y105y55/9/9/9/9/9/9/6y102/y381y013b011bAA y ffa 3m out=rg own=c1g,a9g,c9r");
        // columns widen to seven so that a Commander's four arrows keep a space before the next square
        String expected = """
            9 yL↑↗↖  .      yS↓    .      .      .      .      .      yC↑→↓←
            8 .      .      .      .      .      .      .      .      .
            7 .      .      .      .      .      .      .      .      .
            6 .      .      .      .      .      .      .      .      .
            5 .      .      .      .      .      .      .      .      .
            4 .      .      .      .      .      .      .      .      .
            3 .      .      .      .      .      .      .      .      .
            2 .      .      .      .      .      .      yS↓    .      .
            1 yL↘↓↙  .      yS↑    .      .      .      bS↑    .      bC↗↘↙↖
              a      b      c      d      e      f      g      h      i
              taken over: c1 (green's), a9 (green's), c9 (red's)
              Yellow to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.UNICODE).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void ployTwoPlayerStartUnicode() {
        // Red faces down the board, Green up; Commanders move diagonally (AA), Shields straight ahead
        String expected = """
            9 .      rL→↓←  rL↑↘↙  rL↘↓↙  rC↗↘↙↖ rL↘↓↙  rL↑↘↙  rL→↓←  .
            8 .      .      rP↘↓   rP↘↙   rP↑↓   rP↘↙   rP↓↙   .      .
            7 .      .      .      rS↓    rS↓    rS↓    .      .      .
            6 .      .      .      .      .      .      .      .      .
            5 .      .      .      .      .      .      .      .      .
            4 .      .      .      .      .      .      .      .      .
            3 .      .      .      gS↑    gS↑    gS↑    .      .      .
            2 .      .      gP↑↗   gP↗↖   gP↑↓   gP↗↖   gP↑↖   .      .
            1 .      gL↑→←  gL↗↓↖  gL↑↗↖  gC↗↘↙↖ gL↑↗↖  gL↗↓↖  gL↑→←  .
              a      b      c      d      e      f      g      h      i
              Green to move
            """;
        assertEquals(expected, BoardRenderer.render(state(Variants.get("ploy:3m:2p").start()), Style.UNICODE)
            .replace(System.lineSeparator(), "\n"));
    }

    @Test
    void piracyAscii() {
        Position p = Variants.get("piracy:classic", Map.of("island", "d4")).parse("8 d4 b4N:2:-3 g5SE:6:+1 s 77 -");
        String expected = """
             8 o . . . . . . o
             7 . . . . . . . .
             6 . . . . . s . .
             5 . . . # # . S .
             4 . C . # # . . .
             3 . c . . . . . .
             2 . . . . . . . .
             1 o . . . . . . o
               a b c d e f g h
               Cook:   2 hits, run -3
               Silver: 6 hits, run +1
               ply 77, Silver to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.ASCII).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void piracyUnicode() {
        Position p = Variants.get("piracy:classic", Map.of("island", "d4")).parse("8 d4 b4N:2:-3 g5SE:6:+1 s 77 -");
        String expected = """
             8 ⚓ . . . . . . ⚓
             7 . . . . . . . .
             6 . . . . . s . .
             5 . . . █ █ . ↘ .
             4 . ↑ . █ █ . . .
             3 . c . . . . . .
             2 . . . . . . . .
             1 ⚓ . . . . . . ⚓
               a b c d e f g h
               Cook:   2 hits, run -3
               Silver: 6 hits, run +1
               ply 77, Silver to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.UNICODE).replace(System.lineSeparator(), "\n"));
    }
}
