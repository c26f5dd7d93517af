package org.hipep.it;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.frameworkStartLevel;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.systemPackages;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ops4j.pax.exam.Option;

/**
 * The Felix framework every Pax Exam test here starts: the bundles of the build and what they
 * need, in start-level order.
 *
 * <ul>
 *   <li>System bundle exports: JavaCPP, LLVM, OpenBLAS and oneDNN (dnnl, with the OpenCL preset
 *       its library needs) stay on the framework class path (their natives must be loaded by
 *       exactly one class loader, and the llvm, openblas, dnnl and opencl jars are not bundles).
 *   <li>Level 2: the extenders from {@code target/osgi}: the Service Loader Mediator (SPI Fly and
 *       ASM), which turns the plugins' {@code META-INF/services} into OSGi services and gives
 *       slf4j 2 its provider, and Declarative Services (Felix SCR with the component, promise and
 *       function APIs), which runs the host's {@code OsgiModelCompiler}.
 *   <li>Level 3: slf4j (so that it binds slf4j-simple before anyone logs); level 10: the product.
 * </ul>
 */
final class FelixSetup {
    private FelixSetup() {
    }

    static List<Option> options() {
        List<Option> opts = new ArrayList<>();
        opts.add(systemPackages(
                "org.bytedeco.javacpp;version=1.5.12",
                "org.bytedeco.javacpp.annotation;version=1.5.12",
                "org.bytedeco.llvm.LLVM;version=20.1.7",
                "org.bytedeco.llvm.global;version=20.1.7",
                "org.bytedeco.llvm.program;version=20.1.7",
                "org.bytedeco.openblas.global;version=0.3.30",
                "org.bytedeco.dnnl.global;version=3.8.1"));
        opts.add(systemProperty("org.slf4j.simpleLogger.defaultLogLevel").value("warn"));
        opts.add(systemProperty("org.ops4j.pax.logging.DefaultServiceLog.level").value("WARN"));
        opts.add(frameworkStartLevel(20));
        for (Path jar : BuiltArtifacts.jars(BuiltArtifacts.osgiDir())) {
            opts.add(bundle(jar.toUri().toString()).startLevel(2));
        }
        for (Path jar : productBundles()) {
            String name = jar.getFileName().toString();
            int level = name.startsWith("slf4j-") ? 3 : 10;
            opts.add(bundle(jar.toUri().toString()).startLevel(level));
        }
        opts.add(junitBundles());
        return opts;
    }

    /** The module path minus what the system bundle provides. */
    static List<Path> productBundles() {
        return BuiltArtifacts.jars(BuiltArtifacts.modulesDir()).stream()
                .filter(p -> !p.getFileName().toString().startsWith("javacpp-"))
                .filter(p -> !p.getFileName().toString().startsWith("llvm-"))
                .filter(p -> !p.getFileName().toString().startsWith("openblas-"))
                .filter(p -> !p.getFileName().toString().startsWith("dnnl-"))
                .filter(p -> !p.getFileName().toString().startsWith("opencl-"))
                .toList();
    }
}
