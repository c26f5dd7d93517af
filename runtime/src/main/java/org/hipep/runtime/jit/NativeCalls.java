package org.hipep.runtime.jit;

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

    /** {@code void fn(void *)}. */
    @Name("hipep_call_v_p")
    public static native void voidPtr(@Cast("int64_t") long fn, @Cast("int64_t") long a);
}
