package org.hipep.it;

import static org.ops4j.pax.exam.CoreOptions.options;

import javax.inject.Inject;
import org.junit.FixMethodOrder;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.MethodSorters;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;

/**
 * The compiler inside Apache Felix (Pax Exam native container, the bundles of {@link FelixSetup}):
 * the {@code ModelCompiler} service of the host's Declarative Services component compiles and
 * JIT-runs models with the sample and vendor plugins like the module-path run does; plugin
 * bundles come and go while compiles run (hot plugins); a plugin built against an unsupported
 * plugin API is refused while everything else keeps working.
 *
 * <p>The bodies are in {@link CompilerScenarios} and {@link InFramework}, which name product
 * types: this class is also loaded outside the framework by the JUnit runner.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
@FixMethodOrder(MethodSorters.NAME_ASCENDING)
public class OsgiCompilerIT {
    @Inject
    private BundleContext context;

    @Configuration
    public Option[] config() {
        return options(FelixSetup.options().toArray(Option[]::new));
    }

    @Test
    public void a_compilesAndRunsTheExamplesWithSampleAndVendorLikeTheModulePathRun() throws Exception {
        CompilerScenarios.compileAndRunLikeOnTheModulePath(context);
    }

    @Test
    public void b_aCompileInFlightKeepsItsSnapshotWhenAPluginBundleIsUninstalled() throws Exception {
        CompilerScenarios.uninstallDuringACompile(context);
    }

    @Test
    public void c_aPluginBuiltAgainstAnUnsupportedApiIsRefusedAndTheRestKeepsWorking() throws Exception {
        CompilerScenarios.unsupportedApiVersionIsRefused(context);
    }
}
