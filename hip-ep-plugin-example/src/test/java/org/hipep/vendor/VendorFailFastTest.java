package org.hipep.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin checks its native parts when it registers: a jar without the library (or without
 * the bitcode) fails {@code register} with a message naming what is missing, before anything is
 * recorded. The plugin's classes are loaded from a copy of the build output that lacks one part.
 */
class VendorFailFastTest {
    private static final Path CLASSES = Path.of("target", "classes");

    private static CompilerPlugin pluginWithout(Path copy, String missing) throws Exception {
        try (Stream<Path> files = Files.walk(CLASSES)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path rel = CLASSES.relativize(f);
                if (rel.toString().replace('\\', '/').endsWith(missing)) {
                    continue;
                }
                Path target = copy.resolve(rel.toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        ClassLoader loader = new ChildFirst(new URL[] {copy.toUri().toURL()}, VendorFailFastTest.class.getClassLoader());
        return (CompilerPlugin) loader.loadClass(VendorPlugin.class.getName()).getConstructor().newInstance();
    }

    /** Records every registry call; {@code register} must fail before the first. */
    private static PluginRegistry recording(List<String> calls) {
        return (PluginRegistry) Proxy.newProxyInstance(PluginRegistry.class.getClassLoader(),
                new Class<?>[] {PluginRegistry.class}, (proxy, method, args) -> {
                    calls.add(method.getName());
                    return method.getName().equals("pluginId") ? VendorPlugin.ID : null;
                });
    }

    @Test
    void aMissingLibraryFailsRegistrationNamingIt(@TempDir Path copy) throws Exception {
        CompilerPlugin plugin = pluginWithout(copy, "native/libhip_ep_vendor.a");
        List<String> calls = new ArrayList<>();
        assertThatThrownBy(() -> plugin.register(recording(calls))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("org/hipep/vendor/native/libhip_ep_vendor.a");
        assertThat(calls).isEmpty();
    }

    @Test
    void aMissingBitcodeFailsRegistrationNamingIt(@TempDir Path copy) throws Exception {
        CompilerPlugin plugin = pluginWithout(copy, "vendor_wrappers.bc");
        List<String> calls = new ArrayList<>();
        assertThatThrownBy(() -> plugin.register(recording(calls))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("org/hipep/vendor/vendor_wrappers.bc");
        assertThat(calls).isEmpty();
    }

    @Test
    void theCompleteBuildOutputRegisters(@TempDir Path copy) throws Exception {
        CompilerPlugin plugin = pluginWithout(copy, "no-such-file");
        List<String> calls = new ArrayList<>();
        plugin.register(recording(calls));
        assertThat(calls).contains("registerPass", "requestPipelineSlot", "addDialectRegistration",
                "addRuntimeBitcode", "addLibraryPath", "addLibrary");
    }

    /** Loads {@code org.hipep.vendor} classes and resources from its own URLs, the rest from the parent. */
    private static final class ChildFirst extends URLClassLoader {
        ChildFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (name.startsWith("org.hipep.vendor.")) {
                    Class<?> c = findLoadedClass(name);
                    if (c == null) {
                        c = findClass(name);
                    }
                    if (resolve) {
                        resolveClass(c);
                    }
                    return c;
                }
                return super.loadClass(name, resolve);
            }
        }

        @Override
        public URL getResource(String name) {
            return name.startsWith("org/hipep/vendor/") ? findResource(name) : super.getResource(name);
        }
    }
}
