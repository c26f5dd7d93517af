package org.hipep.host.osgi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.host.session.HostModelCompiler;
import org.hipep.pass.Pass;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.ModelCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OSGi registrar over a tracker's services, without a framework: snapshots follow the
 * services bound at their start and stay intact afterwards (the framework case is
 * integration-tests' OsgiCompilerIT).
 */
class OsgiPluginsTest {
    private static class Counting implements CompilerPlugin {
        private final String id;
        private final int version;
        final AtomicInteger registrations = new AtomicInteger();

        Counting(String id, int version) {
            this.id = id;
            this.version = version;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public int apiVersion() {
            return version;
        }

        @Override
        public void register(PluginRegistry registry) {
            registrations.incrementAndGet();
            registry.requestPipelineSlot(PipelineSlot.BEFORE_BUFFERIZATION, "func.func(canonicalize)");
        }
    }

    private final List<CompilerPlugin> bound = new CopyOnWriteArrayList<>();
    private final OsgiPlugins registrar = new OsgiPlugins(() -> PluginSources.of(bound));

    @Test
    void aSnapshotHoldsThePluginsBoundAtItsStartAndStaysIntactWhenTheyGo() {
        Counting hot = new Counting("hot", PluginApi.VERSION);
        bound.add(hot);
        PluginSnapshot before = registrar.snapshot(List.of("hot"));
        bound.remove(hot);
        PluginSnapshot after = registrar.snapshot(List.of("hot"));

        assertThat(before.pluginIds()).containsExactly("hot");
        assertThat(before.passesForSlot(PipelineSlot.BEFORE_BUFFERIZATION)).containsExactly("func.func(canonicalize)");
        assertThat(after.pluginIds()).isEmpty();
        assertThat(after.report().skipped()).singleElement().asString()
                .contains("no plugin or extension service with this id is registered now");
    }

    @Test
    void aPluginRegistersOncePerBindingAndAgainAfterItWasForgotten() {
        Counting hot = new Counting("hot", PluginApi.VERSION);
        bound.add(hot);
        registrar.snapshot(List.of("hot"));
        registrar.snapshot(List.of("hot"));
        assertThat(hot.registrations).hasValue(1);

        bound.remove(hot);
        registrar.forget(hot);
        bound.add(hot);
        assertThat(registrar.snapshot(List.of("hot")).pluginIds()).containsExactly("hot");
        assertThat(hot.registrations).hasValue(2);
    }

    @Test
    void aPluginBuiltAgainstAnUnsupportedApiIsRefusedWhenSelectedAndTheOthersStillWork() {
        Counting future = new Counting("future", 99);
        Counting ok = new Counting("ok", PluginApi.VERSION);
        bound.add(future);
        bound.add(ok);

        assertThatThrownBy(() -> registrar.snapshot(List.of("future")))
                .isInstanceOf(PluginException.class)
                .hasMessage("plugin 'future' (" + Counting.class.getName() + ") was built against plugin API version 99,"
                        + " but this host supports versions 1 to 1");
        assertThat(future.registrations).hasValue(0);
        assertThat(registrar.snapshot(List.of("ok")).pluginIds()).containsExactly("ok");
    }

    /** Counts its runs: which compile used the plugin that registered it. */
    public static final class MarkPass extends Pass {
        static final AtomicInteger RUNS = new AtomicInteger();

        @Override
        public String argument() {
            return "hip-ep-test-mark";
        }

        @Override
        public String anchorName() {
            return "func.func";
        }

        @Override
        protected void runOnOperation() {
            RUNS.incrementAndGet();
        }
    }

    @Test
    void aSessionsCompileUsesThePluginSetItsPluginsCallReturnedEvenAfterThePluginWentAway(@TempDir Path dir)
            throws Exception {
        CompilerPlugin mark = new Counting("mark", PluginApi.VERSION) {
            @Override
            public void register(PluginRegistry registry) {
                registry.registerPass(MarkPass::new);
                registry.requestPipelineSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP, "func.func(hip-ep-test-mark)");
            }
        };
        Path model = Path.of("..", "examples", "small-cnn", "model.onnx");
        byte[] bytes = Files.readAllBytes(model);
        HostModelCompiler compiler = new HostModelCompiler(registrar::snapshot);
        bound.add(mark);
        ModelCompiler.Plugins plugins = compiler.plugins(List.of("mark"));
        bound.remove(mark);
        int before = MarkPass.RUNS.get();

        compiler.compile(bytes, model, List.of("mark"), plugins, Files.createDirectories(dir.resolve("with")));
        assertThat(MarkPass.RUNS.get()).as("the compile given the plugin set ran its pass").isGreaterThan(before);
        int after = MarkPass.RUNS.get();
        compiler.compile(bytes, model, List.of("mark"), Files.createDirectories(dir.resolve("without")));
        assertThat(MarkPass.RUNS.get()).as("a compile that looks the plugins up now does not").isEqualTo(after);
    }

    @Test
    void theHostCompilerTakesItsSnapshotFromTheGivenSourceAndReportsRefusalsAsRuntimeFailures() {
        bound.add(new Counting("future", 99));
        HostModelCompiler compiler = new HostModelCompiler(registrar::snapshot);

        assertThat(compiler.plugins(List.of()).fingerprint()).startsWith("@");
        assertThatThrownBy(() -> compiler.plugins(List.of("future")))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("was built against plugin API version 99");
    }
}
