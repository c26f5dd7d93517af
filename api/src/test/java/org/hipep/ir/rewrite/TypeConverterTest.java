package org.hipep.ir.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.ir.rewrite.TestDialects.print;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.UnknownLoc;
import org.junit.jupiter.api.Test;

class TypeConverterTest {
    private static final Type I32 = IntegerType.I32;
    private static final Type I64 = IntegerType.I64;
    private static final Type I128 = IntegerType.signless(128);

    /** Identity for everything, i64 -> i32, i128 -> (i64, i64), index dropped; one conversion handles nothing. */
    static TypeConverter converter() {
        return new TypeConverter()
                .addSimpleConversion(t -> t)
                .addConversion(t -> t.equals(IndexType.INSTANCE) ? Optional.of(List.of()) : Optional.empty())
                .addConversion(t -> Optional.empty())
                .addSimpleConversion(t -> t.equals(I64) ? I32 : null)
                .addConversion(t -> t.equals(I128) ? Optional.of(List.of(I64, I64)) : Optional.empty());
    }

    @Test
    void mostRecentConversionIsTriedFirst() {
        TypeConverter tc = converter();
        assertThat(tc.convertType(I64)).isEqualTo(I32);
        assertThat(tc.convertType(I32)).isEqualTo(I32);
        assertThat(tc.convertTypes(I128)).containsExactly(I64, I64);
        assertThat(tc.convertType(I128)).isNull();
        assertThat(tc.convertTypes(IndexType.INSTANCE)).isEmpty();
        assertThat(tc.convertType(IndexType.INSTANCE)).isNull();
        assertThat(tc.convertTypes(List.of(I64, I128, IndexType.INSTANCE, I32))).containsExactly(I32, I64, I64, I32);
        assertThat(new TypeConverter().convertTypes(I32)).isNull();
        assertThat(new TypeConverter().addSimpleConversion(t -> null).convertTypes(List.of(I32))).isNull();
    }

    @Test
    void legalityOfTypesOpsAndSignatures() {
        TypeConverter tc = converter();
        assertThat(tc.isLegal(I32)).isTrue();
        assertThat(tc.isLegal(I64)).isFalse();
        assertThat(tc.isLegal(List.of(I32, I32))).isTrue();
        assertThat(tc.isSignatureLegal(new FunctionType(List.of(I32), List.of(I32)))).isTrue();
        assertThat(tc.isSignatureLegal(new FunctionType(List.of(I32), List.of(I64)))).isFalse();
        assertThat(tc.convertFunctionType(new FunctionType(List.of(I64, I128), List.of(I64))))
                .isEqualTo(new FunctionType(List.of(I32, I64, I64), List.of(I32)));

        TestDialects.Env env = new TestDialects.Env();
        Operation m = env.parse("""
                %a = "low.constant"() {value = 1 : i32} : () -> i32
                %b = "test.widen"(%a) : (i32) -> i64
                """);
        List<Operation> ops = m.region(0).front().operations();
        assertThat(tc.isLegal(ops.get(0))).isTrue();
        assertThat(tc.isLegal(ops.get(1))).isFalse();
    }

    @Test
    void blockSignatureConversionMapsEachArgument() {
        Block b = new Block();
        b.addArgument(I64, UnknownLoc.INSTANCE);
        b.addArgument(IndexType.INSTANCE, UnknownLoc.INSTANCE);
        b.addArgument(I128, UnknownLoc.INSTANCE);
        b.addArgument(NoneType.INSTANCE, UnknownLoc.INSTANCE);
        SignatureConversion sc = converter().convertBlockSignature(b);
        assertThat(sc.convertedTypes()).containsExactly(I32, I64, I64, NoneType.INSTANCE);
        assertThat(sc.inputMapping(0)).isEqualTo(new SignatureConversion.InputMapping(0, 1, null));
        assertThat(sc.inputMapping(1)).isNull();
        assertThat(sc.inputMapping(2)).isEqualTo(new SignatureConversion.InputMapping(1, 2, null));
        assertThat(sc.inputMapping(3)).isEqualTo(new SignatureConversion.InputMapping(3, 1, null));

        Block bad = new Block();
        bad.addArgument(I64, UnknownLoc.INSTANCE);
        assertThat(new TypeConverter().convertBlockSignature(bad)).isNull();
    }

    @Test
    void materializationsFallBackToUnrealizedCasts() {
        TestDialects.Env env = new TestDialects.Env();
        Operation m = env.parse("""
                %a = "low.constant"() {value = 1 : i32} : () -> i32
                """);
        Value a = m.region(0).front().front().result(0);
        OpBuilder b = OpBuilder.atBlockEnd(env.ctx, m.region(0).front());
        TypeConverter tc = converter()
                .addSourceMaterialization((bb, t, ins, loc) -> bb.create(loc, "test.widen", ins, List.of(t), Map.of())
                        .result(0))
                .addSourceMaterialization((bb, t, ins, loc) -> null);
        Value widened = tc.materializeSourceConversion(b, UnknownLoc.INSTANCE, I64, List.of(a));
        Value cast = tc.materializeTargetConversion(b, UnknownLoc.INSTANCE, I64, List.of(a));
        assertThat(widened.definingOp().nameString()).isEqualTo("test.widen");
        assertThat(cast.definingOp().nameString()).isEqualTo(BuiltinDialect.UNREALIZED_CONVERSION_CAST);
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "low.constant"() {value = 1 : i32} : () -> i32
                  %1 = "test.widen"(%0) : (i32) -> i64
                  %2 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
                }
                """);
    }
}
