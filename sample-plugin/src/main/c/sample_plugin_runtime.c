/* Runtime bitcode of the sample plugin: linked with every model when the plugin is selected. */
int hip_ep_sample_plugin_runtime_marker(int x) {
    return x + 1;
}
