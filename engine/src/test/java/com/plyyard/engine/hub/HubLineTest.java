package com.plyyard.engine.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Hub line codec: the protocol's own example lines read and written back, and what is refused. */
class HubLineTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "hub",
        "id name=Scan version=3.1 author=\"Fabien Letouzey\" country=France",
        "param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"",
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
        "pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves=\"38-15 5-41 48-26\"",
        "level moves=9 time=291.587",
        "level infinite",
        "go think",
        "info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 pv=\"32-28 17-22 28x17x22\"",
        "done move=32-28 ponder=17-22",
        "error message=\"bad position\"",
        "set-param name=book value=\"\"",
    })
    void readsAndWritesBackTheProtocolsLines(String text) {
        HubLine line = HubLine.parse(text);
        assertEquals(text, line.format());
        assertEquals(line, HubLine.parse(line.format()));
    }

    @Test
    void argumentsFlagsAndQuotedValues() {
        HubLine line = HubLine.parse("id name=Scan author=\"Fabien Letouzey\" flag empty=\"\" eq=\"a=b\"");
        assertEquals("id", line.command());
        assertEquals(Optional.of("Scan"), line.value("name"));
        assertEquals(Optional.of("Fabien Letouzey"), line.value("author"));
        assertEquals(Optional.of(""), line.value("flag"), "a flag reads as the empty string");
        assertTrue(line.args().get(2).isFlag());
        assertEquals(Optional.of(""), line.value("empty"));
        assertFalse(line.args().get(3).isFlag());
        assertEquals(Optional.of("a=b"), line.value("eq"));
        assertEquals(Optional.empty(), line.value("country"));
        assertTrue(line.has("flag") && !line.has("country"));
    }

    @Test
    void writesQuotesExactlyWhereNeeded() {
        HubLine line = HubLine.of("info").with("depth", 7).with("pv", "32-28 17-22").with("empty", "")
            .with("eq", "a=b").with("plain", "32-28").withFlag("think");
        assertEquals("info depth=7 pv=\"32-28 17-22\" empty=\"\" eq=\"a=b\" plain=32-28 think", line.format());
        assertEquals(List.of("depth", "pv", "empty", "eq", "plain", "think"),
            line.args().stream().map(HubLine.Arg::name).toList());
    }

    @Test
    void readsLeniently() {
        HubLine line = HubLine.parse("  level \t depth=4   move-time=1.5  ");
        assertEquals("level depth=4 move-time=1.5", line.format(), "any run of blanks separates; edges are ignored");
        assertEquals(Optional.of(""), HubLine.parse("set-param name=book value=").value("value"), "name= is empty");
        assertEquals(Optional.of("2"), HubLine.parse("level depth=1 depth=2").value("depth"), "the last value counts");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "   ",
        "=x",
        "\"go\" think",
        "go =think",
        "pos moves=\"32-28 17-22",
        "done move=\"32-28\"ponder=17-22",
        "done move=32\"28",
        "error message=\"a\" \"b\"",
    })
    void refusesMalformedLines(String text) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HubLine.parse(text));
        assertTrue(e.getMessage().startsWith("Malformed Hub line"), e.getMessage());
    }

    @Test
    void cannotWriteWhatTheProtocolCannotCarry() {
        assertThrows(IllegalArgumentException.class, () -> HubLine.of("error").with("message", "say \"hi\""));
        assertThrows(IllegalArgumentException.class, () -> HubLine.of("error").with("message", "two\nlines"));
        assertThrows(IllegalArgumentException.class, () -> HubLine.of("go think"));
        assertThrows(IllegalArgumentException.class, () -> HubLine.of("go").with("a=b", "c"));
        assertThrows(IllegalArgumentException.class, () -> HubLine.of("go").withFlag(""));
    }
}
