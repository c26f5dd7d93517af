package org.hipep.dialects.onnx.schema;

/**
 * The type of an ONNX attribute ({@code AttributeProto.AttributeType}). The IR form of each is
 * fixed by the importer: see {@link #irForm()}.
 */
public enum AttributeKind {
    /** A 32-bit float: an {@code f32} {@code FloatAttr}. */
    FLOAT("an f32 float"),
    /** A 64-bit integer: an {@code i64} {@code IntegerAttr}. */
    INT("an i64 integer"),
    /** A string: a {@code StringAttr}. */
    STRING("a string"),
    /** A tensor: a {@code DenseElementsAttr} or an {@code #onnx.external} reference. */
    TENSOR("a tensor (dense elements or #onnx.external)"),
    /** A graph: an op region, named in {@code onnx.region_names}. */
    GRAPH("a region named in 'onnx.region_names'"),
    /** A sparse tensor (no IR form yet: any attribute is accepted). */
    SPARSE_TENSOR("a sparse tensor"),
    /** A type: a {@code TypeAttr}. */
    TYPE_PROTO("a type"),
    /** A list of floats: {@code array<f32: ...>}. */
    FLOATS("an array of f32"),
    /** A list of integers: {@code array<i64: ...>}. */
    INTS("an array of i64"),
    /** A list of strings: an {@code ArrayAttr} of {@code StringAttr}. */
    STRINGS("an array of strings"),
    /** A list of tensors: an {@code ArrayAttr} of tensors. */
    TENSORS("an array of tensors"),
    /** A list of graphs: regions named in {@code onnx.region_names}. */
    GRAPHS("regions named in 'onnx.region_names'"),
    /** A list of sparse tensors. */
    SPARSE_TENSORS("an array of sparse tensors"),
    /** A list of types: an {@code ArrayAttr} of {@code TypeAttr}. */
    TYPE_PROTOS("an array of types");

    private final String irForm;

    AttributeKind(String irForm) {
        this.irForm = irForm;
    }

    /** The IR form in words, for messages ({@code an array of i64}). */
    public String irForm() {
        return irForm;
    }

    /** Whether the attribute is carried by regions rather than by an attribute value. */
    public boolean isGraph() {
        return this == GRAPH || this == GRAPHS;
    }
}
