package org.hipep.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;
import org.hipep.plugin.CompilerPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginDiscoveryTest {
    /** A provider class that exists, for a services file written in the test. */
    public static final class GoodPlugin implements CompilerPlugin {
        @Override
        public String id() {
            return "good";
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
            PluginDiscovery.Result result = PluginDiscovery.discover(ServiceLoader.load(CompilerPlugin.class, loader));
            assertThat(result.ids()).containsExactly("good");
            assertThat(result.plugins().get(0).origin()).isEqualTo("class path");
            assertThat(result.broken()).singleElement()
                    .satisfies(b -> assertThat(b.message()).contains("org.hipep.example.Missing"));
        }
    }
}
