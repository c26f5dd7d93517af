/** The in-tree sample compiler plugin, id {@code sample}. */
module org.hipep.sample {
    requires org.hipep.api;

    exports org.hipep.sample;

    provides org.hipep.plugin.CompilerPlugin with org.hipep.sample.SamplePlugin;
}
