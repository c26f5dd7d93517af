package org.hipep.host.assembly;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The launcher scripts of a distribution's {@code bin/}. */
final class Launchers {
    private Launchers() {
    }

    /**
     * {@code bin/hipep-launch}: runs {@code <module>/<main>} from the distribution alone. Java:
     * {@code $JAVA}, else the distribution's jlink image, else {@code java} on the PATH. Plugins:
     * {@code plugins} of {@code plugins.lock} as {@code -Dhipep.plugins}, unless
     * {@code HIPEP_PLUGINS} is set ({@code --plugins} on the command line wins over both). With a
     * class-data sharing archive per JDK and tool, as the build tree's launcher ({@code cds.bash},
     * written in).
     */
    static String common(List<String> nativeModules) {
        return """
                #!/usr/bin/env bash
                # Written by hip-assemble: runs a hip-ep tool from this distribution alone.
                #   usage: hipep-launch <module>/<main class> [tool arguments...]
                # Java: $JAVA, else this distribution's jlink image (image/bin/java), else java on the PATH.
                # Plugins: 'plugins' of plugins.lock, unless HIPEP_PLUGINS is set; --plugins wins over both.
                # HIPEP_JAVA_OPTS is passed to the JVM. Class-data sharing: see hipep_cds_exec below
                # (HIPEP_CDS=0 turns it off).
                set -euo pipefail
                dist=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
                main=$1; shift
                plugins=$(sed -n 's/^plugins=//p' "$dist/plugins.lock")
                plugins=${HIPEP_PLUGINS-$plugins}
                image_java="$dist/image/bin/java"
                if [ -n "${JAVA:-}" ]; then
                  java=$JAVA
                elif [ -x "$image_java" ]; then
                  java=$image_java
                else
                  java=java
                fi
                # Nobody requires the JavaCPP native modules, so they are added by name.
                natives=(--add-modules "NATIVES")
                # shellcheck disable=SC2206
                opts=(${HIPEP_JAVA_OPTS:-})
                CDS
                hipep_cds_exec "$dist/lib" "$main" "$java" "-Dhipep.plugins=$plugins" "${opts[@]}" \\
                  --module-path "$dist/lib" "${natives[@]}" -m "$main" "$@"
                """.replace("natives=(--add-modules \"NATIVES\")", nativeModules.isEmpty() ? "natives=()"
                        : "natives=(--add-modules \"" + String.join(",", nativeModules) + "\")")
                .replace("CDS\n", cds());
    }

    /** The class-data sharing function both kinds of launcher use (a resource beside this class). */
    static String cds() {
        try (InputStream in = Launchers.class.getResourceAsStream("cds.bash")) {
            if (in == null) {
                throw new IllegalStateException("org/hipep/host/assembly/cds.bash is missing from the host module");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read org/hipep/host/assembly/cds.bash", e);
        }
    }

    /** {@code bin/<tool>}: the common launcher with the tool's main class. */
    static String tool(String name, String main) {
        return "#!/usr/bin/env bash\n"
                + "# " + name + " (written by hip-assemble): see hipep-launch beside this script.\n"
                + "exec \"$(dirname \"${BASH_SOURCE[0]}\")/hipep-launch\" " + main + " \"$@\"\n";
    }
}
