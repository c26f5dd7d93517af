package org.hipep.host.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hipep.host.compiler.CompileException;
import org.hipep.host.compiler.CompilerDriver;
import org.hipep.host.plugins.PluginReport;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.ir.SymbolTable;

/**
 * The symbols of a model compiled by the built-in pipeline without plugins (its artifacts under
 * {@code out}): tests look up which kernels the compiled module calls, to pin a fusion or a layout
 * that a run's values alone would not show.
 */
public final class KernelSymbols {
    private KernelSymbols() {
    }

    public static SymbolTable of(Path model, Path out) throws IOException, CompileException {
        CompilerDriver driver = new CompilerDriver(
                PluginSnapshot.empty(new PluginReport(List.of(), List.of(), List.of(), List.of(), List.of())),
                w -> { });
        return new SymbolTable(
                driver.compile(model, CompilerDriver.Options.defaults(Files.createDirectories(out))).module());
    }
}
