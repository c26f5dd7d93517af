package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipEpilogueFusion;
import org.hipep.dialects.hip.HipParameters;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The kernel ABI of the {@code hip} compute ops (documented in {@code docs/kernel-abi.md}): the
 * one table, per op, of its operand roles and of its attributes in the order the kernel takes
 * them, with their encodings, defaults and choices. {@code convert-hip-to-llvm} lowers each
 * memref-form op to a call of the kernel this table names; the documentation's table is
 * {@link #markdownTable()}.
 *
 * <p>The kernel of an op is {@code void hipep_<op>_<t>[_to_<t2>][_exp_<t3>][_in<N>][_out<M>][_p_<param>...](
 * ptr ctx, (i64 rank, ptr descriptor) per memref operand, attributes...)}: {@code <t>} the
 * element type of the first memref operand, {@code <t2>} that of the first destination when it
 * differs; {@code _exp_<t3>} for a {@code pow} whose exponent's element type is not the base's;
 * {@code _in<N>} for an op whose number of inputs varies, {@code _out<M>} for one whose
 * number of destinations varies, {@code _p_<param>} for each parameter given as a run-time
 * operand, {@code _acc} for a conv that adds to its destination ({@code accumulate}),
 * {@code _clamp} for an op carrying a fused clamp, {@code _maxpool} for a conv carrying a fused
 * max pool, {@code _nhwc} for a conv or pool with
 * {@code channels_last} set, and {@code _<activation>} for a matmul with a fused activation
 * ({@code _gelu}, {@code _gelu_tanh}), so that each symbol has exactly one signature.
 */
public final class HipKernelAbi {
    /** How an attribute is passed. */
    public enum Encoding {
        /** An integer: one {@code i64}. */
        I64("i64"),
        /** A flag: one {@code i64}, 0 or 1. */
        BOOL("i64 (0 or 1)"),
        /** A float: one {@code f64}. */
        F64("f64"),
        /** An {@code array<i64>}: a pointer to a private constant global of i64s and its length (absent: null, -1). */
        I64_ARRAY("ptr, i64"),
        /** An {@code array<f32>}: a pointer to a private constant global of f32s and its length (absent: null, -1). */
        F32_ARRAY("ptr, i64"),
        /** A string out of a fixed list: its index in the list, as {@code i64}. */
        CHOICE("i64"),
        /** A scalar of the data's element type: {@code f64} for floats, {@code i64} for integers. */
        ELEMENT_SCALAR("f64 or i64"),
        /** A free string: a pointer to a private constant NUL-terminated global and its length (without the NUL). */
        STRING("ptr, i64"),
        /** A type: part of the symbol, no argument. */
        TYPE("(symbol)"),
        /**
         * A fused epilogue bound: one {@code f64}, passed only by the {@code _clamp} symbols (the
         * op carries one of its clamp attributes); absent: {@code -inf} / {@code +inf}.
         */
        CLAMP("f64, `_clamp` symbols only"),
        /**
         * A bound slot of a clamped conv ({@code hip-conv-bound-slots}): one {@code i64}, passed
         * only by the {@code _clamp} symbols; absent: {@code -1} (no slot).
         */
        BOUND("i64, `_clamp` symbols only"),
        /**
         * A max pool fused into a channels-last conv ({@code max_pool}: kernel, strides, pads, 8
         * i64s): a pointer to a private constant global of them and its length, passed only by the
         * {@code _maxpool} symbols (the op carries it).
         */
        MAX_POOL("ptr, i64, `_maxpool` symbols only"),
        /**
         * A conv that adds its result to what its destination holds ({@code accumulate}): part of
         * the symbol ({@code _acc} when set), no argument.
         */
        ACCUMULATE("(symbol)"),
        /**
         * The data layout of a conv or pool ({@code channels_last}): part of the symbol
         * ({@code _nhwc} when set), no argument.
         */
        LAYOUT("(symbol)"),
        /**
         * A fused activation of a matmul ({@code activation}, one of the attribute's choices): part
         * of the symbol ({@code _<activation>} when set), no argument.
         */
        ACTIVATION("(symbol)");

        private final String arguments;

        Encoding(String arguments) {
            this.arguments = arguments;
        }

        /** The LLVM argument types, as the documentation writes them. */
        public String arguments() {
            return arguments;
        }
    }

    /**
     * One attribute of a kernel.
     *
     * @param name the attribute name
     * @param encoding how it is passed
     * @param absent what is passed when the attribute is absent (a {@link Long}, {@link Double},
     *        {@link Boolean} or choice {@link String}), {@code null} when it is required (or, for
     *        arrays, when absence is passed as null, -1)
     * @param choices the choices of a {@link Encoding#CHOICE}, in index order
     * @param note the documentation of the absent value, when it is not a plain default
     */
    public record Attr(String name, Encoding encoding, Object absent, List<String> choices, String note) {
        /** Whether the kernel cannot run without the attribute. */
        public boolean required() {
            return absent == null && encoding != Encoding.I64_ARRAY && encoding != Encoding.F32_ARRAY;
        }
    }

    /**
     * One op's kernel.
     *
     * @param op the op name without {@code hip.}
     * @param operands the operand roles, as the documentation writes them
     * @param variableInputs whether the number of inputs varies (the symbol says it)
     * @param variableOutputs whether the number of destinations varies (the symbol says it)
     * @param attributes the attributes, in the kernel's argument order (the op's attribute list)
     */
    public record Entry(String op, String operands, boolean variableInputs, boolean variableOutputs,
            List<Attr> attributes) {
        /** Whether the op may carry a fused clamp ({@link Encoding#CLAMP} attributes). */
        public boolean hasClamp() {
            return attributes.stream().anyMatch(a -> a.encoding() == Encoding.CLAMP);
        }

        /** Whether the op may carry a fused max pool ({@link Encoding#MAX_POOL} attribute). */
        public boolean hasMaxPool() {
            return attributes.stream().anyMatch(a -> a.encoding() == Encoding.MAX_POOL);
        }

        /** Whether the op may add to its destination ({@link Encoding#ACCUMULATE} attribute). */
        public boolean hasAccumulate() {
            return attributes.stream().anyMatch(a -> a.encoding() == Encoding.ACCUMULATE);
        }

        /** Whether the op may be channels-last ({@link Encoding#LAYOUT} attribute). */
        public boolean hasLayout() {
            return attributes.stream().anyMatch(a -> a.encoding() == Encoding.LAYOUT);
        }

        /** The fused activation attribute, or {@code null} when the op takes none. */
        public Attr activation() {
            return attributes.stream().filter(a -> a.encoding() == Encoding.ACTIVATION).findFirst().orElse(null);
        }

        /** The symbol family, as the documentation writes it. */
        public String family() {
            StringBuilder s = new StringBuilder("hipep_").append(op).append("_<t>");
            if (variableInputs) {
                s.append("[_in<N>]");
            }
            if (variableOutputs) {
                s.append("[_out<M>]");
            }
            if (!HipParameters.of(op).isEmpty()) {
                s.append("[_p_<param>...]");
            }
            if (hasAccumulate()) {
                s.append("[_acc]");
            }
            if (hasClamp()) {
                s.append("[_clamp]");
            }
            if (hasMaxPool()) {
                s.append("[_maxpool]");
            }
            if (hasLayout()) {
                s.append("[_nhwc]");
            }
            if (activation() != null) {
                s.append("[_<activation>]");
            }
            return s.toString();
        }
    }

    /** A clamped conv's slot where its kernel leaves a bound of what it wrote ({@code hip-conv-bound-slots}). */
    public static final String BOUND_SLOT = "bound_slot";

    /** A clamped conv's slot holding a bound of its X, filled by the conv that wrote X. */
    public static final String X_BOUND_SLOT = "x_bound_slot";

    /** An accumulating clamped conv's slot holding a bound of its destination's old values. */
    public static final String ACC_BOUND_SLOT = "acc_bound_slot";

    private static final Map<String, Entry> TABLE = new LinkedHashMap<>();

    private HipKernelAbi() {
    }

    // ------------------------------------------------------------------ building the table

    private static Attr i64(String name, long dflt) {
        return new Attr(name, Encoding.I64, dflt, List.of(), null);
    }

    private static Attr i64Required(String name) {
        return new Attr(name, Encoding.I64, null, List.of(), null);
    }

    private static Attr flag(String name, boolean dflt) {
        return new Attr(name, Encoding.BOOL, dflt, List.of(), null);
    }

    private static Attr f64(String name, double dflt) {
        return new Attr(name, Encoding.F64, dflt, List.of(), null);
    }

    private static Attr ints(String name) {
        return new Attr(name, Encoding.I64_ARRAY, null, List.of(), null);
    }

    private static Attr clamp(String name, double absent, String note) {
        return new Attr(name, Encoding.CLAMP, absent, List.of(), note);
    }

    private static Attr bound(String name) {
        return new Attr(name, Encoding.BOUND, -1L, List.of(), "-1 (no slot)");
    }

    private static Attr accumulate() {
        return new Attr(ACCUMULATE, Encoding.ACCUMULATE, false, List.of(), null);
    }

    private static Attr maxPool() {
        return new Attr(MAX_POOL, Encoding.MAX_POOL, null, List.of(), "none: not passed");
    }

    private static Attr channelsLast() {
        return new Attr(CHANNELS_LAST, Encoding.LAYOUT, false, List.of(), null);
    }

    /** The activation of a matmul: absent (none) or one of the dialect's choices, each a symbol suffix. */
    private static Attr activation() {
        return new Attr(ACTIVATION, Encoding.ACTIVATION, "none", HipEpilogueFusion.ACTIVATIONS, null);
    }

    private static Attr choice(String name, String... choices) {
        return new Attr(name, Encoding.CHOICE, choices[0], List.of(choices), null);
    }

    private static Attr note(Attr a, String note) {
        return new Attr(a.name(), a.encoding(), a.absent(), a.choices(), note);
    }

    private static void add(String op, String operands, Attr... attrs) {
        add(op, operands, false, false, attrs);
    }

    private static void add(String op, String operands, boolean varIn, boolean varOut, Attr... attrs) {
        TABLE.put(op, new Entry(op, operands, varIn, varOut, List.of(attrs)));
    }

    private static final String[] AUTO_PAD = {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"};
    private static final String[] REDUCTION = {"none", "add", "mul", "min", "max"};

    static {
        for (String n : List.of("add", "sub", "mul", "div")) {
            add(n, "A, B → C (numpy broadcasting)", clamp("clamp_min", Double.NEGATIVE_INFINITY, "-inf"),
                    clamp("clamp_max", Double.POSITIVE_INFINITY, "+inf"));
        }
        for (String n : List.of("min", "max", "pow", "and", "or", "xor", "equal", "less", "less_or_equal", "greater",
                "greater_or_equal")) {
            add(n, "A, B → C (numpy broadcasting)");
        }
        add("mod", "A, B → C (numpy broadcasting)", flag("fmod", false));
        for (String n : List.of("neg", "abs", "sign", "exp", "log", "sqrt", "reciprocal", "sigmoid", "tanh", "erf",
                "sin", "cos", "ceil", "floor", "round", "softplus", "not")) {
            add(n, "X → Y");
        }
        add("gelu", "X → Y", choice("approximate", "none", "tanh"));
        add("leaky_relu", "X → Y", f64("alpha", 0.01));
        add("hard_sigmoid", "X → Y", f64("alpha", 0.2), f64("beta", 0.5));
        add("cast", "X → Y", new Attr("to", Encoding.TYPE, null, List.of(), "the destination's element type"));
        add("where", "condition, X, Y → Z (numpy broadcasting)");
        add("clip", "X → Y",
                note(new Attr("min", Encoding.ELEMENT_SCALAR, null, List.of(), null), "-inf / INT64_MIN (no bound)"),
                note(new Attr("max", Encoding.ELEMENT_SCALAR, null, List.of(), null), "+inf / INT64_MAX (no bound)"));
        add("matmul", "A, B, [bias] → Y", true, false, activation());
        add("gemm", "A, B, [C] → Y", true, false, f64("alpha", 1.0), f64("beta", 1.0), flag("transA", false),
                flag("transB", false));
        for (String n : List.of("sum", "mean", "max", "min", "prod", "sum_square", "l1", "l2", "log_sum_exp")) {
            add("reduce_" + n, "data, [axes] → reduced", ints("axes"), flag("keepdims", true),
                    flag("noop_with_empty_axes", false));
        }
        for (String n : List.of("arg_max", "arg_min")) {
            add(n, "data → reduced (i64)", i64("axis", 0), flag("keepdims", true), flag("select_last_index", false));
        }
        add("softmax", "X → Y", i64("axis", -1), f64("scale", 1.0));
        add("log_softmax", "X → Y", i64("axis", -1));
        add("layer_norm", "X, scale, [B] → Y, [mean], [inv_std_dev]", true, true, i64("axis", -1),
                f64("epsilon", 1e-5));
        add("skip_layer_norm", "X, skip, scale, [B] → Y", true, false, i64("axis", -1), f64("epsilon", 1e-5));
        add("rms_norm", "X, scale → Y", i64("axis", -1), f64("epsilon", 1e-5));
        add("batch_norm", "X, scale, B, mean, var → Y", f64("epsilon", 1e-5));
        add("instance_norm", "X, scale, B → Y", f64("epsilon", 1e-5));
        add("group_norm", "X, scale, B → Y", i64Required("num_groups"), f64("epsilon", 1e-5));
        Attr[] window = {ints("kernel_shape"), ints("strides"), ints("pads"), ints("dilations")};
        add("conv", "X, W, [B] → Y", true, false, window[0], window[1], window[2], window[3], i64("group", 1),
                choice("auto_pad", AUTO_PAD), clamp("clamp_min", Double.NEGATIVE_INFINITY, "-inf"),
                clamp("clamp_max", Double.POSITIVE_INFINITY, "+inf"), bound(X_BOUND_SLOT), bound(ACC_BOUND_SLOT),
                bound(BOUND_SLOT), maxPool(), channelsLast(), accumulate());
        add("conv_transpose", "X, W, [B] → Y", true, false, window[0], window[1], window[2], window[3],
                i64("group", 1), choice("auto_pad", AUTO_PAD), ints("output_padding"), ints("output_shape"));
        add("max_pool", "X → Y, [Indices (i64)]", false, true, window[0], window[1], window[2], window[3],
                choice("auto_pad", AUTO_PAD), flag("ceil_mode", false), channelsLast());
        add("avg_pool", "X → Y", window[0], window[1], window[2], window[3], choice("auto_pad", AUTO_PAD),
                flag("ceil_mode", false), flag("count_include_pad", false), channelsLast());
        add("global_max_pool", "X → Y", channelsLast());
        add("global_avg_pool", "X → Y", channelsLast());
        add("transpose", "data → transposed", ints("perm"));
        add("reshape", "data, [shape] → reshaped", ints("shape"), flag("allowzero", false));
        add("expand", "input, [shape] → output", ints("shape"));
        add("concat", "inputs... → concat_result", true, false, i64Required("axis"));
        add("split", "input, [split] → outputs...", false, true, i64("axis", 0), ints("split"));
        add("slice", "data, [starts], [ends], [axes], [steps] → output", ints("starts"), ints("ends"),
                ints("axes"), ints("steps"));
        add("pad", "data, [pads], [axes], [constant_value] → output", ints("pads"), ints("axes"),
                choice("mode", "constant", "reflect", "edge", "wrap"),
                new Attr("value", Encoding.ELEMENT_SCALAR, 0L, List.of(), "0"));
        add("tile", "input, [repeats] → output", ints("repeats"));
        add("squeeze", "data, [axes] → squeezed", ints("axes"));
        add("unsqueeze", "data, [axes] → expanded", ints("axes"));
        add("flatten", "input → output", i64("axis", 1));
        add("gather", "data, indices → output", i64("axis", 0));
        add("gather_elements", "data, indices → output", i64("axis", 0));
        add("gather_nd", "data, indices → output", i64("batch_dims", 0));
        add("scatter_elements", "data, indices, updates → output", i64("axis", 0), choice("reduction", REDUCTION));
        add("scatter_nd", "data, indices, updates → output", choice("reduction", REDUCTION));
        add("cumsum", "x, [axis] → y", note(i64Required("axis"), "given as operand: INT64_MIN"),
                flag("exclusive", false), flag("reverse", false));
        add("trilu", "input, [k] → output", flag("upper", true), i64("k", 0));
        add("range", "start, limit, delta → output");
        add("topk", "X, [K] → Values, Indices (i64)", note(i64Required("k"), "given as operand: INT64_MIN"),
                i64("axis", -1), flag("largest", true), flag("sorted", true));
        add("resize", "X, [scales], [sizes] → Y", new Attr("scales", Encoding.F32_ARRAY, null, List.of(), null),
                ints("sizes"), choice("mode", "nearest", "linear", "cubic"),
                choice("coordinate_transformation_mode", "half_pixel", "half_pixel_symmetric", "pytorch_half_pixel",
                        "align_corners", "asymmetric", "tf_crop_and_resize"),
                choice("nearest_mode", "round_prefer_floor", "round_prefer_ceil", "floor", "ceil"),
                f64("cubic_coeff_a", -0.75));
        add("shape", "data → shape (i64)", i64("start", 0),
                note(i64("end", Long.MAX_VALUE), "INT64_MAX (clamped to the rank: the ONNX default)"));
        add("size", "data → size (i64)");
        add("fill", "[shape] → output", new Attr("value", Encoding.ELEMENT_SCALAR, null, List.of(), null),
                ints("shape"));
        add("one_hot", "indices, values → output", i64Required("depth"), i64("axis", -1));
        add("non_zero", "X → Y (i64)");
        add("einsum", "Inputs... → Output", true, false,
                new Attr("equation", Encoding.STRING, null, List.of(), null));
        add("attention", "Q, K, V, [attn_mask], [past_key, past_value] → Y, [present_key, present_value],"
                + " [qk_matmul_output]", true, true, flag("is_causal", false),
                note(new Attr("scale", Encoding.F64, Double.NaN, List.of(), null), "NaN (1/sqrt(head size))"),
                f64("softcap", 0.0), i64("qk_matmul_output_mode", 0), i64("q_num_heads", 0),
                i64("kv_num_heads", 0));
        add("rotary_embedding", "X, cos_cache, sin_cache, [position_ids] → Y", true, false,
                flag("interleaved", false), i64("rotary_embedding_dim", 0), i64("num_heads", 0));
    }

    // ------------------------------------------------------------------ queries

    /** The entry of {@code hip.<op>} (or {@code <op>}), or {@code null} when the op has no kernel. */
    public static Entry entry(String opName) {
        return TABLE.get(opName.startsWith("hip.") ? opName.substring(4) : opName);
    }

    /** Every entry, in table order. */
    public static Collection<Entry> entries() {
        return Collections.unmodifiableCollection(TABLE.values());
    }

    /**
     * The operand layout of a memref-form op: how many of its operands are destinations (the
     * ones its {@link MemoryEffects} write), and which are parameter operands, by operand index.
     *
     * @param inputs the number of data inputs
     * @param parameters the names of the parameters given as operands, in operand order
     * @param destinations the number of destinations
     */
    public record Layout(int inputs, List<String> parameters, int destinations) {
    }

    /**
     * The layout of {@code op} (memref form), or {@code null} when its destinations or
     * parameter operands cannot be told apart.
     */
    public static Layout layout(Operation op) {
        MemoryEffects effects = op.getInterface(MemoryEffects.class);
        if (effects == null) {
            return null;
        }
        int dests = 0;
        for (MemoryEffects.Effect e : effects.effects(op)) {
            if (e.kind() == MemoryEffects.Kind.WRITE) {
                dests++;
            }
        }
        if (dests == 0) {
            return null;
        }
        int rest = op.numOperands() - dests;
        List<HipParameters.Parameter> params = HipParameters.of(op.nameString());
        if (params.isEmpty()) {
            return new Layout(rest, List.of(), dests);
        }
        // Ops with parameters have a fixed number of data inputs: the first memrefs that are not
        // parameters. The parameter operands match, in order, the parameters that are not
        // attributes; an integer operand passes over resize's float scales.
        int data = op.nameString().equals("hip.fill") ? 0 : 1;
        List<HipParameters.Parameter> open = new ArrayList<>();
        for (HipParameters.Parameter p : params) {
            if (op.attribute(p.name()) == null) {
                open.add(p);
            }
        }
        List<String> names = new ArrayList<>();
        int next = 0;
        for (int i = data; i < rest; i++) {
            Type t = op.operand(i).type();
            while (next < open.size() - 1 && open.get(next).kind() == HipParameters.Kind.F32S
                    && t instanceof ShapedType s && !(s.elementType() instanceof FloatType)) {
                next++;
            }
            if (next >= open.size()) {
                return null;
            }
            names.add(open.get(next++).name());
        }
        return new Layout(Math.min(data, rest), names, dests);
    }

    /** The kernel symbol of the memref-form {@code op} with {@code layout}. */
    public static String symbol(Operation op, Layout layout) {
        Entry e = entry(op.nameString());
        StringBuilder s = new StringBuilder("hipep_").append(e.op()).append('_');
        Type dest = ((MemRefType) op.operand(op.numOperands() - layout.destinations()).type()).elementType();
        Type first = layout.inputs() > 0 ? ((MemRefType) op.operand(0).type()).elementType() : dest;
        s.append(typeName(first));
        if (!dest.equals(first)) {
            s.append("_to_").append(typeName(dest));
        }
        if (e.op().equals("pow")) {
            // ONNX Pow takes an exponent of another type than the base (f32 ** i64).
            Type exponent = ((MemRefType) op.operand(1).type()).elementType();
            if (!exponent.equals(first)) {
                s.append("_exp_").append(typeName(exponent));
            }
        }
        if (e.variableInputs()) {
            s.append("_in").append(layout.inputs());
        }
        if (e.variableOutputs()) {
            s.append("_out").append(layout.destinations());
        }
        for (String p : layout.parameters()) {
            s.append("_p_").append(p);
        }
        if (accumulates(op)) {
            s.append("_acc");
        }
        if (clamped(op)) {
            s.append("_clamp");
        }
        if (maxPooled(op)) {
            s.append("_maxpool");
        }
        if (channelsLast(op)) {
            s.append("_nhwc");
        }
        String act = activation(op);
        if (act != null) {
            s.append('_').append(act);
        }
        return s.toString();
    }

    /** The attribute of a matmul with a fused activation (symbol suffix {@code _<activation>}). */
    public static final String ACTIVATION = HipEpilogueFusion.ACTIVATION;

    /** The fused activation of {@code op} ({@link #ACTIVATION}, one of its entry's choices), or {@code null}. */
    public static String activation(Operation op) {
        Entry e = entry(op.nameString());
        return e != null && e.activation() != null && op.attribute(ACTIVATION) instanceof StringAttr s
                && e.activation().choices().contains(s.value()) ? s.value() : null;
    }

    /** The attribute of a conv that adds its result to its destination's values (symbol suffix {@code _acc}). */
    public static final String ACCUMULATE = "accumulate";

    /** Whether {@code op} has {@link #ACCUMULATE} set, so its symbol has {@code _acc}. */
    public static boolean accumulates(Operation op) {
        Entry e = entry(op.nameString());
        return e != null && e.hasAccumulate() && op.attribute(ACCUMULATE) instanceof BoolAttr b && b.value();
    }

    /** The max pool fused into a channels-last conv (symbol suffix {@code _maxpool}). */
    public static final String MAX_POOL = "max_pool";

    /** Whether {@code op} carries {@link #MAX_POOL}, so its symbol has {@code _maxpool}. */
    public static boolean maxPooled(Operation op) {
        Entry e = entry(op.nameString());
        return e != null && e.hasMaxPool() && op.attribute(MAX_POOL) != null;
    }

    /** The attribute of a conv or pool whose X and Y are {@code [N, H, W, C]} (symbol suffix {@code _nhwc}). */
    public static final String CHANNELS_LAST = "channels_last";

    /** Whether {@code op} has {@link #CHANNELS_LAST} set, so its symbol ends in {@code _nhwc}. */
    public static boolean channelsLast(Operation op) {
        Entry e = entry(op.nameString());
        return e != null && e.hasLayout() && op.attribute(CHANNELS_LAST) instanceof BoolAttr b && b.value();
    }

    /**
     * Whether {@code op} carries a fused clamp: one of its entry's {@link Encoding#CLAMP}
     * attributes is set, so its symbol ends in {@code _clamp} and takes them all.
     */
    public static boolean clamped(Operation op) {
        Entry e = entry(op.nameString());
        if (e == null) {
            return false;
        }
        for (Attr a : e.attributes()) {
            if (a.encoding() == Encoding.CLAMP && op.attribute(a.name()) != null) {
                return true;
            }
        }
        return false;
    }

    /** An element type as symbols write it ({@code f32}, {@code i64}, {@code bf16}, ...). */
    public static String typeName(Type t) {
        return AttrTypePrinter.typeToString(t).replaceAll("[^A-Za-z0-9_]", "_");
    }

    // ------------------------------------------------------------------ documentation

    /** The per-op table of {@code docs/kernel-abi.md}, one row per op, in table order. */
    public static String markdownTable() {
        StringBuilder s = new StringBuilder();
        s.append("| op | symbol family | operands (inputs, [parameters] → destinations) | attributes, in argument order"
                + " (encoding; absent) |\n");
        s.append("|---|---|---|---|\n");
        for (Entry e : TABLE.values()) {
            s.append("| `hip.").append(e.op()).append("` | `").append(e.family()).append("` | ")
                    .append(e.operands()).append(" | ");
            List<String> attrs = new ArrayList<>();
            for (Attr a : e.attributes()) {
                attrs.add("`" + a.name() + "` (" + describe(a) + ")");
            }
            s.append(attrs.isEmpty() ? "none" : String.join(", ", attrs)).append(" |\n");
        }
        return s.toString();
    }

    private static String describe(Attr a) {
        String kind = switch (a.encoding()) {
            case I64 -> "i64";
            case BOOL -> "bool";
            case F64 -> "f64";
            case I64_ARRAY -> "i64 array";
            case F32_ARRAY -> "f32 array";
            case CHOICE -> String.join("/", a.choices());
            case ELEMENT_SCALAR -> "element scalar";
            case STRING -> "string";
            case TYPE -> "type, in the symbol";
            case CLAMP -> "f64, `_clamp` only";
            case BOUND -> "i64, `_clamp` only";
            case MAX_POOL -> "i64 array of 8, `_maxpool` only";
            case LAYOUT -> "bool, in the symbol: `_nhwc` when true";
            case ACCUMULATE -> "bool, in the symbol: `_acc` when true";
            case ACTIVATION -> String.join("/", a.choices()) + ", in the symbol: `_<activation>` when set";
        };
        String absent;
        if (a.note() != null) {
            absent = a.note();
        } else if (a.encoding() == Encoding.I64_ARRAY || a.encoding() == Encoding.F32_ARRAY) {
            absent = "null, -1";
        } else if (a.absent() == null) {
            absent = "required";
        } else if (a.absent() instanceof Double d) {
            absent = d.toString();
        } else {
            absent = String.valueOf(a.absent());
        }
        return kind + "; " + absent;
    }
}
