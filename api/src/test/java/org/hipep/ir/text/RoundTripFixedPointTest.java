package org.hipep.ir.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.testdialect.TestDialect;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * parse -> print -> parse -> print is a fixed point, in the custom and the generic form and with
 * locations, over the valid IR files of the lit suite.
 */
class RoundTripFixedPointTest {
    private static final Path DIR = Path.of("src/test/resources/lit/ir");

    private static String print(String text, AsmPrinterOptions options) {
        Context ctx = new Context(TestDialect.registry());
        ctx.allowUnregisteredDialects(true);
        Operation m = IrParser.parse(ctx, text, "roundtrip.mlir");
        assertThat(Verifier.verify(m).succeeded()).isTrue();
        return IrPrinter.print(m, options);
    }

    @TestFactory
    Stream<DynamicTest> fixedPoint() throws IOException {
        return Stream.of("types.mlir", "attributes.mlir", "locations.mlir", "dialect-types.mlir")
                .flatMap(name -> Stream.of(AsmPrinterOptions.defaults(), AsmPrinterOptions.genericForm(),
                        AsmPrinterOptions.genericForm().withDebugInfo(true), AsmPrinterOptions.defaults().withDebugInfo(true))
                        .map(opts -> DynamicTest.dynamicTest(name + " " + opts, () -> {
                            String once = print(Files.readString(DIR.resolve(name)), opts);
                            String twice = print(once, opts);
                            assertThat(twice).isEqualTo(once);
                            assertThat(print(twice, opts)).isEqualTo(twice);
                        })));
    }
}
