package org.hipep.dialects.onnx.schema;

import java.util.EnumSet;
import java.util.Set;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;

/**
 * The element types of ONNX tensors ({@code TensorProto.DataType}), each with the spelling of
 * the IR type it maps to. Types the IR cannot spell yet (strings, complex numbers, 8-bit and
 * 4-bit floats, 4-bit and 2-bit integers) are listed so that type constraints can be written
 * as the specification states them; no IR type matches them.
 */
public enum ElementKind {
    /** {@code float}: {@code f32}. */
    FLOAT("f32"),
    /** {@code uint8}: {@code ui8} (or signless {@code i8}). */
    UINT8("ui8"),
    /** {@code int8}: {@code i8} (or {@code si8}). */
    INT8("i8"),
    /** {@code uint16}. */
    UINT16("ui16"),
    /** {@code int16}. */
    INT16("i16"),
    /** {@code int32}. */
    INT32("i32"),
    /** {@code int64}. */
    INT64("i64"),
    /** {@code string}. */
    STRING("string"),
    /** {@code bool}: {@code i1}. */
    BOOL("i1"),
    /** {@code float16}: {@code f16}. */
    FLOAT16("f16"),
    /** {@code double}: {@code f64}. */
    DOUBLE("f64"),
    /** {@code uint32}. */
    UINT32("ui32"),
    /** {@code uint64}. */
    UINT64("ui64"),
    /** {@code complex64}. */
    COMPLEX64("complex<f32>"),
    /** {@code complex128}. */
    COMPLEX128("complex<f64>"),
    /** {@code bfloat16}: {@code bf16}. */
    BFLOAT16("bf16"),
    /** {@code float8e4m3fn}. */
    FLOAT8E4M3FN("f8E4M3FN"),
    /** {@code float8e4m3fnuz}. */
    FLOAT8E4M3FNUZ("f8E4M3FNUZ"),
    /** {@code float8e5m2}. */
    FLOAT8E5M2("f8E5M2"),
    /** {@code float8e5m2fnuz}. */
    FLOAT8E5M2FNUZ("f8E5M2FNUZ"),
    /** {@code uint4}. */
    UINT4("ui4"),
    /** {@code int4}. */
    INT4("i4"),
    /** {@code float4e2m1}. */
    FLOAT4E2M1("f4E2M1FN"),
    /** {@code float8e8m0}. */
    FLOAT8E8M0("f8E8M0FNU"),
    /** {@code uint2}. */
    UINT2("ui2"),
    /** {@code int2}. */
    INT2("i2");

    private final String irName;

    ElementKind(String irName) {
        this.irName = irName;
    }

    /** How the IR spells the type ({@code f32}, {@code ui8}, {@code i1}). */
    public String irName() {
        return irName;
    }

    /**
     * The ONNX element kinds an IR element type may stand for, or {@code null} when the type is
     * not one the ONNX mapping uses (a dialect type, {@code index}, an odd width). A signless
     * {@code iN} may stand for {@code intN} or {@code uintN}; {@code siN} and {@code uiN} for one
     * of them; {@code i1} is {@code bool}.
     */
    public static Set<ElementKind> kindsOf(Type type) {
        if (type instanceof FloatType f) {
            return switch (f.kind()) {
                case F16 -> EnumSet.of(FLOAT16);
                case BF16 -> EnumSet.of(BFLOAT16);
                case F32 -> EnumSet.of(FLOAT);
                case F64 -> EnumSet.of(DOUBLE);
            };
        }
        if (!(type instanceof IntegerType i)) {
            return null;
        }
        if (i.width() == 1) {
            return i.isSignless() ? EnumSet.of(BOOL) : null;
        }
        ElementKind signed = signedOfWidth(i.width());
        ElementKind unsigned = unsignedOfWidth(i.width());
        if (signed == null) {
            return null;
        }
        return switch (i.signedness()) {
            case SIGNLESS -> EnumSet.of(signed, unsigned);
            case SIGNED -> EnumSet.of(signed);
            case UNSIGNED -> EnumSet.of(unsigned);
        };
    }

    private static ElementKind signedOfWidth(int width) {
        return switch (width) {
            case 2 -> INT2;
            case 4 -> INT4;
            case 8 -> INT8;
            case 16 -> INT16;
            case 32 -> INT32;
            case 64 -> INT64;
            default -> null;
        };
    }

    private static ElementKind unsignedOfWidth(int width) {
        return switch (width) {
            case 2 -> UINT2;
            case 4 -> UINT4;
            case 8 -> UINT8;
            case 16 -> UINT16;
            case 32 -> UINT32;
            case 64 -> UINT64;
            default -> null;
        };
    }
}
