package org.hipep.runtime.session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How {@link HipEnvironment#createSession} compiles and runs a model, modelled on ONNX Runtime's
 * {@code OrtSession.SessionOptions}: the compiler plugins (ordered ids), the artifact format, the
 * LLVM optimisation level, the threads a run may use, the compile cache, how constants are read,
 * how convolutions pick their algorithm and whether runs are profiled.
 * Setters return {@code this}.
 */
public final class SessionOptions {
    private final List<String> plugins = new ArrayList<>();
    private ArtifactFormat format = ArtifactFormat.LLVM_IR;
    private int optLevel = 2;
    private int threads = Runtime.getRuntime().availableProcessors();
    private Path cacheDir = defaultCacheDir();
    private ConstantsPolicy constants = ConstantsPolicy.MAP;
    private ConvolutionSearch convolutionSearch = ConvolutionSearch.MEASURE;
    private Path profilingPrefix;

    /** The compile cache's default folder: {@code $XDG_CACHE_HOME/hipep}, else {@code ~/.cache/hipep}. */
    public static Path defaultCacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("hipep");
    }

    /** Adds compiler plugins by id, in order (the host's {@code --plugins}). */
    public SessionOptions addPlugins(String... ids) {
        for (String id : ids) {
            plugins.add(Objects.requireNonNull(id, "plugin id"));
        }
        return this;
    }

    public SessionOptions setArtifactFormat(ArtifactFormat format) {
        this.format = Objects.requireNonNull(format, "format");
        return this;
    }

    /** LLVM optimisation level, 0 to 3 (default 2). */
    public SessionOptions setOptLevel(int level) {
        if (level < 0 || level > 3) {
            throw new IllegalArgumentException("optimisation level " + level + " is not in 0..3");
        }
        this.optLevel = level;
        return this;
    }

    /** Threads one run may use (default: every core); as ONNX Runtime's intra-op threads. */
    public SessionOptions setThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.threads = threads;
        return this;
    }

    /** Where compiled models are cached; {@code null} compiles into a temporary folder every time. */
    public SessionOptions setCacheDir(Path dir) {
        this.cacheDir = dir;
        return this;
    }

    public SessionOptions setConstantsPolicy(ConstantsPolicy policy) {
        this.constants = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /** How convolutions pick their algorithm (default {@link ConvolutionSearch#MEASURE}). */
    public SessionOptions setConvolutionSearch(ConvolutionSearch search) {
        this.convolutionSearch = Objects.requireNonNull(search, "search");
        return this;
    }

    /**
     * Profiles the session's runs, as ONNX Runtime's {@code enableProfiling(filePrefix)}: every run
     * times each kernel call of the compiled model ({@link HipSession#profile()});
     * {@link HipSession#endProfiling()} writes them as a trace to
     * {@code <filePrefix>_<yyyy-MM-dd_HH-mm-ss>.json}. The compiled model is the same with or
     * without profiling (the calls are always there and cost two loads and branches each when off).
     */
    public SessionOptions enableProfiling(Path filePrefix) {
        this.profilingPrefix = Objects.requireNonNull(filePrefix, "filePrefix");
        return this;
    }

    /** Stops later sessions made with these options from profiling (the default). */
    public SessionOptions disableProfiling() {
        this.profilingPrefix = null;
        return this;
    }

    public List<String> plugins() {
        return List.copyOf(plugins);
    }

    public ArtifactFormat artifactFormat() {
        return format;
    }

    public int optLevel() {
        return optLevel;
    }

    public int threads() {
        return threads;
    }

    public Path cacheDir() {
        return cacheDir;
    }

    public ConstantsPolicy constantsPolicy() {
        return constants;
    }

    public ConvolutionSearch convolutionSearch() {
        return convolutionSearch;
    }

    /** The profile's file prefix; null when the sessions do not profile. */
    public Path profilingPrefix() {
        return profilingPrefix;
    }
}
