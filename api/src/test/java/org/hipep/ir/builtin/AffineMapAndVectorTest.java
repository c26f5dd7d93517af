package org.hipep.ir.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hipep.ir.Context;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.IrParser;
import org.junit.jupiter.api.Test;

class AffineMapAndVectorTest {
    private final Context ctx = new Context();

    private AffineMapAttr map(String text) {
        return (AffineMapAttr) IrParser.parseAttribute(ctx, text);
    }

    @Test
    void affineExpressionsFoldAndKeepConstantsAndSymbolsOnTheRight() {
        AffineMapAttr m = map("affine_map<(i, j)[n] -> (2 * j + n + 3 - 1, 1 * i + 0, 6 floordiv 4, 7 mod 4)>");
        assertThat(m.numDims()).isEqualTo(2);
        assertThat(m.numSymbols()).isEqualTo(1);
        assertThat(m.body()).isEqualTo("(d0, d1)[s0] -> (d1 * 2 + s0 + 2, d0, 1, 3)");
        AffineExpr.Dim d1 = new AffineExpr.Dim(1);
        assertThat(m.results().get(1)).isEqualTo(new AffineExpr.Dim(0));
        assertThat(AffineExpr.add(new AffineExpr.Symbol(0), d1))
                .isEqualTo(new AffineExpr.Binary(AffineExpr.Kind.ADD, d1, new AffineExpr.Symbol(0)));
    }

    @Test
    void subtractionAndNegationPrintAsMlirDoes() {
        assertThat(map("affine_map<(d0, d1) -> (d0 - d1, d0 - d1 * 3, -d0, d0 - (d1 + 1), (d0 + d1) * 2)>").body())
                .isEqualTo("(d0, d1) -> (d0 - d1, d0 - d1 * 3, -d0, d0 - (d1 + 1), (d0 + d1) * 2)");
    }

    @Test
    void identityMapsAreIdentities() {
        assertThat(map("affine_map<(d0, d1) -> (d0, d1)>").isIdentity()).isTrue();
        assertThat(map("affine_map<(d0, d1) -> (d1, d0)>").isIdentity()).isFalse();
        assertThat(map("affine_map<(d0)[s0] -> (d0)>").isIdentity()).isFalse();
        MemRefType m = (MemRefType) IrParser.parseType(ctx, "memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>");
        assertThat(m.hasIdentityLayout()).isTrue();
    }

    @Test
    void vectorsParseAndPrint() {
        Object t = IrParser.parseType(ctx, "vector<2x[4]xf32>");
        assertThat(t).isEqualTo(new VectorType(List.of(2L, 4L), FloatType.F32, List.of(false, true)));
        assertThat(AttrTypePrinter.typeToString((VectorType) t)).isEqualTo("vector<2x[4]xf32>");
        assertThat(AttrTypePrinter.typeToString(VectorType.of(IntegerType.I32))).isEqualTo("vector<i32>");
        assertThatThrownBy(() -> VectorType.of(FloatType.F32, 0))
                .hasMessageContaining("vector types must have positive constant sizes but got 0");
    }
}
