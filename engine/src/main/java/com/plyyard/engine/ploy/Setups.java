package com.plyyard.engine.ploy;

/** The three start positions of the spec (§3), as PPN board and seat fields. */
final class Setups {
    private Setups() {
    }

    static final String TWO_PLAYER = "1r54r29r38rAAr38r29r541/2r18r28r11r28r302/3r10r10r103/9/9/9/"
        + "3g01g01g013/2g03g82g11g82g812/1g45g92g83gAAg83g92g451 g";
    static final String FREE_FOR_ALL = "r55r1Cr303y18yA8y55/r2Ar14r083y20y50y70/r06r08r083y20y20yC0/9/9/9/"
        + "g0Cg02g023b80b80b60/g07g05g023b80b41bA2/g55g8Ag813b03bC1b55 g";
    static final String TEAMS = "1r54rAAr381b38bAAb541/1r18r28r301b18b28b301/1r10r10r101b10b10b101/9/9/9/"
        + "1g01g01g011y01y01y011/1g03g82g811y03y82y811/1g45gAAg831y83yAAy451 g";

    /** The start position of a mode and rule set, in PPN. */
    static String ppn(PloyMode mode, PloyRuleSet rules) {
        String board = switch (mode) {
            case TWO_PLAYER -> TWO_PLAYER;
            case FREE_FOR_ALL -> FREE_FOR_ALL;
            case TEAMS -> TEAMS;
        };
        return board + " " + mode.id() + " " + rules.id();
    }
}
