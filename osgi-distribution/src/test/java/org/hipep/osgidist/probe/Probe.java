package org.hipep.osgidist.probe;

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
 * line {@code hipep-probe: done}. It uses only the framework API: the distribution wires nothing
 * else to it.
 */
public final class Probe implements BundleActivator {
    /** Every line the probe prints starts with this. */
    public static final String PREFIX = "hipep-probe: ";
    static final String PLUGIN_SERVICE = "org.hipep.plugin.CompilerPlugin";
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
        } catch (Exception | LinkageError e) {
            System.out.println(PREFIX + "failed " + e);
            e.printStackTrace(System.out);
        }
        System.out.println(PREFIX + "done");
        System.out.flush();
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
