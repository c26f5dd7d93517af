package org.hipep.runtime.jit;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.bytedeco.javacpp.annotation.Cast;
import org.bytedeco.javacpp.annotation.Name;
import org.bytedeco.javacpp.annotation.Platform;
import org.bytedeco.javacpp.annotation.Properties;

/**
 * Our own JavaCPP binding: one JNI call per C function shape the generated interface and the
 * host helpers need, each calling a code address cast to that exact C type
 * ({@code src/main/cpp/hipep_native_calls.h}). Generated and compiled at build time by the
 * JavaCPP Maven plugin ({@code build} goal, machine g++). Addresses and pointers are
 * {@code long}s; the callee's contract (lifetimes, threads) is the caller's business.
 */
@Properties(@Platform(include = "hipep_native_calls.h"))
public final class NativeCalls {
    static {
        // Binds the natives to this class's loader on the module path, the class path and in OSGi.
        NativeCallsLibrary.load();
    }

    private NativeCalls() {
    }

    /** {@code int32_t fn(void *, void *)}. */
    @Name("hipep_call_i32_pp")
    public static native int i32PtrPtr(@Cast("int64_t") long fn, @Cast("int64_t") long a, @Cast("int64_t") long b);

    /** {@code int32_t fn(void *)}. */
    @Name("hipep_call_i32_p")
    public static native int i32Ptr(@Cast("int64_t") long fn, @Cast("int64_t") long a);

    /** {@code const void *fn(void)}. */
    @Name("hipep_call_p")
    public static native @Cast("int64_t") long ptr(@Cast("int64_t") long fn);

    /** {@code void fn(void *, const void *)}. */
    @Name("hipep_call_v_pp")
    public static native void voidPtrPtr(@Cast("int64_t") long fn, @Cast("int64_t") long a, @Cast("int64_t") long b);

    /** {@code const void *fn(void *, void *)}. */
    @Name("hipep_call_p_pp")
    public static native @Cast("int64_t") long ptrPtrPtr(@Cast("int64_t") long fn, @Cast("int64_t") long a,
            @Cast("int64_t") long b);

    /** {@code const void *fn(void *)}. */
    @Name("hipep_call_p_p")
    public static native @Cast("int64_t") long ptrPtr(@Cast("int64_t") long fn, @Cast("int64_t") long a);

    /** {@code int64_t fn(void *, int64_t)}. */
    @Name("hipep_call_l_pl")
    public static native @Cast("int64_t") long longPtrLong(@Cast("int64_t") long fn, @Cast("int64_t") long a,
            @Cast("int64_t") long b);

    /** {@code void fn(void *)}. */
    @Name("hipep_call_v_p")
    public static native void voidPtr(@Cast("int64_t") long fn, @Cast("int64_t") long a);

    /**
     * {@code compute(state, span)} ({@code int32_t fn(void *, void *)}), then the state's outputs
     * table from {@code list} ({@code const void *fn(void *, int64_t *)}, as
     * {@code hipep_state_outputs}) copied to {@code dst}: the count, then at most {@code cap}
     * entries of {@code entryWords} int64 each. One JNI crossing per run instead of one per call and
     * field. Returns the compute's status.
     */
    @Name("hipep_call_compute_list")
    public static native int computeAndList(@Cast("int64_t") long compute, @Cast("int64_t") long list,
            @Cast("int64_t") long state, @Cast("int64_t") long span, @Cast("int64_t") long dst,
            @Cast("int64_t") long cap, @Cast("int64_t") long entryWords);

    /** {@link #chooseOpenBlasCore()}: the user's {@code OPENBLAS_CORETYPE} is set and stays. */
    public static final int CORE_USER = 0;
    /** {@link #chooseOpenBlasCore()}: {@code OPENBLAS_CORETYPE=SKYLAKEX} was set (AVX-512 F/BW/VL/DQ). */
    public static final int CORE_SKYLAKEX = 1;
    /** {@link #chooseOpenBlasCore()}: no AVX-512 F/BW/VL/DQ; OpenBLAS chooses its kernels itself. */
    public static final int CORE_DEFAULT = 2;
    /** {@link #chooseOpenBlasCore()}: {@code setenv} failed; OpenBLAS chooses its kernels itself. */
    public static final int CORE_SETENV_FAILED = 3;

    /**
     * Sets {@code OPENBLAS_CORETYPE=SKYLAKEX} in the process environment (C {@code setenv}, which
     * OpenBLAS's load-time constructor reads; {@link System#getenv} does not see it) when the
     * variable is unset and the CPU and OS support AVX-512 F/BW/VL/DQ. Call before OpenBLAS loads.
     * Returns one of the {@code CORE_} constants.
     */
    @Name("hipep_choose_openblas_core")
    public static native int chooseOpenBlasCore();

    /** Whether the CPU has AVX-512 F, BW, VL and DQ and the OS saves the AVX-512 registers (CPUID, XGETBV). */
    @Name("hipep_cpu_has_avx512_skx")
    public static native @Cast("int32_t") boolean cpuHasAvx512Skx();

    /**
     * The threads of OpenBLAS's pool ({@code blas_num_threads}: the caller and its workers) in the
     * already loaded library at {@code library}; -1 when that library is not loaded.
     */
    @Name("hipep_openblas_pool_threads")
    public static native int openBlasPoolThreads(String library);

    /**
     * OpenBLAS's {@code openblas_get_corename()} of the already loaded library at {@code library}
     * (found with {@code dlopen(RTLD_NOLOAD)}); null when that library is not loaded.
     */
    @Name("hipep_openblas_corename")
    public static native String openBlasCoreName(String library);

    /**
     * {@code dlopen(path, RTLD_LAZY | RTLD_GLOBAL)} when {@code global}, else with
     * {@code RTLD_LOCAL} (as {@link System#load} opens a library): the library's handle into
     * {@code handle[0]} and null, or 0 there and why it could not be loaded (the loader's message).
     * See {@link NativeLibrary} and {@link PresetLibrary}.
     */
    @Name("hipep_dlopen")
    public static native String dlopen(String path, @Cast("int32_t") boolean global, @Cast("int64_t*") long[] handle);

    /**
     * The file names of the process's loaded libraries in the order the dynamic loader loaded them
     * ({@code dl_iterate_phdr}), each followed by a line break, written into {@code buffer} as far
     * as {@code capacity} bytes go; returns the bytes all of them take. See {@link #loadedObjects()}.
     */
    @Name("hipep_loaded_objects")
    static native @Cast("int64_t") long loadedObjectNames(@Cast("char*") byte[] buffer, @Cast("int64_t") long capacity);

    /** The file names of the process's loaded libraries, in the order the dynamic loader loaded them. */
    public static List<String> loadedObjects() {
        byte[] buffer = new byte[1 << 16];
        long needed = loadedObjectNames(buffer, buffer.length);
        if (needed > buffer.length) {
            buffer = new byte[(int) needed + (1 << 12)];
            needed = Math.min(loadedObjectNames(buffer, buffer.length), buffer.length);
        }
        String all = new String(buffer, 0, (int) needed, StandardCharsets.UTF_8);
        return all.isEmpty() ? List.of() : List.of(all.split("\n"));
    }

    /** {@code dlsym(handle, name)}: the address, 0 when neither the library nor its dependencies define it. */
    @Name("hipep_dlsym")
    public static native @Cast("int64_t") long dlsym(@Cast("int64_t") long handle, String name);

    /**
     * Sets the process environment variable {@code name} to {@code value} (C {@code setenv}, read
     * by native libraries loaded afterwards; {@link System#getenv} does not see it) unless the user
     * has set it. Returns 1 when it was set, 0 when the user's value stays, -1 when setenv failed.
     */
    @Name("hipep_setenv_default")
    public static native int setEnvDefault(String name, String value);
}
