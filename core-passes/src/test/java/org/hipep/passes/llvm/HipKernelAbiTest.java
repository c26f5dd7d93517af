package org.hipep.passes.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.hip.HipDialect;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.OpDefinition;
import org.junit.jupiter.api.Test;

/**
 * The kernel table ({@link HipKernelAbi}) cannot drift from the hip dialect nor from
 * {@code docs/kernel-abi.md}: every compute op has an entry with exactly its attributes, and the
 * document holds the generated table. Run with {@code -Dhipep.kernel-abi.write=true} to rewrite
 * the document's table from the code.
 */
class HipKernelAbiTest {
    private static final Path DOC = Path.of("../docs/kernel-abi.md");
    private static final String BEGIN = "<!-- BEGIN generated: HipKernelAbi.markdownTable() -->\n";
    private static final String END = "<!-- END generated -->";

    private static Dialect hip() {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        return ctx.getOrLoadDialect(HipDialect.NAMESPACE);
    }

    @Test
    void everyComputeOpHasAnEntryWithExactlyItsAttributes() {
        Set<String> registered = new TreeSet<>();
        for (OpDefinition def : hip().operations()) {
            String name = def.name().substring(HipDialect.NAMESPACE.length() + 1);
            if (name.equals("constant") || HipRuntimeToLLVM.OPS.contains(name)) {
                // the carrier is gone before lowering; the runtime ops are runtime calls, not kernels
                continue;
            }
            registered.add(name);
            HipKernelAbi.Entry entry = HipKernelAbi.entry(def.name());
            assertThat(entry).as(def.name()).isNotNull();
            Set<String> attrs = new HashSet<>();
            entry.attributes().forEach(a -> attrs.add(a.name()));
            assertThat(attrs).as(def.name()).isEqualTo(def.inherentAttributes());
            assertThat(entry.attributes()).as(def.name()).hasSameSizeAs(attrs);
        }
        Set<String> tabled = new TreeSet<>();
        HipKernelAbi.entries().forEach(e -> tabled.add(e.op()));
        assertThat(tabled).isEqualTo(registered);
    }

    @Test
    void choicesHaveTheirDefaultFirst() {
        for (HipKernelAbi.Entry e : HipKernelAbi.entries()) {
            for (HipKernelAbi.Attr a : e.attributes()) {
                if (a.encoding() == HipKernelAbi.Encoding.CHOICE) {
                    assertThat(a.choices()).as(e.op() + "." + a.name()).isNotEmpty().startsWith((String) a.absent());
                }
            }
        }
    }

    @Test
    void documentHoldsTheGeneratedTableAndEveryFamily() throws IOException {
        String doc = Files.readString(DOC);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertThat(begin).isNotNegative();
        assertThat(end).isGreaterThan(begin);
        String table = HipKernelAbi.markdownTable();
        if (Boolean.getBoolean("hipep.kernel-abi.write")) {
            doc = doc.substring(0, begin + BEGIN.length()) + table + doc.substring(end);
            Files.writeString(DOC, doc);
            end = doc.indexOf(END);
        }
        assertThat(doc.substring(begin + BEGIN.length(), end)).isEqualTo(table);
        for (HipKernelAbi.Entry e : HipKernelAbi.entries()) {
            assertThat(doc).as(e.op()).contains("`" + e.family() + "`");
        }
    }
}
