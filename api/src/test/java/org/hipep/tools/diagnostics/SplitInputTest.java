package org.hipep.tools.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** --split-input-file chunking and joining. */
class SplitInputTest {

    @Test
    void textWithoutSeparatorIsOneChunk() {
        assertThat(SplitInput.split("a\nb\n"))
                .containsExactly(new SplitInput.Chunk(0, "a\nb\n", 1));
    }

    @Test
    void splitsOnSeparatorLinesAndRemembersFirstLines() {
        String text = "a\nb\n// -----\nc\n  // -----  \nd\ne\n";
        assertThat(SplitInput.split(text)).containsExactly(
                new SplitInput.Chunk(0, "a\nb\n", 1),
                new SplitInput.Chunk(1, "c\n", 4),
                new SplitInput.Chunk(2, "d\ne\n", 6));
    }

    @Test
    void separatorMustBeTheWholeLine() {
        String text = "a // -----\n// ----- x\n// ------\n";
        assertThat(SplitInput.split(text)).hasSize(1);
    }

    @Test
    void mapsChunkLinesToOriginalLines() {
        SplitInput.Chunk third = SplitInput.split("x\n// -----\ny\n// -----\nz1\nz2\n").get(2);
        assertThat(third.firstLine()).isEqualTo(5);
        assertThat(third.toOriginalLine(1)).isEqualTo(5);
        assertThat(third.toOriginalLine(2)).isEqualTo(6);
    }

    @Test
    void handlesEdgeChunks() {
        assertThat(SplitInput.split("// -----\na")).containsExactly(
                new SplitInput.Chunk(0, "", 1), new SplitInput.Chunk(1, "a", 2));
        assertThat(SplitInput.split("a\r\n// -----\r\nb")).extracting(SplitInput.Chunk::text)
                .containsExactly("a\r\n", "b");
    }

    @Test
    void joinsOutputsLikeMlirOpt() {
        assertThat(SplitInput.join(List.of("a\n", "b", "c\n")))
                .isEqualTo("a\n// -----\nb\n// -----\nc\n");
        assertThat(SplitInput.join(List.of("only\n"))).isEqualTo("only\n");
    }
}
