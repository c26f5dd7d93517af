package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.func.FuncDialect;
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
import org.hipep.pass.Pass;
import org.hipep.pass.options.Option;

/**
 * {@code generate-interface} (hip-ep-contracts §3.1 row 39, §4.4): emits the model interface the
 * runtime calls around the lowered {@code @main_graph}. Upstream gives the pass no textual
 * registration; here it is nameable like every pass, with the option {@code constants-file}.
 *
 * <p>Input: {@code @main_graph} is an {@code llvm.func} (after {@code convert-hip-to-llvm}) whose
 * argument 0 is the run-time state ({@code !llvm.ptr}) and whose other arguments are the graph
 * inputs, each memref expanded as upstream passes it (allocated pointer, aligned pointer, offset,
 * R sizes, R strides, the sizes and strides {@code i64}); its results are ignored (outputs go
 * through the output allocator). The inputs' ranks come from {@code hipdnn.input_shapes} when the
 * module records them (the signature must then match), else from the signature.
 *
 * <p>Output, every function public with {@code llvm.emit_c_interface}:
 * <ul>
 * <li>{@code i32 inference_init(ptr out_state, ptr fs)}: {@code hipdnn_ep_state_init_with_fs(out_state,
 * fs, metadata, size)} with the metadata JSON text (upstream passes a FlatBuffers blob; here the
 * blob is the JSON, {@code size} its length without the NUL); when it succeeds and the module has
 * {@code hipdnn.pool_size > 0}, {@code hipdnn.buffer_count} and {@code hipdnn.buffer_offsets},
 * {@code hipdnn_ep_pool_init(*out_state, pool_size, offsets, count)} (the offsets a private
 * constant global). Returns the first non-zero status, else 0.</li>
 * <li>{@code i32 inference_compute(ptr state, ptr inputs)}, {@code inputs} a {@code span_t*}:
 * {@code hipdnn_ep_runtime_begin_compute(state)}; checks the input count, each input's rank and
 * its static dimensions (status {@link #STATUS_INPUT_COUNT}, {@link #STATUS_INPUT_RANK},
 * {@link #STATUS_INPUT_SHAPE}); per input {@code hipdnn_ep_tensor_prepare_input(state, tensor,
 * &device_data)} (a failure frees the inputs prepared so far and returns its status); then
 * {@code hipdnn_ep_state_reset_error_flag}, {@code @main_graph(state, descriptors...)} (data as
 * allocated and aligned pointer, offset 0, sizes from {@code shape[k]} or the static dimension,
 * row-major strides), {@code hipdnn_ep_stream_sync}, {@code hipdnn_ep_state_read_and_clear_error_flag}
 * (the return value) and {@code hipdnn_ep_tensor_free_input} per input.</li>
 * <li>{@code i32 inference_cleanup(ptr state)} → {@code hipdnn_ep_state_cleanup(state)}.</li>
 * <li>{@code ptr inference_get_metadata_json()} → the private constant global {@code __metadata_json}
 * (NUL-terminated; the caller must not free it).</li>
 * <li>{@code void hipdnn_ep_set_output_allocator(ptr state, ptr allocator)} →
 * {@code hipdnn_ep_state_set_output_allocator(state, allocator)}.</li>
 * </ul>
 * The runtime functions are declared unless the module already declares them with the same type.
 *
 * <p>Errors (the module unchanged): a generated symbol already exists; {@code @main_graph} is
 * missing, still a {@code func.func}, or has a signature that is not the expanded form;
 * module metadata attributes of the wrong form; a runtime function declared with another type.
 */
public final class GenerateInterfacePass extends Pass {
    /** The lowered graph function the interface calls. */
    public static final String MAIN_GRAPH = "main_graph";
    /** The generated entry points and globals; none may exist before the pass. */
    public static final List<String> GENERATED = List.of("inference_init", "inference_compute",
            "inference_cleanup", "inference_get_metadata_json", "hipdnn_ep_set_output_allocator",
            "__metadata_json", "__hipdnn_buffer_offsets");
    /** {@code inference_compute}'s status when {@code inputs->count} is not the model's input count. */
    public static final int STATUS_INPUT_COUNT = 0x1001;
    /** {@code inference_compute}'s status when an input's {@code rank} is not the model's. */
    public static final int STATUS_INPUT_RANK = 0x1002;
    /** {@code inference_compute}'s status when an input's {@code shape} contradicts a static dimension. */
    public static final int STATUS_INPUT_SHAPE = 0x1003;

    private static final LLVMTypes.PointerType PTR = LLVMTypes.PointerType.DEFAULT;
    private static final IntegerType I64 = IntegerType.I64;
    private static final IntegerType I32 = IntegerType.I32;
    private static final Type VOID = LLVMTypes.VoidType.INSTANCE;

    /**
     * {@code tensor_t} as on x86-64: {@code {void *data; int64_t *shape; size_t rank; size_t
     * element_size; int memory_type;}} and the 4 bytes of tail padding written out, so that the
     * array stride is 40 bytes whatever the data layout.
     */
    static final LLVMTypes.StructType TENSOR_T = new LLVMTypes.StructType("hipdnn_tensor_t", false,
            List.of(PTR, PTR, I64, I64, I32, new LLVMTypes.ArrayType(4, IntegerType.I8)));
    /** {@code span_t}: {@code {tensor_t *data; size_t count;}}. */
    static final LLVMTypes.StructType SPAN_T = new LLVMTypes.StructType("hipdnn_span_t", false, List.of(PTR, I64));

    /** The runtime functions the interface calls, with their types. */
    static final Map<String, LLVMTypes.FunctionType> RUNTIME = runtimeFunctions();

    private final Option<String> constantsFile = options().stringOption("constants-file",
            "Constants file name for the metadata when the module has no hip.constants_file"
                    + " (empty: \"constants.bin\")", "");

    /** The textual pass. */
    public GenerateInterfacePass() {
    }

    /** The pass with {@code constantsFile} as the fallback constants file name. */
    public static GenerateInterfacePass create(String constantsFile) {
        GenerateInterfacePass p = new GenerateInterfacePass();
        p.constantsFile.set(constantsFile == null ? "" : constantsFile);
        return p;
    }

    @Override
    public String argument() {
        return "generate-interface";
    }

    @Override
    public String name() {
        return "GenerateInterface";
    }

    @Override
    public String description() {
        return "Emit inference_init/compute/cleanup, the metadata JSON and the output-allocator hook around"
                + " the lowered @main_graph";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    private static Map<String, LLVMTypes.FunctionType> runtimeFunctions() {
        Map<String, LLVMTypes.FunctionType> m = new LinkedHashMap<>();
        m.put("hipdnn_ep_state_init_with_fs", fn(I32, PTR, PTR, PTR, I64));
        m.put("hipdnn_ep_pool_init", fn(I32, PTR, I64, PTR, I64));
        m.put("hipdnn_ep_runtime_begin_compute", fn(VOID, PTR));
        m.put("hipdnn_ep_tensor_prepare_input", fn(I32, PTR, PTR, PTR));
        m.put("hipdnn_ep_state_reset_error_flag", fn(VOID, PTR));
        m.put("hipdnn_ep_stream_sync", fn(VOID, PTR));
        m.put("hipdnn_ep_state_read_and_clear_error_flag", fn(I32, PTR));
        m.put("hipdnn_ep_tensor_free_input", fn(VOID, PTR, PTR, PTR));
        m.put("hipdnn_ep_state_cleanup", fn(I32, PTR));
        m.put("hipdnn_ep_state_set_output_allocator", fn(VOID, PTR, PTR));
        return m;
    }

    private static LLVMTypes.FunctionType fn(Type result, Type... params) {
        return new LLVMTypes.FunctionType(result, List.of(params), false);
    }

    /** A refusal: the message goes on {@code op}. */
    private static final class InterfaceException extends Exception {
        final transient Operation op;

        InterfaceException(Operation op, String message) {
            super(message, null, false, false);
            this.op = op;
        }
    }

    /** Pool initialization data, or none. */
    private record Pool(long size, long[] offsets) {
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        try {
            SymbolTable symbols = new SymbolTable(module);
            Operation main = checkSymbols(module, symbols);
            LLVMTypes.FunctionType mainType = (LLVMTypes.FunctionType) ((TypeAttr) main.attribute("function_type"))
                    .value();
            List<ModelMetadata.Tensor> inputs;
            List<ModelMetadata.Tensor> outputs;
            Pool pool;
            String json;
            try {
                inputs = inputs(main, mainType, ModelMetadata.tensors(module, "input"));
                outputs = ModelMetadata.tensors(module, "output");
                pool = pool(module);
                json = Json.write(ModelMetadata.json(module, inputs, outputs, constantsFile.get()));
            } catch (ModelMetadata.BadAttributeException e) {
                throw new InterfaceException(module, e.getMessage());
            }
            Emitter emitter = new Emitter(module, main.location());
            emitter.declareRuntime(symbols);
            emitter.emit(mainType, inputs, pool, json);
        } catch (InterfaceException e) {
            e.op.emitError("generate-interface: " + e.getMessage());
            signalPassFailure();
        }
    }

    /** The metadata JSON {@code generate-interface} would embed for {@code module}. */
    public static String metadataJson(Operation module, String constantsFile) {
        try {
            SymbolTable symbols = new SymbolTable(module);
            Operation main = checkSymbols(module, symbols);
            LLVMTypes.FunctionType mainType = (LLVMTypes.FunctionType) ((TypeAttr) main.attribute("function_type"))
                    .value();
            return Json.write(ModelMetadata.json(module, inputs(main, mainType, ModelMetadata.tensors(module, "input")),
                    ModelMetadata.tensors(module, "output"), constantsFile));
        } catch (InterfaceException | ModelMetadata.BadAttributeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Checks that no generated symbol exists and returns {@code @main_graph}. */
    private static Operation checkSymbols(Operation module, SymbolTable symbols) throws InterfaceException {
        for (String name : GENERATED) {
            Operation existing = symbols.lookup(name);
            if (existing != null) {
                throw new InterfaceException(existing, "symbol @" + name + " already exists");
            }
        }
        Operation main = symbols.lookup(MAIN_GRAPH);
        if (main == null) {
            throw new InterfaceException(module, "the module has no @" + MAIN_GRAPH);
        }
        if (main.is(FuncDialect.FUNC)) {
            throw new InterfaceException(main, "@" + MAIN_GRAPH
                    + " is still a 'func.func'; it must be lowered to 'llvm.func' (convert-hip-to-llvm) first");
        }
        if (!main.is(LLVMDialect.NAMESPACE + ".func")
                || !(main.attribute("function_type") instanceof TypeAttr ta
                        && ta.value() instanceof LLVMTypes.FunctionType ft && !ft.vararg())) {
            throw new InterfaceException(main, "@" + MAIN_GRAPH + " must be a non-variadic 'llvm.func', not '"
                    + main.nameString() + "'");
        }
        return main;
    }

    /**
     * The graph inputs: {@code recorded} (checked against the signature) or, when the module
     * records none, one input of unknown dimensions per expanded memref of the signature.
     */
    private static List<ModelMetadata.Tensor> inputs(Operation main, LLVMTypes.FunctionType type,
            List<ModelMetadata.Tensor> recorded) throws InterfaceException {
        List<Type> params = type.params();
        if (params.isEmpty() || !(params.get(0) instanceof LLVMTypes.PointerType)) {
            throw new InterfaceException(main, "argument 0 of @" + MAIN_GRAPH
                    + " must be the run-time state (!llvm.ptr)");
        }
        List<Integer> ranks = new ArrayList<>();
        int i = 1;
        while (i < params.size()) {
            if (i + 2 >= params.size() || !(params.get(i) instanceof LLVMTypes.PointerType)
                    || !(params.get(i + 1) instanceof LLVMTypes.PointerType) || !I64.equals(params.get(i + 2))) {
                throw signature(main, i);
            }
            int j = i + 3;
            while (j < params.size() && I64.equals(params.get(j))) {
                j++;
            }
            int ints = j - (i + 3);
            if (ints % 2 != 0) {
                throw signature(main, i);
            }
            ranks.add(ints / 2);
            i = j;
        }
        if (recorded == null) {
            List<ModelMetadata.Tensor> out = new ArrayList<>();
            for (int rank : ranks) {
                long[] shape = new long[rank];
                java.util.Arrays.fill(shape, -1);
                out.add(new ModelMetadata.Tensor(null, null, shape, ModelMetadata.DEFAULT_ELEMENT_SIZE));
            }
            return out;
        }
        // The record decides where each input starts (the split above is greedy): the ranks must agree.
        if (recorded.size() != ranks.size()) {
            throw new InterfaceException(main, "@" + MAIN_GRAPH + " takes " + ranks.size()
                    + " inputs (ranks " + ranks + ") but the module records " + recorded.size());
        }
        List<ModelMetadata.Tensor> out = new ArrayList<>();
        for (int k = 0; k < recorded.size(); k++) {
            ModelMetadata.Tensor t = recorded.get(k);
            if (t.shape() == null) {
                long[] shape = new long[ranks.get(k)];
                java.util.Arrays.fill(shape, -1);
                t = new ModelMetadata.Tensor(t.name(), t.elementType(), shape, t.elementSize());
            } else if (t.shape().length != ranks.get(k)) {
                throw new InterfaceException(main, "the arguments of @" + MAIN_GRAPH + " (inputs of rank " + ranks
                        + ") do not match hipdnn.input_shapes (ranks "
                        + recorded.stream().map(r -> r.shape().length).toList() + ")");
            }
            out.add(t);
        }
        return out;
    }

    private static InterfaceException signature(Operation main, int arg) {
        return new InterfaceException(main, "argument " + arg + " of @" + MAIN_GRAPH
                + " does not start an expanded memref (ptr, ptr, i64 offset, sizes, strides)");
    }

    private static Pool pool(Operation module) throws ModelMetadata.BadAttributeException {
        Attribute size = module.attribute("hipdnn.pool_size");
        Attribute count = module.attribute("hipdnn.buffer_count");
        Attribute offsets = module.attribute("hipdnn.buffer_offsets");
        if (!(size instanceof IntegerAttr s) || s.longValue() <= 0 || count == null || offsets == null) {
            return null;
        }
        if (!(count instanceof IntegerAttr c) || c.longValue() < 0) {
            throw new ModelMetadata.BadAttributeException("module attribute 'hipdnn.buffer_count' must be a"
                    + " non-negative integer");
        }
        if (!(offsets instanceof DenseArrayAttr o) || o.isFloat() || o.size() != c.longValue()) {
            throw new ModelMetadata.BadAttributeException("module attribute 'hipdnn.buffer_offsets' must be an"
                    + " integer array of hipdnn.buffer_count (" + c.longValue() + ") entries");
        }
        return new Pool(s.longValue(), o.asLongs());
    }

    /** Builds the interface at the end of the module. */
    private static final class Emitter {
        private final Operation module;
        private final Location loc;
        private final OpBuilder b;
        private final Block body;

        Emitter(Operation module, Location loc) {
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
                } else if (!(existing.is(LLVMDialect.NAMESPACE + ".func")
                        && existing.attribute("function_type") instanceof TypeAttr ta
                        && ta.value().equals(e.getValue()))) {
                    throw new InterfaceException(existing, "@" + e.getKey()
                            + " exists but is not the runtime function 'llvm.func' of type "
                            + org.hipep.ir.text.AttrTypePrinter.typeToString(e.getValue(), module.context()));
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
                    java.util.Collections.nCopies(type.params().size(), loc));
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
}
