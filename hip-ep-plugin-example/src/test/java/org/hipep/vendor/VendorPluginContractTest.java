package org.hipep.vendor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hipep.host.plugins.PluginDiscovery;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.tools.HipMlirOpt;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.plugin.PipelineSlot;
import org.junit.jupiter.api.Test;

/** What the host sees of the vendor plugin when it is selected, and that nothing leaks when it is not. */
class VendorPluginContractTest {
    private final PluginHost host = new PluginHost();

    private PluginSnapshot snapshot(List<String> selection) {
        return host.snapshot(PluginDiscovery.discover(), selection);
    }

    @Test
    void selectedItContributesItsPassSlotDialectBitcodeAndLibrary() throws Exception {
        PluginSnapshot s = snapshot(List.of(VendorPlugin.ID));
        assertThat(s.report().warnings()).isEmpty();
        assertThat(s.passesForSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX))
                .containsExactly("func.func(convert-onnx-add-to-vendor)");
        for (PipelineSlot other : PipelineSlot.values()) {
            if (other != PipelineSlot.AFTER_SIMPLIFY_ONNX) {
                assertThat(s.passesForSlot(other)).as("slot %s", other).isEmpty();
            }
        }
        assertThat(s.libraryNames()).containsExactly("hip_ep_vendor");
        assertThat(s.libraryPathStrings()).singleElement().satisfies(dir -> {
            byte[] lib = Files.readAllBytes(Path.of(dir, "libhip_ep_vendor.a"));
            String text = new String(lib, StandardCharsets.ISO_8859_1);
            assertThat(text).startsWith("!<arch>\n").contains("hip_ep_vendor_add_kernel");
        });
        assertThat(s.bitcode()).singleElement().satisfies(bc -> {
            assertThat(bc.bitcode()).startsWith(0x42, 0x43, 0xC0, 0xDE);
            assertThat(new String(bc.bitcode(), StandardCharsets.ISO_8859_1)).contains("wrap_hip_ep_vendor_add");
        });
    }

    @Test
    void theDialectRegistrationAttachesTheModels() {
        Context ctx = new Context(HipMlirOpt.dialects(snapshot(List.of(VendorPlugin.ID))));
        Dialect vendor = ctx.getOrLoadDialect(VendorDialect.NAMESPACE);
        assertThat(vendor).isNotNull();
        assertThat(vendor.getInterface(ConvertToLLVMPatternInterface.class)).isSameAs(VendorToLLVM.INSTANCE);
        assertThat(vendor.operations()).extracting(d -> d.name()).containsExactly("vendor.add");
        assertThat(vendor.lookup("vendor.add").getInterface(BufferizableOpInterface.class)).isNotNull();
        assertThat(vendor.lookup("vendor.add").getInterface(MemoryEffects.class)).isNotNull();
    }

    @Test
    void unselectedItContributesNothing() {
        PluginSnapshot s = snapshot(List.of());
        assertThat(s.passesForSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX)).isEmpty();
        assertThat(s.libraryNames()).isEmpty();
        assertThat(s.bitcode()).isEmpty();
        assertThat(new Context(HipMlirOpt.dialects(s)).getOrLoadDialect(VendorDialect.NAMESPACE)).isNull();
    }
}
