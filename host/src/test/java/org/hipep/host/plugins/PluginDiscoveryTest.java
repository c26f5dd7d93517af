package org.hipep.host.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginDiscoveryTest {
    /** A provider class that exists, for a services file written in the test. */
    public static final class GoodPlugin implements CompilerPlugin {
        @Override
        public String id() {
            return "good";
        }

        @Override
        public int apiVersion() {
            return PluginApi.VERSION;
        }

        @Override
        public void register(PluginRegistry registry) {
        }
    }

    @Test
    void findsNothingWhenNoPluginIsOnThePath() {
        assertThat(PluginDiscovery.discover().plugins()).isEmpty();
    }

    @Test
    void findsClassPathProvidersAndReportsBrokenOnesWithoutStopping(@TempDir Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services/" + CompilerPlugin.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, "org.hipep.example.Missing\n" + GoodPlugin.class.getName() + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            PluginSources found = PluginDiscovery.discover(loader);
            assertThat(found.plugins()).singleElement().satisfies(p -> {
                assertThat(p.id()).isEqualTo("good");
                assertThat(PluginDiscovery.origin(p)).isEqualTo("class path");
            });
            assertThat(found.brokenProviders()).singleElement()
                    .satisfies(b -> assertThat(b).contains("org.hipep.example.Missing"));
        }
    }
}
