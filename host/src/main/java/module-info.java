/**
 * The host: plugin discovery (ServiceLoader on the module and class path, service tracking in
 * OSGi), the registrar, the compiler driver, assembly and the command-line tools.
 */
module org.hipep.host {
    requires org.hipep.runtime;
    requires org.slf4j;
    requires info.picocli;
    // Only org.hipep.host.osgi uses the OSGi framework API; outside a framework it is not needed.
    requires static org.apache.felix.framework;
    // Declarative Services annotations of org.hipep.host.osgi.OsgiModelCompiler (class retention).
    requires static org.osgi.service.component.annotations;
    // Apache Maven Resolver: only hip-assemble --from <local Maven repository> uses it
    // (org.hipep.host.assembly.MavenRepository); bin/hip-assemble puts it on the class path with
    // --add-reads org.hipep.host=ALL-UNNAMED (its jars split packages: no module path), nothing
    // else has it. The module names are the jars' (api, util: module-info; supplier: manifest).
    requires static org.apache.maven.resolver;
    requires static org.apache.maven.resolver.util;
    requires static org.apache.maven.resolver.supplier;

    exports org.hipep.host.assembly;
    exports org.hipep.host.compiler;
    exports org.hipep.host.osgi;
    exports org.hipep.host.plugins;
    exports org.hipep.host.session;
    exports org.hipep.host.tools;

    // picocli reads and writes the annotated command fields reflectively.
    opens org.hipep.host.cli to info.picocli;
    opens org.hipep.host.tools to info.picocli;

    uses org.hipep.plugin.CompilerPlugin;
    uses org.hipep.plugin.PipelineSlotExtension;
    uses org.hipep.plugin.DialectRegistrationExtension;
    uses org.hipep.plugin.RuntimeBitcodeExtension;
    uses org.hipep.plugin.LibraryExtension;

    provides org.hipep.runtime.session.ModelCompiler with org.hipep.host.session.HostModelCompiler;
}
