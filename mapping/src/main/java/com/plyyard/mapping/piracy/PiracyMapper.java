package com.plyyard.mapping.piracy;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.piracy.Geometry;
import com.plyyard.engine.piracy.PiracyMove;
import com.plyyard.engine.piracy.PiracyPosition;
import com.plyyard.engine.piracy.PiracyRules;
import com.plyyard.mapping.spi.GameMapper;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.PiracyBoard;
import com.plyyard.proto.v1.PiracyOptions;
import com.plyyard.proto.v1.PiracyShip;
import com.plyyard.proto.v1.PiracySide;
import com.plyyard.proto.v1.PiracySurvivorSinks;
import com.plyyard.proto.v1.Square;
import com.plyyard.proto.v1.VariantOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/** Piracy: {@code PiracyOptions}, {@code PiracyBoard} and {@code PiracyMove}. */
public final class PiracyMapper implements GameMapper {
    private static final String[] HEADINGS = {"E", "NE", "N", "NW", "W", "SW", "S", "SE"};

    @Override
    public String game() {
        return "piracy";
    }

    @Override
    public VariantOptions.GameCase optionsCase() {
        return VariantOptions.GameCase.PIRACY;
    }

    @Override
    public Map<String, String> toEngineOptions(VariantOptions options) {
        PiracyOptions o = options.getPiracy();
        Map<String, String> map = new LinkedHashMap<>();
        if (o.hasBoardSize()) {
            map.put(PiracyRules.OPTION_BOARD_SIZE, Integer.toUnsignedString(o.getBoardSize()));
        }
        if (o.hasIslandSeed()) {
            map.put(PiracyRules.OPTION_ISLAND_SEED, Long.toUnsignedString(o.getIslandSeed()));
        }
        if (o.hasIsland()) {
            long x = Integer.toUnsignedLong(o.getIsland().getX());
            long y = Integer.toUnsignedLong(o.getIsland().getY());
            if (x > 25 || y > 25) {
                throw new InvalidInputException("The island square (" + x + ", " + y + ") is off any Piracy board.");
            }
            map.put(PiracyRules.OPTION_ISLAND, "" + (char) ('a' + x) + (y + 1));
        }
        switch (o.getFirst()) {
            case COOK -> map.put(PiracyRules.OPTION_FIRST, "cook");
            case SILVER -> map.put(PiracyRules.OPTION_FIRST, "silver");
            case PIRACY_SIDE_UNSPECIFIED -> { }
            default -> throw new InvalidInputException("Unknown first side " + o.getFirstValue() + ".");
        }
        if (o.hasCircleRule()) {
            map.put(PiracyRules.OPTION_CIRCLE_RULE, Boolean.toString(o.getCircleRule()));
        }
        switch (o.getSurvivorSinks()) {
            case SURVIVOR_SINKS_DRAW -> map.put(PiracyRules.OPTION_SURVIVOR_SINKS, "draw");
            case SURVIVOR_SINKS_LOSS -> map.put(PiracyRules.OPTION_SURVIVOR_SINKS, "loss");
            case PIRACY_SURVIVOR_SINKS_UNSPECIFIED -> { }
            default -> throw new InvalidInputException("Unknown survivor-sinks value " + o.getSurvivorSinksValue() + ".");
        }
        return map;
    }

    @Override
    public VariantOptions toProtoOptions(Map<String, String> options) {
        PiracyOptions.Builder o = PiracyOptions.newBuilder();
        if (options.containsKey(PiracyRules.OPTION_BOARD_SIZE)) {
            o.setBoardSize(Integer.parseInt(options.get(PiracyRules.OPTION_BOARD_SIZE)));
        }
        if (options.containsKey(PiracyRules.OPTION_ISLAND_SEED)) {
            o.setIslandSeed(Long.parseUnsignedLong(options.get(PiracyRules.OPTION_ISLAND_SEED)));
        }
        String island = options.get(PiracyRules.OPTION_ISLAND);
        if (island != null) {
            o.setIsland(Square.newBuilder().setX(island.charAt(0) - 'a').setY(Integer.parseInt(island.substring(1)) - 1));
        }
        if (options.containsKey(PiracyRules.OPTION_FIRST)) {
            o.setFirst(options.get(PiracyRules.OPTION_FIRST).equals("silver") ? PiracySide.SILVER : PiracySide.COOK);
        }
        if (options.containsKey(PiracyRules.OPTION_CIRCLE_RULE)) {
            o.setCircleRule(Boolean.parseBoolean(options.get(PiracyRules.OPTION_CIRCLE_RULE)));
        }
        if (options.containsKey(PiracyRules.OPTION_SURVIVOR_SINKS)) {
            o.setSurvivorSinks(options.get(PiracyRules.OPTION_SURVIVOR_SINKS).equals("loss")
                ? PiracySurvivorSinks.SURVIVOR_SINKS_LOSS : PiracySurvivorSinks.SURVIVOR_SINKS_DRAW);
        }
        return VariantOptions.newBuilder().setPiracy(o).build();
    }

    @Override
    public void putBoard(Position position, GameState.Builder state) {
        PiracyPosition p = (PiracyPosition) position;
        Geometry g = p.rules().geometry();
        PiracyBoard.Builder b = PiracyBoard.newBuilder()
            .setSize(g.size())
            .setIsland(Square.newBuilder().setX(g.islandX()).setY(g.islandY()))
            .setCook(ship(g, p.ship(0)))
            .setSilver(ship(g, p.ship(1)))
            .setCookToMove(p.toMove() == 0)
            .setPly(p.ply());
        p.survivalMovesLeft().ifPresent(left -> b.setSurvivalPhase(true).setSurvivalMovesLeft(left));
        state.setPiracy(b);
    }

    private static PiracyShip ship(Geometry g, PiracyPosition.ShipView s) {
        PiracyShip.Builder b = PiracyShip.newBuilder().setHits(s.hits()).setSunk(s.sunk());
        if (!s.sunk()) {
            b.setBow(square(g, s.bow())).setStern(square(g, s.stern())).setHeading(s.heading()).setRun(s.run());
        }
        return b.build();
    }

    private static Square square(Geometry g, String name) {
        int sq = g.square(name);
        return Square.newBuilder().setX(sq % g.size()).setY(sq / g.size()).build();
    }

    @Override
    public void putMoveDetail(LegalMove move, Move.Builder out) {
        PiracyMove m = (PiracyMove) move;
        com.plyyard.proto.v1.PiracyMove.Builder b = com.plyyard.proto.v1.PiracyMove.newBuilder()
            .setTurn(m.turn())
            .setUnits(m.units())
            .setHitsDealt(m.hitsDealt())
            .setPenalties(m.penalties())
            .setAground(m.aground())
            .setSinksEnemy(m.sinksEnemy());
        if (!m.aground()) {
            int x = m.bow().charAt(0) - 'a';
            int y = Integer.parseInt(m.bow().substring(1)) - 1;
            b.setBow(Square.newBuilder().setX(x).setY(y));
        }
        out.setPiracy(b);
    }

    @Override
    public RecordFormat recordFormat() {
        return new RecordFormat("Piracy record", "piracy.txt", "text/plain");
    }

    @Override
    public FormatPositionRequest.SourceCase boardSourceCase() {
        return FormatPositionRequest.SourceCase.PIRACY;
    }

    /** The structured board as position text; the rules then check it like any text. */
    @Override
    public String boardToText(FormatPositionRequest request) {
        PiracyBoard b = request.getPiracy();
        long size = Integer.toUnsignedLong(b.getSize());
        if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
            throw new InvalidInputException("The board size must be between " + Geometry.MIN_SIZE + " and "
                + Geometry.MAX_SIZE + ", not " + size + ".");
        }
        String survival = b.getSurvivalPhase() ? Integer.toUnsignedString(b.getSurvivalMovesLeft()) : "-";
        return size + " " + name(b.getIsland(), size) + " " + ship(b.getCook(), size) + " " + ship(b.getSilver(), size) + " "
            + (b.getCookToMove() ? "c" : "s") + " " + Integer.toUnsignedString(b.getPly()) + " " + survival;
    }

    private static String ship(PiracyShip s, long size) {
        if (s.getSunk()) {
            return "-";
        }
        long heading = Integer.toUnsignedLong(s.getHeading());
        if (heading > 7) {
            throw new InvalidInputException("A heading is 0 to 7 (E, NE, N, NW, W, SW, S, SE), not " + heading + ".");
        }
        return name(s.getBow(), size) + HEADINGS[(int) heading] + ":" + Integer.toUnsignedString(s.getHits()) + ":"
            + (s.getRun() >= 0 ? "+" : "") + s.getRun();
    }

    private static String name(Square sq, long size) {
        long x = Integer.toUnsignedLong(sq.getX());
        long y = Integer.toUnsignedLong(sq.getY());
        if (x >= size || y >= size) {
            throw new InvalidInputException("Square (" + x + ", " + y + ") is off the " + size + "x" + size + " board.");
        }
        return "" + (char) ('a' + x) + (y + 1);
    }
}
