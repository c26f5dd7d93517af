package org.hipep.ir.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hipep.ir.Location;
import org.junit.jupiter.api.Test;

/** {@link FusedLoc#of}: the location of an op that stands for several, as MLIR's FusedLoc::get. */
class FusedLocTest {
    private static final NameLoc CONV = new NameLoc("conv", new FileLineColLoc("m.onnx", 1, 1));
    private static final NameLoc RELU = new NameLoc("relu", new FileLineColLoc("m.onnx", 2, 1));
    private static final NameLoc ADD = new NameLoc("add", UnknownLoc.INSTANCE);

    @Test
    void fusesDistinctLocationsInOrder() {
        assertThat(FusedLoc.of(List.of(CONV, RELU))).isEqualTo(new FusedLoc(List.of(CONV, RELU), null));
    }

    @Test
    void flattensFusedPartsWithoutMetadataAndDropsRepeatsAndUnknowns() {
        Location convRelu = FusedLoc.of(List.of(CONV, RELU));
        assertThat(FusedLoc.of(List.of(convRelu, UnknownLoc.INSTANCE, RELU, ADD)))
                .isEqualTo(new FusedLoc(List.of(CONV, RELU, ADD), null));
    }

    @Test
    void keepsAFusedLocationWithMetadataWhole() {
        FusedLoc tagged = new FusedLoc(List.of(CONV, RELU), new StringAttr("pass"));
        assertThat(FusedLoc.of(List.of(tagged, ADD))).isEqualTo(new FusedLoc(List.of(tagged, ADD), null));
    }

    @Test
    void oneLocationLeftIsItselfAndNoneIsUnknown() {
        assertThat(FusedLoc.of(List.of(CONV, CONV, UnknownLoc.INSTANCE))).isSameAs(CONV);
        assertThat(FusedLoc.of(List.of(UnknownLoc.INSTANCE))).isEqualTo(UnknownLoc.INSTANCE);
        assertThat(FusedLoc.of(List.of())).isEqualTo(UnknownLoc.INSTANCE);
    }
}
