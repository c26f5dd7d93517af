package org.hipep.it;

import static org.hipep.it.InFramework.assertMatchesExpected;
import static org.hipep.it.InFramework.assertSameOutputs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hipep.host.osgi.OsgiModelCompiler;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.it.fixture.FuturePlugin;
import org.hipep.it.fixture.GatePass;
import org.hipep.it.fixture.GatePlugin;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** The bodies of {@code OsgiCompilerIT}'s tests, run inside the framework. */
final class CompilerScenarios {
    private CompilerScenarios() {
    }

    /**
     * The compiler service compiles and JIT-runs small-cnn (test_data_set_1) and mnist-8 (whose Adds
     * the vendor plugin claims) with sample and vendor; outputs equal the test data's and the
     * module-path run's.
     */
    static void compileAndRunLikeOnTheModulePath(BundleContext context) throws Exception {
        Path tmp = InFramework.tempDir("hipep-osgi-it-");
        Path cnn = InFramework.repo(ModelRuns.SMALL_CNN);
        Path cnnData = InFramework.repo(ModelRuns.SMALL_CNN_DATA);
        Path mnist = InFramework.shared(ModelRuns.MNIST);
        Path mnistData = InFramework.shared(ModelRuns.MNIST_DATA);
        List<List<float[]>> jpms = InFramework.jpmsReference(tmp,
                List.of(cnn + " vendor-wrapper=false", mnist + " vendor-wrapper=true"), "sample,vendor",
                cnn, cnnData, mnist, mnistData);

        OsgiModelCompiler compiler = InFramework.whiteboard(context, "sample", "vendor");
        PluginSnapshot snapshot = compiler.snapshot(List.of("sample", "vendor"));
        assertEquals("plugins a compile uses now", List.of("sample", "vendor"), snapshot.pluginIds());
        Path cache = tmp.resolve("osgi-cache");
        try (HipEnvironment env = HipEnvironment.create(compiler);
             HipSession small = env.createSession(cnn, ModelRuns.options(cache, "sample", "vendor"));
             HipSession withAdds = env.createSession(mnist, ModelRuns.options(cache, "sample", "vendor"))) {
            assertFalse("compiled, not taken from a cache", small.timings().fromCache());
            assertMatchesExpected("small-cnn in Felix", ModelRuns.mismatchWithExpected(small, cnnData));
            assertMatchesExpected("mnist-8 in Felix", ModelRuns.mismatchWithExpected(withAdds, mnistData));
            assertSameOutputs("small-cnn", jpms.get(0), ModelRuns.run(small, cnnData));
            assertSameOutputs("mnist-8", jpms.get(1), ModelRuns.run(withAdds, mnistData));
            assertTrue("mnist-8 compiled in Felix calls " + ModelRuns.VENDOR_WRAPPER + " (its Adds became vendor.add)",
                    ModelRuns.callsVendorWrapper(withAdds));
        }
    }

    /**
     * A compile blocked in the gate plugin's pass while the vendor bundle is uninstalled (and the
     * framework refreshed) finishes with its start snapshot: the model calls the vendor wrapper and
     * runs right (the vendor bundle is fresh, so the compile in flight is the first to load its
     * classes). The next compile does without vendor; a session created before keeps running;
     * installing the bundle again brings vendor back to the next compile.
     */
    static void uninstallDuringACompile(BundleContext context) throws Exception {
        Path tmp = InFramework.tempDir("hipep-osgi-hot-");
        Path mnist = InFramework.shared(ModelRuns.MNIST);
        Path data = InFramework.shared(ModelRuns.MNIST_DATA);
        Bundle vendor = InFramework.bundle(context, "org.hipep.vendor");
        String vendorLocation = vendor.getLocation();
        Bundle gate = context.installBundle("hipep-it:gate",
                TestBundles.pluginBundle("org.hipep.it.gate", GatePlugin.class, GatePass.class));
        gate.start();
        OsgiModelCompiler compiler = InFramework.whiteboard(context, "vendor", "gate");
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (HipEnvironment env = HipEnvironment.create(compiler);
             HipSession before = env.createSession(mnist, ModelRuns.options(tmp.resolve("before"), "vendor"))) {
            assertTrue("the session created before calls the vendor wrapper", ModelRuns.callsVendorWrapper(before));
            // A fresh vendor bundle (new class loader): the compile in flight below is the first to
            // use its code, so its later stages (bufferization, to-LLVM) load classes only after the
            // bundle is gone, unless the snapshot kept them.
            InFramework.uninstallAndRefresh(context, vendor);
            vendor = context.installBundle(vendorLocation);
            vendor.start();
            InFramework.awaitPlugins(compiler, true, "vendor");

            CountDownLatch entered = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            InFramework.arm(gate, entered, release);
            Future<HipSession> inFlight = thread.submit(
                    () -> env.createSession(mnist, ModelRuns.options(tmp.resolve("in-flight"), "vendor", "gate")));
            assertTrue("the compile reached the gate pass within 2 minutes", entered.await(2, TimeUnit.MINUTES));
            InFramework.uninstallAndRefresh(context, vendor);
            gate.stop();
            InFramework.awaitPlugins(compiler, false, "vendor", "gate");
            release.countDown();
            try (HipSession finished = inFlight.get(5, TimeUnit.MINUTES)) {
                assertTrue("the compile in flight kept vendor (its start snapshot): the model calls "
                        + ModelRuns.VENDOR_WRAPPER, ModelRuns.callsVendorWrapper(finished));
                assertMatchesExpected("the model compiled in flight", ModelRuns.mismatchWithExpected(finished, data));
            }

            PluginSnapshot next = compiler.snapshot(List.of("vendor", "gate"));
            assertEquals("plugins of the next compile", List.of(), next.pluginIds());
            assertTrue("the report says vendor is gone: " + next.report(),
                    next.report().toString().contains("no plugin or extension service with this id is registered now"));
            try (HipSession without = env.createSession(mnist, ModelRuns.options(tmp.resolve("after"), "vendor"))) {
                assertFalse("the next compile does not use vendor", ModelRuns.callsVendorWrapper(without));
                assertMatchesExpected("the model compiled without vendor", ModelRuns.mismatchWithExpected(without, data));
            }
            assertMatchesExpected("the session created before the uninstall", ModelRuns.mismatchWithExpected(before, data));

            Bundle again = context.installBundle(vendorLocation);
            again.start();
            InFramework.awaitPlugins(compiler, true, "vendor");
            try (HipSession back = env.createSession(mnist, ModelRuns.options(tmp.resolve("again"), "vendor"))) {
                assertTrue("after installing vendor again the next compile uses it", ModelRuns.callsVendorWrapper(back));
                assertMatchesExpected("the model compiled with vendor again", ModelRuns.mismatchWithExpected(back, data));
            }
        } finally {
            thread.shutdownNow();
            if (gate.getState() != Bundle.UNINSTALLED) {
                gate.uninstall();
            }
        }
    }

    /**
     * A plugin bundle built against plugin API 99 is refused with the registrar's message; the
     * framework, the compiler service and the other plugins keep working.
     */
    static void unsupportedApiVersionIsRefused(BundleContext context) throws Exception {
        Bundle future = context.installBundle("hipep-it:future",
                TestBundles.pluginBundle("org.hipep.it.future", FuturePlugin.class));
        future.start();
        try {
            OsgiModelCompiler compiler = InFramework.whiteboard(context, "future", "sample");
            Path tmp = InFramework.tempDir("hipep-osgi-future-");
            Path cnn = InFramework.repo(ModelRuns.SMALL_CNN);
            try (HipEnvironment env = HipEnvironment.create(compiler)) {
                try {
                    env.createSession(cnn, ModelRuns.options(tmp, "future")).close();
                    fail("a plugin built against plugin API 99 was accepted");
                } catch (RuntimeFailure e) {
                    assertEquals("plugin 'future' (" + FuturePlugin.class.getName() + ") was built against plugin API"
                            + " version 99, but this host supports versions 1 to 1", e.getMessage());
                }
                try (HipSession s = env.createSession(cnn, ModelRuns.options(tmp, "sample"))) {
                    assertMatchesExpected("small-cnn with sample beside the refused plugin",
                            ModelRuns.mismatchWithExpected(s, InFramework.repo(ModelRuns.SMALL_CNN_DATA)));
                }
            }
            for (String bsn : List.of("org.hipep.host", "org.hipep.runtime", "org.hipep.sample", "org.hipep.vendor")) {
                assertEquals(bsn + " is still ACTIVE", Bundle.ACTIVE, InFramework.bundle(context, bsn).getState());
            }
            assertNotNull("the compiler service is still registered", InFramework.compiler(context));
        } finally {
            future.uninstall();
        }
    }
}
