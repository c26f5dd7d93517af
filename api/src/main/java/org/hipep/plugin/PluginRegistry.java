package org.hipep.plugin;

import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.Pass;

/**
 * What a plugin records its contributions into during {@link CompilerPlugin#register} (the
 * seed's {@code HipEpPluginRegistry}). Every method copies what it is given and returns at
 * once; nothing is run or loaded during registration. Each contribution is tagged with the
 * plugin's id, which {@code --print-plugin-info} and error messages show.
 *
 * <p>Valid only during the {@code register} call that received it; calls after it returns are
 * refused with an {@link IllegalStateException}.
 */
public interface PluginRegistry {
    /** The id of the plugin being registered. */
    String pluginId();

    /**
     * Registers a pass; its {@link Pass#argument()} is the name it is known by in textual
     * pipelines, {@code hip-mlir-opt --<argument>} and slot requests. The supplier is called to
     * create a fresh pass for every run (and once now, to read the argument); it must return a
     * new instance each time. Two selected plugins registering the same argument (or one
     * registering an in-tree pass's argument) is an error that names both.
     */
    void registerPass(Supplier<? extends Pass> factory);

    /**
     * Asks for a textual pipeline to run at a pipeline slot, after the in-tree passes of that
     * point, in registration order. The text is parsed into the slot's module-level pass manager
     * when a pipeline is built: a {@code func.func} pass is written {@code func.func(<argument>)},
     * an op-agnostic or module pass may be bare. Text that does not resolve then is reported with
     * a {@code [plugin] WARNING} and skipped; the compile goes on.
     */
    void requestPipelineSlot(PipelineSlot slot, String pipelineText);

    /**
     * {@link #requestPipelineSlot(PipelineSlot, String)} by slot number, as the seed's C ABI does;
     * a number outside {@code [0, 7)} is dropped with the seed's warning.
     */
    void requestPipelineSlot(int slot, String pipelineText);

    /**
     * Adds a callback that registers dialects, dialect extensions and interface models (e.g.
     * bufferization and to-LLVM models of the plugin's ops). Called later, in registration order,
     * on the registry of every context the host creates (compiles, {@code hip-mlir-opt}); it must
     * only add to the registry it is given. A null callback is skipped with a warning.
     */
    void addDialectRegistration(Consumer<DialectRegistry> registration);

    /**
     * Adds LLVM bitcode (its first bytes are {@code 42 43 C0 DE}) to link with every model: a
     * sibling module in the JIT, linked into native artifacts. The bytes are copied. A symbol it
     * defines that the in-tree runtime or another plugin also defines is an error; name such
     * symbols with {@link #addRuntimeBitcodeWithOverrides}. Empty or null bitcode is skipped with
     * the seed's warning.
     */
    void addRuntimeBitcode(byte[] bitcode);

    /**
     * Like {@link #addRuntimeBitcode}, declaring the symbols this bitcode deliberately replaces
     * (beyond the seed): only those may collide with in-tree runtime symbols, and this plugin's
     * definition wins; any other collision is still an error.
     */
    void addRuntimeBitcodeWithOverrides(byte[] bitcode, Set<String> overriddenSymbols);

    /**
     * Adds a directory searched for the libraries named with {@link #addLibrary}, after the
     * in-tree ones. Use an absolute path; it is taken verbatim.
     */
    void addLibraryPath(String directory);

    /**
     * Adds a library to link: a bare name ({@code foo}: {@code libfoo.a}, {@code libfoo.so}) or an
     * absolute path to an existing file. Searched after the in-tree libraries, so it can add
     * symbols but not shadow in-tree ones.
     */
    void addLibrary(String nameOrPath);

    /**
     * Registers a named pipeline composed in Java (beyond the seed), usable by name in textual
     * pipelines. Its name shares the namespace of pass arguments.
     */
    void registerPipelineBuilder(String name, String description, PipelineBuilder builder);
}
