package org.hipep.host.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.Pass;
import org.hipep.pass.PassRegistry;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

class PluginHostTest {
    private static final byte[] BITCODE = {0x42, 0x43, (byte) 0xC0, (byte) 0xDE, 1, 2};

    /** A plugin defined by a lambda, counting its registrations. */
    static final class Fake implements CompilerPlugin {
        final String id;
        final int version;
        final Consumer<PluginRegistry> body;
        final AtomicInteger calls = new AtomicInteger();

        Fake(String id, Consumer<PluginRegistry> body) {
            this(id, PluginApi.VERSION, body);
        }

        Fake(String id, int version, Consumer<PluginRegistry> body) {
            this.id = id;
            this.version = version;
            this.body = body;
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
            calls.incrementAndGet();
            body.accept(registry);
        }
    }

    static Pass pass(String argument) {
        return new Pass() {
            @Override
            public String argument() {
                return argument;
            }

            @Override
            protected void runOnOperation() {
            }
        };
    }

    @Test
    void dispatchesEachSelectedPluginOnceInSelectionOrder() {
        List<String> order = new ArrayList<>();
        Fake a = new Fake("a", r -> {
            order.add("a");
            r.requestPipelineSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX, "a-pass");
        });
        Fake b = new Fake("b", r -> {
            order.add("b");
            r.requestPipelineSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX, "b-pass");
        });
        Fake unused = new Fake("c", r -> order.add("c"));
        PluginHost host = new PluginHost();
        PluginSources sources = PluginSources.of(List.of(a, b, unused));
        PluginSnapshot s1 = host.snapshot(sources, List.of("b", "a"));
        PluginSnapshot s2 = host.snapshot(sources, List.of("b", "a"));
        assertThat(order).containsExactly("b", "a");
        assertThat(a.calls).hasValue(1);
        assertThat(unused.calls).hasValue(0);
        assertThat(s1.passesForSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX)).containsExactly("b-pass", "a-pass");
        assertThat(s2).isEqualTo(s1);
        assertThat(s1.pluginIds()).containsExactly("b", "a");
    }

    @Test
    void dispatchIsOncePerHostAcrossThreads() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        Fake a = new Fake("a", r -> r.addLibrary("x"));
        PluginHost host = new PluginHost();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<PluginSnapshot>> fs = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                fs.add(pool.submit(() -> {
                    start.await();
                    return host.snapshot(PluginSources.of(List.of(a)), List.of("a"));
                }));
            }
            start.countDown();
            for (Future<PluginSnapshot> f : fs) {
                assertThat(f.get(10, TimeUnit.SECONDS).libraryNames()).containsExactly("x");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(a.calls).hasValue(1);
    }

    @Test
    void anUnknownIdListsTheAvailableOnes() {
        PluginSources sources = PluginSources.of(List.of(new Fake("sample", r -> { }), new Fake("vendor", r -> { })));
        assertThatThrownBy(() -> new PluginHost().snapshot(sources, List.of("vendor", "nope")))
                .isInstanceOf(PluginException.class)
                .hasMessage("unknown plugin id 'nope'; available: sample, vendor");
    }

    @Test
    void aPluginBuiltAgainstAnotherApiVersionIsRefusedNamingBoth() {
        PluginSources sources = PluginSources.of(List.of(new Fake("future", PluginApi.VERSION + 1, r -> { })));
        assertThatThrownBy(() -> new PluginHost().snapshot(sources, List.of("future")))
                .isInstanceOf(PluginException.class)
                .hasMessageContaining("was built against plugin API version " + (PluginApi.VERSION + 1)
                        + ", but this host supports versions 1 to " + PluginApi.VERSION);
    }

    @Test
    void aThrowingPluginIsSkippedWithTheWarningAndTheOthersStillRun() {
        Fake bad = new Fake("bad", r -> {
            r.addLibrary("half-registered");
            throw new IllegalStateException("boom");
        });
        Fake good = new Fake("good", r -> r.addLibrary("ok"));
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(bad, good)), List.of("bad", "good"));
        assertThat(s.libraryNames()).containsExactly("ok");
        assertThat(s.pluginIds()).containsExactly("good");
        assertThat(s.report().skipped()).singleElement().satisfies(k -> assertThat(k.reason()).isEqualTo(
                "[plugin] WARNING: plugin 'bad' threw java.lang.IllegalStateException: boom; skipping this plugin."));
        assertThat(s.report().warnings()).contains(
                "[plugin] WARNING: plugin 'bad' threw java.lang.IllegalStateException: boom; skipping this plugin.");
    }

    @Test
    void droppedContributionsWarnWithTheSeedTexts() {
        Fake p = new Fake("p", r -> {
            r.requestPipelineSlot(7, "late");
            r.requestPipelineSlot(-1, "early");
            r.requestPipelineSlot(2, "func.func(ok)");
            r.addRuntimeBitcode(new byte[0]);
            r.addRuntimeBitcode(null);
            r.addDialectRegistration(null);
        });
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(p)), List.of("p"));
        assertThat(s.report().warnings()).containsExactly(
                "[plugin] WARNING: requestPipelineSlot(slot=7, name='late') -- slot value is out of range [0, 7). Dropping this request.",
                "[plugin] WARNING: requestPipelineSlot(slot=-1, name='early') -- slot value is out of range [0, 7). Dropping this request.",
                "[plugin] WARNING: addRuntimeBitcode called with an empty buffer (size=0); skipping. Wrap the addRuntimeBitcode"
                        + " call in `if (bitcode.length != 0)` if your plugin produces bitcode conditionally.",
                "[plugin] WARNING: addRuntimeBitcode called with an empty buffer (size=0); skipping. Wrap the addRuntimeBitcode"
                        + " call in `if (bitcode.length != 0)` if your plugin produces bitcode conditionally.",
                "[plugin] WARNING: addDialectRegistration called with a null callback; skipping.");
        assertThat(s.passesForSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP)).containsExactly("func.func(ok)");
        assertThat(s.bitcode()).isEmpty();
        assertThat(s.dialects()).isEmpty();
    }

    @Test
    void aPassNameRegisteredByTwoPluginsNamesBoth() {
        Fake a = new Fake("a", r -> r.registerPass(() -> pass("shared-pass")));
        Fake b = new Fake("b", r -> r.registerPass(() -> pass("shared-pass")));
        assertThatThrownBy(() -> new PluginHost().snapshot(PluginSources.of(List.of(a, b)), List.of("a", "b")))
                .isInstanceOf(PluginException.class)
                .hasMessageStartingWith("pass argument 'shared-pass' is registered by both plugin 'a' and plugin 'b'");
    }

    @Test
    void aPluginPassCollidingWithAnInTreePassNamesBothOwners() {
        Fake a = new Fake("a", r -> r.registerPass(() -> pass("cse")));
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(a)), List.of("a"));
        PassRegistry inTree = new PassRegistry();
        inTree.registerPass(() -> pass("cse"), "hip-ep core passes");
        assertThatThrownBy(() -> s.registerPasses(inTree))
                .hasMessage("pass argument 'cse' is already registered by hip-ep core passes; plugin 'a' cannot register it again");
    }

    @Test
    void theRegistryIsClosedAfterRegisterReturns() {
        PluginRegistry[] kept = new PluginRegistry[1];
        Fake a = new Fake("a", r -> kept[0] = r);
        new PluginHost().snapshot(PluginSources.of(List.of(a)), List.of("a"));
        assertThatThrownBy(() -> kept[0].addLibrary("late"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("used its PluginRegistry after register() returned");
    }

    @Test
    void bitcodeIsCopiedAndTaggedWithItsOverrides() {
        byte[] mine = BITCODE.clone();
        Fake a = new Fake("a", r -> r.addRuntimeBitcodeWithOverrides(mine, Set.of("hip_rt_add")));
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(a)), List.of("a"));
        mine[0] = 0;
        assertThat(s.bitcode()).singleElement().satisfies(b -> {
            assertThat(b.hasBitcodeMagic()).isTrue();
            assertThat(b.overriddenSymbols()).containsExactly("hip_rt_add");
            assertThat(b.pluginId()).isEqualTo("a");
        });
    }

    @Test
    void extensionServicesCountOnlyForSelectedIds() {
        PipelineSlotExtension slots = new PipelineSlotExtension() {
            @Override
            public String pluginId() {
                return "direct";
            }

            @Override
            public Map<PipelineSlot, List<String>> slotRequests() {
                return Map.of(PipelineSlot.BEFORE_BUFFERIZATION, List.of("func.func(direct-pass)"));
            }

            @Override
            public List<java.util.function.Supplier<? extends Pass>> passes() {
                return List.of(() -> pass("direct-pass"));
            }
        };
        LibraryExtension libs = new LibraryExtension() {
            @Override
            public String pluginId() {
                return "direct";
            }

            @Override
            public List<String> libraries() {
                return List.of("/opt/direct/libdirect.so");
            }
        };
        PluginSources sources = new PluginSources(List.of(), List.of(slots), List.of(), List.of(), List.of(libs), List.of());
        PluginHost host = new PluginHost();
        assertThat(host.snapshot(sources, List.of()).passesForSlot(PipelineSlot.BEFORE_BUFFERIZATION)).isEmpty();
        PluginSnapshot s = host.snapshot(sources, List.of("direct"));
        assertThat(s.passesForSlot(PipelineSlot.BEFORE_BUFFERIZATION)).containsExactly("func.func(direct-pass)");
        assertThat(s.passes()).extracting(Contributions.PassContribution::argument).containsExactly("direct-pass");
        assertThat(s.libraryNames()).containsExactly("/opt/direct/libdirect.so");
        assertThat(s.report().available()).extracting(PluginReport.Available::origin).containsExactly("extension services");
    }

    @Test
    void dialectRegistrationsRunInOrderOnTheGivenRegistry() {
        List<String> ran = new ArrayList<>();
        Fake a = new Fake("a", r -> r.addDialectRegistration(reg -> ran.add("a")));
        Fake b = new Fake("b", r -> r.addDialectRegistration(reg -> ran.add("b")));
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(a, b)), List.of("a", "b"));
        s.applyDialects(new DialectRegistry());
        assertThat(ran).containsExactly("a", "b");
    }

    @Test
    void printPluginInfoSaysWhatEachPluginContributed() {
        Fake a = new Fake("a", r -> {
            r.registerPass(() -> pass("a-pass"));
            r.requestPipelineSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP, "func.func(a-pass)");
            r.addRuntimeBitcode(BITCODE);
            r.addLibraryPath("/opt/a/lib");
            r.addLibrary("a_lib");
            r.addDialectRegistration(reg -> { });
        });
        Fake idle = new Fake("idle", r -> { });
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(a, idle)), List.of("a"));
        assertThat(PluginInfo.lines(s, List.of())).containsExactly(
                "[plugins] available: 'a' (plugin API 1, class path)",
                "[plugins] available: 'idle' (plugin API 1, class path)",
                "[plugins] selected: a",
                "[plugins] initialized 'a', which contributed:",
                "  pass: a-pass",
                "  slot AfterConvertOnnxToHip (2): func.func(a-pass)",
                "  dialect registrations: 1",
                "  runtime bitcode: 6 bytes",
                "  library path: /opt/a/lib",
                "  library: a_lib");
    }

    @Test
    void theSlotHookAddsResolvableRequestsAndWarnsAboutTheOthers() {
        Fake a = new Fake("a", r -> {
            r.registerPass(() -> pass("a-pass"));
            r.requestPipelineSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX, "a-pass");
            r.requestPipelineSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX, "missing-pass");
            r.requestPipelineSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX, "a-pass,missing-pass");
            r.requestPipelineSlot(PipelineSlot.AFTER_POOL_ALLOCS, "a-pass");
        });
        PluginSnapshot s = new PluginHost().snapshot(PluginSources.of(List.of(a)), List.of("a"));
        PassRegistry registry = s.registerPasses(new PassRegistry());
        List<String> warnings = new ArrayList<>();
        org.hipep.pass.PassManager pm = new org.hipep.pass.PassManager();
        s.slotHook(registry, warnings::add).addPasses(pm, PipelineSlot.AFTER_SIMPLIFY_ONNX);
        assertThat(pm.printAsTextualPipeline()).isEqualTo("builtin.module(a-pass)");
        assertThat(warnings).filteredOn(w -> w.startsWith("[plugin]")).containsExactly(
                "[plugin] WARNING: could not add pass pipeline 'missing-pass' requested for pipeline slot 0. Check that the"
                        + " pass was registered (registerPass()) and the plugin is selected into this host, and that the string"
                        + " carries the right anchor nesting (e.g. func.func(<arg>) for a func.func pass).",
                "[plugin] WARNING: could not add pass pipeline 'a-pass,missing-pass' requested for pipeline slot 0. Check"
                        + " that the pass was registered (registerPass()) and the plugin is selected into this host, and that"
                        + " the string carries the right anchor nesting (e.g. func.func(<arg>) for a func.func pass).");
        assertThat(warnings).anySatisfy(w -> assertThat(w).contains("'missing-pass' does not refer to a registered pass"));
    }
}
