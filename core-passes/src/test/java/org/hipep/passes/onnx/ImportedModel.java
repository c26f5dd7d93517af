package org.hipep.passes.onnx;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;

/**
 * A shared model imported into a fresh context with the core dialects, for the tests that run
 * passes over every shared model. {@code errors} collects every error diagnostic emitted in that
 * context, during the import and afterwards (nothing reaches standard error).
 */
record ImportedModel(String name, Operation module, List<Diagnostic> errors) {

    /** Loads and imports {@code modelFile}; {@code name} is {@code <group>/<test folder>}. */
    static ImportedModel load(Path modelFile) {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        List<Diagnostic> errors = new ArrayList<>();
        ctx.diagnostics().registerHandler(d -> {
            if (d.severity() == Severity.ERROR) {
                errors.add(d);
            }
            return true;
        });
        Operation module = OnnxImporter.importModel(ctx, OnnxModelLoader.load(modelFile));
        String name = modelFile.getParent().getParent().getFileName() + "/" + modelFile.getParent().getFileName();
        return new ImportedModel(name, module, errors);
    }
}
