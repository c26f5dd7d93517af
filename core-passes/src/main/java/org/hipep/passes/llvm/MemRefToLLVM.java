package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.dialects.memref.MemRefDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code memref} to-LLVM model (MLIR's {@code MemRefToLLVM.cpp}, the patterns of
 * {@code finalize-memref-to-llvm}) on ranked memrefs with identity or strided layouts:
 *
 * <ul>
 *   <li>{@code alloc}: the byte size ({@code ptrtoint} of a GEP from null), {@code malloc}
 *       (declared once at the start of the module), with {@code alignment} the size padded by it
 *       and the aligned pointer rounded up; {@code alloca}: {@code llvm.alloca} of the element
 *       count; {@code dealloc}: {@code free} of the allocated pointer. The descriptor gets offset 0
 *       and the row-major strides.</li>
 *   <li>{@code load}/{@code store}: the aligned pointer advanced by offset + Σ index·stride
 *       ({@code nsw nuw}, a GEP {@code inbounds|nuw}); static strides and offset as constants.</li>
 *   <li>{@code dim} (a static size becomes a constant, a constant index reads the size, a
 *       run-time one loads it from the sizes array stored to the stack, an unranked memref's
 *       is loaded through its pointer); {@code cast} between
 *       ranked memrefs (the descriptor as it is), to unranked (the descriptor stored on the
 *       stack, paired with the rank) and back (loaded from that pointer); {@code copy} of identity or static contiguous
 *       layouts ({@code llvm.intr.memcpy} of size·element size), of other layouts a call of the
 *       runtime's {@code memrefCopy} with the descriptors on the stack (an unranked memref's as
 *       it is).</li>
 *   <li>{@code global} → {@code llvm.mlir.global} of nested arrays (private when the symbol is,
 *       an {@code uninitialized} one a body returning {@code undef}); {@code get_global} → its
 *       address, the allocated pointer being the dead marker {@code 0xdeadbeef}.</li>
 *   <li>{@code view}, {@code reinterpret_cast}, {@code extract_strided_metadata},
 *       {@code extract_aligned_pointer_as_index}: descriptor fields copied and set.</li>
 * </ul>
 * {@code subview}, {@code collapse_shape} and {@code expand_shape} are rewritten into
 * {@code reinterpret_cast} by {@code expand-strided-metadata} first, as upstream. Allocations and
 * globals of non-identity layouts stay, as upstream leaves them. Unranked memrefs are handled
 * where upstream handles them (cast, copy, dim, dealloc, reinterpret_cast,
 * extract_aligned_pointer_as_index), through the pointer to the ranked descriptor.
 */
public final class MemRefToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the memref dialect. */
    public static final MemRefToLLVM INSTANCE = new MemRefToLLVM();

    static final List<String> LOWERED = List.of("alloc", "alloca", "dealloc", "load", "store", "dim", "cast", "copy",
            "global", "get_global", "view", "reinterpret_cast", "extract_strided_metadata",
            "extract_aligned_pointer_as_index");

    private MemRefToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        for (String op : LOWERED) {
            if (op.equals("alloc") || op.equals("alloca")) {
                // An allocation of a non-identity layout is left as it is, as upstream leaves it.
                target.addDynamicallyLegalOp(name(op), o -> !LLVMTypeConverter.typesConvert(typeConverter, o)
                        || !(o.result(0).type() instanceof MemRefType m && m.layout() == null));
            } else if (op.equals("global")) {
                // As upstream, a global of a non-identity layout stays, and so do its get_globals.
                target.addDynamicallyLegalOp(name(op), o -> !(o.attribute("type") instanceof TypeAttr t
                        && t.value() instanceof MemRefType m && m.layout() == null
                        && typeConverter.convertType(m) != null));
            } else if (op.equals("get_global")) {
                target.addDynamicallyLegalOp(name(op), o -> !LLVMTypeConverter.typesConvert(typeConverter, o)
                        || !(o.result(0).type() instanceof MemRefType m && m.layout() == null));
            } else {
                target.addDynamicallyLegalOp(name(op), o -> !LLVMTypeConverter.typesConvert(typeConverter, o));
            }
        }
        populatePatterns(typeConverter, patterns);
    }

    /** Adds the memref patterns. */
    public static void populatePatterns(TypeConverter tc, RewritePatternSet patterns) {
        add(patterns, tc, "alloc", MemRefToLLVM::alloc);
        add(patterns, tc, "alloca", MemRefToLLVM::alloca);
        add(patterns, tc, "dealloc", MemRefToLLVM::dealloc);
        add(patterns, tc, "load", MemRefToLLVM::load);
        add(patterns, tc, "store", MemRefToLLVM::store);
        add(patterns, tc, "dim", MemRefToLLVM::dim);
        add(patterns, tc, "cast", MemRefToLLVM::cast);
        add(patterns, tc, "copy", MemRefToLLVM::copy);
        add(patterns, tc, "global", MemRefToLLVM::global);
        add(patterns, tc, "get_global", MemRefToLLVM::getGlobal);
        add(patterns, tc, "view", MemRefViewsToLLVM::view);
        add(patterns, tc, "reinterpret_cast", MemRefViewsToLLVM::reinterpretCast);
        add(patterns, tc, "extract_strided_metadata", MemRefViewsToLLVM::extractStridedMetadata);
        add(patterns, tc, "extract_aligned_pointer_as_index", MemRefViewsToLLVM::extractAlignedPointer);
    }

    private static void add(RewritePatternSet patterns, TypeConverter tc, String op, ConversionPattern.Rewrite rw) {
        patterns.add(ConversionPattern.of(name(op), 1, tc, "memref-" + op + "-to-llvm", rw));
    }

    private static String name(String op) {
        return MemRefDialect.NAMESPACE + "." + op;
    }

    static Type convert(ConversionPatternRewriter r, Type t) {
        return r.currentTypeConverter().convertType(t);
    }

    // ---------------------------------------------------------------- allocation

    private static LogicalResult alloc(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType type = (MemRefType) op.result(0).type();
        Type desc = convert(r, type);
        Type elem = convert(r, type.elementType());
        if (desc == null || type.layout() != null) {
            return r.notifyMatchFailure(op, "only identity layouts are allocated");
        }
        Location loc = op.location();
        int numDynamic = (int) type.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        MemRefDescriptor.Sizes s = MemRefDescriptor.descriptorSizes(r, loc, type, operands.subList(0, numDynamic),
                elem, true);
        Value size = s.size();
        Value alignment = null;
        if (op.attribute("alignment") instanceof IntegerAttr a) {
            alignment = MemRefDescriptor.indexConstant(r, loc, a.value().longValue());
            size = MemRefDescriptor.arith(r, loc, "add", size, alignment, 0);
        }
        LLVMTypes.PointerType ptr = (LLVMTypes.PointerType) ((LLVMTypes.StructType) desc).body().get(0);
        declare(op, r, "malloc", new LLVMTypes.FunctionType(LLVMTypes.PointerType.DEFAULT,
                List.of(LLVMTypeConverter.indexType()), false));
        Value allocated = LLVMOps.call(r, loc, "malloc", List.of(size), List.of(LLVMTypes.PointerType.DEFAULT))
                .result(0);
        if (ptr.addressSpace() != 0) {
            allocated = LLVMOps.value(r, loc, "addrspacecast", List.of(allocated), ptr, Map.of());
        }
        Value aligned = allocated;
        if (alignment != null) {
            Value asInt = LLVMOps.value(r, loc, "ptrtoint", List.of(allocated), LLVMTypeConverter.indexType(),
                    Map.of());
            Value one = MemRefDescriptor.indexConstant(r, loc, 1);
            Value bump = MemRefDescriptor.arith(r, loc, "sub", alignment, one, 0);
            Value bumped = MemRefDescriptor.arith(r, loc, "add", asInt, bump, 0);
            Value mod = LLVMOps.value(r, loc, "urem", List.of(bumped, alignment), bumped.type(), Map.of());
            Value rounded = MemRefDescriptor.arith(r, loc, "sub", bumped, mod, 0);
            aligned = LLVMOps.value(r, loc, "inttoptr", List.of(rounded), ptr, Map.of());
        }
        r.replaceOp(op, List.of(MemRefDescriptor.fresh(r, loc, desc, allocated, aligned, s.sizes(), s.strides())
                .value()));
        return LogicalResult.success();
    }

    private static LogicalResult alloca(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType type = (MemRefType) op.result(0).type();
        Type desc = convert(r, type);
        Type elem = convert(r, type.elementType());
        if (desc == null || type.layout() != null) {
            return r.notifyMatchFailure(op, "only identity layouts are allocated");
        }
        Location loc = op.location();
        int numDynamic = (int) type.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        MemRefDescriptor.Sizes s = MemRefDescriptor.descriptorSizes(r, loc, type, operands.subList(0, numDynamic),
                elem, false);
        Map<String, Attribute> props = new TreeMap<>();
        props.put("elem_type", new TypeAttr(elem));
        if (op.attribute("alignment") instanceof IntegerAttr a) {
            props.put("alignment", IntegerAttr.i64(a.value().longValue()));
        }
        Type ptr = ((LLVMTypes.StructType) desc).body().get(0);
        Value p = LLVMOps.value(r, loc, "alloca", List.of(s.size()), ptr, props);
        r.replaceOp(op, List.of(MemRefDescriptor.fresh(r, loc, desc, p, p, s.sizes(), s.strides()).value()));
        return LogicalResult.success();
    }

    private static LogicalResult dealloc(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        declare(op, r, "free", new LLVMTypes.FunctionType(LLVMTypes.VoidType.INSTANCE,
                List.of(LLVMTypes.PointerType.DEFAULT), false));
        MemRefDescriptor d = new MemRefDescriptor(r, op.location(), operands.get(0));
        // An unranked memref's allocated pointer is the first field of the descriptor it points to.
        Value allocated = op.operand(0).type() instanceof MemRefType ? d.allocatedPtr()
                : LLVMOps.value(r, op.location(), "load", List.of(d.extract(1)), LLVMTypes.PointerType.DEFAULT,
                        Map.of("ordering", IntegerAttr.i64(0)));
        LLVMOps.call(r, op.location(), "free", List.of(allocated), List.of());
        r.eraseOp(op);
        return LogicalResult.success();
    }

    /** Declares {@code name} once, at the start of the enclosing module, as upstream's lookupOrCreateFn. */
    private static void declare(Operation op, ConversionPatternRewriter r, String name, LLVMTypes.FunctionType type) {
        Operation module = op.parentWithTrait(OpTrait.SymbolTable.class);
        if (module != null) {
            LLVMOps.declareOnce(r, op.location(), module, name, type);
        }
    }

    // ---------------------------------------------------------------- access

    private static LogicalResult load(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType type = (MemRefType) op.operand(0).type();
        Type elem = convert(r, type.elementType());
        if (MemRefDescriptor.stridesAndOffset(type) == null || elem == null) {
            return r.notifyMatchFailure(op, "layout is not strided");
        }
        MemRefDescriptor d = new MemRefDescriptor(r, op.location(), operands.get(0));
        Value addr = d.stridedElementPtr(type, elem, operands.subList(1, operands.size()));
        r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), "load", List.of(addr), elem, accessProps(op))));
        return LogicalResult.success();
    }

    private static LogicalResult store(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType type = (MemRefType) op.operand(1).type();
        Type elem = convert(r, type.elementType());
        if (MemRefDescriptor.stridesAndOffset(type) == null || elem == null) {
            return r.notifyMatchFailure(op, "layout is not strided");
        }
        MemRefDescriptor d = new MemRefDescriptor(r, op.location(), operands.get(1));
        Value addr = d.stridedElementPtr(type, elem, operands.subList(2, operands.size()));
        LLVMOps.create(r, op.location(), "store", List.of(operands.get(0), addr), List.of(), accessProps(op));
        r.eraseOp(op);
        return LogicalResult.success();
    }

    private static Map<String, Attribute> accessProps(Operation op) {
        Map<String, Attribute> props = new TreeMap<>();
        props.put("ordering", IntegerAttr.i64(0));
        if (op.attribute("alignment") instanceof IntegerAttr a) {
            props.put("alignment", IntegerAttr.i64(a.value().longValue()));
        }
        if (op.attribute("nontemporal") instanceof BoolAttr nt && nt.value()) {
            props.put("nontemporal", UnitAttr.INSTANCE);
        }
        return props;
    }

    /** The constant value of {@code v} (an {@code arith.constant} or {@code llvm.mlir.constant}), or null. */
    private static Long constantIndex(Value v) {
        Operation def = v.definingOp();
        while (def != null && def.is(BuiltinDialect.UNREALIZED_CONVERSION_CAST)
                && def.numOperands() == 1) {
            def = def.operand(0).definingOp();
        }
        if (def != null && (def.is("arith.constant") || def.is(LLVMDialect.NAMESPACE + ".mlir.constant"))
                && def.attribute("value") instanceof IntegerAttr i) {
            return i.value().longValue();
        }
        return null;
    }

    private static LogicalResult dim(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        if (!(op.operand(0).type() instanceof MemRefType type)) {
            return unrankedDim(op, operands, r);
        }
        Long index = constantIndex(op.operand(1));
        if (index == null) {
            index = constantIndex(operands.get(1));
        }
        if (index == null || index < 0 || index >= type.shape().size()) {
            return dynamicDim(op, operands, r, type);
        }
        int i = index.intValue();
        Value size = type.shape().get(i) == ShapedType.DYNAMIC
                ? new MemRefDescriptor(r, op.location(), operands.get(0)).size(i)
                : MemRefDescriptor.indexConstant(r, op.location(), type.shape().get(i));
        r.replaceOp(op, List.of(size));
        return LogicalResult.success();
    }

    /**
     * {@code dim} of an unranked memref, as upstream: the ranked descriptor its pointer points to
     * is read as {@code (ptr, ptr, i64)} followed by the sizes, so the size is the {@code i64}
     * at index + 1 past the offset field.
     */
    private static LogicalResult unrankedDim(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        Location loc = op.location();
        Type ptr = LLVMTypes.PointerType.DEFAULT;
        Type head = LLVMTypes.StructType.literal(List.of(ptr, ptr, LLVMTypeConverter.indexType()));
        Value ranked = new MemRefDescriptor(r, loc, operands.get(0)).extract(1);
        Value offsetField = MemRefDescriptor.gep(r, loc, ranked, head, List.of(), new long[] {0, 2}, 0);
        Value next = MemRefDescriptor.arith(r, loc, "add", MemRefDescriptor.indexConstant(r, loc, 1),
                operands.get(1), 0);
        Value sizeField = MemRefDescriptor.gep(r, loc, offsetField, LLVMTypeConverter.indexType(), List.of(next),
                new long[] {MemRefDescriptor.DYNAMIC_INDEX}, 0);
        r.replaceOp(op, List.of(LLVMOps.value(r, loc, "load", List.of(sizeField), LLVMTypeConverter.indexType(),
                Map.of("ordering", IntegerAttr.i64(0)))));
        return LogicalResult.success();
    }

    /**
     * {@code dim} with a run-time index, as upstream: the sizes array is stored to a stack slot
     * and the indexed entry loaded back.
     */
    private static LogicalResult dynamicDim(Operation op, List<Value> operands, ConversionPatternRewriter r,
            MemRefType type) {
        if (type.shape().isEmpty()) {
            return r.notifyMatchFailure(op, "a rank-0 memref has no dimension");
        }
        Location loc = op.location();
        Value one = MemRefDescriptor.indexConstant(r, loc, 1);
        Value sizes = new MemRefDescriptor(r, loc, operands.get(0)).extract(MemRefDescriptor.SIZES);
        Type ptr = LLVMTypes.PointerType.DEFAULT;
        Value slot = LLVMOps.value(r, loc, "alloca", List.of(one), ptr, Map.of("elem_type", new TypeAttr(sizes.type())));
        LLVMOps.create(r, loc, "store", List.of(sizes, slot), List.of(), Map.of("ordering", IntegerAttr.i64(0)));
        Value at = MemRefDescriptor.gep(r, loc, slot, sizes.type(), List.of(operands.get(1)),
                new long[] {0, MemRefDescriptor.DYNAMIC_INDEX}, 0);
        r.replaceOp(op, List.of(LLVMOps.value(r, loc, "load", List.of(at), LLVMTypeConverter.indexType(),
                Map.of("ordering", IntegerAttr.i64(0)))));
        return LogicalResult.success();
    }

    private static LogicalResult cast(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        Type from = convert(r, op.operand(0).type());
        Type to = convert(r, op.result(0).type());
        if (from == null || to == null) {
            return r.notifyMatchFailure(op, "types do not convert");
        }
        Location loc = op.location();
        if (from.equals(to)) {
            r.replaceOp(op, List.of(operands.get(0)));
        } else if (op.operand(0).type() instanceof MemRefType m) {
            // Ranked to unranked: the descriptor goes to the stack, paired with the rank.
            Value slot = promote(r, loc, operands.get(0), MemRefDescriptor.indexConstant(r, loc, 1));
            Value rank = MemRefDescriptor.indexConstant(r, loc, m.shape().size());
            r.replaceOp(op, List.of(MemRefDescriptor.poison(r, loc, to).insert(rank, 0).insert(slot, 1).value()));
        } else {
            // Unranked to ranked: the ranked descriptor is loaded from the pointer.
            Value ptr = new MemRefDescriptor(r, loc, operands.get(0)).extract(1);
            r.replaceOp(op, List.of(LLVMOps.value(r, loc, "load", List.of(ptr), to,
                    Map.of("ordering", IntegerAttr.i64(0)))));
        }
        return LogicalResult.success();
    }

    private static LogicalResult copy(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        if (!(op.operand(0).type() instanceof MemRefType src) || !(op.operand(1).type() instanceof MemRefType dst)
                || !contiguous(src) || !contiguous(dst)) {
            return copyThroughRuntime(op, operands, r);
        }
        Location loc = op.location();
        Type elem = convert(r, src.elementType());
        MemRefDescriptor s = new MemRefDescriptor(r, loc, operands.get(0));
        MemRefDescriptor d = new MemRefDescriptor(r, loc, operands.get(1));
        Value n = MemRefDescriptor.indexConstant(r, loc, 1);
        for (int i = 0; i < src.shape().size(); i++) {
            n = MemRefDescriptor.arith(r, loc, "mul", n, s.size(i), 0);
        }
        Value bytes = MemRefDescriptor.arith(r, loc, "mul", n, MemRefDescriptor.elementSize(r, loc, elem), 0);
        Value from = MemRefDescriptor.gep(r, loc, s.alignedPtr(), elem, List.of(s.offset()),
                new long[] {MemRefDescriptor.DYNAMIC_INDEX}, 0);
        Value to = MemRefDescriptor.gep(r, loc, d.alignedPtr(), elem, List.of(d.offset()),
                new long[] {MemRefDescriptor.DYNAMIC_INDEX}, 0);
        LLVMOps.create(r, loc, "intr.memcpy", List.of(to, from, bytes), List.of(),
                Map.of("isVolatile", BoolAttr.of(false)));
        r.eraseOp(op);
        return LogicalResult.success();
    }

    /**
     * A copy between other layouts or of unranked memrefs, as upstream: each descriptor is stored on the stack and
     * wrapped in an unranked descriptor {@code (rank, pointer)}, those are stored too, and the
     * runtime's {@code memrefCopy(element size, source, target)} is called between
     * {@code llvm.intr.stacksave} and {@code stackrestore}.
     */
    private static LogicalResult copyThroughRuntime(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        Location loc = op.location();
        Type ptr = LLVMTypes.PointerType.DEFAULT;
        Type srcElem = op.operand(0).type() instanceof MemRefType m ? m.elementType()
                : ((UnrankedMemRefType) op.operand(0).type()).elementType();
        Type elem = convert(r, srcElem);
        Type unranked = LLVMTypes.StructType.literal(List.of(LLVMTypeConverter.indexType(), ptr));
        declare(op, r, "memrefCopy", new LLVMTypes.FunctionType(LLVMTypes.VoidType.INSTANCE,
                List.of(LLVMTypeConverter.indexType(), ptr, ptr), false));
        Value saved = LLVMOps.value(r, loc, "intr.stacksave", List.of(), ptr, Map.of());
        // An unranked operand is passed as it is.
        Value source = op.operand(0).type() instanceof MemRefType src
                ? unranked(r, loc, operands.get(0), src, unranked) : operands.get(0);
        Value target = op.operand(1).type() instanceof MemRefType dst
                ? unranked(r, loc, operands.get(1), dst, unranked) : operands.get(1);
        Value one = MemRefDescriptor.indexConstant(r, loc, 1);
        Value sourcePtr = promote(r, loc, source, one);
        Value targetPtr = promote(r, loc, target, one);
        Value elemSize = MemRefDescriptor.elementSize(r, loc, elem);
        LLVMOps.call(r, loc, "memrefCopy", List.of(elemSize, sourcePtr, targetPtr), List.of());
        LLVMOps.create(r, loc, "intr.stackrestore", List.of(saved), List.of(), Map.of());
        r.eraseOp(op);
        return LogicalResult.success();
    }

    /** The unranked descriptor {@code (rank, pointer to the ranked descriptor on the stack)}. */
    private static Value unranked(ConversionPatternRewriter r, Location loc, Value ranked, MemRefType type,
            Type unrankedType) {
        Value rank = LLVMOps.constant(r, loc, LLVMTypeConverter.indexType(), IntegerAttr.i64(type.shape().size()));
        Value slot = promote(r, loc, ranked, MemRefDescriptor.indexConstant(r, loc, 1));
        Value d = LLVMOps.value(r, loc, "mlir.poison", List.of(), unrankedType, Map.of());
        d = LLVMOps.value(r, loc, "insertvalue", List.of(d, rank), unrankedType,
                Map.of("position", DenseArrayAttr.i64(0)));
        return LLVMOps.value(r, loc, "insertvalue", List.of(d, slot), unrankedType,
                Map.of("position", DenseArrayAttr.i64(1)));
    }

    /** {@code value} stored to a new stack slot ({@code llvm.alloca count x T}); the slot. */
    private static Value promote(ConversionPatternRewriter r, Location loc, Value value, Value count) {
        Value slot = LLVMOps.value(r, loc, "alloca", List.of(count), LLVMTypes.PointerType.DEFAULT,
                Map.of("elem_type", new TypeAttr(value.type())));
        LLVMOps.create(r, loc, "store", List.of(value, slot), List.of(), Map.of("ordering", IntegerAttr.i64(0)));
        return slot;
    }

    /**
     * Whether a copy of {@code type} is one memcpy, as upstream decides: an identity layout, or a
     * static, non-empty shape whose strides are the row-major ones (any offset).
     */
    private static boolean contiguous(MemRefType type) {
        if (type.layout() == null) {
            return true;
        }
        long[] layout = MemRefDescriptor.stridesAndOffset(type);
        if (layout == null || !type.hasStaticShape()) {
            return false;
        }
        long running = 1;
        for (int i = type.shape().size() - 1; i >= 0; i--) {
            if (layout[i + 1] != running && type.shape().get(i) != 1) {
                return false;
            }
            running *= type.shape().get(i);
        }
        return running > 0;
    }

    // ---------------------------------------------------------------- globals

    /** The llvm type of a global of {@code type}: nested arrays of the element type. */
    private static Type globalType(MemRefType type, Type elem) {
        Type t = elem;
        for (int i = type.shape().size() - 1; i >= 0; i--) {
            t = new LLVMTypes.ArrayType(type.shape().get(i), t);
        }
        return t;
    }

    private static LogicalResult global(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        if (!(op.attribute("type") instanceof TypeAttr ta) || !(ta.value() instanceof MemRefType type)
                || !type.hasStaticShape()) {
            return r.notifyMatchFailure(op, "only statically shaped globals are lowered");
        }
        Type elem = convert(r, type.elementType());
        Type arrayType = globalType(type, elem);
        Location loc = op.location();
        Map<String, Attribute> props = new TreeMap<>();
        props.put(SymbolTable.SYMBOL_ATTR, new StringAttr(SymbolTable.symbolName(op)));
        props.put("global_type", new TypeAttr(arrayType));
        boolean priv = op.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr v
                && v.value().equals("private");
        props.put("linkage", new LLVMAttr("linkage", priv ? "private" : "external"));
        if (op.attribute("constant") != null) {
            props.put("constant", UnitAttr.INSTANCE);
        }
        Attribute init = op.attribute("initial_value");
        if (init instanceof DenseElementsAttr) {
            props.put("value", init);
        }
        if (op.attribute("alignment") instanceof IntegerAttr a) {
            props.put("alignment", IntegerAttr.i64(a.value().longValue()));
        }
        props.put("addr_space", IntegerAttr.of(IntegerType.I32, 0));
        props.put("visibility_", IntegerAttr.i64(0));
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".mlir.global", r.context());
        st.properties = DictionaryAttr.of(props);
        st.addRegion();
        Operation g = r.create(st);
        if (init instanceof UnitAttr) {
            Block body = new Block();
            g.region(0).append(body);
            OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
            r.setInsertionPointToStart(body);
            Value undef = LLVMOps.value(r, loc, "mlir.undef", List.of(), arrayType, Map.of());
            LLVMOps.create(r, loc, "return", List.of(undef), List.of(), Map.of());
            r.restoreInsertionPoint(ip);
        }
        r.eraseOp(op);
        return LogicalResult.success();
    }

    private static LogicalResult getGlobal(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType type = (MemRefType) op.result(0).type();
        Type desc = convert(r, type);
        Type elem = convert(r, type.elementType());
        if (desc == null || type.layout() != null || !type.hasStaticShape()
                || !(op.attribute("name") instanceof SymbolRefAttr sym)) {
            return r.notifyMatchFailure(op, "only statically shaped identity-layout globals are lowered");
        }
        Location loc = op.location();
        MemRefDescriptor.Sizes s = MemRefDescriptor.descriptorSizes(r, loc, type, List.of(), elem, true);
        Type ptr = ((LLVMTypes.StructType) desc).body().get(0);
        Value addr = LLVMOps.value(r, loc, "mlir.addressof", List.of(), ptr, Map.of("global_name", sym));
        long[] zeros = new long[type.shape().size() + 1];
        Value aligned = MemRefDescriptor.gep(r, loc, addr, globalType(type, elem), List.of(), zeros, 0);
        // The allocated pointer of a global is never freed: upstream marks it with 0xdeadbeef.
        Value marker = MemRefDescriptor.indexConstant(r, loc, 0xdeadbeefL);
        Value allocated = LLVMOps.value(r, loc, "inttoptr", List.of(marker), ptr, Map.of());
        r.replaceOp(op, List.of(MemRefDescriptor.fresh(r, loc, desc, allocated, aligned, s.sizes(), s.strides())
                .value()));
        return LogicalResult.success();
    }
}
