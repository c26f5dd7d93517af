package org.hipep.plugin;

import org.hipep.pass.OpPassManager;

/**
 * How the in-tree pipeline builders reach the plugins: at each of the seven points they call
 * {@link #addPasses} with the slot, and the host adds the passes the selected plugins requested
 * there. The pipeline code knows nothing else about plugins.
 */
@FunctionalInterface
public interface PipelineSlotHook {
    /** A hook that adds nothing (no plugin selected). */
    PipelineSlotHook NONE = (pm, slot) -> { };

    /**
     * Adds the passes requested for {@code slot} to {@code pm} (the pipeline's module-level pass
     * manager), in registration order. Text that does not resolve is reported and skipped.
     */
    void addPasses(OpPassManager pm, PipelineSlot slot);
}
