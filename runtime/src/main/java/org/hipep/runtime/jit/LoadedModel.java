package org.hipep.runtime.jit;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;

/**
 * A loaded model (JIT-compiled or a native {@code .so}): the generated interface and the host
 * helpers of {@code hipep_runtime.h}, called through {@link NativeCalls}.
 *
 * <p>Thread-safe for concurrent calls on different states; calls on one state must not overlap
 * (the generated code's contract). {@link #close} waits for calls in flight and then frees the
 * code; calls after it fail.
 */
public final class LoadedModel implements AutoCloseable {
    /** Bytes of one {@code hipep_output_t}: data, rank, shape[16], element_size, runtime_owned. */
    static final int OUTPUT_BYTES = 8 * (4 + 16);

    /** One output of a state as {@code hipep_state_outputs} reports it. */
    public record Output(long data, long[] shape, long elementSize, boolean runtimeOwned) {
    }

    private final CodeSymbols code;
    private final String origin;
    private final long init;
    private final long compute;
    private final long cleanup;
    private final long metadata;
    private final long setAllocator;
    private final long outputs;
    private final long errorMessage;
    private final long free;
    private final long oneDnnRuns;
    private final long hostRelease;
    private final long setProfiling;
    private final long profile;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private boolean closed;

    LoadedModel(CodeSymbols code, String origin) {
        this.code = code;
        this.origin = origin;
        init = required("inference_init");
        compute = required("inference_compute");
        cleanup = required("inference_cleanup");
        metadata = required("inference_get_metadata_json");
        setAllocator = code.lookup("hipdnn_ep_set_output_allocator");
        outputs = code.lookup("hipep_state_outputs");
        errorMessage = code.lookup("hipep_state_error_message");
        free = code.lookup("hipep_free");
        oneDnnRuns = code.lookup("hipep_state_onednn_runs");
        hostRelease = code.lookup("hipep_host_release");
        setProfiling = code.lookup("hipep_state_set_profiling");
        profile = code.lookup("hipep_state_profile");
    }

    private long required(String name) {
        long a = code.lookup(name);
        if (a == 0) {
            throw new RuntimeFailure(origin + " does not define " + name + " of the generated interface");
        }
        return a;
    }

    /** {@code inference_get_metadata_json}. */
    public String metadataJson() {
        enter();
        try {
            long p = NativeCalls.ptr(metadata);
            return p == 0 ? null : new BytePointer(new Pointer() { { address = p; } }).getString();
        } finally {
            exit();
        }
    }

    /**
     * {@code inference_init(&state, host)}; returns the state's address.
     *
     * @param host the {@code hipep_host_t} the state may use until its cleanup
     * @throws RuntimeFailure with the status when it is not 0
     */
    public long init(Pointer host) {
        enter();
        try (LongPointer out = new LongPointer(1)) {
            out.put(0, 0L);
            int status = NativeCalls.i32PtrPtr(init, out.address(), address(host));
            if (status != 0) {
                throw new RuntimeFailure("inference_init of " + origin + " returned status " + status);
            }
            return out.get(0);
        } finally {
            exit();
        }
    }

    /** {@code inference_compute(state, span)}; its status (0 = success). */
    public int compute(long state, Pointer span) {
        enter();
        try {
            return NativeCalls.i32PtrPtr(compute, state, address(span));
        } finally {
            exit();
        }
    }

    /** Words (int64) of one {@code hipep_output_t} in the table {@link #computeAndList} copies. */
    public static final int OUTPUT_WORDS = OUTPUT_BYTES / 8;

    /**
     * {@code inference_compute(state, span)} and then the state's outputs table copied to
     * {@code dst} (native memory of {@code 8 * (1 + cap * OUTPUT_WORDS)} bytes): word 0 the count
     * of outputs, then at most {@code cap} {@code hipep_output_t} of {@link #OUTPUT_WORDS} words
     * (data, rank, shape[16], element_size, runtime_owned). One native call per run. When the count
     * exceeds {@code cap}, {@link #outputList(long)} still lists them all (until the next compute).
     *
     * @return the compute's status (0 = success)
     */
    public int computeAndList(long state, long span, long dst, int cap) {
        enter();
        try {
            return NativeCalls.computeAndList(compute, present(outputs, "hipep_state_outputs"), state, span, dst, cap,
                    OUTPUT_WORDS);
        } finally {
            exit();
        }
    }

    /** {@code inference_cleanup(state)}; a non-zero status is a failure. */
    public void cleanup(long state) {
        enter();
        try {
            int status = NativeCalls.i32Ptr(cleanup, state);
            if (status != 0) {
                throw new RuntimeFailure("inference_cleanup of " + origin + " returned status " + status);
            }
        } finally {
            exit();
        }
    }

    /** {@code hipdnn_ep_set_output_allocator(state, allocator)}; null restores the runtime's default. */
    public void setOutputAllocator(long state, Pointer allocatorOrNull) {
        enter();
        try {
            NativeCalls.voidPtrPtr(present(setAllocator, "hipdnn_ep_set_output_allocator"), state,
                    address(allocatorOrNull));
        } finally {
            exit();
        }
    }

    /**
     * {@code hipep_state_outputs(state, &count)}: the state's {@code hipep_output_t} array
     * ({@link #OUTPUT_BYTES} each, owned by the state); {@code countOut[0]} receives the count.
     */
    public Pointer outputs(long state, long[] countOut) {
        try (LongPointer count = new LongPointer(1)) {
            return outputs(state, countOut, count);
        }
    }

    /** {@link #outputs(long, long[])} with a caller's one-element scratch for the count (no allocation). */
    private Pointer outputs(long state, long[] countOut, LongPointer count) {
        enter();
        try {
            count.put(0, 0L);
            long p = NativeCalls.ptrPtrPtr(present(outputs, "hipep_state_outputs"), state, count.address());
            countOut[0] = count.get(0);
            return p == 0 ? null : new Pointer() { { address = p; } };
        } finally {
            exit();
        }
    }

    /** {@link #outputs(long, long[])} read into records. */
    public List<Output> outputList(long state) {
        try (LongPointer count = new LongPointer(1)) {
            return outputList(state, count);
        }
    }

    /**
     * {@link #outputList(long)} with a caller's one-element scratch for the count, reused across
     * runs (a JavaCPP allocation per run costs microseconds); one thread uses it at a time.
     */
    public List<Output> outputList(long state, LongPointer countScratch) {
        long[] n = new long[1];
        Pointer p = outputs(state, n, countScratch);
        List<Output> out = new ArrayList<>();
        if (p == null) {
            return out;
        }
        LongPointer words = new LongPointer(p).capacity(n[0] * (OUTPUT_BYTES / 8));
        for (int i = 0; i < n[0]; i++) {
            long base = (long) i * (OUTPUT_BYTES / 8);
            int rank = (int) words.get(base + 1);
            long[] shape = new long[rank];
            for (int d = 0; d < rank; d++) {
                shape[d] = words.get(base + 2 + d);
            }
            out.add(new Output(words.get(base), shape, words.get(base + 18), words.get(base + 19) != 0));
        }
        return out;
    }

    /** {@code hipep_state_error_message(state)}; null when there is none. */
    public String errorMessage(long state) {
        enter();
        try {
            long p = NativeCalls.ptrPtr(present(errorMessage, "hipep_state_error_message"), state);
            return p == 0 ? null : new BytePointer(new Pointer() { { address = p; } }).getString();
        } finally {
            exit();
        }
    }

    /**
     * {@code hipep_state_onednn_runs(state, kind)}: how many oneDNN primitives of {@code kind}
     * (0 convolution, 1 matmul) or Winograd convolutions (2) the state has run, of its oneDNN
     * convolutions those that clamped by a post-op (3), how many oneDNN primitives its runs
     * created (4), how many of its oneDNN or Winograd convolutions added into their destination
     * (5), how many of its oneDNN matmuls applied a fused Gelu as a post-op (6), and how many of
     * its convolutions took a way for the convolution search's trial (7); 0 for code built without
     * the runtime's oneDNN kernels.
     */
    public long oneDnnRuns(long state, int kind) {
        if (oneDnnRuns == 0) {
            return 0;
        }
        enter();
        try {
            return NativeCalls.longPtrLong(oneDnnRuns, state, kind);
        } finally {
            exit();
        }
    }

    /**
     * {@code hipep_host_release(host)}: frees what the states made with {@code host} shared (the
     * oneDNN primitives and packed weights); call it once every such state is cleaned up. Nothing
     * for code built without the runtime.
     *
     * @throws RuntimeFailure with the status when it is not 0
     */
    public void releaseHost(Pointer host) {
        if (hostRelease == 0) {
            return;
        }
        enter();
        try {
            int status = NativeCalls.i32Ptr(hostRelease, address(host));
            if (status != 0) {
                throw new RuntimeFailure("hipep_host_release of " + origin + " returned status " + status);
            }
        } finally {
            exit();
        }
    }

    /**
     * {@code hipep_state_set_profiling(state, on)}: whether the state times its kernel calls from
     * its next compute on.
     *
     * @throws RuntimeFailure when the loaded code has no profiler (code built without the runtime)
     */
    public void setProfiling(long state, boolean on) {
        enter();
        try {
            NativeCalls.longPtrLong(present(setProfiling, "hipep_state_set_profiling"), state, on ? 1 : 0);
        } finally {
            exit();
        }
    }

    /**
     * {@code hipep_state_profile(state, counts)}: the kernel calls the state timed in its last
     * compute, three words each (the call site's name as the address of a constant C string of the
     * loaded code, the start and the duration in CLOCK_MONOTONIC nanoseconds), in call order;
     * {@code dropped[0]} receives how many the runtime could not record for want of memory.
     *
     * @param counts a caller's two-word native scratch (no allocation per run)
     */
    public long[] profile(long state, LongPointer counts, long[] dropped) {
        enter();
        try {
            counts.put(0, 0L).put(1, 0L);
            long p = NativeCalls.ptrPtrPtr(present(profile, "hipep_state_profile"), state, counts.address());
            long n = counts.get(0);
            dropped[0] = counts.get(1);
            long[] words = new long[(int) (3 * n)];
            if (n > 0 && p != 0) {
                new LongPointer(new Pointer() { { address = p; } }).capacity(3 * n).get(words);
            }
            return words;
        } finally {
            exit();
        }
    }

    /** The NUL-terminated UTF-8 string at {@code address} of the loaded code (a profiled call site's name). */
    public String string(long at) {
        enter();
        try {
            return new BytePointer(new Pointer() { { address = at; } }).getString(StandardCharsets.UTF_8);
        } finally {
            exit();
        }
    }

    /** {@code hipep_free(address)}: frees memory the runtime allocated (a runtime-owned output). */
    public void free(long address) {
        enter();
        try {
            NativeCalls.voidPtr(present(free, "hipep_free"), address);
        } finally {
            exit();
        }
    }

    /** The address of an exported symbol of the model, its runtime or its plugins; 0 when absent. */
    public long symbol(String name) {
        enter();
        try {
            return code.lookup(name);
        } finally {
            exit();
        }
    }

    private long present(long address, String name) {
        if (address == 0) {
            throw new RuntimeFailure(origin + " does not export " + name);
        }
        return address;
    }

    private static long address(Pointer p) {
        return p == null ? 0 : p.address() + p.position() * p.sizeof();
    }

    private void enter() {
        lock.readLock().lock();
        if (closed) {
            lock.readLock().unlock();
            throw new IllegalStateException(origin + " is closed");
        }
    }

    private void exit() {
        lock.readLock().unlock();
    }

    /** Frees the code and everything the JIT holds for this model (a native library stays loaded). */
    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                code.close();
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public String toString() {
        return "LoadedModel[" + origin + "]";
    }
}
