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
        // directions as digits on a numeric keypad (8 up, 6 right, 2 down, 4 left), in the arrows' clockwise order
        String expected = """
            9 yL897  .      yS2    .      .      .      .      .      yC8624
            8 .      .      .      .      .      .      .      .      .
            7 .      .      .      .      .      .      .      .      .
            6 .      .      .      .      .      .      .      .      .
            5 .      .      .      .      .      .      .      .      .
            4 .      .      .      .      .      .      .      .      .
            3 .      .      .      .      .      .      .      .      .
            2 .      .      .      .      .      .      yS2    .      .
            1 yL321  .      yS8    .      .      .      bS8    .      bC9317
              a      b      c      d      e      f      g      h      i
              taken over: c1 (green's), a9 (green's), c9 (red's)
              Yellow to move
            """;
        assertEquals(expected, BoardRenderer.render(state(p), Style.ASCII).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void theAsciiPloyBoardHasNoHexCodes() {
        for (String variant : java.util.List.of("ploy:3m:2p", "ploy:3m:ffa", "ploy:imperium:team")) {
            String board = BoardRenderer.render(state(Variants.get(variant).start()), Style.ASCII);
            for (String line : board.split("\\R")) {
                for (String cell : line.trim().split(" +")) {
                    if (cell.length() > 2 && "gryb".indexOf(cell.charAt(0)) >= 0) {
                        org.junit.jupiter.api.Assertions.assertTrue(cell.substring(1, 2).matches("[CLPS]")
                            && cell.substring(2).matches("[1-46-9]{1,4}"), variant + ": " + cell);
                    }
                }
            }
        }
    }

    @Test
    void ployHasALegendOfPiecesDirectionsMovesAndTurns() {
        String ffa = BoardRenderer.legend(state(Variants.get("ploy:3m:ffa").start()), Style.ASCII)
            .replace(System.lineSeparator(), "\n");
        assertEquals("""
            legend: g Green, r Red, y Yellow, b Blue: a piece is its player's letter, its kind and the directions it moves in
              kinds: C Commander 1 step, L Lance 1 to 3, P Probe 1 or 2, S Shield 1 (and may turn after moving)
              directions as on a numeric keypad: 8 up, 9 up-right, 6 right, 3 down-right, 2 down, 1 down-left, 4 left, 7 up-left
              moves: c2-c4 along a direction (never over a piece), c2xc4 takes;
                     b1r2 turns in place by 2 x 45 degrees clockwise, e3-e4r1 moves a Shield, then turns it
              turns: Green, Red, Yellow, Blue, round and round; an out player is skipped
              win: be the last player left; taking a Commander takes over all its player's pieces
            """, ffa);
        String team = BoardRenderer.legend(state(Variants.get("ploy:3m:team").start()), Style.UNICODE);
        org.junit.jupiter.api.Assertions.assertTrue(team.contains("  partners: Green+Yellow against Red+Blue; "), team);
        org.junit.jupiter.api.Assertions.assertTrue(team.contains("  directions: ↑ up, ↗ up-right, "), team);
        String two = BoardRenderer.legend(state(Variants.get("ploy:3m:2p").start()), Style.ASCII);
        org.junit.jupiter.api.Assertions.assertTrue(two.contains("  turns: Green, Red, in turn" + System.lineSeparator()
            + "  win: take the Commander, or every piece but it"), two);
        assertEquals("", BoardRenderer.legend(state(Variants.get("draughts:fmjd").start()), Style.ASCII));
    }

    @Test
    void legalMovesAreGroupedByThePointTheyStartFrom() {
        Position ploy = Variants.get("ploy:3m:ffa").start();
        String text = MoveList.grouped(ploy.legalMoves().stream().map(m -> m.notation()).toList(), Style.ASCII)
            .replace(System.lineSeparator(), "\n");
        assertEquals("""
            81 legal moves, by the point they start from:
              a1: a1r1
              a2: a2r1...r7
              a3: a3r1...r7
              b1: b1r1...r7
              b2: b2r1...r7
              b3: b3-c4 b3-c4r1...r7 b3r1...r7
              c1: c1r1...r7
              c2: c2-d3 c2-d3r1...r7 c2r1...r7
              c3: c3-d4 c3-d4r1...r7 c3r1...r7
            """, text);
        assertEquals("""
            4 legal moves, by the point they start from:
              31: 31-26 31-27
              28: 28x19 28x17
            """, MoveList.grouped(java.util.List.of("31-26", "31-27", "28x19", "28x17"), Style.UNICODE)
            .replace(System.lineSeparator(), "\n"));
        assertEquals("3 legal moves:\n  F L R\n", MoveList.grouped(java.util.List.of("F", "L", "R"), Style.ASCII)
            .replace(System.lineSeparator(), "\n"));
        assertEquals("2 legal moves, by the point they start from:\n  e3: e3r1 e3r3\n",
            MoveList.grouped(java.util.List.of("e3r1", "e3r3"), Style.ASCII).replace(System.lineSeparator(), "\n"),
            "turns that are no run stay as they are");
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
