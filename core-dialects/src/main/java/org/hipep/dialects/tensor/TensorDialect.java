package org.hipep.dialects.tensor;

import static org.hipep.dialects.memref.ShapedSyntax.assembly;
import static org.hipep.dialects.memref.ShapedSyntax.longs;
import static org.hipep.dialects.memref.ShapedSyntax.parseMixedList;
import static org.hipep.dialects.memref.ShapedSyntax.printAttrDict;
import static org.hipep.dialects.memref.ShapedSyntax.segment;
import static org.hipep.dialects.memref.ShapedSyntax.text;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.memref.MemRefDialect;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/**
 * The {@code tensor} dialect: {@code empty}, {@code extract}, {@code insert}, {@code dim},
 * {@code cast}, {@code reshape}, {@code collapse_shape}, {@code expand_shape},
 * {@code extract_slice}, {@code insert_slice}, {@code from_elements} and {@code splat}, with
 * MLIR's custom forms, properties and verifier messages.
 */
public final class TensorDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "tensor";

    /** Constructor for the registry. */
    public TensorDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("empty").summary("Empty tensor operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyEmpty).assembly(sizesThenType(false)).register();
        addOperation("extract").summary("Element extraction operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyExtract).assembly(EXTRACT).register();
        addOperation("insert").summary("Element insertion operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyInsert).assembly(INSERT).register();
        addOperation("dim").summary("Dimension index operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyDim).assembly(MemRefDialect.DIM).register();
        addOperation("cast").summary("Tensor cast operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyCast).assembly(MemRefDialect.CAST).register();
        addOperation("reshape").summary("Tensor reshape operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyReshape).assembly(RESHAPE).register();
        addOperation("collapse_shape").summary("Operation to produce a tensor with a smaller rank")
                .traits(OpTrait.Pure.class).inherentAttributes("reassociation")
                .verifier(TensorDialect::verifyCollapseShape).assembly(MemRefDialect.collapseShapeAssembly())
                .register();
        addOperation("expand_shape").summary("Operation to produce a tensor with a higher rank")
                .traits(OpTrait.Pure.class).inherentAttributes("reassociation", "static_output_shape")
                .verifier(TensorDialect::verifyExpandShape).assembly(MemRefDialect.expandShapeAssembly())
                .register();
        addOperation("extract_slice").summary("Extract slice operation").traits(OpTrait.Pure.class)
                .inherentAttributes(ShapedSyntax.SEGMENTS, "static_offsets", "static_sizes", "static_strides")
                .verifier(TensorDialect::verifyExtractSlice).assembly(MemRefDialect.SUBVIEW).register();
        addOperation("insert_slice").summary("Insert slice operation").traits(OpTrait.Pure.class)
                .inherentAttributes(ShapedSyntax.SEGMENTS, "static_offsets", "static_sizes", "static_strides")
                .verifier(TensorDialect::verifyInsertSlice).assembly(INSERT_SLICE).register();
        addOperation("from_elements").summary("Tensor from elements operation.").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifyFromElements).assembly(FROM_ELEMENTS).register();
        addOperation("splat").summary("Tensor splat or broadcast operation").traits(OpTrait.Pure.class)
                .verifier(TensorDialect::verifySplat).assembly(sizesThenType(true)).register();
    }

    // ---------------------------------------------------------------- custom forms

    /** {@code (%d) : type} (empty) or {@code %v [%d] : type} (splat). */
    private static OpAssembly sizesThenType(boolean splat) {
        return assembly((op, p) -> {
            if (splat) {
                p.print(" ").printOperand(op.operand(0));
                if (op.numOperands() > 1) {
                    p.print("[").printOperands(op.operands().subList(1, op.numOperands())).print("]");
                }
            } else {
                p.print("(").printOperands(op.operands()).print(")");
            }
            printAttrDict(op, p);
            p.print(" : ").printType(op.result(0).type());
        }, (parser, state) -> {
            OpAsmParser.UnresolvedOperand value = null;
            List<OpAsmParser.UnresolvedOperand> sizes = List.of();
            if (splat) {
                value = parser.parseOperand();
                if (parser.parseOptionalPunct("[")) {
                    sizes = parser.parseOperandList();
                    parser.parsePunct("]");
                }
            } else {
                parser.parsePunct("(");
                sizes = parser.parseOperandList();
                parser.parsePunct(")");
            }
            parser.parseOptionalAttrDict(state.attributes);
            Type type = parser.parseColonType();
            state.resultTypes.add(type);
            if (splat) {
                state.operands.add(parser.resolveOperand(value, MemRefDialect.elementType(parser, type)));
            }
            MemRefDialect.resolveIndices(parser, state, sizes);
        });
    }

    private static final OpAssembly EXTRACT = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0));
        p.print("[").printOperands(op.operands().subList(1, op.numOperands())).print("]");
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(0).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand tensor = parser.parseOperand();
        List<OpAsmParser.UnresolvedOperand> indices = MemRefDialect.parseIndexList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        state.operands.add(parser.resolveOperand(tensor, type));
        MemRefDialect.resolveIndices(parser, state, indices);
        state.resultTypes.add(MemRefDialect.elementType(parser, type));
    });

    private static final OpAssembly INSERT = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(" into ").printOperand(op.operand(1));
        p.print("[").printOperands(op.operands().subList(2, op.numOperands())).print("]");
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(1).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand scalar = parser.parseOperand();
        parser.parseKeyword("into");
        OpAsmParser.UnresolvedOperand dest = parser.parseOperand();
        List<OpAsmParser.UnresolvedOperand> indices = MemRefDialect.parseIndexList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        state.operands.add(parser.resolveOperand(scalar, MemRefDialect.elementType(parser, type)));
        state.operands.add(parser.resolveOperand(dest, type));
        MemRefDialect.resolveIndices(parser, state, indices);
        state.resultTypes.add(type);
    });

    private static final OpAssembly RESHAPE = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print("(").printOperand(op.operand(1)).print(")");
        printAttrDict(op, p);
        p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        parser.parsePunct("(");
        OpAsmParser.UnresolvedOperand shape = parser.parseOperand();
        parser.parsePunct(")");
        parser.parseOptionalAttrDict(state.attributes);
        var at = parser.currentLocation();
        parser.parsePunct(":");
        FunctionType ft = parser.parseFunctionType();
        state.operands.addAll(parser.resolveOperands(List.of(src, shape), ft.inputs(), at));
        state.resultTypes.addAll(ft.results());
    });

    private static final OpAssembly INSERT_SLICE = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(" into ").printOperand(op.operand(1));
        MemRefDialect.printSliceLists(op, p, 2);
        printAttrDict(op, p, "static_offsets", "static_sizes", "static_strides");
        p.print(" : ").printType(op.operand(0).type()).print(" into ").printType(op.operand(1).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        parser.parseKeyword("into");
        OpAsmParser.UnresolvedOperand dest = parser.parseOperand();
        ShapedSyntax.MixedList offsets = parseMixedList(parser);
        ShapedSyntax.MixedList sizes = parseMixedList(parser);
        ShapedSyntax.MixedList strides = parseMixedList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type srcType = parser.parseColonType();
        parser.parseKeyword("into");
        Type destType = parser.parseType();
        state.operands.add(parser.resolveOperand(src, srcType));
        state.operands.add(parser.resolveOperand(dest, destType));
        state.resultTypes.add(destType);
        MemRefDialect.addSliceLists(parser, state, offsets, sizes, strides, 2);
    });

    private static final OpAssembly FROM_ELEMENTS = assembly((op, p) -> {
        if (op.numOperands() > 0) {
            p.print(" ").printOperands(op.operands());
        }
        printAttrDict(op, p);
        p.print(" : ").printType(op.result(0).type());
    }, (parser, state) -> {
        List<OpAsmParser.UnresolvedOperand> elements = parser.parseOperandList();
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        Type element = MemRefDialect.elementType(parser, type);
        for (OpAsmParser.UnresolvedOperand u : elements) {
            state.operands.add(parser.resolveOperand(u, element));
        }
        state.resultTypes.add(type);
    });

    // ---------------------------------------------------------------- verifiers

    private static RankedTensorType ranked(Type t) {
        return t instanceof RankedTensorType r ? r : null;
    }

    private static LogicalResult verifyDynamicSizes(Operation op, ShapedType type, int given) {
        int expected = (int) type.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        if (given != expected) {
            return op.emitOpError("incorrect number of dynamic sizes, has " + given + ", expected " + expected);
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyEmpty(Operation op) {
        RankedTensorType t = ranked(op.result(0).type());
        if (t == null) {
            return op.emitOpError("result #0 must be ranked tensor of any type values");
        }
        LogicalResult r = verifyDynamicSizes(op, t, op.numOperands());
        return r.failed() ? r : ShapedSyntax.verifyIndices(op, op.operands(), 0);
    }

    private static LogicalResult verifySplat(Operation op) {
        RankedTensorType t = ranked(op.result(0).type());
        if (t == null) {
            return op.emitOpError("result #0 must be ranked tensor of any type values");
        }
        if (!op.operand(0).type().equals(t.elementType())) {
            return op.emitOpError("failed to verify that operand type matches element type of result");
        }
        LogicalResult r = verifyDynamicSizes(op, t, op.numOperands() - 1);
        return r.failed() ? r : ShapedSyntax.verifyIndices(op, op.operands().subList(1, op.numOperands()), 1);
    }

    private static LogicalResult verifyExtract(Operation op) {
        if (!(op.operand(0).type() instanceof ShapedType t) || !t.hasRank()) {
            return LogicalResult.success();
        }
        if (op.numOperands() - 1 != t.rank()) {
            return op.emitOpError("incorrect number of indices for extract_element");
        }
        if (!op.result(0).type().equals(t.elementType())) {
            return op.emitOpError("failed to verify that result type matches element type of 'tensor'");
        }
        return ShapedSyntax.verifyIndices(op, op.operands().subList(1, op.numOperands()), 1);
    }

    private static LogicalResult verifyInsert(Operation op) {
        if (!(op.operand(1).type() instanceof ShapedType t) || !t.hasRank()) {
            return LogicalResult.success();
        }
        if (op.numOperands() - 2 != t.rank()) {
            return op.emitOpError("incorrect number of indices");
        }
        if (!op.operand(0).type().equals(t.elementType())) {
            return op.emitOpError("failed to verify that scalar type matches element type of dest");
        }
        if (!op.result(0).type().equals(t)) {
            return op.emitOpError("failed to verify that result type matches type of dest");
        }
        return ShapedSyntax.verifyIndices(op, op.operands().subList(2, op.numOperands()), 2);
    }

    private static LogicalResult verifyDim(Operation op) {
        if (op.numOperands() != 2 || !(op.operand(1).type() instanceof org.hipep.ir.builtin.IndexType)) {
            return op.emitOpError("operand #1 must be index");
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyCast(Operation op) {
        Type in = op.operand(0).type();
        Type out = op.result(0).type();
        boolean ok;
        if (in instanceof RankedTensorType a && out instanceof RankedTensorType b) {
            ok = a.elementType().equals(b.elementType()) && ShapedSyntax.compatibleShapes(a.shape(), b.shape());
        } else {
            ok = in instanceof ShapedType a && out instanceof ShapedType b && a.elementType().equals(b.elementType())
                    && (in instanceof UnrankedTensorType || out instanceof UnrankedTensorType);
        }
        if (!ok) {
            return op.emitOpError("operand type '" + text(in) + "' and result type '" + text(out)
                    + "' are cast incompatible");
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyReshape(Operation op) {
        if (!(op.operand(0).type() instanceof ShapedType src) || !(op.result(0).type() instanceof ShapedType res)
                || !(op.operand(1).type() instanceof RankedTensorType shape)) {
            return op.emitOpError("expects tensor operands and result");
        }
        if (!src.elementType().equals(res.elementType())) {
            return op.emitOpError("element types of source and destination tensor types should be the same");
        }
        if (res.hasRank()) {
            if (src.hasStaticShape() && res.hasStaticShape() && src.numElements() != res.numElements()) {
                return op.emitOpError("source and destination tensor should have the same number of elements");
            }
            if (shape.shape().get(0) != ShapedType.DYNAMIC && shape.shape().get(0) != res.rank()) {
                return op.emitOpError("length of shape operand differs from the result's tensor rank");
            }
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyCollapseShape(Operation op) {
        if (!(op.operand(0).type() instanceof RankedTensorType src)
                || !(op.result(0).type() instanceof RankedTensorType res)) {
            return op.emitOpError("expects ranked tensor source and result");
        }
        return ShapedSyntax.verifyReshape(op, res, src, op.attribute("reassociation"));
    }

    private static LogicalResult verifyExpandShape(Operation op) {
        if (!(op.operand(0).type() instanceof RankedTensorType src)
                || !(op.result(0).type() instanceof RankedTensorType res)) {
            return op.emitOpError("expects ranked tensor source and result");
        }
        long[] shape = longs(op.attribute("static_output_shape"));
        if (shape.length != res.rank()) {
            return op.emitOpError("expected number of static shape bounds to be equal to the output rank ("
                    + res.rank() + ") but found " + shape.length + " inputs instead");
        }
        return ShapedSyntax.verifyReshape(op, src, res, op.attribute("reassociation"));
    }

    /** The slice's result sizes must be the static sizes, possibly with unit dims dropped. */
    private static LogicalResult verifySlice(Operation op, RankedTensorType whole, RankedTensorType slice,
            int firstGroup) {
        if (ShapedSyntax.verifySegments(op, firstGroup + 3).failed()) {
            return LogicalResult.failure();
        }
        String[] names = {"offset", "size", "stride"};
        String[] attrs = {"static_offsets", "static_sizes", "static_strides"};
        for (int k = 0; k < 3; k++) {
            long[] values = longs(op.attribute(attrs[k]));
            if (values.length != whole.rank()) {
                return op.emitError("expected " + whole.rank() + " " + names[k] + " values, got " + values.length);
            }
            List<Value> dyn = segment(op, firstGroup + k);
            if (ShapedSyntax.countDynamic(values) != dyn.size()) {
                return op.emitError("expected " + ShapedSyntax.countDynamic(values) + " dynamic " + names[k]
                        + " values");
            }
            if (ShapedSyntax.verifyIndices(op, dyn, firstGroup + k).failed()) {
                return LogicalResult.failure();
            }
        }
        List<Long> sizes = new ArrayList<>();
        for (long s : longs(op.attribute("static_sizes"))) {
            sizes.add(s);
        }
        RankedTensorType expected = new RankedTensorType(sizes, whole.elementType(), whole.encoding());
        if (!slice.elementType().equals(whole.elementType())) {
            return op.emitError("expected type to be '" + text(expected)
                    + "' or a rank-reduced version. (element type mismatch) ");
        }
        if (!rankReducedOf(sizes, slice.shape())) {
            return op.emitError("expected type to be '" + text(expected) + "' or a rank-reduced version. (size mismatch) ");
        }
        return LogicalResult.success();
    }

    private static boolean rankReducedOf(List<Long> full, List<Long> reduced) {
        if (full.size() == reduced.size()) {
            return full.equals(reduced);
        }
        int j = 0;
        for (long d : full) {
            if (j < reduced.size() && reduced.get(j) == d) {
                j++;
            } else if (d != 1) {
                return false;
            }
        }
        return j == reduced.size();
    }

    private static LogicalResult verifyExtractSlice(Operation op) {
        RankedTensorType src = ranked(op.operand(0).type());
        RankedTensorType res = ranked(op.result(0).type());
        if (src == null || res == null) {
            return op.emitOpError("expects ranked tensor source and result");
        }
        return verifySlice(op, src, res, 1);
    }

    private static LogicalResult verifyInsertSlice(Operation op) {
        RankedTensorType src = ranked(op.operand(0).type());
        RankedTensorType dest = ranked(op.operand(1).type());
        if (src == null || dest == null) {
            return op.emitOpError("expects ranked tensor source and destination");
        }
        if (!op.result(0).type().equals(dest)) {
            return op.emitOpError("failed to verify that expected result type to match dest type");
        }
        return verifySlice(op, dest, src, 2);
    }

    private static LogicalResult verifyFromElements(Operation op) {
        RankedTensorType t = ranked(op.result(0).type());
        if (t == null || !t.hasStaticShape()) {
            return op.emitOpError("result #0 must be statically shaped tensor of any type values");
        }
        if (op.numOperands() != t.numElements()
                || op.operands().stream().anyMatch(v -> !v.type().equals(t.elementType()))) {
            return op.emitOpError("failed to verify that operand types match result element type");
        }
        return LogicalResult.success();
    }
}
