package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.ElementKind.BFLOAT16;
import static org.hipep.dialects.onnx.schema.ElementKind.BOOL;
import static org.hipep.dialects.onnx.schema.ElementKind.COMPLEX128;
import static org.hipep.dialects.onnx.schema.ElementKind.COMPLEX64;
import static org.hipep.dialects.onnx.schema.ElementKind.DOUBLE;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT16;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT4E2M1;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT8E4M3FN;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT8E4M3FNUZ;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT8E5M2;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT8E5M2FNUZ;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT8E8M0;
import static org.hipep.dialects.onnx.schema.ElementKind.INT16;
import static org.hipep.dialects.onnx.schema.ElementKind.INT2;
import static org.hipep.dialects.onnx.schema.ElementKind.INT32;
import static org.hipep.dialects.onnx.schema.ElementKind.INT4;
import static org.hipep.dialects.onnx.schema.ElementKind.INT64;
import static org.hipep.dialects.onnx.schema.ElementKind.INT8;
import static org.hipep.dialects.onnx.schema.ElementKind.STRING;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT16;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT2;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT32;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT4;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT64;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT8;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.hipep.dialects.onnx.schema.TypeConstraint.Container;

/** The element-type sets the specification's constraints are written with, named by what they hold. */
final class TypeSets {
    /** {@code float16, float, double}. */
    static final Set<ElementKind> FLOATS = of(FLOAT16, FLOAT, DOUBLE);
    /** {@link #FLOATS} and {@code bfloat16}. */
    static final Set<ElementKind> FLOATS_BF16 = union(FLOATS, of(BFLOAT16));
    /** The four 8-bit float formats of opset 19. */
    static final Set<ElementKind> FLOAT8 = of(FLOAT8E4M3FN, FLOAT8E4M3FNUZ, FLOAT8E5M2, FLOAT8E5M2FNUZ);
    /** Signed integers of 8 to 64 bits. */
    static final Set<ElementKind> SIGNED_INTS = of(INT8, INT16, INT32, INT64);
    /** Unsigned integers of 8 to 64 bits. */
    static final Set<ElementKind> UNSIGNED_INTS = of(UINT8, UINT16, UINT32, UINT64);
    /** {@code int32, int64, uint32, uint64}: the integers of the early arithmetic ops. */
    static final Set<ElementKind> WIDE_INTS = of(INT32, INT64, UINT32, UINT64);
    /** {@code int32, int64}: index types ({@code Tind}). */
    static final Set<ElementKind> INDEX = of(INT32, INT64);
    /** {@code int64}. */
    static final Set<ElementKind> I64 = of(INT64);
    /** {@code bool}. */
    static final Set<ElementKind> BOOLEAN = of(BOOL);
    /** Every integer and float type up to opset 12. */
    static final Set<ElementKind> NUMERIC = union(SIGNED_INTS, UNSIGNED_INTS, FLOATS);
    /** {@link #NUMERIC} and {@code bfloat16} (opset 13 on). */
    static final Set<ElementKind> NUMERIC_BF16 = union(NUMERIC, of(BFLOAT16));
    /** Every tensor type up to opset 12. */
    static final Set<ElementKind> ALL = union(NUMERIC, of(BOOL, STRING, COMPLEX64, COMPLEX128));
    /** Every tensor type of opset 13 ({@code bfloat16} added). */
    static final Set<ElementKind> ALL_13 = union(ALL, of(BFLOAT16));
    /** Every tensor type of opset 19 (8-bit floats added). */
    static final Set<ElementKind> ALL_19 = union(ALL_13, FLOAT8);
    /** Every tensor type of opset 21 (4-bit integers added). */
    static final Set<ElementKind> ALL_21 = union(ALL_19, of(INT4, UINT4));
    /** Every tensor type of opset 23 ({@code float4e2m1} added). */
    static final Set<ElementKind> ALL_23 = union(ALL_21, of(FLOAT4E2M1));
    /** Every tensor type of opset 24 ({@code float8e8m0} added). */
    static final Set<ElementKind> ALL_24 = union(ALL_23, of(FLOAT8E8M0));
    /** Every tensor type of opset 25 (2-bit integers added). */
    static final Set<ElementKind> ALL_25 = union(ALL_24, of(INT2, UINT2));

    /** Tensors only. */
    static final Set<Container> TENSOR = EnumSet.of(Container.TENSOR);
    /** Sequences of tensors only. */
    static final Set<Container> SEQUENCE = EnumSet.of(Container.SEQUENCE);
    /** Tensors and sequences of tensors. */
    static final Set<Container> TENSOR_OR_SEQ = EnumSet.of(Container.TENSOR, Container.SEQUENCE);
    /** Optionals of tensors or of sequences. */
    static final Set<Container> OPTIONALS = EnumSet.of(Container.OPTIONAL_TENSOR, Container.OPTIONAL_SEQUENCE);
    /** Tensors, sequences and optionals of either. */
    static final Set<Container> ANY_VALUE = EnumSet.allOf(Container.class);

    private TypeSets() {
    }

    /** A set of the given kinds. */
    static Set<ElementKind> of(ElementKind first, ElementKind... rest) {
        return Collections.unmodifiableSet(EnumSet.of(first, rest));
    }

    /** The union of sets. */
    @SafeVarargs
    static Set<ElementKind> union(Set<ElementKind>... sets) {
        EnumSet<ElementKind> u = EnumSet.noneOf(ElementKind.class);
        for (Set<ElementKind> s : sets) {
            u.addAll(s);
        }
        return Collections.unmodifiableSet(u);
    }

    /** {@code base} with {@code extra} added. */
    static Set<ElementKind> plus(Set<ElementKind> base, ElementKind... extra) {
        EnumSet<ElementKind> u = EnumSet.noneOf(ElementKind.class);
        u.addAll(base);
        u.addAll(java.util.List.of(extra));
        return Collections.unmodifiableSet(u);
    }

    /**
     * Adds, for each version, a copy of {@code base} whose constraint {@code constraint} is the
     * full tensor-type set of that version: the bumps that only widen an op's types.
     */
    static void widened(java.util.List<OpSchema> out, OpSchema base, String constraint, int... versions) {
        for (int v : versions) {
            out.add(base.toBuilder(v).types(constraint, allAt(v)).build());
        }
    }

    /** The full tensor-type set of an opset version (for ops whose bumps only widen types). */
    static Set<ElementKind> allAt(int version) {
        if (version >= 25) {
            return ALL_25;
        } else if (version >= 24) {
            return ALL_24;
        } else if (version >= 23) {
            return ALL_23;
        } else if (version >= 21) {
            return ALL_21;
        } else if (version >= 19) {
            return ALL_19;
        } else if (version >= 13) {
            return ALL_13;
        }
        return ALL;
    }
}
