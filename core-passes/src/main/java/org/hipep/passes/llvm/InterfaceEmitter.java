package org.hipep.passes.llvm;

import static org.hipep.passes.llvm.GenerateInterfacePass.MAIN_GRAPH;
import static org.hipep.passes.llvm.GenerateInterfacePass.RUNTIME;
import static org.hipep.passes.llvm.GenerateInterfacePass.SPAN_T;
import static org.hipep.passes.llvm.GenerateInterfacePass.STATUS_INPUT_COUNT;
import static org.hipep.passes.llvm.GenerateInterfacePass.STATUS_INPUT_RANK;
import static org.hipep.passes.llvm.GenerateInterfacePass.STATUS_INPUT_SHAPE;
import static org.hipep.passes.llvm.GenerateInterfacePass.TENSOR_T;
import static org.hipep.passes.llvm.GenerateInterfacePass.fn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.passes.llvm.GenerateInterfacePass.InterfaceException;
import org.hipep.passes.llvm.GenerateInterfacePass.Pool;

/**
 * Builds what {@link GenerateInterfacePass} emits, at the end of the module: the runtime
 * declarations, the metadata and buffer-offset globals and the five interface functions.
 */
final class InterfaceEmitter {
    private static final LLVMTypes.PointerType PTR = LLVMTypes.PointerType.DEFAULT;
    private static final IntegerType I64 = IntegerType.I64;
    private static final IntegerType I32 = IntegerType.I32;
    private static final Type VOID = LLVMTypes.VoidType.INSTANCE;

    private final Operation module;
    private final Location loc;
    private final OpBuilder b;
    private final Block body;

    InterfaceEmitter(Operation module, Location loc) {
        this.module = module;
        this.loc = loc;
        this.b = new OpBuilder(module.context());
        this.body = module.region(0).front();
    }

    /** Declares each runtime function the module lacks; one declared with another type is an error. */
    void declareRuntime(SymbolTable symbols) throws InterfaceException {
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, LLVMTypes.FunctionType> e : RUNTIME.entrySet()) {
            Operation existing = symbols.lookup(e.getKey());
            if (existing == null) {
                missing.add(e.getKey());
            } else if (!LLVMOps.isFunctionOfType(existing, e.getValue())) {
                throw new InterfaceException(existing, "@" + e.getKey()
                        + " exists but is not the runtime function 'llvm.func' of type "
                        + AttrTypePrinter.typeToString(e.getValue(), module.context()));
            }
        }
        b.setInsertionPointToEnd(body);
        for (String name : missing) {
            LLVMOps.declareFunc(b, loc, name, RUNTIME.get(name));
        }
    }

    void emit(LLVMTypes.FunctionType mainType, List<ModelMetadata.Tensor> inputs, Pool pool, String json) {
        b.setInsertionPointToEnd(body);
        long jsonLength = json.length(); // ASCII: Json escapes everything else
        stringGlobal("__metadata_json", json);
        if (pool != null && pool.offsets().length > 0) {
            LLVMTypes.ArrayType at = new LLVMTypes.ArrayType(pool.offsets().length, I64);
            global("__hipdnn_buffer_offsets", at,
                    DenseElementsAttr.ofLongs(RankedTensorType.of(I64, pool.offsets().length), pool.offsets()));
        }
        emitInit(jsonLength, pool);
        emitCompute(mainType, inputs);
        emitCleanup();
        emitMetadataGetter();
        emitSetOutputAllocator();
    }

    private void stringGlobal(String name, String text) {
        global(name, new LLVMTypes.ArrayType(text.length() + 1L, IntegerType.I8), new StringAttr(text + "\0"));
    }

    private void global(String name, Type type, Attribute value) {
        Map<String, Attribute> props = new TreeMap<>();
        props.put(SymbolTable.SYMBOL_ATTR, new StringAttr(name));
        props.put("global_type", new TypeAttr(type));
        props.put("linkage", new LLVMAttr("linkage", "private"));
        props.put("constant", UnitAttr.INSTANCE);
        props.put("value", value);
        props.put("addr_space", IntegerAttr.of(I32, 0));
        props.put("visibility_", IntegerAttr.i64(0));
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".mlir.global", module.context());
        st.properties = DictionaryAttr.of(props);
        st.addRegion();
        b.setInsertionPointToEnd(body);
        b.create(st);
    }

    /** A public {@code llvm.func} with an entry block, the builder at its end. */
    private Block function(String name, LLVMTypes.FunctionType type) {
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".func", module.context());
        st.properties = DictionaryAttr.of(LLVMOps.funcProperties(name, type));
        st.addAttribute("llvm.emit_c_interface", UnitAttr.INSTANCE);
        st.addRegion();
        b.setInsertionPointToEnd(body);
        Operation f = b.create(st);
        Block entry = b.createBlock(f.region(0), type.params(),
                Collections.nCopies(type.params().size(), loc));
        b.setInsertionPointToEnd(entry);
        return entry;
    }

    private Block newBlock(Block after, List<Type> args) {
        Block block = new Block();
        after.parent().append(block);
        for (Type t : args) {
            block.addArgument(t, loc);
        }
        return block;
    }

    private void emitInit(long jsonLength, Pool pool) {
        Block entry = function("inference_init", fn(I32, PTR, PTR));
        Value outState = entry.argument(0);
        Value meta = addressOf("__metadata_json");
        Value status = call("hipdnn_ep_state_init_with_fs", outState, entry.argument(1), meta,
                constant(I64, jsonLength));
        if (pool == null) {
            ret(status);
            return;
        }
        Block done = newBlock(entry, List.of(I32));
        Block poolInit = newBlock(entry, List.of());
        condBr(ne(status, constant(I32, 0)), done, List.of(status), poolInit, List.of());
        b.setInsertionPointToEnd(poolInit);
        Value state = load(outState, PTR);
        Value offsets = pool.offsets().length > 0 ? addressOf("__hipdnn_buffer_offsets")
                : LLVMOps.value(b, loc, "mlir.zero", List.of(), PTR, Map.of());
        Value poolStatus = call("hipdnn_ep_pool_init", state, constant(I64, pool.size()), offsets,
                constant(I64, pool.offsets().length));
        br(done, List.of(poolStatus));
        // The exit block last, as a reader expects.
        done.remove();
        entry.parent().append(done);
        b.setInsertionPointToEnd(done);
        ret(done.argument(0));
    }

    private void emitCompute(LLVMTypes.FunctionType mainType, List<ModelMetadata.Tensor> inputs) {
        Block entry = function("inference_compute", fn(I32, PTR, PTR));
        Value state = entry.argument(0);
        Value span = entry.argument(1);
        int n = inputs.size();
        // One device-pointer slot per input, in the entry block.
        List<Value> slots = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            slots.add(LLVMOps.value(b, loc, "alloca", List.of(constant(I64, 1)), PTR,
                    Map.of("elem_type", new TypeAttr(PTR), "alignment", IntegerAttr.i64(8))));
        }
        call("hipdnn_ep_runtime_begin_compute", state);
        Block fail = newBlock(entry, List.of(I32));

        // Validation: count, then each input's rank and static dimensions.
        Value count = load(gep(span, SPAN_T, 0, 1), I64);
        Block current = next(ne(count, constant(I64, n)), fail, STATUS_INPUT_COUNT, entry);
        Value tensors = n == 0 ? null : load(gep(span, SPAN_T, 0, 0), PTR);
        List<Value> tensorPtrs = new ArrayList<>();
        List<List<Value>> sizes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long[] shape = inputs.get(i).shape();
            Value t = gep(tensors, TENSOR_T, i);
            tensorPtrs.add(t);
            Value rank = load(gep(t, TENSOR_T, 0, 2), I64);
            current = next(ne(rank, constant(I64, shape.length)), fail, STATUS_INPUT_RANK, current);
            Value shapePtr = shape.length == 0 ? null : load(gep(t, TENSOR_T, 0, 1), PTR);
            Value mismatch = null;
            List<Value> dims = new ArrayList<>();
            for (int k = 0; k < shape.length; k++) {
                Value dim = load(gep(shapePtr, I64, k), I64);
                if (shape[k] >= 0) {
                    Value c = constant(I64, shape[k]);
                    Value bad = ne(dim, c);
                    mismatch = mismatch == null ? bad : LLVMOps.value(b, loc, "or", List.of(mismatch, bad),
                            IntegerType.I1, Map.of());
                    dims.add(c);
                } else {
                    dims.add(dim);
                }
            }
            if (mismatch != null) {
                current = next(mismatch, fail, STATUS_INPUT_SHAPE, current);
            }
            sizes.add(dims);
        }

        // Prepare each input; a failure frees the ones prepared before it.
        List<Block> unwind = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            unwind.add(newBlock(current, List.of(I32)));
        }
        for (int i = 0; i < n; i++) {
            Value status = call("hipdnn_ep_tensor_prepare_input", state, tensorPtrs.get(i), slots.get(i));
            Block cont = newBlock(current, List.of());
            condBr(ne(status, constant(I32, 0)), unwind.get(i), List.of(status), cont, List.of());
            current = cont;
            b.setInsertionPointToEnd(current);
        }
        List<Value> args = new ArrayList<>();
        args.add(state);
        List<Value> data = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Value p = load(slots.get(i), PTR);
            data.add(p);
            args.add(p);
            args.add(p);
            args.add(constant(I64, 0));
            List<Value> dims = sizes.get(i);
            args.addAll(dims);
            args.addAll(rowMajorStrides(inputs.get(i).shape(), dims));
        }
        call("hipdnn_ep_state_reset_error_flag", state);
        LLVMOps.call(b, loc, MAIN_GRAPH, args, mainType.returnsVoid() ? List.of() : List.of(mainType.result()));
        call("hipdnn_ep_stream_sync", state);
        Value result = call("hipdnn_ep_state_read_and_clear_error_flag", state);
        for (int i = 0; i < n; i++) {
            call("hipdnn_ep_tensor_free_input", state, tensorPtrs.get(i), data.get(i));
        }
        ret(result);

        // unwind[i] frees inputs i-1 .. 0, then returns the status.
        for (int i = 0; i < n; i++) {
            Block u = unwind.get(i);
            u.remove();
            entry.parent().append(u);
            b.setInsertionPointToEnd(u);
            if (i == 0) {
                ret(u.argument(0));
            } else {
                call("hipdnn_ep_tensor_free_input", state, tensorPtrs.get(i - 1), load(slots.get(i - 1), PTR));
                br(unwind.get(i - 1), List.of(u.argument(0)));
            }
        }
        fail.remove();
        entry.parent().append(fail);
        b.setInsertionPointToEnd(fail);
        ret(fail.argument(0));
    }

    /** Branches to {@code fail(status)} when {@code bad}, else to a new block, where the builder goes. */
    private Block next(Value bad, Block fail, int status, Block current) {
        Block cont = newBlock(current, List.of());
        condBr(bad, fail, List.of(constant(I32, status)), cont, List.of());
        b.setInsertionPointToEnd(cont);
        return cont;
    }

    /** Row-major strides over {@code dims}, folded where the dimensions are static. */
    private List<Value> rowMajorStrides(long[] shape, List<Value> dims) {
        int rank = dims.size();
        Value[] strides = new Value[rank];
        long known = 1;
        Value stride = null;
        for (int k = rank - 1; k >= 0; k--) {
            strides[k] = stride == null ? constant(I64, known) : stride;
            if (k == 0) {
                break;
            }
            if (stride == null && shape[k] >= 0) {
                known *= shape[k];
            } else if (stride == null && known == 1) {
                stride = dims.get(k);
            } else {
                Value prev = stride == null ? constant(I64, known) : stride;
                stride = LLVMOps.value(b, loc, "mul", List.of(prev, dims.get(k)), I64, Map.of());
            }
        }
        return List.of(strides);
    }

    private void emitCleanup() {
        Block entry = function("inference_cleanup", fn(I32, PTR));
        ret(call("hipdnn_ep_state_cleanup", entry.argument(0)));
    }

    private void emitMetadataGetter() {
        function("inference_get_metadata_json", fn(PTR));
        ret(addressOf("__metadata_json"));
    }

    private void emitSetOutputAllocator() {
        Block entry = function("hipdnn_ep_set_output_allocator", fn(VOID, PTR, PTR));
        call("hipdnn_ep_state_set_output_allocator", entry.argument(0), entry.argument(1));
        LLVMOps.create(b, loc, "return", List.of(), List.of(), Map.of());
    }

    // ---------------------------------------------------------------- op helpers

    private Value call(String runtime, Value... args) {
        LLVMTypes.FunctionType t = RUNTIME.get(runtime);
        Operation op = LLVMOps.call(b, loc, runtime, List.of(args), t.returnsVoid() ? List.of() : List.of(t.result()));
        return op.numResults() == 0 ? null : op.result(0);
    }

    private Value constant(Type type, long value) {
        return LLVMOps.constant(b, loc, type, IntegerAttr.of(type, value));
    }

    private Value addressOf(String global) {
        return LLVMOps.value(b, loc, "mlir.addressof", List.of(), PTR,
                Map.of("global_name", SymbolRefAttr.flat(global)));
    }

    private Value gep(Value base, Type elem, long... indices) {
        return LLVMOps.value(b, loc, "getelementptr", List.of(base), PTR, Map.of("elem_type", new TypeAttr(elem),
                "noWrapFlags", IntegerAttr.of(I32, 0), "rawConstantIndices", DenseArrayAttr.ofLongs(I32, indices)));
    }

    private Value load(Value ptr, Type type) {
        return LLVMOps.value(b, loc, "load", List.of(ptr), type, Map.of("ordering", IntegerAttr.i64(0)));
    }

    private Value ne(Value a, Value c) {
        return LLVMOps.value(b, loc, "icmp", List.of(a, c), IntegerType.I1, Map.of("predicate", IntegerAttr.i64(1)));
    }

    private void ret(Value v) {
        LLVMOps.create(b, loc, "return", List.of(v), List.of(), Map.of());
    }

    private void br(Block dest, List<Value> args) {
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".br", module.context());
        st.addOperands(args).addSuccessor(dest);
        b.create(st);
    }

    private void condBr(Value cond, Block t, List<Value> tArgs, Block f, List<Value> fArgs) {
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".cond_br", module.context());
        List<Value> operands = new ArrayList<>();
        operands.add(cond);
        operands.addAll(tArgs);
        operands.addAll(fArgs);
        st.addOperands(operands).addSuccessor(t).addSuccessor(f);
        st.properties = DictionaryAttr.of(Map.of("operandSegmentSizes",
                DenseArrayAttr.ofLongs(I32, 1, tArgs.size(), fArgs.size())));
        b.create(st);
    }
}
