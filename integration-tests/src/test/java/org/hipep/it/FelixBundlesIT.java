package org.hipep.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.options;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Every hip-ep jar and its dependencies as bundles in Apache Felix (Pax Exam native container):
 * all resolve and start, and the sample plugin is an OSGi service through the Service Loader
 * Mediator (SPI Fly), without any OSGi code in the plugin.
 *
 * <p>The test body runs inside the framework (the Pax Exam probe bundle), so it uses JUnit's own
 * assertions, which the container provides.
 *
 * <p>JavaCPP, LLVM, OpenBLAS and oneDNN (dnnl and opencl) stay on the framework class path and
 * are exported by the system bundle: the natives must be loaded by exactly one class loader, and
 * the llvm, openblas, dnnl and opencl jars are not bundles.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class FelixBundlesIT {
    private static final String PLUGIN_SERVICE = "org.hipep.plugin.CompilerPlugin";

    @Inject
    private BundleContext context;

    @Configuration
    public Option[] config() {
        return options(FelixSetup.options().toArray(Option[]::new));
    }

    /** The module path minus what the system bundle provides. */
    static List<Path> productBundles() {
        return FelixSetup.productBundles();
    }

    @Test
    public void everyBundleIsActiveOrAResolvedFragment() throws Exception {
        Map<String, Bundle> byName = Arrays.stream(context.getBundles())
                .collect(Collectors.toMap(Bundle::getSymbolicName, Function.identity(), (a, b) -> a));
        List<String> expected = new ArrayList<>();
        for (Path jar : productBundles()) {
            try (JarFile jf = new JarFile(jar.toFile())) {
                String bsn = jf.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                assertNotNull(jar.getFileName() + " is not an OSGi bundle", bsn);
                expected.add(bsn.split(";", 2)[0].trim());
            }
        }
        assertTrue("project bundles among " + expected, expected.containsAll(BuiltArtifacts.MODULE_NAMES.values()));
        for (String bsn : expected) {
            Bundle b = byName.get(bsn);
            assertNotNull("bundle " + bsn + " is not installed", b);
            boolean fragment = b.getHeaders().get("Fragment-Host") != null;
            assertEquals("state of " + bsn + " (ACTIVE=32, RESOLVED=4)", fragment ? Bundle.RESOLVED : Bundle.ACTIVE, b.getState());
        }
    }

    /**
     * The host's OSGi registrar sees the sample through its service; stopping the sample bundle
     * removes it from the next snapshot, while a snapshot taken before stays intact. (Reflection
     * keeps the host's classes out of this class's signature: it is also loaded outside the
     * framework by the JUnit runner.)
     */
    @Test
    public void hostSeesTheSampleThroughServicesAndLetsItGoWhenItsBundleStops() throws Exception {
        Bundle host = installed("org.hipep.host");
        Bundle sample = installed("org.hipep.sample");
        Class<?> registrarType = host.loadClass("org.hipep.host.osgi.OsgiPlugins");
        Object registrar = registrarType.getConstructor(BundleContext.class).newInstance(context);
        java.lang.reflect.Method snapshot = registrarType.getMethod("snapshot", List.class);

        Object before = snapshot.invoke(registrar, List.of("sample"));
        assertEquals(List.of("sample"), call(before, "pluginIds"));
        assertEquals(List.of("hip_ep_sample_lib"), call(before, "libraryNames"));
        assertEquals(1, ((List<?>) call(before, "bitcode")).size());
        assertEquals(1, ((List<?>) call(before, "dialects")).size());
        Object slot = host.loadClass("org.hipep.plugin.PipelineSlot").getField("AFTER_CONVERT_ONNX_TO_HIP").get(null);
        java.lang.reflect.Method passesForSlot = before.getClass().getMethod("passesForSlot", slot.getClass());
        assertEquals(List.of("func.func(hip-ep-sample-print-functions)"), passesForSlot.invoke(before, slot));

        sample.stop();
        try {
            Object after = snapshot.invoke(registrar, List.of("sample"));
            assertEquals(List.of(), call(after, "pluginIds"));
            assertEquals(List.of(), call(after, "libraryNames"));
            Object report = call(after, "report");
            assertTrue("the stopped plugin is reported as skipped: " + report,
                    report.toString().contains("no plugin or extension service with this id is registered now"));
            // The snapshot taken while the bundle was active is unchanged.
            assertEquals(List.of("sample"), call(before, "pluginIds"));
            assertEquals(List.of("func.func(hip-ep-sample-print-functions)"), passesForSlot.invoke(before, slot));
        } finally {
            sample.start();
        }
        Object again = snapshot.invoke(registrar, List.of("sample"));
        assertEquals(List.of("sample"), call(again, "pluginIds"));
    }

    private Bundle installed(String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("bundle " + bsn + " is not installed");
    }

    private static Object call(Object target, String method) throws Exception {
        return target.getClass().getMethod(method).invoke(target);
    }

    @Test
    public void theInTreePluginsAreRegisteredAsCompilerPluginServices() throws Exception {
        ServiceReference<?>[] refs = context.getAllServiceReferences(PLUGIN_SERVICE, null);
        assertNotNull("no " + PLUGIN_SERVICE + " service is registered", refs);
        Map<String, String> bundleById = new java.util.TreeMap<>();
        for (ServiceReference<?> ref : refs) {
            Object plugin = context.getService(ref);
            try {
                Object id = plugin.getClass().getMethod("id").invoke(plugin);
                bundleById.put((String) id, ref.getBundle().getSymbolicName());
            } finally {
                context.ungetService(ref);
            }
        }
        assertEquals(PLUGIN_SERVICE + " services by id", Map.of("sample", "org.hipep.sample", "vendor", "org.hipep.vendor"),
                bundleById);
    }
}
