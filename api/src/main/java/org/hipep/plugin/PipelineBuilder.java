package org.hipep.plugin;

import org.hipep.pass.OpPassManager;

/**
 * Builds a named pipeline in Java (beyond the seed): registered with
 * {@link PluginRegistry#registerPipelineBuilder}, it can be named in textual pipelines and
 * {@code --pass-pipeline} like any registered pipeline.
 */
@FunctionalInterface
public interface PipelineBuilder {
    /**
     * Adds the pipeline's passes to {@code pm}. Called each time a pipeline naming it is built,
     * possibly on several threads at once; must only add passes, never run them or keep {@code pm}.
     */
    void build(OpPassManager pm, PipelineStages stages);
}
