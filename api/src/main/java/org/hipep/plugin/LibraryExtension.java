package org.hipep.plugin;

import java.util.List;

/**
 * A native-library contribution published directly as a service; the direct form of
 * {@link PluginRegistry#addLibraryPath} and {@link PluginRegistry#addLibrary}. Used only when
 * {@link #pluginId()} is selected.
 */
public interface LibraryExtension {
    /** The id of the plugin this contribution belongs to. */
    String pluginId();

    /** Directories searched for {@link #libraries()}, absolute. Default: none. */
    default List<String> libraryPaths() {
        return List.of();
    }

    /** Libraries: bare names or absolute paths. */
    List<String> libraries();
}
