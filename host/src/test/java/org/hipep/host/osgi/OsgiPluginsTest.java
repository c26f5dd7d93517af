package org.hipep.host.osgi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.host.session.HostModelCompiler;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;
import org.hipep.runtime.jit.RuntimeFailure;
import org.junit.jupiter.api.Test;

/**
 * The OSGi registrar over a tracker's services, without a framework: snapshots follow the
 * services bound at their start and stay intact afterwards (the framework case is
 * integration-tests' OsgiCompilerIT).
 */
class OsgiPluginsTest {
    private static final class Counting implements CompilerPlugin {
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
