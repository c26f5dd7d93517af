package org.hipep.dialects.onnx.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.hipep.testing.data.SharedData;

/**
 * Every model of {@code ../shared/onnx-node-tests} and {@code ../shared/models} imports and
 * verifies, and its printed IR parses back to the same text (one dynamic test per model, so added
 * data adds tests). Fails, never skips, when the shared folder is missing.
 */
class SharedModelsImportTest {
    static List<Path> models() throws IOException {
        return SharedData.models();
    }

    static Context context() {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        if (!ctx.registry().contains("onnx")) {
            ctx.allowUnregisteredDialects(true);
        }
        return ctx;
    }

    @TestFactory
    Stream<DynamicTest> everySharedModelImportsAndVerifies() throws IOException {
        List<Path> models = models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        return models.stream().map(m -> DynamicTest.dynamicTest(m.getParent().getFileName().toString(), () -> {
            OnnxModel model = OnnxModelLoader.load(m);
            Context ctx = context();
            List<Diagnostic> errors = new ArrayList<>();
            ctx.diagnostics().registerHandler(d -> {
                if (d.severity() == Severity.ERROR) {
                    errors.add(d);
                }
                return true;
            });
            Operation module = OnnxImporter.importModel(ctx, model);
            assertThat(Verifier.verify(module).succeeded()).as("verifies: %s", errors).isTrue();
            Operation main = BuiltinDialect.moduleBody(module).front();
            assertThat(main.attribute("sym_name").toString()).contains(OnnxImporter.MAIN_GRAPH);
            assertThat(main.region(0).front().numArguments()).isEqualTo(model.graphInputsWithoutInitializers().size());

            String printed = IrPrinter.print(module, AsmPrinterOptions.genericForm());
            Context again = context();
            Operation reparsed = IrParser.parse(again, printed, "reparsed.mlir");
            assertThat(Verifier.verify(reparsed).succeeded()).isTrue();
            assertThat(IrPrinter.print(reparsed, AsmPrinterOptions.genericForm())).isEqualTo(printed);
        }));
    }
}
