package org.hipep.osgidist.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * A check bundle that {@code FelixDistributionIT} installs into the running distribution through
 * its console. It waits until the framework has started the hip-ep bundles, then prints one
 * {@value #PREFIX} line per bundle (symbolic name and state) and per registered
 * {@code CompilerPlugin} service (the plugin's id and the bundle that registered it), and a last
 * line {@code hipep-probe: done}. When {@value #MODEL_PROPERTY} names an ONNX model, it also
 * compiles it with the registered {@code ModelCompiler} service (plugins from
 * {@value #PLUGINS_PROPERTY}) and prints the result, then JIT-runs the model's folder as a
 * conformance case (its {@code test_data_set_N} inputs against their expected outputs) through a
 * session over that service and prints the outcome: the JIT links against OpenBLAS and oneDNN,
 * so this loads their natives from the launcher's class path. It uses only the framework API and
 * reflection: the distribution wires nothing else to it.
 */
public final class Probe implements BundleActivator {
    /** Every line the probe prints starts with this. */
    public static final String PREFIX = "hipep-probe: ";
    static final String PLUGIN_SERVICE = "org.hipep.plugin.CompilerPlugin";
    static final String COMPILER_SERVICE = "org.hipep.runtime.session.ModelCompiler";
    /** Framework or system property: an ONNX model to compile with the registered ModelCompiler service. */
    public static final String MODEL_PROPERTY = "hipep.probe.model";
    /** Framework or system property: the plugin ids (comma-separated) to compile that model with. */
    public static final String PLUGINS_PROPERTY = "hipep.probe.plugins";
    /** Framework or system property: an LDAP filter that picks one of several ModelCompiler services. */
    public static final String COMPILER_FILTER_PROPERTY = "hipep.probe.compiler.filter";
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    @Override
    public void start(BundleContext context) {
        Thread t = new Thread(() -> report(context), "hipep-probe");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void stop(BundleContext context) {
        // Nothing to release: the report thread ends by itself.
    }

    private static void report(BundleContext context) {
        try {
            long deadline = System.nanoTime() + WAIT_NANOS;
            while (!settled(context) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            for (Bundle b : context.getBundles()) {
                System.out.println(PREFIX + "bundle " + b.getSymbolicName() + " " + state(b.getState()));
            }
            ServiceReference<?>[] refs = context.getAllServiceReferences(PLUGIN_SERVICE, null);
            for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
                Object plugin = context.getService(ref);
                try {
                    Object id = ref.getBundle().loadClass(PLUGIN_SERVICE).getMethod("id").invoke(plugin);
                    System.out.println(PREFIX + "plugin " + id + " " + ref.getBundle().getSymbolicName());
                } finally {
                    context.ungetService(ref);
                }
            }
            String model = context.getProperty(MODEL_PROPERTY);
            if (model != null) {
                compile(context, Path.of(model));
            }
        } catch (Exception | LinkageError e) {
            System.out.println(PREFIX + "failed " + e);
            e.printStackTrace(System.out);
        }
        System.out.println(PREFIX + "done");
        System.out.flush();
    }

    /**
     * Compiles {@code model} with the best-ranked {@code ModelCompiler} service (matching
     * {@value #COMPILER_FILTER_PROPERTY} when set; one must be registered) and prints
     * {@code compiled <service class> <bitcode bytes> <first 4 bytes in hex> <plugin bitcode modules> <warnings>}; a
     * failure propagates.
     */
    private static void compile(BundleContext context, Path model) throws Exception {
        ServiceReference<?>[] refs = context.getAllServiceReferences(COMPILER_SERVICE, context.getProperty(COMPILER_FILTER_PROPERTY));
        if (refs == null) {
            throw new IllegalStateException("no " + COMPILER_SERVICE + " service matching "
                    + context.getProperty(COMPILER_FILTER_PROPERTY) + " is registered");
        }
        ServiceReference<?> ref = Arrays.stream(refs).max(Comparator.naturalOrder()).orElseThrow();
        String pluginList = context.getProperty(PLUGINS_PROPERTY);
        List<String> ids = pluginList == null || pluginList.isBlank() ? List.of() : Arrays.asList(pluginList.split(","));
        Object compiler = context.getService(ref);
        Path dir = Files.createTempDirectory("hipep-probe");
        try {
            Class<?> type = ref.getBundle().loadClass(COMPILER_SERVICE);
            // The plugin set the compile uses (a snapshot of the plugin services present now).
            Object plugins = type.getMethod("plugins", List.class).invoke(compiler, ids);
            int pluginBitcode = ((List<?>) plugins.getClass().getMethod("bitcode").invoke(plugins)).size();
            Class<?> pluginsType = ref.getBundle().loadClass(COMPILER_SERVICE + "$Plugins");
            Object compiled = type.getMethod("compile", byte[].class, Path.class, List.class, pluginsType, Path.class)
                    .invoke(compiler, Files.readAllBytes(model), model, ids, plugins, dir);
            byte[] bitcode = (byte[]) compiled.getClass().getMethod("bitcode").invoke(compiled);
            Object warnings = compiled.getClass().getMethod("warnings").invoke(compiled);
            StringBuilder magic = new StringBuilder();
            for (int i = 0; i < Math.min(4, bitcode.length); i++) {
                magic.append(String.format("%02x", bitcode[i] & 0xff));
            }
            System.out.println(PREFIX + "compiled " + compiler.getClass().getName() + " " + bitcode.length + " " + magic
                    + " " + pluginBitcode + " " + warnings);
            run(ref.getBundle(), type, compiler, model.getParent(), ids, dir);
        } finally {
            context.ungetService(ref);
        }
    }

    /**
     * Runs the conformance case {@code caseDir} (model.onnx and test_data_set_N folders) with a
     * session over {@code compiler} (one thread, {@code ids}, cache in {@code dir}) and prints
     * {@code ran <passed> <stage> <detail>}. {@code host} is the bundle that registered the compiler.
     */
    private static void run(Bundle host, Class<?> compilerType, Object compiler, Path caseDir, List<String> ids, Path dir)
            throws Exception {
        Class<?> envType = host.loadClass("org.hipep.runtime.session.HipEnvironment");
        Class<?> optionsType = host.loadClass("org.hipep.runtime.session.SessionOptions");
        Class<?> conformance = host.loadClass("org.hipep.host.session.Conformance");
        Object options = optionsType.getConstructor().newInstance();
        optionsType.getMethod("setThreads", int.class).invoke(options, 1);
        optionsType.getMethod("setCacheDir", Path.class).invoke(options, dir.resolve("cache"));
        optionsType.getMethod("addPlugins", String[].class).invoke(options, (Object) ids.toArray(String[]::new));
        Object env = envType.getMethod("create", compilerType).invoke(null, compiler);
        Object outcome = conformance.getMethod("run", envType, Path.class, optionsType, double.class, double.class)
                .invoke(null, env, caseDir, options, conformance.getField("RTOL").get(null), conformance.getField("ATOL").get(null));
        Class<?> outcomeType = outcome.getClass();
        System.out.println(PREFIX + "ran " + outcomeType.getMethod("passed").invoke(outcome) + " "
                + outcomeType.getMethod("stage").invoke(outcome) + " " + outcomeType.getMethod("detail").invoke(outcome));
    }

    /** Every hip-ep bundle active and no bundle still starting. */
    private static boolean settled(BundleContext context) throws InvalidSyntaxException {
        for (Bundle b : context.getBundles()) {
            String bsn = b.getSymbolicName();
            boolean project = bsn != null && bsn.startsWith("org.hipep.") && b.getBundleId() != context.getBundle().getBundleId();
            if (b.getState() == Bundle.STARTING || (project && b.getState() != Bundle.ACTIVE)) {
                return false;
            }
        }
        return true;
    }

    private static String state(int state) {
        switch (state) {
            case Bundle.ACTIVE: return "ACTIVE";
            case Bundle.RESOLVED: return "RESOLVED";
            case Bundle.INSTALLED: return "INSTALLED";
            case Bundle.STARTING: return "STARTING";
            case Bundle.STOPPING: return "STOPPING";
            case Bundle.UNINSTALLED: return "UNINSTALLED";
            default: return "STATE_" + state;
        }
    }
}
