package org.hipep.passes.bufferization;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.bufferization.BufferOps;
import org.hipep.dialects.func.FuncBufferizationModels;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.WalkOrder;
import org.hipep.ir.WalkResult;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.pass.Pass;
import org.hipep.pass.options.Option;

/**
 * {@code one-shot-bufferize} (on {@code builtin.module}): replaces tensor ops by ops on buffers
 * (memrefs) through each op's {@link BufferizableOpInterface} model, after an in-place analysis
 * ({@link BufferAliasAnalysis}) that lets a destination-style op write its result into its
 * destination's buffer unless that would clobber a value still read (then a {@code memref.alloc},
 * with a {@code memref.copy} only when the op reads the old contents).
 *
 * <p>Options, upstream's names: {@code bufferize-function-boundaries} (default false): tensor
 * arguments and results of {@code func.func}, {@code func.call} and {@code func.return} become
 * memrefs, and a function's arguments are writable unless marked
 * {@code bufferization.writable = false} (without it, they stay tensors, read through
 * {@code bufferization.to_buffer} and read-only); {@code function-boundary-type-conversion}
 * ({@code identity-layout-map}; {@code infer-layout-map}, the default, gives the same identity
 * layouts here since every buffer has one; {@code fully-dynamic-layout-map} is refused);
 * {@code copy-before-write} (default false): no analysis, every write goes to a new buffer.
 *
 * <p>Functions are analysed callees first, so that a call writes an operand exactly when its
 * callee writes that argument in place. Each op's results are replaced by
 * {@code bufferization.to_tensor} of its buffers, and later ops read those buffers back (a
 * {@code bufferization.to_buffer} where no buffer is known); at the end the pairs fold away and
 * unused materializations and allocations are erased. An op with tensor operands or results and
 * no model is an error naming it.
 */
public final class OneShotBufferizePass extends Pass {
    /** Upstream's {@code function-boundary-type-conversion} values. */
    public enum LayoutMapOption {
        /** Infer the layout from the function body (identity here). */
        INFER_LAYOUT_MAP,
        /** Identity layouts on function boundaries. */
        IDENTITY_LAYOUT_MAP,
        /** Fully dynamic strided layouts (not supported). */
        FULLY_DYNAMIC_LAYOUT_MAP
    }

    /** The environment variable that turns {@code copy-before-write} on in the pipeline (when non-empty). */
    public static final String COPY_BEFORE_WRITE_ENV = "HIPDNN_EP_BUFFERIZE_COPY_BEFORE_WRITE";

    private static final String WRITABLE_ATTR = FuncBufferizationModels.WRITABLE;

    private final Option<Boolean> bufferizeFunctionBoundaries = options().boolOption("bufferize-function-boundaries",
            "Bufferize function boundaries (tensor arguments and results of func.func, func.call, func.return)",
            false);
    private final Option<LayoutMapOption> functionBoundaryTypeConversion = options().enumOption(
            "function-boundary-type-conversion", "Layout of the memref types on function boundaries",
            layoutNames(), LayoutMapOption.INFER_LAYOUT_MAP);
    private final Option<Boolean> copyBeforeWrite = options().boolOption("copy-before-write",
            "Skip the in-place analysis: every write goes to a new buffer", false);

    private final Map<Operation, BitSet> outOfPlace = new IdentityHashMap<>();
    private final Map<Operation, BitSet> needsCopy = new IdentityHashMap<>();
    private final Map<Operation, BitSet> writtenArguments = new IdentityHashMap<>();
    private final Set<Operation> allocations = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final State state = new State();
    private OpBuilder builder;

    private static Map<String, LayoutMapOption> layoutNames() {
        Map<String, LayoutMapOption> m = new LinkedHashMap<>();
        m.put("infer-layout-map", LayoutMapOption.INFER_LAYOUT_MAP);
        m.put("identity-layout-map", LayoutMapOption.IDENTITY_LAYOUT_MAP);
        m.put("fully-dynamic-layout-map", LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP);
        return m;
    }

    /** A pass from the textual pipeline (options from its text). */
    public OneShotBufferizePass() {
    }

    /**
     * The pass as the production pipeline runs it (hip-ep-contracts §3.1 row 13): function
     * boundaries with identity layouts, {@code copy-before-write} as given.
     */
    public static OneShotBufferizePass create(boolean functionBoundaries, boolean copyBeforeWrite) {
        OneShotBufferizePass p = new OneShotBufferizePass();
        p.bufferizeFunctionBoundaries.set(functionBoundaries);
        p.functionBoundaryTypeConversion.set(LayoutMapOption.IDENTITY_LAYOUT_MAP);
        p.copyBeforeWrite.set(copyBeforeWrite);
        return p;
    }

    /** Whether {@link #COPY_BEFORE_WRITE_ENV} asks for {@code copy-before-write} (set and non-empty). */
    public static boolean copyBeforeWriteFromEnvironment() {
        String v = System.getenv(COPY_BEFORE_WRITE_ENV);
        return v != null && !v.isEmpty();
    }

    @Override
    public String argument() {
        return "one-shot-bufferize";
    }

    @Override
    public String name() {
        return "OneShotBufferize";
    }

    @Override
    public String description() {
        return "One-Shot Bufferize: tensor ops to buffer ops with in-place analysis";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    private static boolean hasTensorSemantics(Operation op) {
        for (Value v : op.operands()) {
            if (isTensor(v.type())) {
                return true;
            }
        }
        for (Value v : op.results()) {
            if (isTensor(v.type())) {
                return true;
            }
        }
        if (op.is(FuncDialect.FUNC)) {
            return false;
        }
        for (var region : op.regions()) {
            for (Block b : region.blocks()) {
                for (BlockArgument a : b.arguments()) {
                    if (isTensor(a.type())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        builder = new OpBuilder(getContext());
        if (functionBoundaryTypeConversion.get() == LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP) {
            module.emitError("one-shot-bufferize: function-boundary-type-conversion=fully-dynamic-layout-map is not"
                    + " supported (identity-layout-map is)");
            signalPassFailure();
            return;
        }
        List<Operation> funcs = new ArrayList<>();
        for (Operation op : module.region(0).front()) {
            if (op.is(FuncDialect.FUNC)) {
                funcs.add(op);
            }
        }
        if (!checkModels(module)) {
            signalPassFailure();
            return;
        }
        for (Operation func : callOrder(funcs)) {
            analyze(func);
        }
        boolean ok = true;
        for (Operation func : funcs) {
            ok &= bufferize(func);
        }
        if (!ok) {
            signalPassFailure();
            return;
        }
        cleanUp(module);
    }

    /** Every op with tensor semantics inside a function needs a model; reports each one that has none. */
    private boolean checkModels(Operation module) {
        boolean[] ok = {true};
        module.walk(op -> {
            if (op.is(FuncDialect.FUNC) && hasUnrankedTensor(FuncDialect.functionType(op).inputs(),
                    FuncDialect.functionType(op).results())) {
                op.emitOpError("has an unranked tensor in its signature; one-shot-bufferize handles ranked tensors only");
                ok[0] = false;
                return;
            }
            if (op.parentOfName(FuncDialect.FUNC) == null || !hasTensorSemantics(op)) {
                return;
            }
            if (hasUnrankedTensor(op.operandTypes(), op.resultTypes())) {
                op.emitOpError("has an unranked tensor operand or result; one-shot-bufferize handles ranked tensors"
                        + " only");
                ok[0] = false;
                return;
            }
            if (op.getInterface(BufferizableOpInterface.class) == null) {
                op.emitOpError("has tensor operands or results but no bufferization model"
                        + " (BufferizableOpInterface); attach one from a dialect extension or lower the op before"
                        + " one-shot-bufferize");
                ok[0] = false;
            }
        });
        return ok[0];
    }

    private static boolean hasUnrankedTensor(List<Type> a, List<Type> b) {
        return a.stream().anyMatch(UnrankedTensorType.class::isInstance)
                || b.stream().anyMatch(UnrankedTensorType.class::isInstance);
    }

    /** Functions with a body, callees before their callers (a call cycle in some order). */
    private static List<Operation> callOrder(List<Operation> funcs) {
        List<Operation> order = new ArrayList<>();
        Set<Operation> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Operation f : funcs) {
            visit(f, seen, order);
        }
        return order;
    }

    private static void visit(Operation func, Set<Operation> seen, List<Operation> order) {
        if (!seen.add(func) || FuncDialect.isDeclaration(func)) {
            return;
        }
        func.walk(op -> {
            if (op.is(FuncDialect.CALL) && op.attribute(FuncDialect.CALLEE) instanceof SymbolRefAttr ref) {
                Operation callee = org.hipep.ir.SymbolTable.lookupNearestSymbolFrom(op, ref);
                if (callee != null && callee.is(FuncDialect.FUNC)) {
                    visit(callee, seen, order);
                }
            }
        });
        order.add(func);
    }

    private static List<Operation> bodyOps(Operation func) {
        List<Operation> ops = new ArrayList<>();
        func.walk(WalkOrder.PRE_ORDER, op -> {
            if (op != func) {
                ops.add(op);
            }
            return WalkResult.ADVANCE;
        });
        return ops;
    }

    private void analyze(Operation func) {
        List<BlockArgument> args = func.region(0).front().arguments();
        BitSet readOnly = new BitSet();
        for (int i = 0; i < args.size(); i++) {
            if (!bufferizeFunctionBoundaries.get() || argumentAttr(func, i, WRITABLE_ATTR) instanceof BoolAttr b
                    && !b.value()) {
                readOnly.set(i);
            }
        }
        BufferAliasAnalysis analysis = new BufferAliasAnalysis(state, copyBeforeWrite.get(), outOfPlace, needsCopy);
        writtenArguments.put(func, analysis.analyze(bodyOps(func), args, readOnly));
    }

    private static Attribute argumentAttr(Operation func, int index, String name) {
        if (func.attribute(FuncDialect.ARG_ATTRS) instanceof ArrayAttr all && index < all.size()
                && all.get(index) instanceof DictionaryAttr d) {
            return d.get(name);
        }
        return null;
    }

    private boolean bufferize(Operation func) {
        boolean boundaries = bufferizeFunctionBoundaries.get();
        if (!FuncDialect.isDeclaration(func)) {
            if (boundaries) {
                Block entry = func.region(0).front();
                for (BlockArgument arg : entry.arguments()) {
                    if (!isTensor(arg.type())) {
                        continue;
                    }
                    Type tensorType = arg.type();
                    arg.setType(state.bufferType(tensorType));
                    builder.setInsertionPointToStart(entry);
                    Value t = BufferOps.toTensor(builder, arg.location(), arg, tensorType);
                    arg.replaceAllUsesExcept(t, t.definingOp());
                }
            }
            for (Operation op : bodyOps(func)) {
                if (op.block() == null || !hasTensorSemantics(op)) {
                    continue;
                }
                if (!boundaries && (op.is(FuncDialect.RETURN) || op.is(FuncDialect.CALL))) {
                    continue;
                }
                builder.setInsertionPoint(op);
                if (op.getInterface(BufferizableOpInterface.class).bufferize(op, state).failed()) {
                    return false;
                }
            }
        }
        if (!boundaries) {
            return true;
        }
        builder.setInsertionPoint(func);
        return func.getInterface(BufferizableOpInterface.class).bufferize(func, state).succeeded();
    }

    /** Folds to_buffer(to_tensor(m)) to m, then erases unused materializations and allocations. */
    private void cleanUp(Operation module) {
        List<Operation> toBuffers = new ArrayList<>();
        module.walk(op -> {
            if (op.is("bufferization.to_buffer")) {
                toBuffers.add(op);
            }
        });
        for (Operation op : toBuffers) {
            Operation producer = op.operand(0).definingOp();
            if (producer != null && producer.is("bufferization.to_tensor")
                    && producer.operand(0).type().equals(op.result(0).type())) {
                op.result(0).replaceAllUsesWith(producer.operand(0));
                op.erase();
            }
        }
        module.walk(op -> {
            if (op.is("bufferization.to_tensor") && op.useEmpty()) {
                op.erase();
            }
        });
        for (Operation alloc : allocations) {
            if (alloc.block() != null && alloc.useEmpty()) {
                alloc.erase();
            }
        }
    }

    private static String text(Type t) {
        return AttrTypePrinter.typeToString(t);
    }

    /** What the models see of this run. */
    private final class State implements BufferizationState {
        @Override
        public boolean isInPlace(OpOperand operand) {
            BitSet out = outOfPlace.get(operand.owner());
            return out == null || !out.get(operand.index());
        }

        @Override
        public boolean isFunctionArgumentWritten(Operation func, int index) {
            BitSet written = writtenArguments.get(func);
            return written == null || written.get(index);
        }

        @Override
        public OpBuilder builder() {
            return builder;
        }

        @Override
        public MemRefType bufferType(Type tensorType) {
            if (tensorType instanceof RankedTensorType r) {
                return MemRefType.of(r.shape(), r.elementType());
            }
            throw new IllegalArgumentException("no identity-layout buffer type for " + text(tensorType));
        }

        @Override
        public Value getBuffer(Value tensor) {
            Operation def = tensor.definingOp();
            if (def != null && def.is("bufferization.to_tensor")) {
                return def.operand(0);
            }
            return BufferOps.toBuffer(builder, tensor.location(), tensor, bufferType(tensor.type()));
        }

        @Override
        public Value getBufferForWrite(OpOperand operand) {
            Value tensor = operand.get();
            if (isInPlace(operand)) {
                return getBuffer(tensor);
            }
            BitSet copy = needsCopy.get(operand.owner());
            boolean copied = copy != null && copy.get(operand.index());
            MemRefType type = bufferType(tensor.type());
            Location loc = operand.owner().location();
            List<Value> sizes = List.of();
            Value source = null;
            if (copied || type.shape().contains(RankedTensorType.DYNAMIC)) {
                source = getBuffer(tensor);
                Operation def = source.definingOp();
                sizes = def != null && def.is("memref.alloc") ? def.operands()
                        : BufferOps.dynamicSizes(builder, loc, source);
            }
            Value buffer = allocate(loc, type, sizes);
            if (copied) {
                BufferOps.copy(builder, loc, source, buffer);
            }
            return buffer;
        }

        @Override
        public Value allocate(Location loc, MemRefType type, List<Value> dynamicSizes) {
            Value buffer = BufferOps.alloc(builder, loc, type, dynamicSizes);
            allocations.add(buffer.definingOp());
            return buffer;
        }

        @Override
        public void replaceOpWithBuffers(Operation op, List<? extends Value> buffers) {
            if (buffers.size() != op.numResults()) {
                throw new IllegalArgumentException("replacing " + op.numResults() + " results of '" + op.name()
                        + "' with " + buffers.size() + " buffers");
            }
            for (int i = 0; i < op.numResults(); i++) {
                Value result = op.result(i);
                Value buffer = buffers.get(i);
                if (result.useEmpty()) {
                    continue;
                }
                if (isTensor(result.type()) && !isTensor(buffer.type())) {
                    result.replaceAllUsesWith(BufferOps.toTensor(builder, op.location(), buffer, result.type()));
                } else {
                    result.replaceAllUsesWith(buffer);
                }
            }
            op.erase();
        }
    }
}
