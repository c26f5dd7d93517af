package org.hipep.runtime.jit;

import static org.bytedeco.llvm.global.LLVM.*;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.llvm.LLVM.LLVMBasicBlockRef;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMErrorRef;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.LLVM.LLVMPassBuilderOptionsRef;
import org.bytedeco.llvm.LLVM.LLVMValueRef;

/**
 * Builds the LLVM modules of one model in one context: the model with the C runtime linked into
 * it ({@code LLVMLinkModules2}, so kernels inline into the model), and each plugin contribution
 * as a module of its own, with the override rule of {@link RuntimeBitcode} applied across all of
 * them.
 *
 * <p>An override: the earlier definition of the symbol is renamed to
 * {@code <symbol>.overridden.by.<contributor>}, its uses are redirected to a fresh declaration of
 * the symbol (which the overriding module defines), and it becomes internal, so the optimiser
 * drops it. This happens before anything is inlined or optimised.
 */
final class ModelLinker {
    static final String MODEL = "model";
    static final String RUNTIME = "runtime";
    static final String RUNTIME_RESOURCE = "hipep_runtime.bc";
    /** What the host looks up; never internalized. */
    static final Set<String> HOST_SYMBOLS = Set.of("inference_init", "inference_compute", "inference_cleanup",
            "inference_get_metadata_json", "hipdnn_ep_set_output_allocator", "hipep_state_outputs",
            "hipep_state_error_message", "hipep_free", "hipep_provided_output_allocate", "hipep_state_onednn_runs",
            "hipep_host_release", "hipep_state_set_profiling", "hipep_state_profile");
    static final List<String> STRIPPED_ATTRIBUTES = List.of("target-cpu", "target-features", "tune-cpu");

    /** A module and who contributed it; the first one of {@link Linked} is the model with the runtime. */
    record Part(String contributor, LLVMModuleRef module) {
    }

    /** The model's modules, still owned by the caller (dispose them, or hand them to the JIT). */
    record Linked(List<Part> parts) {
        Part main() {
            return parts.get(0);
        }

        List<Part> plugins() {
            return parts.subList(1, parts.size());
        }

        void dispose() {
            parts.forEach(p -> LLVMDisposeModule(p.module()));
        }
    }

    private ModelLinker() {
    }

    /** The runtime bitcode the build embedded in this module. */
    static byte[] runtimeBitcode() {
        try (InputStream in = ModelLinker.class.getResourceAsStream(RUNTIME_RESOURCE)) {
            if (in == null) {
                throw new RuntimeFailure("the runtime bitcode resource org/hipep/runtime/jit/" + RUNTIME_RESOURCE
                        + " is missing from the runtime jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the runtime bitcode resource", e);
        }
    }

    /**
     * Parses and links everything in {@code ctx}, then optimises each module at {@code options}'
     * level (the model's glue left out: {@link #leaveGlueUnoptimised}). The modules are not
     * verified against the host's symbols yet (see {@link #undefined}).
     */
    static Linked link(LLVMContextRef ctx, byte[] model, byte[] runtime, LoadOptions options) {
        return link(ctx, model, runtime, null, options);
    }

    /**
     * As {@link #link(LLVMContextRef, byte[], byte[], LoadOptions)} with the runtime beside the
     * model rather than in it: {@code prebuilt}'s object defines the runtime's symbols, so the first
     * part is the model alone. Its definitions still collide with the model's and the plugins'
     * (the caller checked that no plugin overrides one: {@link PrebuiltRuntime#serves}).
     */
    static Linked linkBeside(LLVMContextRef ctx, byte[] model, PrebuiltRuntime prebuilt, LoadOptions options) {
        return link(ctx, model, null, prebuilt, options);
    }

    private static Linked link(LLVMContextRef ctx, byte[] model, byte[] runtime, PrebuiltRuntime prebuilt,
            LoadOptions options) {
        List<Part> parts = new ArrayList<>();
        try {
            LLVMModuleRef main = parse(ctx, model, MODEL);
            parts.add(new Part(MODEL, main));
            Map<String, String> owner = new HashMap<>();
            Set<String> modelDefs = externalDefinitions(main).keySet();
            modelDefs.forEach(s -> owner.put(s, MODEL));
            LLVMModuleRef rt = prebuilt == null ? parse(ctx, runtime, RUNTIME) : null;
            if (rt != null) {
                stripTargetAttributes(rt);
            }
            Set<String> runtimeDefs = new TreeSet<>(rt != null ? externalDefinitions(rt).keySet() : prebuilt.defined());
            for (String s : runtimeDefs) {
                if (owner.containsKey(s)) {
                    if (rt != null) {
                        LLVMDisposeModule(rt);
                    }
                    throw collision(s, owner.get(s), RUNTIME);
                }
                owner.put(s, RUNTIME);
            }
            if (rt != null && LLVMLinkModules2(main, rt) != 0) {
                throw new RuntimeFailure("linking the runtime bitcode into the model failed");
            }
            // where each definition lives, for the override step (the prebuilt runtime's in no module)
            Map<String, LLVMModuleRef> moduleOf = new HashMap<>();
            (rt != null ? owner.keySet() : modelDefs).forEach(s -> moduleOf.put(s, main));
            for (RuntimeBitcode contribution : options.bitcode()) {
                LLVMModuleRef mod = parse(ctx, contribution.bitcode(), contribution.contributor());
                parts.add(new Part(contribution.contributor(), mod));
                stripTargetAttributes(mod);
                for (Map.Entry<String, LLVMValueRef> def : externalDefinitions(mod).entrySet()) {
                    String s = def.getKey();
                    String earlier = owner.get(s);
                    if (earlier != null) {
                        if (!contribution.overrides().contains(s)) {
                            throw collision(s, earlier, contribution.contributor());
                        }
                        if (!moduleOf.containsKey(s)) {
                            throw new IllegalStateException("'" + contribution.contributor() + "' overrides the prebuilt "
                                    + "runtime's " + s + ": such a model must link the runtime bitcode");
                        }
                        dropDefinition(moduleOf.get(s), s, contribution.contributor());
                        runtimeDefs.remove(s);
                    }
                    owner.put(s, contribution.contributor());
                    moduleOf.put(s, mod);
                }
            }
            if (prebuilt == null && options.internalizeRuntime()) {
                internalize(main, runtimeDefs, keep(modelDefs, parts));
                dropDeadGlobals(main);
            }
            if (options.optLevel() > 0) {
                leaveGlueUnoptimised(main, modelDefs);
            }
            for (Part p : parts) {
                org.hipep.runtime.llvm.LlvmModule.optimize(p.module(), options.optLevel());
            }
            return new Linked(parts);
        } catch (RuntimeException e) {
            parts.forEach(p -> LLVMDisposeModule(p.module()));
            throw e;
        }
    }

    /** The attributes by which {@link #leaveGlueUnoptimised} keeps a function out of the optimiser. */
    static final List<String> GLUE_ATTRIBUTES = List.of("noinline", "optnone");

    /**
     * Marks {@code optnone} (with {@code noinline}, which it requires) each of the model's own
     * functions ({@code modelDefs}) that is glue: a body without a loop that makes calls, all of
     * them to functions declared but not defined in {@code mod}. Where the runtime is prebuilt, the
     * model's graph function is such a body: one kernel call after another, each operand's memref
     * descriptor built and stored for the call. Nothing in it can be inlined or vectorised, yet
     * {@code default<O2>} spent more time on it than on anything else: light-resnet50's 292 calls
     * took 57 ms of LLVM's middle end, dead-store elimination a third of it, on stores it cannot
     * remove (each descriptor is passed to a call). Marked, the module's parse, link and
     * optimisation take ~9 ms together (docs/BENCHMARKS.md, fifty-fourth round). Left out: a
     * function with a loop (a branch to a block at or before its own, which is conservative), an
     * indirect call or a call to a definition in {@code mod} (the runtime linked in, whose kernels
     * may inline), a function marked {@code alwaysinline} (which {@code noinline} contradicts), and
     * every function of the runtime's and the plugins'. A native artifact merges the plugins'
     * modules into the model's after this ({@link NativeArtifact}), so their kernels, which could
     * inline into the graph function there, stay calls: one a run each.
     *
     * <p>Before it is marked, a glue function goes through {@link #GLUE_PASSES} alone. Code
     * generation selects an {@code optnone} function's instructions with LLVM's fast selector,
     * which does not take the descriptors as they come: built with {@code insertvalue} and stored
     * whole, so each of those went to SelectionDAG, and light-resnet50's graph function took ~37 ms
     * of code generation. Combined, each field is a scalar store, and the fast selector takes
     * them: ~13 ms, after 5-6 ms of combining (fifty-fifth round). The graph function returns
     * nothing ({@code generate-interface} drops its ignored results): a returned descriptor would
     * send the whole function to SelectionDAG.
     */
    static void leaveGlueUnoptimised(LLVMModuleRef mod, Set<String> modelDefs) {
        LLVMContextRef ctx = LLVMGetModuleContext(mod);
        LLVMPassBuilderOptionsRef options = null;
        try {
            for (String name : modelDefs) {
                LLVMValueRef f = LLVMGetNamedFunction(mod, name);
                if (f != null && !f.isNull() && LLVMIsDeclaration(f) == 0 && !hasAttribute(f, "alwaysinline")
                        && isGlue(f)) {
                    if (options == null) {
                        options = LLVMCreatePassBuilderOptions();
                    }
                    LLVMErrorRef error = LLVMRunPassesOnFunction(f, GLUE_PASSES, null, options);
                    if (error != null && !error.isNull()) {
                        BytePointer message = LLVMGetErrorMessage(error);
                        String text = message.getString();
                        LLVMDisposeErrorMessage(message);
                        throw new RuntimeFailure(GLUE_PASSES + " on " + name + " failed: " + text);
                    }
                    for (String attr : GLUE_ATTRIBUTES) {
                        int kind = LLVMGetEnumAttributeKindForName(attr, attr.length());
                        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
                    }
                }
            }
        } finally {
            if (options != null) {
                LLVMDisposePassBuilderOptions(options);
            }
        }
    }

    /**
     * What a glue function goes through before {@link #leaveGlueUnoptimised} marks it: LLVM's
     * instruction combiner, once (no check for a fixed point), which splits a whole-struct store
     * into its fields' stores and folds the {@code insertvalue} chains away (5-6 ms on
     * light-resnet50's graph function).
     */
    static final String GLUE_PASSES = "instcombine<no-verify-fixpoint>";

    /** Whether function {@code f} carries the enum attribute {@code name}. */
    static boolean hasAttribute(LLVMValueRef f, String name) {
        var a = LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                LLVMGetEnumAttributeKindForName(name, name.length()));
        return a != null && !a.isNull();
    }

    /** See {@link #leaveGlueUnoptimised}. */
    private static boolean isGlue(LLVMValueRef f) {
        Map<LLVMBasicBlockRef, Integer> order = new HashMap<>();
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != null && !b.isNull(); b = LLVMGetNextBasicBlock(b)) {
            order.put(b, order.size());
        }
        boolean calls = false;
        int index = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != null && !b.isNull(); b = LLVMGetNextBasicBlock(b)) {
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != null && !i.isNull(); i = LLVMGetNextInstruction(i)) {
                int op = LLVMGetInstructionOpcode(i);
                if (op == LLVMInvoke || op == LLVMCallBr) {
                    return false;
                }
                if (op == LLVMCall) {
                    LLVMValueRef callee = LLVMIsAFunction(LLVMGetCalledValue(i));
                    if (callee == null || callee.isNull() || LLVMIsDeclaration(callee) == 0) {
                        return false;
                    }
                    calls = true;
                }
            }
            LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
            for (int k = 0, n = term == null || term.isNull() ? 0 : LLVMGetNumSuccessors(term); k < n; k++) {
                if (order.get(LLVMGetSuccessor(term, k)) <= index) {
                    return false;
                }
            }
            index++;
        }
        return calls;
    }

    /**
     * What must stay defined and visible outside the model's module: the host's symbols, the
     * model's own definitions ({@code modelDefs}, taken before anything was linked into it) and
     * every symbol a plugin module uses.
     */
    static Set<String> keep(Set<String> modelDefs, List<Part> parts) {
        Set<String> keep = new TreeSet<>(HOST_SYMBOLS);
        keep.addAll(modelDefs);
        for (Part p : parts.subList(1, parts.size())) {
            keep.addAll(referenced(p.module()).keySet());
        }
        return keep;
    }

    private static RuntimeFailure collision(String symbol, String first, String second) {
        return new RuntimeFailure("symbol '" + symbol + "' is defined by both '" + first + "' and '" + second
                + "' (list it in the overrides of '" + second + "' to replace the definition of '" + first + "')");
    }

    static LLVMModuleRef parse(LLVMContextRef ctx, byte[] bitcode, String contributor) {
        try {
            return org.hipep.runtime.llvm.LlvmModule.parseBitcode(ctx, bitcode, "the bitcode of '" + contributor + "'");
        } catch (org.hipep.runtime.llvm.LlvmTranslationException e) {
            throw new RuntimeFailure(e.getMessage(), e);
        }
    }

    /** Removes the build machine's {@code target-cpu}, {@code target-features} and {@code tune-cpu} from every function. */
    static void stripTargetAttributes(LLVMModuleRef mod) {
        for (LLVMValueRef f = LLVMGetFirstFunction(mod); f != null && !f.isNull(); f = LLVMGetNextFunction(f)) {
            for (String attr : STRIPPED_ATTRIBUTES) {
                LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attr, attr.length());
            }
        }
    }

    /** Whether any function of {@code mod} still carries one of {@link #STRIPPED_ATTRIBUTES}. */
    static boolean hasTargetAttributes(LLVMModuleRef mod) {
        for (LLVMValueRef f = LLVMGetFirstFunction(mod); f != null && !f.isNull(); f = LLVMGetNextFunction(f)) {
            for (String attr : STRIPPED_ATTRIBUTES) {
                var a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attr, attr.length());
                if (a != null && !a.isNull()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Functions and global variables with a body or initializer and a non-local linkage, by name. */
    static Map<String, LLVMValueRef> externalDefinitions(LLVMModuleRef mod) {
        Map<String, LLVMValueRef> out = new LinkedHashMap<>();
        for (LLVMValueRef v : globalValues(mod)) {
            if (LLVMIsDeclaration(v) == 0 && !isLocal(LLVMGetLinkage(v))) {
                out.put(LLVMGetValueName(v).getString(), v);
            }
        }
        return out;
    }

    /** Declarations that something uses (intrinsics aside), by name. */
    static Map<String, LLVMValueRef> referenced(LLVMModuleRef mod) {
        Map<String, LLVMValueRef> out = new TreeMap<>();
        for (LLVMValueRef v : globalValues(mod)) {
            if (LLVMIsDeclaration(v) != 0 && LLVMGetFirstUse(v) != null && !LLVMGetFirstUse(v).isNull()
                    && (LLVMIsAFunction(v) == null || LLVMIsAFunction(v).isNull() || LLVMGetIntrinsicID(v) == 0)) {
                out.put(LLVMGetValueName(v).getString(), v);
            }
        }
        return out;
    }

    static List<LLVMValueRef> globalValues(LLVMModuleRef mod) {
        List<LLVMValueRef> out = new ArrayList<>();
        for (LLVMValueRef f = LLVMGetFirstFunction(mod); f != null && !f.isNull(); f = LLVMGetNextFunction(f)) {
            out.add(f);
        }
        for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g != null && !g.isNull(); g = LLVMGetNextGlobal(g)) {
            out.add(g);
        }
        return out;
    }

    private static boolean isLocal(int linkage) {
        return linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage;
    }

    /** The override step (see the class comment). */
    private static void dropDefinition(LLVMModuleRef mod, String symbol, String by) {
        LLVMValueRef old = LLVMGetNamedFunction(mod, symbol);
        boolean function = old != null && !old.isNull();
        if (!function) {
            old = LLVMGetNamedGlobal(mod, symbol);
        }
        String renamed = symbol + ".overridden.by." + by;
        LLVMSetValueName2(old, renamed, renamed.length());
        LLVMValueRef decl = function
                ? LLVMAddFunction(mod, symbol, LLVMGlobalGetValueType(old))
                : LLVMAddGlobal(mod, LLVMGlobalGetValueType(old), symbol);
        LLVMReplaceAllUsesWith(old, decl);
        LLVMSetLinkage(old, LLVMInternalLinkage);
    }

    private static void internalize(LLVMModuleRef main, Set<String> runtimeDefs, Set<String> keep) {
        for (String s : runtimeDefs) {
            if (keep.contains(s)) {
                continue;
            }
            LLVMValueRef v = LLVMGetNamedFunction(main, s);
            if (v == null || v.isNull()) {
                v = LLVMGetNamedGlobal(main, s);
            }
            if (v != null && !v.isNull() && LLVMIsDeclaration(v) == 0) {
                LLVMSetLinkage(v, LLVMInternalLinkage);
            }
        }
    }

    /** {@code globaldce}, which {@code default<O0>} does not run: unused internalized kernels go at every level. */
    private static void dropDeadGlobals(LLVMModuleRef mod) {
        var options = LLVMCreatePassBuilderOptions();
        try {
            OrcJit.check(LLVMRunPasses(mod, new BytePointer("globaldce"), null, options), "globaldce on the model");
        } finally {
            LLVMDisposePassBuilderOptions(options);
        }
    }

    /**
     * Symbols the modules use but none of them defines, each with the contributors of the modules
     * that use it (the model and the runtime are one module by then: {@code model}).
     */
    static Map<String, List<String>> undefined(Linked linked) {
        return undefined(linked, null);
    }

    /**
     * As {@link #undefined(Linked)} with {@code prebuilt} beside the modules: what it defines is
     * defined, and what it needs from the libraries is needed (by {@code runtime}).
     */
    static Map<String, List<String>> undefined(Linked linked, PrebuiltRuntime prebuilt) {
        Set<String> defined = new TreeSet<>();
        for (Part p : linked.parts()) {
            defined.addAll(externalDefinitions(p.module()).keySet());
        }
        if (prebuilt != null) {
            defined.addAll(prebuilt.defined());
        }
        Map<String, List<String>> out = new TreeMap<>();
        for (Part p : linked.parts()) {
            for (String s : referenced(p.module()).keySet()) {
                if (!defined.contains(s)) {
                    out.computeIfAbsent(s, k -> new ArrayList<>()).add(p.contributor());
                }
            }
        }
        if (prebuilt != null) {
            for (String s : prebuilt.undefined()) {
                if (!defined.contains(s)) {
                    out.computeIfAbsent(s, k -> new ArrayList<>()).add(RUNTIME);
                }
            }
        }
        return out;
    }
}
