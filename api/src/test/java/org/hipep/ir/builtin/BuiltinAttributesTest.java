package org.hipep.ir.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.hipep.ir.Context;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.IrParser;
import org.junit.jupiter.api.Test;

class BuiltinAttributesTest {
    @Test
    void denseElementsAreStoredPackedNotPerElement() {
        RankedTensorType big = RankedTensorType.of(FloatType.F32, 5000, 5000);
        DenseElementsAttr splat = DenseElementsAttr.splat(big, FloatAttr.f32(0.5));
        assertThat(splat.isSplat()).isTrue();
        assertThat(splat.rawData().remaining()).isEqualTo(4);
        assertThat(splat.getDouble(24_999_999)).isEqualTo(0.5);

        ByteBuffer raw = ByteBuffer.allocate(4 * 1000).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1000; i++) {
            raw.putFloat(i * 0.25f);
        }
        raw.flip();
        DenseElementsAttr d = DenseElementsAttr.fromRaw(RankedTensorType.of(FloatType.F32, 1000), raw);
        assertThat(d.rawData().remaining()).isEqualTo(4000);
        assertThat(d.getDouble(999)).isEqualTo(249.75);

        Context ctx = new Context();
        String text = AttrTypePrinter.attributeToString(d);
        assertThat(text).startsWith("dense<\"0x000000000000803E").endsWith("> : tensor<1000xf32>");
        assertThat(IrParser.parseAttribute(ctx, text)).isEqualTo(d);
    }

    @Test
    void aFullBufferOfEqualElementsIsASplat() {
        RankedTensorType t = RankedTensorType.of(IntegerType.I32, 3);
        DenseElementsAttr listed = DenseElementsAttr.ofLongs(t, 7, 7, 7);
        assertThat(listed.isSplat()).isTrue();
        assertThat(listed).isEqualTo(DenseElementsAttr.splat(t, IntegerAttr.of(IntegerType.I32, 7)));
        assertThat(DenseElementsAttr.ofLongs(t, 7, 7, 8).isSplat()).isFalse();
    }

    @Test
    void rawDataOfTheWrongSizeIsRefused() {
        RankedTensorType t = RankedTensorType.of(FloatType.F32, 3);
        assertThatThrownBy(() -> DenseElementsAttr.fromRaw(t, new byte[8]))
                .hasMessageContaining("raw data of 8 bytes does not fit 3 elements of 4 bytes");
        assertThatThrownBy(() -> DenseElementsAttr.splat(RankedTensorType.of(java.util.List.of(ShapedType.DYNAMIC),
                FloatType.F32), FloatAttr.f32(0))).hasMessageContaining("static shape");
    }

    @Test
    void narrowFloatsRoundToNearestEven() {
        assertThat(FloatBits.doubleToHalf(1.0)).isEqualTo((short) 0x3C00);
        assertThat(FloatBits.doubleToHalf(65504.0)).isEqualTo((short) 0x7BFF);
        assertThat(FloatBits.doubleToHalf(65520.0)).as("rounds to infinity").isEqualTo((short) 0x7C00);
        assertThat(FloatBits.doubleToHalf(Math.pow(2, -24))).as("smallest subnormal").isEqualTo((short) 0x0001);
        assertThat(FloatBits.doubleToHalf(Math.pow(2, -25))).as("tie rounds to even (zero)").isEqualTo((short) 0);
        assertThat(FloatBits.doubleToHalf(-2.0)).isEqualTo((short) 0xC000);
        assertThat(FloatBits.doubleToHalf(1.0 + Math.pow(2, -11))).as("tie to even").isEqualTo((short) 0x3C00);
        assertThat(FloatBits.doubleToHalf(1.0 + 3 * Math.pow(2, -11))).as("tie to even, up").isEqualTo((short) 0x3C02);
        assertThat(FloatBits.halfToDouble((short) 0x3555)).isEqualTo(0.333251953125);
        assertThat(FloatBits.doubleToBf16(1.0)).isEqualTo((short) 0x3F80);
        assertThat(FloatBits.bf16ToDouble((short) 0x4049)).isEqualTo(3.140625);
        assertThat(new FloatAttr(FloatType.F16, 0.1).value()).isEqualTo(0.0999755859375);
    }

    @Test
    void integerAttributesWrapToTheirWidth() {
        assertThat(IntegerAttr.of(IntegerType.I8, 255).longValue()).isEqualTo(-1);
        assertThat(IntegerAttr.of(new IntegerType(8, IntegerType.Signedness.UNSIGNED), -1).longValue()).isEqualTo(255);
        assertThatThrownBy(() -> new IntegerAttr(IntegerType.I1, java.math.BigInteger.ONE)).hasMessageContaining("BoolAttr");
    }
}
