package org.hipep.host.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hipep.api.HipEp;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.host.compiler.CompileException;
import org.hipep.host.compiler.CompilerDriver;
import org.hipep.host.plugins.Contributions;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.Operation;
import org.hipep.passes.llvm.GenerateInterfacePass;
import org.hipep.runtime.jit.LibrarySearch;
import org.hipep.runtime.jit.RuntimeBitcode;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.llvm.LlvmTranslationException;
import org.hipep.runtime.llvm.LlvmTranslator;
import org.hipep.runtime.session.ModelCompiler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions' compiler: plugins selected by id from a {@link PluginSnapshot} taken when each
 * call starts, the {@link CompilerDriver} (built-in pipeline or {@code HIPDNN_EP_PIPELINE}) and the
 * LLVM translation. Published as the {@link ModelCompiler} service of the host module over the
 * process's plugins ({@link PluginHost#processSnapshot}); inside OSGi the component
 * {@code org.hipep.host.osgi.OsgiModelCompiler} uses it over the plugin services present now.
 */
public final class HostModelCompiler implements ModelCompiler {
    private static final Logger LOG = LoggerFactory.getLogger(HostModelCompiler.class);

    private final Function<List<String>, PluginSnapshot> snapshots;

    /** The compiler over the process's plugins (the {@code ServiceLoader} provider). */
    public HostModelCompiler() {
        this(PluginHost::processSnapshot);
    }

    /**
     * A compiler over another plugin source: {@code snapshots} gives the immutable snapshot of the
     * selected ids, called once at the start of every {@link #plugins} and {@link #compile} (it
     * may throw {@link PluginException}, which becomes a {@link RuntimeFailure}).
     */
    public HostModelCompiler(Function<List<String>, PluginSnapshot> snapshots) {
        this.snapshots = java.util.Objects.requireNonNull(snapshots, "snapshots");
    }

    @Override
    public Plugins plugins(List<String> ids) {
        PluginSnapshot s = snapshot(ids);
        List<RuntimeBitcode> bitcode = new ArrayList<>();
        for (Contributions.BitcodeContribution b : s.bitcode()) {
            bitcode.add(new RuntimeBitcode(PluginSnapshot.owner(b.pluginId()), b.bitcode(), b.overriddenSymbols()));
        }
        LibrarySearch libraries = LibrarySearch.none();
        for (Contributions.LibraryPathContribution d : s.libraryPaths()) {
            libraries = libraries.withDirectory(PluginSnapshot.owner(d.pluginId()), Path.of(d.path()));
        }
        for (Contributions.LibraryContribution l : s.libraries()) {
            libraries = libraries.withLibrary(PluginSnapshot.owner(l.pluginId()), l.nameOrPath());
        }
        return new Plugins(fingerprint(s), bitcode, libraries, s);
    }

    @Override
    public CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Path dir) {
        return compile(model, modelPath, ids, dir, null);
    }

    /** Compiles with the snapshot {@link #plugins} took for {@code plugins} (a new one when it holds none). */
    @Override
    public CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Plugins plugins, Path dir) {
        PluginSnapshot s = plugins != null && plugins.snapshot() instanceof PluginSnapshot p
                && p.report().selected().equals(ids) ? p : snapshot(ids);
        return compile(model, modelPath, s, dir, null);
    }

    /**
     * {@link #compile(byte[], Path, List, Path)} naming the artifact: the constants sidecar becomes
     * {@code <artifactName>.constants.bin} ({@code null}: {@code model.constants.bin}).
     */
    public CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Path dir, String artifactName) {
        return compile(model, modelPath, snapshot(ids), dir, artifactName);
    }

    private CompiledModel compile(byte[] model, Path modelPath, PluginSnapshot plugins, Path dir, String artifactName) {
        if (model == null && modelPath == null) {
            throw new IllegalArgumentException("neither the model's bytes nor its file were given");
        }
        List<String> warnings = new ArrayList<>();
        CompilerDriver driver = new CompilerDriver(plugins, w -> {
            warnings.add(w);
            LOG.warn("{}", w);
        });
        String name = modelPath != null ? modelPath.toString() : "<model bytes>";
        OnnxModel onnx;
        try {
            onnx = model == null ? OnnxModelLoader.load(modelPath)
                    : OnnxModelLoader.load(model, name, modelPath != null ? modelPath.toAbsolutePath().getParent() : null);
        } catch (OnnxLoadException e) {
            throw new RuntimeFailure(e.getMessage(), e);
        }
        try {
            CompilerDriver.Compilation c = driver.compile(onnx,
                    CompilerDriver.Options.defaults(dir).withOverrideFromProcess().withArtifactName(artifactName));
            for (Diagnostic d : c.diagnostics()) {
                warnings.add(d.render());
            }
            return translate(c.module(), name, dimNames(onnx), warnings);
        } catch (CompileException e) {
            throw new RuntimeFailure(e.render(), e);
        }
    }

    /**
     * The compiled model of a module the pipeline has finished (every op in the llvm dialect, with
     * the generated interface): its bitcode and metadata.
     */
    public static CompiledModel translate(Operation module, String name, Map<String, List<String>> dimNames,
            List<String> warnings) {
        String json = GenerateInterfacePass.embeddedMetadataJson(module).orElseThrow(
                () -> new RuntimeFailure(name + ": the compiled module carries no model metadata"
                        + " (did the pipeline omit generate-interface?)"));
        try (LlvmModule llvm = LlvmTranslator.translate(module, "model")) {
            return new CompiledModel(llvm.bitcode(), json, dimNames, warnings);
        } catch (LlvmTranslationException e) {
            throw new RuntimeFailure(name + ": " + e.getMessage(), e);
        }
    }

    private PluginSnapshot snapshot(List<String> ids) {
        try {
            return snapshots.apply(ids);
        } catch (PluginException e) {
            throw new RuntimeFailure(e.getMessage(), e);
        }
    }

    /** The symbolic dimension names of the graph's inputs and outputs. */
    private static Map<String, List<String>> dimNames(OnnxModel model) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<ValueInfoProto> values = new ArrayList<>(model.graph().getInputList());
        values.addAll(model.graph().getOutputList());
        for (ValueInfoProto v : values) {
            if (!v.getType().hasTensorType() || !v.getType().getTensorType().hasShape()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (TensorShapeProto.Dimension d : v.getType().getTensorType().getShape().getDimList()) {
                names.add(d.hasDimParam() && !d.getDimParam().isEmpty() ? d.getDimParam() : null);
            }
            out.put(v.getName(), names);
        }
        return out;
    }

    /**
     * The version and the compiler's own code ({@link CompilerDigest}), the selected ids, their
     * code ({@link CompilerDigest#plugins}), bitcode, libraries and the pipeline override.
     */
    static String fingerprint(PluginSnapshot s) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(HipEp.version().getBytes(StandardCharsets.UTF_8));
            md.update(CompilerDigest.value().getBytes(StandardCharsets.UTF_8));
            md.update(String.join(",", s.pluginIds()).getBytes(StandardCharsets.UTF_8));
            for (byte[] code : CompilerDigest.plugins(s)) {
                md.update(code);
            }
            for (Contributions.BitcodeContribution b : s.bitcode()) {
                md.update(b.bitcode());
            }
            md.update(String.join(",", s.libraryPathStrings()).getBytes(StandardCharsets.UTF_8));
            md.update(String.join(",", s.libraryNames()).getBytes(StandardCharsets.UTF_8));
            md.update(CompilerDriver.pipelineOverride(System.getenv(), System.getProperties()).orElse("")
                    .getBytes(StandardCharsets.UTF_8));
            return String.join(",", s.pluginIds()) + "@" + HexFormat.of().formatHex(md.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
