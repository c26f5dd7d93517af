package org.hipep.dialects.bufferization;

import static org.hipep.dialects.memref.ShapedSyntax.assembly;
import static org.hipep.dialects.memref.ShapedSyntax.parseUnitKeyword;
import static org.hipep.dialects.memref.ShapedSyntax.printAttrDict;
import static org.hipep.dialects.memref.ShapedSyntax.printUnitKeyword;
import static org.hipep.dialects.memref.ShapedSyntax.segment;
import static org.hipep.dialects.memref.ShapedSyntax.segments;

import java.util.List;
import org.hipep.dialects.memref.MemRefDialect;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/**
 * The {@code bufferization} dialect: {@code to_tensor}, {@code to_buffer} (MLIR 22's name for
 * {@code to_memref}), {@code alloc_tensor}, {@code materialize_in_destination} and
 * {@code dealloc_tensor}, with MLIR's custom forms, properties and verifier messages.
 */
public final class BufferizationDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "bufferization";

    /** Constructor for the registry. */
    public BufferizationDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("to_tensor").summary("Create a tensor-like type from a buffer-like type")
                .inherentAttributes("restrict", "writable")
                .verifier(op -> verifyTensorBufferPair(op, op.result(0).type(), op.operand(0).type()))
                .assembly(conversion(List.of("restrict", "writable"))).register();
        addOperation("to_buffer").summary("Cast a tensor-like type to buffer-like type")
                .inherentAttributes("read_only")
                .verifier(op -> verifyTensorBufferPair(op, op.operand(0).type(), op.result(0).type()))
                .assembly(conversion(List.of("read_only"))).register();
        addOperation("alloc_tensor").summary("Allocate buffer for a tensor")
                .inherentAttributes("memory_space", ShapedSyntax.SEGMENTS)
                .verifier(BufferizationDialect::verifyAllocTensor).assembly(ALLOC_TENSOR).register();
        addOperation("materialize_in_destination").summary("Copy a tensor")
                .inherentAttributes("restrict", "writable")
                .verifier(BufferizationDialect::verifyMaterialize).assembly(MATERIALIZE).register();
        addOperation("dealloc_tensor").summary("Release underlying storage format of given tensor")
                .verifier(op -> op.operand(0).type() instanceof RankedTensorType
                        || op.operand(0).type() instanceof UnrankedTensorType ? LogicalResult.success()
                        : op.emitOpError("operand #0 must be tensor of any type values"))
                .assembly(MemRefDialect.unaryNoResult()).register();
    }

    /** {@code %src [keywords] {attrs} : type to type}. */
    private static OpAssembly conversion(List<String> keywords) {
        return assembly((op, p) -> {
            p.print(" ").printOperand(op.operand(0));
            keywords.forEach(k -> printUnitKeyword(op, p, k));
            printAttrDict(op, p, keywords.toArray(String[]::new));
            p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
        }, (parser, state) -> {
            OpAsmParser.UnresolvedOperand src = parser.parseOperand();
            keywords.forEach(k -> parseUnitKeyword(parser, state, k));
            parser.parseOptionalAttrDict(state.attributes);
            Type srcType = parser.parseColonType();
            parser.parseKeyword("to");
            state.resultTypes.add(parser.parseType());
            state.operands.add(parser.resolveOperand(src, srcType));
        });
    }

    /** {@code (%d) copy(%t) {attrs} : type}. */
    private static final OpAssembly ALLOC_TENSOR = assembly((op, p) -> {
        p.print("(").printOperands(segment(op, 0)).print(")");
        if (!segment(op, 1).isEmpty()) {
            p.print(" copy(").printOperands(segment(op, 1)).print(")");
        }
        if (!segment(op, 2).isEmpty()) {
            p.print(" size_hint = ").printOperands(segment(op, 2));
        }
        printAttrDict(op, p);
        p.print(" : ").printType(op.result(0).type());
    }, (parser, state) -> {
        parser.parsePunct("(");
        List<OpAsmParser.UnresolvedOperand> sizes = parser.parseOperandList();
        parser.parsePunct(")");
        OpAsmParser.UnresolvedOperand copy = null;
        if (parser.parseOptionalKeyword("copy")) {
            parser.parsePunct("(");
            copy = parser.parseOperand();
            parser.parsePunct(")");
        }
        OpAsmParser.UnresolvedOperand hint = null;
        if (parser.parseOptionalKeyword("size_hint")) {
            parser.parsePunct("=");
            hint = parser.parseOperand();
        }
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        state.resultTypes.add(type);
        MemRefDialect.resolveIndices(parser, state, sizes);
        if (copy != null) {
            state.operands.add(parser.resolveOperand(copy, type));
        }
        if (hint != null) {
            MemRefDialect.resolveIndices(parser, state, List.of(hint));
        }
        state.addAttribute(ShapedSyntax.SEGMENTS, segments(sizes.size(), copy == null ? 0 : 1, hint == null ? 0 : 1));
    });

    /** {@code %src in [restrict] [writable] %dest {attrs} : (types) -> results}. */
    private static final OpAssembly MATERIALIZE = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(" in");
        printUnitKeyword(op, p, "restrict");
        printUnitKeyword(op, p, "writable");
        p.print(" ").printOperand(op.operand(1));
        printAttrDict(op, p, "restrict", "writable");
        p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        parser.parseKeyword("in");
        parseUnitKeyword(parser, state, "restrict");
        parseUnitKeyword(parser, state, "writable");
        OpAsmParser.UnresolvedOperand dest = parser.parseOperand();
        parser.parseOptionalAttrDict(state.attributes);
        var at = parser.currentLocation();
        parser.parsePunct(":");
        FunctionType ft = parser.parseFunctionType();
        state.operands.addAll(parser.resolveOperands(List.of(src, dest), ft.inputs(), at));
        state.resultTypes.addAll(ft.results());
    });

    /** MLIR's check that a tensor and a buffer have the same shape and element type. */
    private static LogicalResult verifyTensorBufferPair(Operation op, Type tensor, Type buffer) {
        boolean tensorOk = tensor instanceof RankedTensorType || tensor instanceof UnrankedTensorType;
        boolean bufferOk = buffer instanceof MemRefType || buffer instanceof UnrankedMemRefType;
        if (!tensorOk || !bufferOk) {
            return op.emitOpError("expects a tensor and a memref");
        }
        ShapedType t = (ShapedType) tensor;
        ShapedType b = (ShapedType) buffer;
        if (t.hasRank() != b.hasRank() || (t.hasRank() && !t.shape().equals(b.shape()))) {
            op.emitError("shapes do not match");
            return op.emitOpError("failed to verify that specified tensor and buffer types match");
        }
        if (!t.elementType().equals(b.elementType())) {
            op.emitError("element types do not match");
            return op.emitOpError("failed to verify that specified tensor and buffer types match");
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyAllocTensor(Operation op) {
        if (ShapedSyntax.verifySegments(op, 3).failed()) {
            return LogicalResult.failure();
        }
        if (!(op.result(0).type() instanceof RankedTensorType t)) {
            return op.emitOpError("result #0 must be ranked tensor of any type values");
        }
        List<org.hipep.ir.Value> copy = segment(op, 1);
        if (!copy.isEmpty() && !segment(op, 0).isEmpty()) {
            return op.emitOpError("dynamic sizes not needed when copying a tensor");
        }
        if (!copy.isEmpty() && !copy.get(0).type().equals(t)) {
            return op.emitOpError("expected that `copy` and return type match");
        }
        int expected = (int) t.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        if (copy.isEmpty() && segment(op, 0).size() != expected) {
            return op.emitOpError("incorrect number of dynamic sizes, has " + segment(op, 0).size() + ", expected "
                    + expected);
        }
        return ShapedSyntax.verifyIndices(op, segment(op, 0), 0);
    }

    private static LogicalResult verifyMaterialize(Operation op) {
        if (op.numOperands() != 2 || !(op.operand(0).type() instanceof ShapedType src)
                || !(op.operand(1).type() instanceof ShapedType dest)) {
            return op.emitOpError("expects a tensor source and a tensor or memref destination");
        }
        boolean toBuffer = dest instanceof MemRefType || dest instanceof UnrankedMemRefType;
        if (toBuffer != (op.attribute("writable") != null)) {
            return op.emitOpError("'writable' must be specified if and only if the destination is of memref type");
        }
        if (toBuffer && op.numResults() != 0) {
            return op.emitOpError("memref destination requires no results");
        }
        if (!toBuffer && (op.numResults() != 1 || !op.result(0).type().equals(dest))) {
            return op.emitOpError("tensor destination requires one result of the destination type");
        }
        if (src.hasRank() && dest.hasRank() && !ShapedSyntax.compatibleShapes(src.shape(), dest.shape())) {
            return op.emitOpError("source/destination shapes are incompatible");
        }
        if (!src.elementType().equals(dest.elementType())) {
            return op.emitOpError("source/destination element types are incompatible");
        }
        return LogicalResult.success();
    }
}
