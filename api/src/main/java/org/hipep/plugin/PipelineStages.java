package org.hipep.plugin;

import org.hipep.pass.OpPassManager;

/**
 * What a {@link PipelineBuilder} composes from: the host's in-tree pipelines and passes, by name.
 */
public interface PipelineStages {
    /**
     * Appends a textual pipeline (unanchored, e.g. {@code onnx-to-hip-pipeline,func.func(cse)})
     * to {@code pm}, resolving names against every in-tree and selected-plugin pass and pipeline.
     *
     * @throws org.hipep.pass.text.PipelineParseException when the text does not parse or names
     *     an unknown pass
     */
    void append(OpPassManager pm, String pipelineText);
}
