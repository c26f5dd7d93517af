package org.hipep.plugin;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.hipep.pass.Pass;

/**
 * A pipeline-slot contribution published directly as a service (JPMS {@code provides}, OSGi
 * whiteboard) instead of through {@link CompilerPlugin#register}. Used only when
 * {@link #pluginId()} is selected; the same rules as {@link PluginRegistry#registerPass} and
 * {@link PluginRegistry#requestPipelineSlot} apply.
 */
public interface PipelineSlotExtension {
    /** The id of the plugin this contribution belongs to. */
    String pluginId();

    /** Passes to register (one fresh instance per supplier call). Default: none. */
    default List<Supplier<? extends Pass>> passes() {
        return List.of();
    }

    /** Pipeline texts per slot, in order. Called once per snapshot; must not fail. */
    Map<PipelineSlot, List<String>> slotRequests();
}
