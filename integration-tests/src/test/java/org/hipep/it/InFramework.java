package org.hipep.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hipep.host.osgi.OsgiModelCompiler;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.runtime.session.ModelCompiler;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The framework side of {@code OsgiCompilerIT}: everything that names product or OSGi types, kept
 * out of the test class, which the JUnit runner also loads outside the framework.
 */
final class InFramework {
    private InFramework() {
    }

    /** The {@link ModelCompiler} service (waits for Declarative Services to publish it). */
    static ModelCompiler compiler(BundleContext context) throws InterruptedException {
        ServiceTracker<ModelCompiler, ModelCompiler> tracker = new ServiceTracker<>(context, ModelCompiler.class, null);
        tracker.open();
        ModelCompiler c = tracker.waitForService(60_000);
        assertNotNull("no " + ModelCompiler.class.getName() + " service within 60 s (is Felix SCR running?)", c);
        return c;
    }

    /** The compiler service as the host's whiteboard component, with {@code ids} bound. */
    static OsgiModelCompiler whiteboard(BundleContext context, String... ids) throws InterruptedException {
        ModelCompiler c = compiler(context);
        assertTrue("the ModelCompiler service is the host's whiteboard component, not " + c.getClass(),
                c instanceof OsgiModelCompiler);
        OsgiModelCompiler w = (OsgiModelCompiler) c;
        awaitPlugins(w, true, ids);
        return w;
    }

    /** Waits until every id in {@code ids} is bound ({@code present}) or none is. */
    static void awaitPlugins(OsgiModelCompiler w, boolean present, String... ids) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            List<String> bound = w.sources().plugins().stream().map(CompilerPlugin::id).toList();
            boolean done = true;
            for (String id : ids) {
                done &= bound.contains(id) == present;
            }
            if (done) {
                return;
            }
            if (System.nanoTime() > deadline) {
                fail("plugins " + List.of(ids) + (present ? " not" : " still") + " bound after 30 s; bound: " + bound);
            }
            Thread.sleep(20);
        }
    }

    static Bundle bundle(BundleContext context, String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("bundle " + bsn + " is not installed");
    }

    /** Uninstalls {@code b} and refreshes the framework, so that its wiring is disposed (the hard case). */
    static void uninstallAndRefresh(BundleContext context, Bundle b) throws Exception {
        b.uninstall();
        CountDownLatch refreshed = new CountDownLatch(1);
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        wiring.refreshBundles(List.of(b), event -> {
            if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                refreshed.countDown();
            }
        });
        assertTrue("the framework refresh did not finish within 60 s", refreshed.await(60, TimeUnit.SECONDS));
        assertEquals("bundle state after uninstall", Bundle.UNINSTALLED, b.getState());
    }

    /** Sets the gate's latches by reflection on the copy of GatePass inside the fixture bundle. */
    static void arm(Bundle gate, CountDownLatch entered, CountDownLatch release) throws Exception {
        Class<?> pass = gate.loadClass("org.hipep.it.fixture.GatePass");
        assertTrue("the gate bundle has its own GatePass", pass.getClassLoader() != InFramework.class.getClassLoader());
        pass.getField("ENTERED").set(null, entered);
        pass.getField("RELEASE").set(null, release);
    }

    /**
     * Runs {@link JpmsReference} in a JVM of its own on the module path; returns its outputs and
     * asserts it exited 0 and printed, per model, whether the vendor wrapper was called.
     */
    static List<List<float[]>> jpmsReference(Path tmp, List<String> expectVendor, String plugins, Path... modelsAndSets)
            throws Exception {
        Path outputs = tmp.resolve("jpms-outputs.bin");
        Path log = tmp.resolve("jpms.log");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", BuiltArtifacts.modulesDir().toString(), "--add-modules", "ALL-MODULE-PATH",
                "-cp", required("hipep.test.classes"), "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                JpmsReference.class.getName(), tmp.resolve("jpms-cache").toString(), outputs.toString(), plugins));
        for (Path p : modelsAndSets) {
            cmd.add(p.toString());
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue("the JPMS reference run did not finish within 5 minutes", p.waitFor(5, TimeUnit.MINUTES));
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals("exit status of the JPMS reference run " + cmd + ":\n" + out, 0, p.exitValue());
        for (String line : expectVendor) {
            assertTrue("the JPMS run printed '" + line + "':\n" + out, out.contains(line));
        }
        return ModelRuns.read(outputs);
    }

    /** Asserts two runs' outputs are the same within {@code 1e-6 + 1e-6 * |x|} (same code, one thread). */
    static void assertSameOutputs(String what, List<float[]> expected, List<float[]> actual) {
        assertEquals(what + ": number of outputs", expected.size(), actual.size());
        for (int k = 0; k < expected.size(); k++) {
            float[] e = expected.get(k);
            float[] a = actual.get(k);
            assertEquals(what + ": output " + k + " size", e.length, a.length);
            for (int i = 0; i < e.length; i++) {
                if (Math.abs(e[i] - a[i]) > 1e-6 + 1e-6 * Math.abs(e[i])) {
                    fail(what + ": output " + k + " element " + i + " is " + a[i] + " in the framework, " + e[i]
                            + " on the module path");
                }
            }
        }
    }

    static void assertMatchesExpected(String what, String mismatch) {
        assertNull(what + " differs from the test data's expected outputs", mismatch);
    }

    static Path repo(String relative) {
        return existing(Path.of(required("hipep.repo.dir")).resolve(relative));
    }

    /** A path under ../shared: fails (never skips) when the shared folder is missing. */
    static Path shared(String relative) {
        return existing(Path.of(required("hipep.shared.dir")).resolve(relative));
    }

    private static Path existing(Path p) {
        assertTrue(p + " does not exist", Files.exists(p));
        return p;
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        assertNotNull("system property " + property + " is not set: run through Maven (failsafe)", v);
        return v;
    }

    /** A new folder for one scenario in {@code hipep.test.tmp.dir} (the build tree), kept after a failure. */
    static Path tempDir(String prefix) throws IOException {
        return Files.createTempDirectory(Files.createDirectories(Path.of(required("hipep.test.tmp.dir"))), prefix);
    }
}
