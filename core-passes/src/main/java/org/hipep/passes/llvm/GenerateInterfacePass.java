package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
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
 * through the output allocator), so unless something else in the module calls it, the pass makes
 * it return nothing. The inputs' ranks come from {@code hipdnn.input_shapes} when the
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
    /**
     * The module attribute the compiler driver sets with which plugin contributed which pass
     * (a dictionary: plugin id → array of pass names); the metadata's {@code plugin_provenance}.
     */
    public static final String PLUGIN_PROVENANCE_ATTR = ModelMetadata.PLUGIN_PROVENANCE;

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

    static LLVMTypes.FunctionType fn(Type result, Type... params) {
        return new LLVMTypes.FunctionType(result, List.of(params), false);
    }

    /** A refusal: the message goes on {@code op}. */
    static final class InterfaceException extends Exception {
        final transient Operation op;

        InterfaceException(Operation op, String message) {
            super(message, null, false, false);
            this.op = op;
        }
    }

    /** Pool initialization data, or none. */
    record Pool(long size, long[] offsets) {
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
            boolean dropResults = !mainType.returnsVoid() && !calledElsewhere(module);
            LLVMTypes.FunctionType called = dropResults ? fn(VOID, mainType.params().toArray(Type[]::new)) : mainType;
            InterfaceEmitter emitter = new InterfaceEmitter(module, main.location());
            emitter.declareRuntime(symbols);
            emitter.emit(called, inputs, pool, json);
            if (dropResults) {
                dropResults(main, called);
            }
        } catch (InterfaceException e) {
            e.op.emitError("generate-interface: " + e.getMessage());
            signalPassFailure();
        }
    }

    /** Whether anything in {@code module} calls {@code @main_graph} already. */
    private static boolean calledElsewhere(Operation module) {
        boolean[] found = {false};
        module.walk(op -> {
            if (op.is(LLVMDialect.NAMESPACE + ".call") && op.attribute("callee") instanceof SymbolRefAttr callee
                    && callee.rootReference().equals(MAIN_GRAPH)) {
                found[0] = true;
            }
        });
        return found[0];
    }

    /**
     * {@code @main_graph} made to return nothing: the generated {@code inference_compute}, its only
     * caller, ignores its results (the outputs went through the output allocator). The values it
     * returned are left without a user, for LLVM to remove. A returned descriptor (seven words or
     * more, returned through memory) would also keep LLVM's fast instruction selector, which code
     * generation uses for the graph function (the runtime's {@code ModelLinker}), from all of it.
     */
    private static void dropResults(Operation main, LLVMTypes.FunctionType voidType) {
        main.setAttribute("function_type", new TypeAttr(voidType));
        main.removeAttribute("res_attrs");
        main.walk(op -> {
            if (op.is(LLVMDialect.NAMESPACE + ".return") && op.numOperands() > 0) {
                op.setOperands(List.of());
            }
        });
    }

    /**
     * The metadata JSON {@code generate-interface} embedded in {@code module} (the private global
     * {@code __metadata_json}, without its NUL), or empty when the module has no interface.
     */
    public static java.util.Optional<String> embeddedMetadataJson(Operation module) {
        Operation global = new SymbolTable(module).lookup("__metadata_json");
        if (global == null || !(global.attribute("value") instanceof StringAttr s)) {
            return java.util.Optional.empty();
        }
        String text = s.value();
        return java.util.Optional.of(text.endsWith("\0") ? text.substring(0, text.length() - 1) : text);
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
                Arrays.fill(shape, -1);
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
                Arrays.fill(shape, -1);
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
}
