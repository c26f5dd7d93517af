/* The sample plugin's static library (libhip_ep_sample_lib.a), contributed with addLibrary. */
int hip_ep_sample_lib_marker(int x) {
    return x + 2;
}
