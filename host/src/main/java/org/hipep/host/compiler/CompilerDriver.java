package org.hipep.host.compiler;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.tools.HipMlirOpt;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.pass.PassManager;
import org.hipep.pass.PassRegistry;
import org.hipep.pass.PassPipelines;
import org.hipep.pass.text.PipelineParseException;
import org.hipep.passes.HipToLLVMPipeline;
import org.hipep.passes.HipdnnPipeline;
import org.hipep.passes.llvm.GenerateInterfacePass;

/**
 * Compiles an ONNX model: load, import into the {@code onnx} dialect, then the built-in pipeline
 * with the selected plugins' slot requests, or the {@code HIPDNN_EP_PIPELINE} override in its place
 * (hip-ep-contracts §3.4).
 *
 * <p><b>Built-in pipeline.</b> {@code hipdnn-pipeline} (both halves, all seven slots) with the
 * driver's defaults: externalise constants of at least {@value #DEFAULT_EXTERNALIZE_MIN_NUM_ELEMENTS}
 * element into {@link Options#constantsDir()}.
 *
 * <p><b>Override.</b> The pipeline text comes from the system property {@value #PIPELINE_OVERRIDE}
 * or, when that is unset or blank, the environment variable of the same name
 * ({@link #pipelineOverride(Map, Properties)}). It is trimmed; a {@code builtin.module( … )}
 * wrapper is stripped and the inner list parsed into the module-level pass manager, anything else
 * (a pipeline name or a bare list) is parsed as it is. Text that does not parse fails the compile
 * before anything runs ({@code HIPDNN_EP_PIPELINE: failed to parse pipeline '<value>': <err>}).
 * Plugin slot requests do not run under the override; when there are any, the seed's warning is
 * given once per compile. After the run, a module without an {@code inference_compute} symbol
 * fails the compile — the only guardrail the override keeps.
 *
 * <p>Before the pipeline runs, the module gets {@code hipep.plugin_provenance} (each selected
 * plugin with the passes it registered), which {@code generate-interface} writes into the model
 * metadata.
 */
public final class CompilerDriver {
    /** The name of the override's environment variable and system property. */
    public static final String PIPELINE_OVERRIDE = "HIPDNN_EP_PIPELINE";

    /** The driver's externalisation threshold (the textual pipeline's default is 0, inline). */
    public static final long DEFAULT_EXTERNALIZE_MIN_NUM_ELEMENTS = 1;

    /** The entry point an override must produce. */
    public static final String ENTRY_POINT = "inference_compute";

    private static final String BUILTIN_MODULE = "builtin.module";

    private final PluginSnapshot plugins;
    private final Consumer<String> warnings;

    /**
     * A driver over the selected plugins.
     *
     * @param plugins the plugin snapshot (dialects, passes and slot requests)
     * @param warnings where warnings go (the seed writes them to standard error)
     */
    public CompilerDriver(PluginSnapshot plugins, Consumer<String> warnings) {
        this.plugins = Objects.requireNonNull(plugins, "plugins");
        this.warnings = Objects.requireNonNull(warnings, "warnings");
    }

    /**
     * How to compile.
     *
     * @param constantsDir where the constants sidecar ({@code <base>.constants.bin/.json}) goes
     * @param externalizeMinNumElements constants with at least this many elements are externalised
     * @param skipConstantData streaming mode: record each constant's source instead of writing the blob
     * @param pipelineOverride the override's pipeline text, or {@code null} for the built-in pipeline
     */
    public record Options(Path constantsDir, long externalizeMinNumElements, boolean skipConstantData,
            String pipelineOverride, String artifactName) {
        /** Validates the components. */
        public Options {
            Objects.requireNonNull(constantsDir, "constantsDir");
        }

        /** Options without an artifact name (the module keeps its own, or the sidecar is {@code model.*}). */
        public Options(Path constantsDir, long externalizeMinNumElements, boolean skipConstantData,
                String pipelineOverride) {
            this(constantsDir, externalizeMinNumElements, skipConstantData, pipelineOverride, null);
        }

        /**
         * These options with {@code name} as the module's symbol name when it has none: the constants
         * sidecar is then {@code <name>.constants.bin}, so artifacts in one folder do not share one.
         */
        public Options withArtifactName(String name) {
            return new Options(constantsDir, externalizeMinNumElements, skipConstantData, pipelineOverride, name);
        }

        /** The driver's defaults, constants into {@code constantsDir}, no override. */
        public static Options defaults(Path constantsDir) {
            return new Options(constantsDir, DEFAULT_EXTERNALIZE_MIN_NUM_ELEMENTS, false, null);
        }

        /** These options with the override read from the process ({@link #pipelineOverride(Map, Properties)}). */
        public Options withOverrideFromProcess() {
            return withPipelineOverride(CompilerDriver.pipelineOverride(System.getenv(), System.getProperties())
                    .orElse(null));
        }

        /** These options with {@code text} as the override ({@code null}: the built-in pipeline). */
        public Options withPipelineOverride(String text) {
            return new Options(constantsDir, externalizeMinNumElements, skipConstantData, text, artifactName);
        }
    }

    /**
     * A compiled module and the context that owns it.
     *
     * @param context the context (its dialects include the plugins')
     * @param module the compiled {@code builtin.module}
     * @param diagnostics the warnings and remarks reported on the way
     */
    public record Compilation(Context context, Operation module, List<Diagnostic> diagnostics) {
        /** Copies the diagnostics. */
        public Compilation {
            diagnostics = List.copyOf(diagnostics);
        }
    }

    /**
     * The override text: the system property {@value #PIPELINE_OVERRIDE} when set and not blank,
     * else the environment variable; empty when neither is.
     */
    public static Optional<String> pipelineOverride(Map<String, String> environment, Properties properties) {
        String fromProperty = properties.getProperty(PIPELINE_OVERRIDE);
        if (fromProperty != null && !fromProperty.isBlank()) {
            return Optional.of(fromProperty);
        }
        String fromEnvironment = environment.get(PIPELINE_OVERRIDE);
        return fromEnvironment == null || fromEnvironment.isBlank() ? Optional.empty() : Optional.of(fromEnvironment);
    }

    /** Loads, imports and compiles the ONNX model at {@code model}. */
    public Compilation compile(Path model, Options options) throws CompileException {
        OnnxModel loaded;
        try {
            loaded = OnnxModelLoader.load(model);
        } catch (OnnxLoadException e) {
            throw new CompileException(e.getMessage(), List.of());
        }
        return compile(loaded, options);
    }

    /** Imports and compiles an already loaded ONNX model. */
    public Compilation compile(OnnxModel model, Options options) throws CompileException {
        Context ctx = new Context(HipMlirOpt.dialects(plugins));
        List<Diagnostic> diagnostics = new ArrayList<>();
        ctx.diagnostics().registerHandler(diagnostics::add);
        Operation module;
        try {
            module = OnnxImporter.importModel(ctx, model);
        } catch (OnnxLoadException e) {
            throw new CompileException(e.getMessage(), diagnostics);
        }
        if (!Verifier.verify(module).succeeded() || hasError(diagnostics)) {
            throw new CompileException(model.name() + ": the imported model does not verify", diagnostics);
        }
        return run(ctx, module, options, diagnostics);
    }

    /** Compiles an already imported {@code builtin.module} in {@code ctx}, in place. */
    public Compilation compile(Context ctx, Operation module, Options options) throws CompileException {
        List<Diagnostic> diagnostics = new ArrayList<>();
        try (var registration = ctx.diagnostics().registerHandler(diagnostics::add)) {
            return run(ctx, module, options, diagnostics);
        }
    }

    private Compilation run(Context ctx, Operation module, Options options, List<Diagnostic> diagnostics)
            throws CompileException {
        PassRegistry registry = HipMlirOpt.passes(plugins, warnings);
        if (options.artifactName() != null && module.attribute(SymbolTable.SYMBOL_ATTR) == null) {
            module.setAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(options.artifactName()));
        }
        module.setAttribute(GenerateInterfacePass.PLUGIN_PROVENANCE_ATTR, provenance(plugins));
        PassManager pm = new PassManager();
        String override = options.pipelineOverride();
        if (override == null) {
            HipdnnPipeline.build(pm, new HipdnnPipeline.Options(HipToLLVMPipeline.DEFAULT_CONSTANTS_FILE,
                    options.constantsDir().toString(), options.externalizeMinNumElements(), options.skipConstantData()),
                    plugins.slotHook(registry, warnings));
        } else {
            addOverride(pm, override, registry);
            if (!plugins.slotRequests().isEmpty()) {
                warnings.accept("[plugin] WARNING: " + PIPELINE_OVERRIDE + " is set, so the built-in pipeline is"
                        + " bypassed and plugin requestPipelineSlot() injections do NOT run. Name the plugin pass"
                        + " directly in the " + PIPELINE_OVERRIDE + " string to run it under the override.");
            }
        }
        if (!pm.run(module).succeeded() || hasError(diagnostics)) {
            throw new CompileException("compilation failed" + (override == null ? "" : " (pipeline from "
                    + PIPELINE_OVERRIDE + ")"), diagnostics);
        }
        if (override != null && new SymbolTable(module).lookup(ENTRY_POINT) == null) {
            throw new CompileException(PIPELINE_OVERRIDE + ": the custom pipeline did not produce an '" + ENTRY_POINT
                    + "' entry point (did it omit generate-interface?)", diagnostics);
        }
        return new Compilation(ctx, module, diagnostics);
    }

    /** Parses the override into {@code pm}, the seed's way (see the class documentation). */
    private static void addOverride(PassManager pm, String value, PassRegistry registry) throws CompileException {
        String text = value.trim();
        if (text.startsWith(BUILTIN_MODULE)) {
            String rest = text.substring(BUILTIN_MODULE.length()).trim();
            if (rest.startsWith("(") && rest.endsWith(")")) {
                text = rest.substring(1, rest.length() - 1);
            }
        }
        try {
            PassPipelines.parse(text, registry, pm);
        } catch (PipelineParseException | IllegalArgumentException e) {
            throw new CompileException(PIPELINE_OVERRIDE + ": failed to parse pipeline '" + value + "': "
                    + e.getMessage(), List.of());
        }
    }

    /** Plugin id → the passes it registered, for every plugin in the snapshot (selection order). */
    static DictionaryAttr provenance(PluginSnapshot plugins) {
        Map<String, List<Attribute>> byPlugin = new LinkedHashMap<>();
        for (String id : plugins.pluginIds()) {
            byPlugin.put(id, new ArrayList<>());
        }
        for (var pass : plugins.passes()) {
            byPlugin.computeIfAbsent(pass.pluginId(), k -> new ArrayList<>()).add(new StringAttr(pass.argument()));
        }
        Map<String, Attribute> entries = new LinkedHashMap<>();
        byPlugin.forEach((id, passes) -> entries.put(id, new ArrayAttr(passes)));
        return DictionaryAttr.of(entries);
    }

    private static boolean hasError(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }
}
