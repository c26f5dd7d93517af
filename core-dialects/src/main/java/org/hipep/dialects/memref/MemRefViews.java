package org.hipep.dialects.memref;

import static org.hipep.dialects.memref.ShapedSyntax.assembly;
import static org.hipep.dialects.memref.ShapedSyntax.longs;
import static org.hipep.dialects.memref.ShapedSyntax.printAttrDict;
import static org.hipep.dialects.memref.ShapedSyntax.printMixedList;
import static org.hipep.dialects.memref.ShapedSyntax.segment;
import static org.hipep.dialects.memref.ShapedSyntax.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/**
 * The ops that re-describe a buffer without touching its data — {@code memref.view},
 * {@code memref.reinterpret_cast}, {@code memref.extract_strided_metadata} and
 * {@code memref.extract_aligned_pointer_as_index} — which the memory planner and the LLVM lowering
 * emit: custom forms and verifiers with MLIR's messages.
 */
final class MemRefViews {
    private MemRefViews() {
    }

    // ---------------------------------------------------------------- memref.view

    /** {@code %buf[%shift][%d0, %d1] {attrs} : memref<2048xi8> to memref<?x4xf32>}. */
    static final OpAssembly VIEW = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0));
        p.print("[").printOperand(op.operand(1)).print("][");
        p.printOperands(op.operands().subList(2, op.numOperands())).print("]");
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand source = parser.parseOperand();
        parser.parsePunct("[");
        OpAsmParser.UnresolvedOperand shift = parser.parseOperand();
        parser.parsePunct("]");
        List<OpAsmParser.UnresolvedOperand> sizes = MemRefDialect.parseIndexList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type sourceType = parser.parseColonType();
        parser.parseKeyword("to");
        state.resultTypes.add(parser.parseType());
        state.operands.add(parser.resolveOperand(source, sourceType));
        state.operands.add(parser.resolveOperand(shift, IndexType.INSTANCE));
        MemRefDialect.resolveIndices(parser, state, sizes);
    });

    static LogicalResult verifyView(Operation op) {
        if (op.numOperands() < 2 || !(op.operand(0).type() instanceof MemRefType base) || base.rank() != 1
                || !base.elementType().equals(IntegerType.I8)) {
            return op.emitOpError("operand #0 must be 1D memref of 8-bit signless integer values, but got '"
                    + (op.numOperands() == 0 ? "<none>" : text(op.operand(0).type())) + "'");
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof MemRefType view)) {
            return op.emitOpError("result #0 must be memref of any type values");
        }
        if (ShapedSyntax.verifyIndices(op, op.operands().subList(1, op.numOperands()), 1).failed()) {
            return LogicalResult.failure();
        }
        if (!base.hasIdentityLayout()) {
            return op.emitError("unsupported map for base memref type '" + text(base) + "'");
        }
        if (!view.hasIdentityLayout()) {
            return op.emitError("unsupported map for result memref type '" + text(view) + "'");
        }
        if (!Objects.equals(base.memorySpace(), view.memorySpace())) {
            return op.emitError("different memory spaces specified for base memref type '" + text(base)
                    + "' and view memref type '" + text(view) + "'");
        }
        long expected = view.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        int given = op.numOperands() - 2;
        if (given != expected) {
            return op.emitOpError("incorrect number of dynamic sizes, has " + given + ", expected " + expected);
        }
        return LogicalResult.success();
    }

    // ---------------------------------------------------------------- memref.reinterpret_cast

    /** {@code %src to offset: [0], sizes: [%n, 4], strides: [4, 1] {attrs} : T to U}. */
    static final OpAssembly REINTERPRET_CAST = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(" to offset: ");
        printMixedList(op, p, "static_offsets", segment(op, 1));
        p.print(", sizes: ");
        printMixedList(op, p, "static_sizes", segment(op, 2));
        p.print(", strides: ");
        printMixedList(op, p, "static_strides", segment(op, 3));
        printAttrDict(op, p, "static_offsets", "static_sizes", "static_strides");
        p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand source = parser.parseOperand();
        parser.parseKeyword("to");
        ShapedSyntax.MixedList offsets = labelledList(parser, "offset");
        parser.parsePunct(",");
        ShapedSyntax.MixedList sizes = labelledList(parser, "sizes");
        parser.parsePunct(",");
        ShapedSyntax.MixedList strides = labelledList(parser, "strides");
        parser.parseOptionalAttrDict(state.attributes);
        Type sourceType = parser.parseColonType();
        parser.parseKeyword("to");
        state.resultTypes.add(parser.parseType());
        state.operands.add(parser.resolveOperand(source, sourceType));
        MemRefDialect.addSliceLists(parser, state, offsets, sizes, strides, 1);
    });

    private static ShapedSyntax.MixedList labelledList(OpAsmParser parser, String label) {
        parser.parseKeyword(label);
        parser.parsePunct(":");
        return ShapedSyntax.parseMixedList(parser);
    }

    static LogicalResult verifyReinterpretCast(Operation op) {
        if (ShapedSyntax.verifySegments(op, 4).failed()) {
            return LogicalResult.failure();
        }
        Type sourceType = op.operand(0).type();
        if (!(sourceType instanceof MemRefType || sourceType instanceof UnrankedMemRefType)) {
            return op.emitOpError("operand #0 must be ranked or unranked memref of any type values, but got '"
                    + text(sourceType) + "'");
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof MemRefType result)) {
            return op.emitOpError("result #0 must be memref of any type values");
        }
        ShapedType source = (ShapedType) sourceType;
        Attribute sourceSpace = sourceType instanceof MemRefType m ? m.memorySpace()
                : ((UnrankedMemRefType) sourceType).memorySpace();
        if (MemRefVerifiers.verifySliceLists(op, new int[] {1, result.rank(), result.rank()}, 1).failed()) {
            return LogicalResult.failure();
        }
        if (!Objects.equals(sourceSpace, result.memorySpace())) {
            return op.emitError("different memory spaces specified for source type '" + text(sourceType)
                    + "' and result memref type '" + text(result) + "'");
        }
        if (!source.elementType().equals(result.elementType())) {
            return op.emitError("different element types specified for source type '" + text(sourceType)
                    + "' and result memref type '" + text(result) + "'");
        }
        long[] sizes = longs(op.attribute("static_sizes"));
        for (int i = 0; i < result.rank(); i++) {
            long got = result.shape().get(i);
            if (got != ShapedType.DYNAMIC && got != sizes[i]) {
                return op.emitError("expected result type with size = " + staticOrDynamic(sizes[i]) + " instead of "
                        + got + " in dim = " + i);
            }
        }
        long[] layout = MemRefLayouts.stridesAndOffset(result);
        if (layout == null) {
            return op.emitError("expected result type to have strided layout but found '" + text(result) + "'");
        }
        long offset = longs(op.attribute("static_offsets"))[0];
        if (layout[0] != ShapedType.DYNAMIC && layout[0] != offset) {
            return op.emitError("expected result type with offset = " + staticOrDynamic(offset) + " instead of "
                    + layout[0]);
        }
        long[] strides = longs(op.attribute("static_strides"));
        for (int i = 0; i < result.rank(); i++) {
            long got = layout[i + 1];
            if (got != ShapedType.DYNAMIC && got != strides[i]) {
                return op.emitError("expected result type with stride = " + staticOrDynamic(strides[i])
                        + " instead of " + got + " in dim = " + i);
            }
        }
        return LogicalResult.success();
    }

    private static String staticOrDynamic(long v) {
        return v == ShapedType.DYNAMIC ? "dynamic" : Long.toString(v);
    }

    // ---------------------------------------------------------------- metadata extraction

    /** {@code %src : T -> R1, R2, ... {attrs}} (extract_strided_metadata, extract_aligned_pointer_as_index). */
    static final OpAssembly TO_RESULTS = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(" : ").printType(op.operand(0).type()).print(" -> ");
        for (int i = 0; i < op.numResults(); i++) {
            p.print(i == 0 ? "" : ", ").printType(op.result(i).type());
        }
        printAttrDict(op, p);
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand source = parser.parseOperand();
        Type sourceType = parser.parseColonType();
        parser.parsePunct("->");
        do {
            state.resultTypes.add(parser.parseType());
        } while (parser.parseOptionalPunct(","));
        parser.parseOptionalAttrDict(state.attributes);
        state.operands.add(parser.resolveOperand(source, sourceType));
    });

    static LogicalResult verifyExtractStridedMetadata(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof MemRefType source)
                || MemRefLayouts.stridesAndOffset(source) == null) {
            return op.emitOpError("operand #0 must be strided memref of any type values");
        }
        List<Type> inferred = new ArrayList<>();
        inferred.add(new MemRefType(List.of(), source.elementType(), null, source.memorySpace()));
        for (int i = 0; i < 2 * source.rank() + 1; i++) {
            inferred.add(IndexType.INSTANCE);
        }
        if (!inferred.equals(op.resultTypes())) {
            op.emitOpError("inferred type(s) " + quoted(inferred) + " are incompatible with return type(s) of"
                    + " operation " + quoted(op.resultTypes()));
            return op.emitOpError("failed to infer returned types");
        }
        return LogicalResult.success();
    }

    private static String quoted(List<Type> types) {
        return types.stream().map(t -> "'" + text(t) + "'").collect(Collectors.joining(", "));
    }

    static LogicalResult verifyExtractAlignedPointer(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof MemRefType
                || op.operand(0).type() instanceof UnrankedMemRefType)) {
            return op.emitOpError("operand #0 must be ranked or unranked memref of any type values");
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof IndexType)) {
            return op.emitOpError("result #0 must be index, but got '"
                    + (op.numResults() == 1 ? text(op.result(0).type()) : "<none>") + "'");
        }
        return LogicalResult.success();
    }
}
