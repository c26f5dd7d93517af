package org.hipep.dialects.memref;

import static org.hipep.dialects.memref.ShapedSyntax.addMixedList;
import static org.hipep.dialects.memref.ShapedSyntax.assembly;
import static org.hipep.dialects.memref.ShapedSyntax.parseMixedList;
import static org.hipep.dialects.memref.ShapedSyntax.printAttrDict;
import static org.hipep.dialects.memref.ShapedSyntax.printMixedList;
import static org.hipep.dialects.memref.ShapedSyntax.segment;
import static org.hipep.dialects.memref.ShapedSyntax.segments;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * The {@code memref} dialect: {@code alloc}, {@code alloca}, {@code dealloc}, {@code global},
 * {@code get_global}, {@code load}, {@code store}, {@code copy}, {@code dim}, {@code cast},
 * {@code subview}, {@code collapse_shape}, {@code expand_shape}, and the view-like ops of
 * {@link MemRefViews} ({@code view}, {@code reinterpret_cast}, {@code extract_strided_metadata},
 * {@code extract_aligned_pointer_as_index}), with MLIR's custom forms, properties and verifier
 * messages.
 */
public final class MemRefDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "memref";

    /** Constructor for the registry. */
    public MemRefDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        for (String alloc : List.of("alloc", "alloca")) {
            addOperation(alloc).summary("Memory allocation operation")
                    .inherentAttributes("alignment", ShapedSyntax.SEGMENTS)
                    .verifier(MemRefVerifiers::verifyAlloc).assembly(ALLOC).register();
        }
        addOperation("dealloc").summary("Memory deallocation operation")
                .verifier(MemRefVerifiers::verifyDealloc).assembly(DEALLOC).register();
        addOperation("global").summary("Declare or define a global memref variable")
                .traits(OpTrait.Symbol.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR, SymbolTable.VISIBILITY_ATTR, "type", "initial_value",
                        "constant", "alignment")
                .verifier(MemRefVerifiers::verifyGlobal).assembly(GLOBAL).register();
        addOperation("get_global").summary("Get the memref pointing to a global variable")
                .traits(OpTrait.Pure.class).inherentAttributes("name")
                .symbolUseVerifier(MemRefVerifiers::verifyGetGlobal).assembly(GET_GLOBAL).register();
        addOperation("load").summary("Load operation").inherentAttributes("nontemporal", "alignment")
                .verifier(MemRefVerifiers::verifyLoad).assembly(LOAD).register();
        addOperation("store").summary("Store operation").inherentAttributes("nontemporal", "alignment")
                .verifier(MemRefVerifiers::verifyStore).assembly(STORE).register();
        addOperation("copy").summary("Copies the data from the source to the destination memref")
                .verifier(MemRefVerifiers::verifyCopy).assembly(COPY).register();
        addOperation("dim").summary("Dimension index operation").traits(OpTrait.Pure.class)
                .verifier(MemRefVerifiers::verifyDim).assembly(DIM).register();
        addOperation("cast").summary("Memref cast operation").traits(OpTrait.Pure.class)
                .verifier(MemRefVerifiers::verifyCast).assembly(CAST).register();
        addOperation("subview").summary("Memref subview operation").traits(OpTrait.Pure.class)
                .inherentAttributes(ShapedSyntax.SEGMENTS, "static_offsets", "static_sizes", "static_strides")
                .verifier(MemRefVerifiers::verifySubView).assembly(SUBVIEW).register();
        addOperation("collapse_shape").summary("Operation to produce a memref with a smaller rank")
                .traits(OpTrait.Pure.class).inherentAttributes("reassociation")
                .verifier(MemRefVerifiers::verifyCollapseShape).assembly(collapseShapeAssembly()).register();
        addOperation("expand_shape").summary("Operation to produce a memref with a higher rank")
                .traits(OpTrait.Pure.class).inherentAttributes("reassociation", "static_output_shape")
                .verifier(MemRefVerifiers::verifyExpandShape).assembly(expandShapeAssembly()).register();
        addOperation("view").summary("Memref view operation").traits(OpTrait.Pure.class)
                .verifier(MemRefViews::verifyView).assembly(MemRefViews.VIEW).register();
        addOperation("reinterpret_cast").summary("Memref reinterpret cast operation").traits(OpTrait.Pure.class)
                .inherentAttributes(ShapedSyntax.SEGMENTS, "static_offsets", "static_sizes", "static_strides")
                .verifier(MemRefViews::verifyReinterpretCast).assembly(MemRefViews.REINTERPRET_CAST).register();
        addOperation("extract_strided_metadata").summary("Extracts a buffer base with offset and strides")
                .traits(OpTrait.Pure.class).verifier(MemRefViews::verifyExtractStridedMetadata)
                .assembly(MemRefViews.TO_RESULTS).register();
        addOperation("extract_aligned_pointer_as_index")
                .summary("Extracts a memref's underlying aligned pointer as an index").traits(OpTrait.Pure.class)
                .verifier(MemRefViews::verifyExtractAlignedPointer).assembly(MemRefViews.TO_RESULTS).register();
    }

    // ---------------------------------------------------------------- custom forms

    /** {@code (%d0, %d1) [%s0] {attrs} : memref<...>}. */
    private static final OpAssembly ALLOC = assembly((op, p) -> {
        p.print("(").printOperands(segment(op, 0)).print(")");
        if (!segment(op, 1).isEmpty()) {
            p.print("[").printOperands(segment(op, 1)).print("]");
        }
        printAttrDict(op, p);
        p.print(" : ").printType(op.result(0).type());
    }, (parser, state) -> {
        parser.parsePunct("(");
        List<OpAsmParser.UnresolvedOperand> sizes = parser.parseOperandList();
        parser.parsePunct(")");
        List<OpAsmParser.UnresolvedOperand> symbols = List.of();
        if (parser.parseOptionalPunct("[")) {
            symbols = parser.parseOperandList();
            parser.parsePunct("]");
        }
        parser.parseOptionalAttrDict(state.attributes);
        state.resultTypes.add(parser.parseColonType());
        resolveIndices(parser, state, sizes);
        resolveIndices(parser, state, symbols);
        state.addAttribute(ShapedSyntax.SEGMENTS, segments(sizes.size(), symbols.size()));
    });

    /** {@code %m {attrs} : memref<...>}: one operand whose type is printed. */
    static final OpAssembly DEALLOC = unaryNoResult();

    private static final OpAssembly GLOBAL = assembly((op, p) -> {
        if (op.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr vis) {
            p.print(" ").printString(vis.value());
        }
        ShapedSyntax.printUnitKeyword(op, p, "constant");
        p.print(" ").printSymbolName(String.valueOf(SymbolTable.symbolName(op)));
        Type type = op.attribute("type") instanceof TypeAttr t ? t.value() : null;
        p.print(" : ").printType(type);
        var init = op.attribute("initial_value");
        if (init instanceof UnitAttr) {
            p.print(" = uninitialized");
        } else if (init != null) {
            p.print(" = ").printAttributeWithoutType(init);
        }
        printAttrDict(op, p, SymbolTable.SYMBOL_ATTR, SymbolTable.VISIBILITY_ATTR, "type", "initial_value",
                "constant");
    }, (parser, state) -> {
        String vis = parser.parseOptionalString();
        if (vis != null) {
            state.addAttribute(SymbolTable.VISIBILITY_ATTR, new StringAttr(vis));
        }
        ShapedSyntax.parseUnitKeyword(parser, state, "constant");
        state.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(parser.parseSymbolName()));
        Type type = parser.parseColonType();
        state.addAttribute("type", new TypeAttr(type));
        if (parser.parseOptionalPunct("=")) {
            if (parser.parseOptionalKeyword("uninitialized")) {
                state.addAttribute("initial_value", UnitAttr.INSTANCE);
            } else {
                if (!(type instanceof MemRefType m)) {
                    throw parser.error("type should be static shaped memref, but got '" + ShapedSyntax.text(type)
                            + "'");
                }
                state.addAttribute("initial_value", parser.parseAttribute(
                        RankedTensorType.of(m.shape(), m.elementType())));
            }
        }
        parser.parseOptionalAttrDict(state.attributes);
    });

    private static final OpAssembly GET_GLOBAL = assembly((op, p) -> {
        p.print(" ").printAttributeWithoutType(op.attribute("name"));
        p.print(" : ").printType(op.result(0).type());
        printAttrDict(op, p, "name");
    }, (parser, state) -> {
        state.addAttribute("name", SymbolRefAttr.flat(parser.parseSymbolName()));
        state.resultTypes.add(parser.parseColonType());
        parser.parseOptionalAttrDict(state.attributes);
    });

    private static final OpAssembly LOAD = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0));
        p.print("[").printOperands(op.operands().subList(1, op.numOperands())).print("]");
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(0).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand memref = parser.parseOperand();
        List<OpAsmParser.UnresolvedOperand> indices = parseIndexList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        state.operands.add(parser.resolveOperand(memref, type));
        resolveIndices(parser, state, indices);
        state.resultTypes.add(elementType(parser, type));
    });

    private static final OpAssembly STORE = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(", ").printOperand(op.operand(1));
        p.print("[").printOperands(op.operands().subList(2, op.numOperands())).print("]");
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(1).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand value = parser.parseOperand();
        parser.parsePunct(",");
        OpAsmParser.UnresolvedOperand memref = parser.parseOperand();
        List<OpAsmParser.UnresolvedOperand> indices = parseIndexList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        state.operands.add(parser.resolveOperand(value, elementType(parser, type)));
        state.operands.add(parser.resolveOperand(memref, type));
        resolveIndices(parser, state, indices);
    });

    private static final OpAssembly COPY = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0)).print(", ").printOperand(op.operand(1));
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.operand(1).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        parser.parsePunct(",");
        OpAsmParser.UnresolvedOperand dst = parser.parseOperand();
        parser.parseOptionalAttrDict(state.attributes);
        Type srcType = parser.parseColonType();
        parser.parseKeyword("to");
        Type dstType = parser.parseType();
        state.operands.add(parser.resolveOperand(src, srcType));
        state.operands.add(parser.resolveOperand(dst, dstType));
    });

    /** {@code {attrs} %src, %index : type} (memref.dim and tensor.dim). */
    public static final OpAssembly DIM = assembly((op, p) -> {
        printAttrDict(op, p);
        p.print(" ").printOperand(op.operand(0)).print(", ").printOperand(op.operand(1));
        p.print(" : ").printType(op.operand(0).type());
    }, (parser, state) -> {
        parser.parseOptionalAttrDict(state.attributes);
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        parser.parsePunct(",");
        OpAsmParser.UnresolvedOperand index = parser.parseOperand();
        Type type = parser.parseColonType();
        state.operands.add(parser.resolveOperand(src, type));
        state.operands.add(parser.resolveOperand(index, IndexType.INSTANCE));
        state.resultTypes.add(IndexType.INSTANCE);
    });

    /** {@code %src {attrs} : type to type} (memref.cast and tensor.cast). */
    public static final OpAssembly CAST = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0));
        printAttrDict(op, p);
        p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        parser.parseOptionalAttrDict(state.attributes);
        Type srcType = parser.parseColonType();
        parser.parseKeyword("to");
        state.resultTypes.add(parser.parseType());
        state.operands.add(parser.resolveOperand(src, srcType));
    });

    /** {@code %src[offsets] [sizes] [strides] {attrs} : type to type} (memref.subview, tensor.extract_slice). */
    public static final OpAssembly SUBVIEW = assembly((op, p) -> {
        p.print(" ").printOperand(op.operand(0));
        printSliceLists(op, p, 1);
        printAttrDict(op, p, "static_offsets", "static_sizes", "static_strides");
        p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
    }, (parser, state) -> {
        OpAsmParser.UnresolvedOperand src = parser.parseOperand();
        ShapedSyntax.MixedList offsets = parseMixedList(parser);
        ShapedSyntax.MixedList sizes = parseMixedList(parser);
        ShapedSyntax.MixedList strides = parseMixedList(parser);
        parser.parseOptionalAttrDict(state.attributes);
        Type srcType = parser.parseColonType();
        parser.parseKeyword("to");
        state.resultTypes.add(parser.parseType());
        state.operands.add(parser.resolveOperand(src, srcType));
        addSliceLists(parser, state, offsets, sizes, strides, 1);
    });

    /** Writes the offsets, sizes and strides lists whose operand groups start at {@code firstGroup}. */
    public static void printSliceLists(Operation op, OpAsmPrinter p, int firstGroup) {
        printMixedList(op, p, "static_offsets", segment(op, firstGroup));
        p.print(" ");
        printMixedList(op, p, "static_sizes", segment(op, firstGroup + 1));
        p.print(" ");
        printMixedList(op, p, "static_strides", segment(op, firstGroup + 2));
    }

    /** Adds the parsed offsets, sizes and strides and the {@code operandSegmentSizes} property. */
    public static void addSliceLists(OpAsmParser parser, OperationState state, ShapedSyntax.MixedList offsets,
            ShapedSyntax.MixedList sizes, ShapedSyntax.MixedList strides, int leadingOperands) {
        long[] seg = new long[leadingOperands + 3];
        java.util.Arrays.fill(seg, 0, leadingOperands, 1);
        seg[leadingOperands] = addMixedList(parser, state, offsets, "static_offsets");
        seg[leadingOperands + 1] = addMixedList(parser, state, sizes, "static_sizes");
        seg[leadingOperands + 2] = addMixedList(parser, state, strides, "static_strides");
        state.addAttribute(ShapedSyntax.SEGMENTS, segments(seg));
    }

    /** {@code %src [[0, 1], [2]] {attrs} : type into type}. */
    public static OpAssembly collapseShapeAssembly() {
        return reshapeAssembly(false);
    }

    /** {@code %src [[0, 1], [2]] output_shape [2, %d, 4] {attrs} : type into type}. */
    public static OpAssembly expandShapeAssembly() {
        return reshapeAssembly(true);
    }

    private static OpAssembly reshapeAssembly(boolean expand) {
        return assembly((op, p) -> {
            p.print(" ").printOperand(op.operand(0)).print(" ");
            ShapedSyntax.printReassociation(op, p);
            if (expand) {
                p.print(" output_shape ");
                printMixedList(op, p, "static_output_shape", op.operands().subList(1, op.numOperands()));
            }
            printAttrDict(op, p, "reassociation", "static_output_shape");
            p.print(" : ").printType(op.operand(0).type()).print(" into ").printType(op.result(0).type());
        }, (parser, state) -> {
            OpAsmParser.UnresolvedOperand src = parser.parseOperand();
            state.addAttribute("reassociation", ShapedSyntax.parseReassociation(parser));
            ShapedSyntax.MixedList shape = null;
            if (expand) {
                parser.parseKeyword("output_shape");
                shape = parseMixedList(parser);
            }
            parser.parseOptionalAttrDict(state.attributes);
            Type srcType = parser.parseColonType();
            parser.parseKeyword("into");
            state.resultTypes.add(parser.parseType());
            state.operands.add(parser.resolveOperand(src, srcType));
            if (expand) {
                addMixedList(parser, state, shape, "static_output_shape");
            }
        });
    }

    // ---------------------------------------------------------------- parse helpers

    /** {@code %v {attrs} : type}: one operand, no results. */
    public static OpAssembly unaryNoResult() {
        return assembly((op, p) -> {
            p.print(" ").printOperand(op.operand(0));
            printAttrDict(op, p);
            p.print(" : ").printType(op.operand(0).type());
        }, (parser, state) -> {
            OpAsmParser.UnresolvedOperand v = parser.parseOperand();
            parser.parseOptionalAttrDict(state.attributes);
            state.operands.add(parser.resolveOperand(v, parser.parseColonType()));
        });
    }

    /** Reads {@code [%i, %j]}. */
    public static List<OpAsmParser.UnresolvedOperand> parseIndexList(OpAsmParser parser) {
        parser.parsePunct("[");
        List<OpAsmParser.UnresolvedOperand> out = new ArrayList<>(parser.parseOperandList());
        parser.parsePunct("]");
        return out;
    }

    /** Resolves SSA uses as {@code index} values and appends them to the operands. */
    public static void resolveIndices(OpAsmParser parser, OperationState state,
            List<OpAsmParser.UnresolvedOperand> uses) {
        for (OpAsmParser.UnresolvedOperand u : uses) {
            state.operands.add(parser.resolveOperand(u, IndexType.INSTANCE));
        }
    }

    /** The element type of a shaped type, else a parse error. */
    public static Type elementType(OpAsmParser parser, Type type) {
        if (type instanceof ShapedType s) {
            return s.elementType();
        }
        throw parser.error("expected a shaped type, got '" + ShapedSyntax.text(type) + "'");
    }
}
