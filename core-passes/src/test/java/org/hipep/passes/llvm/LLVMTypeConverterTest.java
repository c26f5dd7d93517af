package org.hipep.passes.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.hip.ContextType;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.AttrTypePrinter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The upstream type mapping (the descriptors as `mlir-opt --finalize-memref-to-llvm` prints them). */
class LLVMTypeConverterTest {
    private static final LLVMTypeConverter CONVERTER = new LLVMTypeConverter();

    private static Context context;

    @BeforeAll
    static void loadLlvmDialect() {
        context = new Context(CoreDialects.register(new DialectRegistry()));
        context.getOrLoadDialect("llvm");
    }

    private static String print(Type t) {
        StringBuilder out = new StringBuilder();
        new AttrTypePrinter(out, context, AsmPrinterOptions.defaults()).printType(t);
        return out.toString();
    }

    private static String converted(Type t) {
        Type c = CONVERTER.convertType(t);
        return c == null ? null : print(c);
    }

    @Test
    void scalars() {
        assertThat(converted(IndexType.INSTANCE)).isEqualTo("i64");
        assertThat(converted(IntegerType.I1)).isEqualTo("i1");
        assertThat(converted(FloatType.BF16)).isEqualTo("bf16");
        assertThat(converted(new IntegerType(8, IntegerType.Signedness.SIGNED))).as("signed integers")
                .isEqualTo("i8");
        assertThat(converted(new IntegerType(16, IntegerType.Signedness.UNSIGNED))).as("unsigned integers")
                .isEqualTo("i16");
        assertThat(converted(RankedTensorType.of(FloatType.F32, 4))).as("tensors").isNull();
        assertThat(converted(new FunctionType(List.of(), List.of()))).isEqualTo("!llvm.ptr");
        assertThat(converted(new ContextType())).as("the hip dialect's run-time state").isEqualTo("!llvm.ptr");
    }

    @Test
    void memrefDescriptors() {
        assertThat(converted(MemRefType.of(List.of(4L, ShapedType.DYNAMIC), FloatType.F32)))
                .isEqualTo("!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>");
        assertThat(converted(MemRefType.of(List.of(), IndexType.INSTANCE))).isEqualTo("!llvm.struct<(ptr, ptr, i64)>");
        assertThat(converted(new MemRefType(List.of(8L), FloatType.F16, new StridedLayoutAttr(2, List.of(3L)),
                IntegerAttr.i64(1)))).isEqualTo("!llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>");
        assertThat(converted(new UnrankedMemRefType(FloatType.F32, null))).isEqualTo("!llvm.struct<(i64, ptr)>");
        assertThat(converted(MemRefType.of(List.of(2L), RankedTensorType.of(FloatType.F32, 2))))
                .as("an element type that does not convert").isNull();
    }

    @Test
    void functionSignaturesPackSeveralResults() {
        FunctionType none = new FunctionType(List.of(IndexType.INSTANCE), List.of());
        FunctionType two = new FunctionType(List.of(), List.of(IntegerType.I32, IndexType.INSTANCE));
        assertThat(print(LLVMTypeConverter.convertFunctionSignature(CONVERTER, none)))
                .isEqualTo("!llvm.func<void (i64)>");
        assertThat(print(LLVMTypeConverter.convertFunctionSignature(CONVERTER, two)))
                .isEqualTo("!llvm.func<struct<(i32, i64)> ()>");
        assertThat(LLVMTypeConverter.convertFunctionSignature(CONVERTER,
                new FunctionType(List.of(RankedTensorType.of(FloatType.F32, 1)), List.of()))).isNull();
    }
}
