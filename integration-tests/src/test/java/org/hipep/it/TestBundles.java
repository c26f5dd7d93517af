package org.hipep.it;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Plugin bundles made at test time from the compiled fixture classes ({@code org.hipep.it.fixture}):
 * a manifest, the classes' bytes, nothing else. They import the plugin API from the framework and
 * publish their plugin with {@code PluginActivator}.
 */
final class TestBundles {
    private TestBundles() {
    }

    /** A bundle {@code symbolicName} whose activator registers an instance of {@code plugin}. */
    static InputStream pluginBundle(String symbolicName, Class<?> plugin, Class<?>... more) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", symbolicName);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Activator", "org.hipep.it.fixture.PluginActivator");
        a.putValue("HipEp-Test-Plugin", plugin.getName());
        a.putValue("Import-Package", "org.hipep.plugin,org.hipep.pass,org.osgi.framework");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, mf)) {
            add(jar, org.hipep.it.fixture.PluginActivator.class);
            add(jar, plugin);
            for (Class<?> c : more) {
                add(jar, c);
            }
        }
        return new ByteArrayInputStream(bytes.toByteArray());
    }

    private static void add(JarOutputStream jar, Class<?> type) throws IOException {
        String name = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the test classes have no " + name);
            }
            jar.putNextEntry(new JarEntry(name));
            in.transferTo(jar);
            jar.closeEntry();
        }
    }
}
