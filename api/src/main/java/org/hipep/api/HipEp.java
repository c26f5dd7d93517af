package org.hipep.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Facts about this build of hip-ep that every layer may report: the product version.
 *
 * <p>The version is written into {@code version.properties} by the build, so it is the same
 * whether the API is loaded from the module path, the class path or an OSGi bundle.
 */
public final class HipEp {
    private static final String VERSION = readVersion();

    private HipEp() {
    }

    /** The product version, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String version() {
        return VERSION;
    }

    private static String readVersion() {
        try (InputStream in = HipEp.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("org/hipep/api/version.properties is missing from the hip-ep API jar");
            }
            Properties props = new Properties();
            props.load(in);
            String v = props.getProperty("version", "");
            if (v.isEmpty() || v.startsWith("${")) {
                throw new IllegalStateException("org/hipep/api/version.properties was not filtered by the build: '" + v + "'");
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the hip-ep version", e);
        }
    }
}
