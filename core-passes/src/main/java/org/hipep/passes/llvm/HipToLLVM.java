package org.hipep.passes.llvm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hipep.dialects.hip.ContextType;
import org.hipep.dialects.hip.HipDialect;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
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
import org.hipep.ir.builtin.CallSiteLoc;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FusedLoc;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code hip} to-LLVM model: each compute op in memref form becomes one {@code llvm.call}
 * of its runtime kernel, as {@link HipKernelAbi} and {@code docs/kernel-abi.md} define it,
 * between the profiler's {@code hipep_profile_begin} and {@code hipep_profile_end} (which do
 * nothing unless the host switched the state's profiling on; the end call names the site: node,
 * op, kernel); each kernel is declared once per module (an external {@code llvm.func}, at the
 * start of the module). The context is argument 0 of the enclosing function, a
 * {@code !hip.context}, passed as {@code !llvm.ptr}. A {@code hip.constant} is illegal: it must be gone before the lowering.
 * Compute ops on tensors stay (their types do not convert), as upstream leaves ops on tensors.
 * The memref-level runtime ops ({@code alloc_output}, {@code get_pool}, {@code get_host_scratch},
 * {@code get_constant}) become runtime calls ({@link HipRuntimeToLLVM}).
 */
public final class HipToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the hip dialect. */
    public static final HipToLLVM INSTANCE = new HipToLLVM();

    private static final LLVMTypes.PointerType PTR = LLVMTypes.PointerType.DEFAULT;
    private static final IntegerType I64 = IntegerType.I64;
    /** The profiler's calls around every kernel call (hipep_runtime.h): {@code int64_t begin(ctx)}. */
    static final String PROFILE_BEGIN = "hipep_profile_begin";
    /** {@code void end(ctx, int64_t start, const char *site)}. */
    static final String PROFILE_END = "hipep_profile_end";
    private static final LLVMTypes.FunctionType PROFILE_BEGIN_TYPE = new LLVMTypes.FunctionType(I64, List.of(PTR),
            false);
    private static final LLVMTypes.FunctionType PROFILE_END_TYPE = new LLVMTypes.FunctionType(
            LLVMTypes.VoidType.INSTANCE, List.of(PTR, I64, PTR), false);

    private HipToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        target.addIllegalOp(HipDialect.NAMESPACE + ".constant");
        HipRuntimeToLLVM.populate(target, typeConverter, patterns);
        for (HipKernelAbi.Entry e : HipKernelAbi.entries()) {
            String name = HipDialect.NAMESPACE + "." + e.op();
            target.addDynamicallyLegalOp(name, op -> !isMemRefForm(op) || !LLVMTypeConverter.typesConvert(typeConverter, op));
            patterns.add(ConversionPattern.of(name, 1, typeConverter, "hip-" + e.op() + "-to-llvm", HipToLLVM::lower));
        }
    }

    /** Whether {@code op} is a compute op in memref form: no results, some memref operand. */
    static boolean isMemRefForm(Operation op) {
        if (op.numResults() != 0) {
            return false;
        }
        for (Type t : op.operandTypes()) {
            if (t instanceof MemRefType) {
                return true;
            }
        }
        return false;
    }

    private static LogicalResult lower(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        HipKernelAbi.Entry entry = HipKernelAbi.entry(op.nameString());
        HipKernelAbi.Layout layout = HipKernelAbi.layout(op);
        if (layout == null) {
            op.emitOpError("cannot be lowered to a kernel call: its destinations or parameter operands cannot be"
                    + " told apart");
            return LogicalResult.failure();
        }
        Operation function = enclosingFunction(op);
        Operation module = function == null ? null : function.parentWithTrait(OpTrait.SymbolTable.class);
        Value context = function == null ? null : contextArgument(function);
        if (module == null || context == null) {
            op.emitOpError("needs the enclosing function's !hip.context argument 0 (run hip-add-context-arg) to be"
                    + " lowered to a kernel call");
            return LogicalResult.failure();
        }
        Location loc = op.location();
        context = r.getRemappedValue(context);
        String symbol = HipKernelAbi.symbol(op, layout);
        Type data = layout.inputs() > 0 ? ((MemRefType) op.operand(0).type()).elementType()
                : ((MemRefType) op.operand(op.numOperands() - layout.destinations()).type()).elementType();
        // Everything is checked before the IR changes (a failing pattern must leave it as it was).
        List<Type> argTypes = new ArrayList<>(List.of(PTR));
        for (int i = 0; i < op.numOperands(); i++) {
            argTypes.add(I64);
            argTypes.add(PTR);
        }
        for (HipKernelAbi.Attr a : entry.attributes()) {
            if (!check(op, a, data, layout, argTypes)) {
                return LogicalResult.failure();
            }
        }
        LLVMTypes.FunctionType fnType = new LLVMTypes.FunctionType(LLVMTypes.VoidType.INSTANCE, argTypes, false);
        SymbolTable symbols = new SymbolTable(module);
        Operation declared = symbols.lookup(symbol);
        if (declared != null && !LLVMOps.isFunctionOfType(declared, fnType)) {
            op.emitOpError("kernel symbol '" + symbol + "' is already defined with another type or by another op");
            return LogicalResult.failure();
        }
        for (Map.Entry<String, LLVMTypes.FunctionType> p : Map.of(PROFILE_BEGIN, PROFILE_BEGIN_TYPE, PROFILE_END,
                PROFILE_END_TYPE).entrySet()) {
            Operation existing = symbols.lookup(p.getKey());
            if (existing != null && !LLVMOps.isFunctionOfType(existing, p.getValue())) {
                op.emitOpError("profiler symbol '" + p.getKey() + "' is already defined with another type or by"
                        + " another op");
                return LogicalResult.failure();
            }
        }
        if (!context.type().equals(PTR)) {
            context = TypeConverter.unrealizedCast(r, loc, PTR, List.of(context));
        }
        List<Value> args = new ArrayList<>(List.of(context));
        // Descriptor slots in the function's entry block, so that LLVM can promote them.
        Block entryBlock = function.region(0).front();
        for (int i = 0; i < op.numOperands(); i++) {
            MemRefType type = (MemRefType) op.operand(i).type();
            Value descriptor = operands.get(i);
            OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
            r.setInsertionPointToStart(entryBlock);
            Value one = LLVMOps.constant(r, loc, I64, IntegerAttr.i64(1));
            Value slot = LLVMOps.value(r, loc, "alloca", List.of(one), PTR,
                    Map.of("elem_type", new TypeAttr(descriptor.type())));
            r.restoreInsertionPoint(ip);
            LLVMOps.create(r, loc, "store", List.of(descriptor, slot), List.of(), Map.of("ordering", IntegerAttr.i64(0)));
            args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(type.shape().size())));
            args.add(slot);
        }
        for (HipKernelAbi.Attr a : entry.attributes()) {
            emit(op, a, data, layout, symbol, module, r, args);
        }
        LLVMOps.declareOnce(r, loc, module, symbol, fnType);
        LLVMOps.declareOnce(r, loc, module, PROFILE_BEGIN, PROFILE_BEGIN_TYPE);
        LLVMOps.declareOnce(r, loc, module, PROFILE_END, PROFILE_END_TYPE);
        Value start = LLVMOps.call(r, loc, PROFILE_BEGIN, List.of(context), List.of(I64)).result(0);
        LLVMOps.call(r, loc, symbol, args, List.of());
        LLVMOps.call(r, loc, PROFILE_END, List.of(context, start, profileSite(op, symbol, module, r)), List.of());
        r.eraseOp(op);
        return LogicalResult.success();
    }

    /**
     * The address of the call site's name for the profiler: a private constant NUL-terminated
     * global holding the ONNX node names of the op's location (joined by '+', in order; empty when it
     * has none), a tab, the op's name, a tab and the kernel symbol.
     */
    private static Value profileSite(Operation op, String symbol, Operation module, ConversionPatternRewriter r) {
        Set<String> nodes = new LinkedHashSet<>();
        nodeNames(op.location(), nodes);
        return stringGlobal(r, op.location(), module, "hipep_profile_site",
                String.join("+", nodes) + "\t" + op.nameString() + "\t" + symbol);
    }

    /**
     * The address of a private constant global {@code @<base>[_<k>]} holding {@code text} in UTF-8
     * with a terminating NUL (shared with an equal one, {@link #constantGlobal}).
     */
    private static Value stringGlobal(ConversionPatternRewriter r, Location loc, Operation module, String base,
            String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        long[] bytes = new long[utf8.length + 1];
        for (int i = 0; i < utf8.length; i++) {
            bytes[i] = utf8[i];
        }
        String global = constantGlobal(r, loc, module, base, new LLVMTypes.ArrayType(bytes.length, IntegerType.I8),
                DenseElementsAttr.ofLongs(RankedTensorType.of(List.of((long) bytes.length), IntegerType.I8), bytes));
        return LLVMOps.value(r, loc, "mlir.addressof", List.of(), PTR, Map.of("global_name", SymbolRefAttr.flat(global)));
    }

    /** Adds the names of the {@code NameLoc}s in {@code loc} (through fused and call-site locations) to {@code out}. */
    static void nodeNames(Location loc, Set<String> out) {
        if (loc instanceof NameLoc n) {
            out.add(n.name());
        } else if (loc instanceof FusedLoc f) {
            f.locations().forEach(l -> nodeNames(l, out));
        } else if (loc instanceof CallSiteLoc c) {
            nodeNames(c.callee(), out);
        }
    }

    /** The function-like op whose body holds {@code op}: the ancestor right under the symbol table. */
    private static Operation enclosingFunction(Operation op) {
        Operation current = op;
        for (Operation parent = op.parentOp(); parent != null; parent = parent.parentOp()) {
            if (parent.hasTrait(OpTrait.SymbolTable.class)) {
                return current.numRegions() > 0 && !current.region(0).isEmpty() ? current : null;
            }
            current = parent;
        }
        return null;
    }

    /** Argument 0 of {@code function}'s entry block when it is the context (before or after lowering). */
    private static Value contextArgument(Operation function) {
        Block entry = function.region(0).front();
        if (entry.numArguments() == 0) {
            return null;
        }
        Type t = entry.argument(0).type();
        return t instanceof ContextType || t.equals(PTR) && function.is(LLVMDialect.NAMESPACE + ".func")
                ? entry.argument(0) : null;
    }

    /** Appends an array attribute's arguments: a constant global of its values and its length (absent: null, -1). */
    private static void emitArray(HipKernelAbi.Attr a, Attribute value, String symbol, Operation module,
            ConversionPatternRewriter r, Location loc, List<Value> args) {
        if (!(value instanceof DenseArrayAttr array)) {
            args.add(LLVMOps.value(r, loc, "mlir.zero", List.of(), PTR, Map.of()));
            args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(-1)));
            return;
        }
        boolean floats = a.encoding() == HipKernelAbi.Encoding.F32_ARRAY;
        Type element = floats ? FloatType.F32 : I64;
        RankedTensorType tensor = RankedTensorType.of(List.of((long) array.size()), element);
        Attribute init = floats ? DenseElementsAttr.ofDoubles(tensor, array.asDoubles())
                : DenseElementsAttr.ofLongs(tensor, array.asLongs());
        String global = constantGlobal(r, loc, module, symbol + "_" + a.name(),
                new LLVMTypes.ArrayType(array.size(), element), init);
        args.add(LLVMOps.value(r, loc, "mlir.addressof", List.of(), PTR,
                Map.of("global_name", SymbolRefAttr.flat(global))));
        args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(array.size())));
    }

    /** Appends the arguments of attribute {@code a}, which {@link #check} accepted. */
    private static void emit(Operation op, HipKernelAbi.Attr a, Type data, HipKernelAbi.Layout layout,
            String symbol, Operation module, ConversionPatternRewriter r, List<Value> args) {
        Location loc = op.location();
        Attribute value = op.attribute(a.name());
        boolean operand = layout.parameters().contains(a.name());
        switch (a.encoding()) {
            case TYPE, LAYOUT, ACCUMULATE, ACTIVATION -> {
                // In the symbol only.
            }
            case I64, BOOL, CHOICE -> args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(integer(a, value, operand))));
            case F64 -> args.add(LLVMOps.constant(r, loc, FloatType.F64,
                    FloatAttr.f64(value instanceof FloatAttr f ? f.value() : (Double) a.absent())));
            case CLAMP -> {
                if (HipKernelAbi.clamped(op)) {
                    args.add(LLVMOps.constant(r, loc, FloatType.F64,
                            FloatAttr.f64(value instanceof FloatAttr f ? f.value() : (Double) a.absent())));
                }
            }
            case BOUND -> {
                if (HipKernelAbi.clamped(op)) {
                    args.add(LLVMOps.constant(r, loc, I64,
                            IntegerAttr.i64(value instanceof IntegerAttr i ? i.longValue() : (Long) a.absent())));
                }
            }
            case ELEMENT_SCALAR -> {
                if (data instanceof FloatType) {
                    double v = value instanceof FloatAttr f ? f.value()
                            : value instanceof IntegerAttr i ? i.longValue()
                            : a.name().equals("min") ? Double.NEGATIVE_INFINITY
                            : a.name().equals("max") ? Double.POSITIVE_INFINITY : 0.0;
                    args.add(LLVMOps.constant(r, loc, FloatType.F64, FloatAttr.f64(v)));
                } else {
                    long v = value instanceof IntegerAttr i ? i.longValue()
                            : value instanceof BoolAttr b ? (b.value() ? 1 : 0)
                            : value instanceof FloatAttr f ? (long) f.value()
                            : a.name().equals("min") ? Long.MIN_VALUE : a.name().equals("max") ? Long.MAX_VALUE : 0;
                    args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(v)));
                }
            }
            case MAX_POOL -> {
                if (HipKernelAbi.maxPooled(op)) {
                    emitArray(a, value, symbol, module, r, loc, args);
                }
            }
            case I64_ARRAY, F32_ARRAY -> emitArray(a, value, symbol, module, r, loc, args);
            case STRING -> {
                String text = ((StringAttr) value).value();
                args.add(stringGlobal(r, loc, module, symbol + "_" + a.name(), text));
                args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(text.getBytes(StandardCharsets.UTF_8).length)));
            }
            default -> throw new IllegalStateException(a.encoding().toString());
        }
    }

    /** The i64 of an integer, flag or choice attribute: its value, INT64_MIN when given as an operand, else the default. */
    private static long integer(HipKernelAbi.Attr a, Attribute value, boolean operand) {
        if (value instanceof StringAttr s) {
            return a.choices().indexOf(s.value());
        }
        if (value instanceof BoolAttr b) {
            return b.value() ? 1 : 0;
        }
        if (value instanceof IntegerAttr i) {
            return i.longValue();
        }
        if (operand) {
            return Long.MIN_VALUE;
        }
        Object d = a.absent();
        return d instanceof Boolean b ? (b ? 1 : 0) : d instanceof String s ? a.choices().indexOf(s) : (Long) d;
    }

    /** The argument types of attribute {@code a}, appended to {@code types}; false (with an error) when it cannot be passed. */
    private static boolean check(Operation op, HipKernelAbi.Attr a, Type data, HipKernelAbi.Layout layout,
            List<Type> types) {
        Attribute value = op.attribute(a.name());
        boolean operand = layout.parameters().contains(a.name());
        switch (a.encoding()) {
            case TYPE -> {
                return true;
            }
            case LAYOUT, ACCUMULATE -> {
                if (value != null && !(value instanceof BoolAttr)) {
                    return fail(op, "attribute '" + a.name() + "' must be a bool attribute");
                }
                return true;
            }
            case ACTIVATION -> {
                if (value != null && !(value instanceof StringAttr s && a.choices().contains(s.value()))) {
                    return fail(op, "attribute '" + a.name() + "' must be one of " + a.choices());
                }
                return true;
            }
            case I64, BOOL, CHOICE -> {
                if (value == null && !operand && a.absent() == null) {
                    return missing(op, a);
                }
                if (value != null && a.encoding() == HipKernelAbi.Encoding.CHOICE
                        && !(value instanceof StringAttr s && a.choices().contains(s.value()))) {
                    return fail(op, "attribute '" + a.name() + "' must be one of " + a.choices());
                }
                if (value != null && a.encoding() != HipKernelAbi.Encoding.CHOICE
                        && !(value instanceof BoolAttr || value instanceof IntegerAttr)) {
                    return fail(op, "attribute '" + a.name() + "' must be an integer or bool attribute");
                }
                types.add(I64);
                return true;
            }
            case F64 -> {
                if (value != null && !(value instanceof FloatAttr)) {
                    return fail(op, "attribute '" + a.name() + "' must be a float attribute");
                }
                types.add(FloatType.F64);
                return true;
            }
            case CLAMP -> {
                if (value != null && !(value instanceof FloatAttr)) {
                    return fail(op, "attribute '" + a.name() + "' must be a float attribute");
                }
                if (HipKernelAbi.clamped(op)) {
                    types.add(FloatType.F64);
                }
                return true;
            }
            case BOUND -> {
                if (value != null && !(value instanceof IntegerAttr i && i.longValue() >= 0)) {
                    return fail(op, "attribute '" + a.name() + "' must be a non-negative integer attribute");
                }
                if (value != null && !HipKernelAbi.clamped(op)) {
                    // Only the _clamp kernels take slots: a slot on another conv would be dropped.
                    return fail(op, "attribute '" + a.name() + "' needs a fused clamp (clamp_min or clamp_max)");
                }
                if (HipKernelAbi.clamped(op)) {
                    types.add(I64);
                }
                return true;
            }
            case ELEMENT_SCALAR -> {
                if (value == null && a.absent() == null && a.note() == null && !operand) {
                    return missing(op, a);
                }
                types.add(data instanceof FloatType ? FloatType.F64 : I64);
                return true;
            }
            case MAX_POOL -> {
                if (value != null && !(value instanceof DenseArrayAttr d && !d.isFloat() && d.size() == 8)) {
                    return fail(op, "attribute '" + a.name() + "' must be a dense array of 8 integers");
                }
                if (value != null && !HipKernelAbi.channelsLast(op)) {
                    return fail(op, "attribute '" + a.name() + "' needs 'channels_last' (only _nhwc kernels pool)");
                }
                if (value != null) {
                    types.add(PTR);
                    types.add(I64);
                }
                return true;
            }
            case I64_ARRAY, F32_ARRAY -> {
                if (value != null && !(value instanceof DenseArrayAttr)) {
                    return fail(op, "attribute '" + a.name() + "' must be a dense array");
                }
                types.add(PTR);
                types.add(I64);
                return true;
            }
            case STRING -> {
                if (!(value instanceof StringAttr)) {
                    return value == null ? missing(op, a) : fail(op, "attribute '" + a.name() + "' must be a string");
                }
                types.add(PTR);
                types.add(I64);
                return true;
            }
            default -> throw new IllegalStateException(a.encoding().toString());
        }
    }

    private static boolean missing(Operation op, HipKernelAbi.Attr a) {
        return fail(op, "needs attribute '" + a.name() + "' to be lowered to a kernel call");
    }

    private static boolean fail(Operation op, String message) {
        op.emitOpError(message);
        return false;
    }

    /**
     * A private constant global {@code @<base>[_<k>]} with {@code value}, at the start of the module (one
     * already there with the same value is shared); its name.
     */
    private static String constantGlobal(ConversionPatternRewriter r, Location loc, Operation module, String base,
            LLVMTypes.ArrayType type, Attribute value) {
        SymbolTable symbols = new SymbolTable(module);
        String name = base;
        for (int i = 0; symbols.lookup(name) != null; i++) {
            Operation existing = symbols.lookup(name);
            if (existing.is(LLVMDialect.NAMESPACE + ".mlir.global") && value.equals(existing.attribute("value"))
                    && new TypeAttr(type).equals(existing.attribute("global_type"))) {
                return name; // the same constant: shared
            }
            name = base + "_" + i;
        }
        Map<String, Attribute> props = new TreeMap<>();
        props.put(SymbolTable.SYMBOL_ATTR, new StringAttr(name));
        props.put("global_type", new TypeAttr(type));
        props.put("linkage", new LLVMAttr("linkage", "private"));
        props.put("constant", UnitAttr.INSTANCE);
        props.put("value", value);
        props.put("addr_space", IntegerAttr.of(IntegerType.I32, 0));
        props.put("visibility_", IntegerAttr.i64(0));
        OperationState gs = new OperationState(loc, LLVMDialect.NAMESPACE + ".mlir.global", r.context());
        gs.properties = DictionaryAttr.of(props);
        gs.addRegion();
        OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
        r.setInsertionPointToStart(module.region(0).front());
        r.create(gs);
        r.restoreInsertionPoint(ip);
        return name;
    }
}
