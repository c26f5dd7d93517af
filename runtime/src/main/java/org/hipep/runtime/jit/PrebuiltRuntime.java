package org.hipep.runtime.jit;

import static org.bytedeco.llvm.global.LLVM.*;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.LLVM.LLVMValueRef;
import org.hipep.api.AtomicFiles;

/**
 * The C runtime compiled ahead of time, at build time, for one x86-64 micro-architecture level
 * ({@code src/build/prebuilt-runtime.sh}: {@code x86-64-v4}, AVX-512, and {@code x86-64-v3}, AVX2
 * and FMA; {@code -O3}, one section per function). On a host that has every CPU feature of a
 * level, a model loads with this object beside its own code instead of linking the runtime bitcode
 * into it, so loading compiles the model's functions only: for mnist-8, 0.4 s instead of 6 s of
 * optimisation and code generation of the ~150 runtime functions it uses (docs/BENCHMARKS.md).
 *
 * <p>What it gives up: the runtime's entry points are no longer inlined into the model, and the
 * code is tuned for the level rather than for the host CPU. Hosts below {@code x86-64-v3}, and
 * plugin bitcode that overrides a runtime symbol (the override renames a definition inside the
 * runtime), keep the linked path ({@link ModelLinker#link}).
 *
 * <p>The object's external symbols are the runtime bitcode's (one source, one set of non-static
 * functions). The build reads them from the bitcode ({@link #main}, {@link #symbols}) into
 * {@code prebuilt/symbols.txt} beside the objects, which the process reads when it first uses a
 * level: in a fresh JVM, reading them from the bitcode made a cold compile's load ~35 ms longer
 * (docs/BENCHMARKS.md, fifty-second round).
 */
final class PrebuiltRuntime {
    /** The levels the build compiles, the most capable first. */
    static final List<String> LEVELS = List.of("x86-64-v4", "x86-64-v3");
    /** The system property that turns the prebuilt runtime off ({@code false}) or picks a level. */
    static final String PROPERTY = "hipep.runtime.prebuilt";
    private static final String OBJECT = "hipep_runtime.o";
    private static final String TARGET = "target.ll";
    /** The runtime bitcode's symbols, one a line: {@code D name} defined, {@code U name} undefined. */
    static final String SYMBOLS = "symbols.txt";
    private static final Pattern TARGET_FEATURES = Pattern.compile("\"target-features\"=\"([^\"]*)\"");

    /** What {@link #forHost} read and loaded, once per process. */
    private static String hostFeatures;
    private static final Map<String, PrebuiltRuntime> LOADED = new HashMap<>();
    /** The level each value of {@value #PROPERTY} chose, so that a load does not read the jar again. */
    private static final Map<String, Optional<String>> CHOSEN = new HashMap<>();

    private final String level;
    private final byte[] object;
    private final Set<String> defined;
    private final Set<String> undefined;

    PrebuiltRuntime(String level, byte[] object, Set<String> defined, Set<String> undefined) {
        this.level = level;
        this.object = object;
        this.defined = defined;
        this.undefined = undefined;
    }

    /** The level this object was compiled for, e.g. {@code x86-64-v4}. */
    String level() {
        return level;
    }

    /** The object file (not copied: callers only read it). */
    byte[] object() {
        return object;
    }

    /** The functions and variables the runtime defines with external linkage. */
    Set<String> defined() {
        return defined;
    }

    /** The symbols the runtime needs from the libraries and the process (oneDNN, OpenBLAS, libc, libm). */
    Set<String> undefined() {
        return undefined;
    }

    /**
     * Whether a model with {@code options} can load with this object: none of its plugin bitcode
     * overrides a symbol the runtime defines.
     */
    boolean serves(LoadOptions options) {
        return options.bitcode().stream().flatMap(b -> b.overrides().stream()).noneMatch(defined::contains);
    }

    /**
     * The prebuilt runtime this process uses, read once per level: by default the most capable one
     * whose CPU features this host has; none on a host below every level or when the runtime jar
     * carries no prebuilt objects. The system property {@value #PROPERTY} changes that: {@code false}
     * uses none (the runtime bitcode is then linked into every model, as on such hosts: to compare
     * the two, or to step around a problem), a level's name uses that level (the tests run the
     * x86-64-v3 object on AVX-512 hosts so), and it fails on a host without the level's features.
     */
    static synchronized Optional<PrebuiltRuntime> forHost() {
        return chosenLevel().map(l -> LOADED.computeIfAbsent(l, PrebuiltRuntime::load));
    }

    /**
     * The level {@link #forHost} gives ({@code x86-64-v4}), without reading its object; empty when
     * the runtime bitcode is linked instead. Fails as {@link #forHost} does.
     */
    static synchronized Optional<String> chosenLevel() {
        String setting = System.getProperty(PROPERTY, "true");
        if (setting.equals("false")) {
            return Optional.empty();
        }
        if (hostFeatures == null) {
            BytePointer features = LLVMGetHostCPUFeatures();
            try {
                hostFeatures = features.getString();
            } finally {
                LLVMDisposeMessage(features);
            }
        }
        Optional<String> level = CHOSEN.get(setting);
        if (level == null) {
            level = choose(setting);
            CHOSEN.put(setting, level);
        }
        return level;
    }

    /** The level {@code setting} ({@code true} or a level's name) gives on this host; fails as {@link #forHost} says. */
    private static Optional<String> choose(String setting) {
        if (setting.equals("true")) {
            return levelFor(hostFeatures, PrebuiltRuntime::resourceText, LEVELS);
        }
        if (!LEVELS.contains(setting)) {
            throw new RuntimeFailure("the system property " + PROPERTY + " is '" + setting + "': one of true, false, "
                    + String.join(", ", LEVELS));
        }
        Optional<String> level = levelFor(hostFeatures, PrebuiltRuntime::resourceText, List.of(setting));
        if (level.isEmpty()) {
            String text = resourceText(setting + "/" + TARGET);
            throw new RuntimeFailure(PROPERTY + "=" + setting + " asks for the prebuilt " + setting + " runtime, but "
                    + (text == null ? "the runtime jar does not carry it"
                            : "this host lacks its CPU features " + missing(hostFeatures, requiredFeatures(text, setting))));
        }
        return level;
    }

    /**
     * The first of {@code levels} whose required features (from its {@code target.ll}, read by
     * {@code targetText}; null when absent) this host has (see {@link #missing}).
     */
    static Optional<String> levelFor(String hostFeatures, Function<String, String> targetText, List<String> levels) {
        for (String level : levels) {
            String text = targetText.apply(level + "/" + TARGET);
            if (text != null && missing(hostFeatures, requiredFeatures(text, level)).isEmpty()) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }

    /**
     * The {@code required} features the host does not have: those not enabled in
     * {@code hostFeatures} (LLVM's {@code +feature,-feature,...} form) but named there. LLVM's host
     * detection names every feature it can detect; the ones it leaves out (x87) are part of every
     * x86-64 CPU.
     */
    static Set<String> missing(String hostFeatures, Set<String> required) {
        Set<String> enabled = new TreeSet<>();
        Set<String> named = new TreeSet<>();
        for (String f : hostFeatures.split(",")) {
            if (f.length() > 1) {
                named.add(f.substring(1));
                if (f.charAt(0) == '+') {
                    enabled.add(f.substring(1));
                }
            }
        }
        Set<String> out = new TreeSet<>();
        for (String f : required) {
            if (!enabled.contains(f) && named.contains(f)) {
                out.add(f);
            }
        }
        return out;
    }

    /** The {@code +feature}s of the {@code "target-features"} attribute in a level's {@code target.ll}. */
    static Set<String> requiredFeatures(String targetText, String level) {
        Matcher m = TARGET_FEATURES.matcher(targetText);
        if (!m.find()) {
            throw new RuntimeFailure("the prebuilt runtime's " + level + "/" + TARGET
                    + " has no \"target-features\" attribute: the runtime jar is damaged");
        }
        Set<String> out = new TreeSet<>();
        for (String f : m.group(1).split(",")) {
            if (f.startsWith("+")) {
                out.add(f.substring(1));
            }
        }
        return out;
    }

    private static PrebuiltRuntime load(String level) {
        byte[] object = resource(level + "/" + OBJECT);
        if (object == null) {
            throw new RuntimeFailure("the runtime jar has the prebuilt runtime's " + level + "/" + TARGET + " but not its "
                    + OBJECT + ": the runtime jar is damaged");
        }
        String table = resourceText(SYMBOLS);
        if (table == null) {
            throw new RuntimeFailure("the runtime jar has the prebuilt runtime's " + level + "/" + OBJECT + " but not "
                    + SYMBOLS + ": the runtime jar is damaged");
        }
        Symbols symbols = Symbols.parse(table);
        return new PrebuiltRuntime(level, object, symbols.defined(), symbols.undefined());
    }

    /** A bitcode buffer's symbols as the linker sees them. */
    record Symbols(Set<String> defined, Set<String> undefined) {
        /** The text of {@value #SYMBOLS}: a comment line, then {@code D name} and {@code U name} lines. */
        String text() {
            StringBuilder out = new StringBuilder("# the runtime bitcode's symbols (PrebuiltRuntime.symbols):"
                    + " D defined, U undefined\n");
            defined.forEach(s -> out.append("D ").append(s).append('\n'));
            undefined.forEach(s -> out.append("U ").append(s).append('\n'));
            return out.toString();
        }

        /** What {@link #text} wrote; fails on any other line. */
        static Symbols parse(String text) {
            Set<String> defined = new TreeSet<>();
            Set<String> undefined = new TreeSet<>();
            int n = 0;
            for (String line : text.split("\n")) {
                n++;
                if (line.startsWith("D ")) {
                    defined.add(line.substring(2));
                } else if (line.startsWith("U ")) {
                    undefined.add(line.substring(2));
                } else if (!line.startsWith("#") && !line.isEmpty()) {
                    throw new RuntimeFailure("the prebuilt runtime's " + SYMBOLS + ", line " + n + ": '" + line
                            + "' is neither 'D name' nor 'U name': the runtime jar is damaged");
                }
            }
            return new Symbols(Collections.unmodifiableSet(defined), Collections.unmodifiableSet(undefined));
        }
    }

    /**
     * The build step that writes {@value #SYMBOLS} (runtime/pom.xml, {@code process-classes}):
     * {@code args} are the runtime bitcode file and the file to write, which it replaces whole
     * ({@link AtomicFiles}).
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: PrebuiltRuntime <runtime bitcode> <symbols file to write>");
        }
        AtomicFiles.write(Path.of(args[1]), symbols(Files.readAllBytes(Path.of(args[0]))).text());
    }

    /**
     * The functions and variables a bitcode buffer defines with a non-local linkage
     * ({@link ModelLinker#externalDefinitions}) and those it only declares (intrinsics aside), read
     * lazily: the symbol table, no function body.
     */
    static Symbols symbols(byte[] bitcode) {
        LLVMContextRef ctx = LLVMContextCreate();
        BytePointer data = new BytePointer(bitcode.length);
        try {
            data.put(bitcode);
            LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, bitcode.length,
                    new BytePointer("runtime bitcode"));
            LLVMModuleRef mod = new LLVMModuleRef();
            if (LLVMGetBitcodeModuleInContext2(ctx, buf, mod) != 0) {
                LLVMDisposeMemoryBuffer(buf);
                throw new RuntimeFailure("cannot read the runtime bitcode's symbol table");
            }
            try {
                Set<String> undefined = new TreeSet<>();
                for (LLVMValueRef v : ModelLinker.globalValues(mod)) {
                    boolean intrinsic = LLVMIsAFunction(v) != null && !LLVMIsAFunction(v).isNull()
                            && LLVMGetIntrinsicID(v) != 0;
                    if (LLVMIsDeclaration(v) != 0 && !intrinsic) {
                        undefined.add(LLVMGetValueName(v).getString());
                    }
                }
                return new Symbols(Collections.unmodifiableSet(new TreeSet<>(ModelLinker.externalDefinitions(mod).keySet())),
                        Collections.unmodifiableSet(undefined));
            } finally {
                LLVMDisposeModule(mod);
            }
        } finally {
            data.close();
            LLVMContextDispose(ctx);
        }
    }

    static String resourceText(String name) {
        byte[] bytes = resource(name);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    static byte[] resource(String name) {
        try (InputStream in = PrebuiltRuntime.class.getResourceAsStream("prebuilt/" + name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the prebuilt runtime resource " + name, e);
        }
    }

    @Override
    public String toString() {
        return "prebuilt runtime " + level + " (" + object.length + " bytes, " + defined.size() + " symbols)";
    }
}
