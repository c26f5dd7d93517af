package org.hipep.runtime.session;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.bytedeco.javacpp.LongPointer;
import org.hipep.runtime.jit.LoadedModel;
import org.hipep.runtime.jit.RuntimeFailure;

/**
 * A compiled model, loaded and ready to run, as ONNX Runtime's {@code OrtSession}: input and output
 * metadata by name, {@link #run} from a map of named tensors to a {@link Result}.
 *
 * <p>{@link #run} may be called from several threads at once: each concurrent run gets a runtime
 * state of its own (states are created on demand and kept for reuse), so runs never share
 * scratch memory; what does not change between runs (oneDNN's primitives and packed weights) the
 * states share. {@link #close} waits for runs in flight, then frees every state, what they shared,
 * the loaded code and the constants.
 */
public final class HipSession implements AutoCloseable {
    private static final int TENSOR_T_SIZE = 40;

    private final LoadedModel model;
    private final ArtifactMetadata metadata;
    private final ConstantsData constants;
    private final Map<String, TensorInfo> inputs;
    private final Map<String, TensorInfo> outputs;
    private final Timings timings;
    private final Runnable onClose;
    private final ConcurrentLinkedDeque<Slot> idle = new ConcurrentLinkedDeque<>();
    private final List<Slot> all = Collections.synchronizedList(new ArrayList<>());
    private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private boolean closed;
    /** The profiler while profiling (SessionOptions.enableProfiling until endProfiling), else null. */
    private volatile SessionProfiler profiler;

    /**
     * How the session came to be, in nanoseconds.
     *
     * @param compileNanos compiling the model (0 when it came from the cache)
     * @param fromCache whether the compiled model came from the compile cache
     * @param loadNanos linking, optimising and JIT-loading (or loading the shared object)
     * @param artifactDir where the compiled model is
     */
    public record Timings(long compileNanos, boolean fromCache, long loadNanos, Path artifactDir) {
    }

    HipSession(LoadedModel model, ArtifactMetadata metadata, ConstantsData constants,
            Map<String, List<String>> dimNames, Timings timings, Runnable onClose, Path profilingPrefix) {
        this.model = model;
        this.profiler = profilingPrefix == null ? null : new SessionProfiler(profilingPrefix);
        this.metadata = metadata;
        this.constants = constants;
        this.inputs = named(metadata.inputs(), dimNames);
        this.outputs = named(metadata.outputs(), dimNames);
        this.timings = timings;
        this.onClose = onClose;
    }

    private static Map<String, TensorInfo> named(List<TensorInfo> infos, Map<String, List<String>> dimNames) {
        Map<String, TensorInfo> m = new LinkedHashMap<>();
        for (TensorInfo t : infos) {
            List<String> names = dimNames.get(t.name());
            m.put(t.name(), names != null && names.size() == t.rank()
                    ? new TensorInfo(t.name(), t.type(), t.shape(), names) : t);
        }
        return Collections.unmodifiableMap(m);
    }

    /** The inputs, in the model's order. */
    public Map<String, TensorInfo> inputInfo() {
        return inputs;
    }

    /** The outputs, in the model's order. */
    public Map<String, TensorInfo> outputInfo() {
        return outputs;
    }

    public List<String> inputNames() {
        return new ArrayList<>(inputs.keySet());
    }

    public List<String> outputNames() {
        return new ArrayList<>(outputs.keySet());
    }

    /** The compiled model's metadata. */
    public ArtifactMetadata metadata() {
        return metadata;
    }

    public Timings timings() {
        return timings;
    }

    /**
     * How many convolutions and matrix products this session's runs have computed through oneDNN,
     * and how many convolutions by Winograd's F(4x4, 3x3) or F(2x2, 3x3) (transforms of the
     * runtime, products through oneDNN's matmul or the runtime's own kernel; counted in neither of
     * the others). The rest went through the runtime's own kernels and OpenBLAS.
     * {@code oneDnnClampedConvolutions}: of the oneDNN convolutions, those whose fused Relu / Clip
     * oneDNN applied itself (its outputs provably finite) instead of a pass of the runtime over Y.
     * {@code oneDnnPrimitives}: the oneDNN primitives the runs created (each with its weights packed
     * when they are constant); the session's states share them, so concurrent runs create no more
     * than one run does.
     * {@code accumulatedConvolutions}: of the oneDNN and Winograd convolutions, those that added
     * their result to their destination ({@code hip-conv-add-in-place}'s residual Adds) as they
     * wrote it.
     * {@code oneDnnActivatedMatMuls}: of the oneDNN matmuls, those whose fused Gelu oneDNN applied
     * as a post-op (outputs provably finite) instead of a pass of the runtime over Y.
     * {@code searchedConvolutions}: the convolution calls whose way the convolution search chose
     * while it measured the ways ({@link ConvolutionSearch#MEASURE}'s first runs of a shape, counted
     * in the Winograd or the oneDNN count too); once a run adds none, every shape that run called has
     * its pick, and later runs time what the session will keep doing (benchmark tools warm up until
     * then). {@code fewChannelConvolutions}: the convolutions of a few input channels (a CNN's 7x7
     * stem) that the runtime's own direct kernel computed (AVX-512 hosts; counted in no other count).
     * {@code fewChannelPlanes}: of those, the ones that read their input image's NCHW planes in place
     * (the image's transpose to channels-last left out by {@code hip-reshape-transpose-views}).
     * {@code winogradOwnProducts}: of the Winograd convolutions, those whose products the runtime's
     * own kernel computed instead of oneDNN's matmul (AVX-512 hosts: blocks of few tiles).
     * {@code boundedConvolutions}: of the clamped oneDNN convolutions, those that took a bound of X
     * or of their destination's old values from the convolution that wrote it
     * ({@code hip-conv-bound-slots}) instead of reading it.
     * {@code ownPointwiseConvolutions}: the convolutions that the runtime's own products computed
     * (AVX-512 hosts; counted in no other count but {@code accumulatedConvolutions}): those of few
     * pixels (a CNN's last stage), and 1x1 ones of at most 64 output channels, a multiple of 16
     * (SqueezeNet's squeeze layers), over any number of pixels.
     * {@code narrowPointwiseConvolutions}: of those, the latter (each thread takes rows of pixels).
     * {@code ownMatMuls}: the products with constant weights of at most 128 rows (a transformer's
     * projections at sequence length 128) that those own products computed (AVX-512 hosts; counted
     * in no other count).
     * {@code states}: the runtime states the counts are summed over (one per run that was in flight
     * at once).
     */
    public record LibraryRuns(long oneDnnConvolutions, long oneDnnMatMuls, long winogradConvolutions,
            long oneDnnClampedConvolutions, long oneDnnPrimitives, long accumulatedConvolutions,
            long oneDnnActivatedMatMuls, long searchedConvolutions, long fewChannelConvolutions,
            long fewChannelPlanes, long winogradOwnProducts, long boundedConvolutions, long ownPointwiseConvolutions,
            long narrowPointwiseConvolutions, long ownMatMuls, int states) {
    }

    /**
     * Which path the session's convolutions and matrix products took so far, summed over its
     * runtime states (a diagnostic: the counts grow with every run). Runs in flight may or may not
     * be counted.
     */
    public LibraryRuns libraryRuns() {
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the session is closed");
            }
            long conv = 0;
            long mm = 0;
            long winograd = 0;
            long clamped = 0;
            long primitives = 0;
            long accumulated = 0;
            long activated = 0;
            long searched = 0;
            long fewChannels = 0;
            long planes = 0;
            long ownProducts = 0;
            long bounded = 0;
            long pointwise = 0;
            long narrow = 0;
            long ownMatMuls = 0;
            synchronized (all) {
                for (Slot s : all) {
                    conv += model.oneDnnRuns(s.state, 0);
                    mm += model.oneDnnRuns(s.state, 1);
                    winograd += model.oneDnnRuns(s.state, 2);
                    clamped += model.oneDnnRuns(s.state, 3);
                    primitives += model.oneDnnRuns(s.state, 4);
                    accumulated += model.oneDnnRuns(s.state, 5);
                    activated += model.oneDnnRuns(s.state, 6);
                    searched += model.oneDnnRuns(s.state, 7);
                    fewChannels += model.oneDnnRuns(s.state, 8);
                    ownProducts += model.oneDnnRuns(s.state, 9);
                    bounded += model.oneDnnRuns(s.state, 10);
                    pointwise += model.oneDnnRuns(s.state, 11);
                    ownMatMuls += model.oneDnnRuns(s.state, 12);
                    planes += model.oneDnnRuns(s.state, 13);
                    narrow += model.oneDnnRuns(s.state, 14);
                }
                return new LibraryRuns(conv, mm, winograd, clamped, primitives, accumulated, activated, searched,
                        fewChannels, planes, ownProducts, bounded, pointwise, narrow, ownMatMuls, all.size());
            }
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /**
     * What the profiler recorded so far ({@link SessionOptions#enableProfiling}): every run since
     * the session was made and the kernel calls of each. Runs in flight may or may not be in it.
     *
     * @throws IllegalStateException when the session does not profile (not enabled, or ended)
     */
    public Profile profile() {
        SessionProfiler p = profiler;
        if (p == null) {
            throw new IllegalStateException(NOT_PROFILING);
        }
        return p.snapshot();
    }

    /**
     * Ends profiling, as ONNX Runtime's {@code OrtSession.endProfiling()}: waits for runs in flight,
     * writes what was recorded as a Chrome trace ({@code chrome://tracing}, Perfetto) to
     * {@code <prefix>_<yyyy-MM-dd_HH-mm-ss>.json} beside the prefix given to
     * {@link SessionOptions#enableProfiling}, stops timing the kernel calls and returns the file.
     *
     * @throws IllegalStateException when the session does not profile (not enabled, or ended)
     * @throws java.io.UncheckedIOException when the file cannot be written (nothing is left half-written)
     */
    public Path endProfiling() {
        lifecycle.writeLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the session is closed");
            }
            SessionProfiler p = profiler;
            if (p == null) {
                throw new IllegalStateException(NOT_PROFILING);
            }
            Path file = p.write();
            profiler = null;
            synchronized (all) {
                for (Slot s : all) {
                    model.setProfiling(s.state, false);
                }
            }
            return file;
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    private static final String NOT_PROFILING = "the session does not profile: enable it with"
            + " SessionOptions.enableProfiling (endProfiling ends it)";

    /**
     * Runs the model on {@code feeds} (every input by name) and returns every output. Wrong names,
     * missing inputs, element types or shapes that do not match the model's are an
     * {@link IllegalArgumentException} saying which input and what was expected; a failure inside
     * the model (a kernel's error) is a {@link RuntimeFailure} with the runtime's message.
     */
    public Result run(Map<String, Tensor> feeds) {
        Objects.requireNonNull(feeds, "feeds");
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the session is closed");
            }
            List<Tensor> ordered = check(feeds);
            return execute(ordered, null);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /**
     * Runs the model on {@code feeds} and writes the outputs named in {@code outputs} into the
     * caller's tensors (ONNX Runtime's pinned outputs): the model writes them in place, no copy and no
     * allocation. Outputs not named are allocated by the runtime as in {@link #run(Map)}. The returned
     * {@link Result} lists every output; a provided one is a view of the caller's tensor (closing the
     * result leaves the caller's tensor alone; keep the caller's tensor open while the view is read).
     *
     * <p>A provided tensor must have the output's element type and exactly the shape the model
     * produces: static dimensions are checked before the run (an {@link IllegalArgumentException}
     * naming the output), dimensions known only while it runs are checked when the model allocates
     * the output, and a mismatch there fails the run with a {@link RuntimeFailure} naming the output,
     * the shape produced and the tensor's shape (nothing falls back to a runtime allocation, as in
     * ONNX Runtime). A caller's tensor must not be used by another run at the same time.
     */
    public Result run(Map<String, Tensor> feeds, Map<String, Tensor> outputs) {
        Objects.requireNonNull(feeds, "feeds");
        Objects.requireNonNull(outputs, "outputs");
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the session is closed");
            }
            List<Tensor> ordered = check(feeds);
            ProvidedOutputs provided = ProvidedOutputs.check(this.outputs, outputs);
            try {
                return execute(ordered, provided);
            } finally {
                provided.close();
            }
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    private List<Tensor> check(Map<String, Tensor> feeds) {
        for (String name : feeds.keySet()) {
            if (!inputs.containsKey(name)) {
                throw new IllegalArgumentException("the model has no input named '" + name + "'; its inputs are "
                        + inputs.keySet());
            }
        }
        List<Tensor> ordered = new ArrayList<>();
        for (TensorInfo info : inputs.values()) {
            Tensor t = feeds.get(info.name());
            if (t == null) {
                throw new IllegalArgumentException("input '" + info.name() + "' (" + info + ") is missing");
            }
            if (t.type() != info.type()) {
                throw new IllegalArgumentException("input '" + info.name() + "': the model expects " + info.type()
                        + " elements, the tensor has " + t.type());
            }
            long[] shape = t.shapeRef();
            long[] expected = info.shape();
            if (shape.length != expected.length) {
                throw new IllegalArgumentException("input '" + info.name() + "': the model expects rank "
                        + expected.length + " (" + info + "), the tensor has shape " + Arrays.toString(shape));
            }
            for (int d = 0; d < shape.length; d++) {
                if (expected[d] >= 0 && shape[d] != expected[d]) {
                    throw new IllegalArgumentException("input '" + info.name() + "': dimension " + d + " must be "
                            + expected[d] + " (" + info + "), the tensor has shape " + Arrays.toString(shape));
                }
            }
            ordered.add(t);
        }
        return ordered;
    }

    /**
     * A runtime state and the native argument block of its runs, allocated once (JavaCPP
     * allocations cost microseconds each, as much as a small model's whole compute): one direct
     * buffer holding the span ({@code tensor_t *}, count), the {@code tensor_t} array, the input
     * shapes and the outputs table that {@link LoadedModel#computeAndList} copies back, written and
     * read with the buffer's own accessors (no native call per field). Input ranks are fixed by the
     * model (checked before a run), so the sizes are too.
     */
    private static final class Slot {
        final long state;
        final ByteBuffer block;
        final long base;
        final int tensorsAt;
        final int shapesAt;
        final int outputsAt;
        final int outputCap;
        final LongPointer outputCount;
        /** hipep_state_profile's counts (two words), read after each run while profiling. */
        final LongPointer profileCounts;

        Slot(long state, int inputs, int dims, int outputs) {
            this.state = state;
            tensorsAt = 16;
            shapesAt = tensorsAt + inputs * TENSOR_T_SIZE;
            outputsAt = shapesAt + dims * 8;
            outputCap = Math.max(1, outputs);
            block = ByteBuffer.allocateDirect(outputsAt + 8 * (1 + outputCap * LoadedModel.OUTPUT_WORDS))
                    .order(ByteOrder.nativeOrder());
            base = NativeMemory.address(block);
            block.putLong(0, base + tensorsAt);
            block.putLong(8, inputs);
            outputCount = new LongPointer(1);
            profileCounts = new LongPointer(2);
        }

        void close() {
            outputCount.close();
            profileCounts.close();
        }
    }

    private Result execute(List<Tensor> ordered, ProvidedOutputs provided) {
        Slot pooled = idle.poll();
        Slot slot = pooled != null ? pooled : newSlot();
        try {
            ByteBuffer b = slot.block;
            int n = ordered.size();
            int dim = 0;
            for (int i = 0; i < n; i++) {
                Tensor t = ordered.get(i);
                long[] shape = t.shapeRef();
                long shapeAt = slot.base + slot.shapesAt + dim * 8L;
                for (int d = 0; d < shape.length; d++) {
                    b.putLong(slot.shapesAt + 8 * dim++, shape[d]);
                }
                int at = slot.tensorsAt + i * TENSOR_T_SIZE;
                b.putLong(at, t.elementCount() == 0 ? 0 : t.address());
                b.putLong(at + 8, shapeAt);
                b.putLong(at + 16, shape.length);
                b.putLong(at + 24, t.type().byteSize());
                b.putLong(at + 32, 0); // memory_type CPU and the padding
            }
            long state = slot.state;
            if (provided == null) {
                return collect(slot, compute(slot), null);
            }
            model.setOutputAllocator(state, provided.allocator(model));
            int status;
            try {
                status = compute(slot);
            } finally {
                model.setOutputAllocator(state, null);
            }
            return collect(slot, status, provided);
        } finally {
            idle.push(slot);
        }
    }

    /** One compute; the outputs table lands in the slot's block (and its kernel calls in the profile, when on). */
    private int compute(Slot slot) {
        SessionProfiler p = profiler;
        if (p == null) {
            return model.computeAndList(slot.state, slot.base, slot.base + slot.outputsAt, slot.outputCap);
        }
        long start = System.nanoTime();
        int status = model.computeAndList(slot.state, slot.base, slot.base + slot.outputsAt, slot.outputCap);
        p.record(model, slot.state, slot.profileCounts, start, System.nanoTime(), status);
        return status;
    }

    private Slot newSlot() {
        int dims = 0;
        for (TensorInfo info : inputs.values()) {
            dims += info.rank();
        }
        Slot slot = new Slot(model.init(constants.host()), inputs.size(), dims, outputs.size());
        all.add(slot);
        if (profiler != null) {
            model.setProfiling(slot.state, true);
        }
        return slot;
    }

    private Result collect(Slot slot, int status, ProvidedOutputs provided) {
        long state = slot.state;
        List<LoadedModel.Output> produced = outputs(slot);
        List<TensorInfo> infos = metadata.outputs();
        LinkedHashMap<String, Tensor> out = new LinkedHashMap<>();
        RuntimeFailure failure = null;
        String mismatch = provided == null ? null : provided.mismatch(infos);
        if (mismatch != null) {
            failure = new RuntimeFailure(mismatch);
        } else if (status != 0) {
            failure = new RuntimeFailure("the model failed (status " + status + "): " + describe(status, state));
        } else if (produced.size() < infos.size()) {
            failure = new RuntimeFailure("the model produced " + produced.size() + " outputs, its metadata lists "
                    + infos.size());
        }
        for (int i = 0; i < produced.size(); i++) {
            LoadedModel.Output o = produced.get(i);
            long data = o.data();
            boolean callers = provided != null && provided.isProvided(i, data);
            boolean owned = o.runtimeOwned() || provided != null && !callers && data != 0;
            Runnable release = owned ? () -> NativeMemory.free(data) : null;
            if (failure != null || i >= infos.size()) {
                if (release != null) {
                    release.run();
                }
                continue;
            }
            TensorInfo info = infos.get(i);
            if (data == 0 && o.elementSize() == 0) {
                failure = new RuntimeFailure("output '" + info.name() + "' was not produced by the model");
                continue;
            }
            if (o.elementSize() != info.type().byteSize()) {
                failure = new RuntimeFailure("output '" + info.name() + "' has " + o.elementSize()
                        + "-byte elements, its metadata says " + info.type());
                if (release != null) {
                    release.run();
                }
                continue;
            }
            out.put(info.name(), Tensor.wrapNative(info.type(), o.shape(), data, release));
        }
        if (failure != null) {
            out.values().forEach(Tensor::close);
            throw failure;
        }
        return new Result(out);
    }

    /**
     * The outputs of the slot's last compute, from the table it copied into the block (the state's
     * own table when the model listed more than the block holds).
     */
    private List<LoadedModel.Output> outputs(Slot slot) {
        ByteBuffer b = slot.block;
        int at = slot.outputsAt;
        long count = b.getLong(at);
        if (count > slot.outputCap) {
            return model.outputList(slot.state, slot.outputCount);
        }
        List<LoadedModel.Output> out = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            int e = at + 8 + i * 8 * LoadedModel.OUTPUT_WORDS;
            int rank = (int) b.getLong(e + 8);
            long[] shape = new long[rank];
            for (int d = 0; d < rank; d++) {
                shape[d] = b.getLong(e + 16 + 8 * d);
            }
            out.add(new LoadedModel.Output(b.getLong(e), shape, b.getLong(e + 8 * 18), b.getLong(e + 8 * 19) != 0));
        }
        return out;
    }

    private String describe(int status, long state) {
        String message = model.errorMessage(state);
        return switch (status) {
            case 0x1001 -> "wrong number of inputs";
            case 0x1002 -> "an input has the wrong rank";
            case 0x1003 -> "an input has the wrong static dimensions";
            default -> message == null || message.isEmpty() ? "(no message)" : message;
        };
    }

    /** Waits for runs in flight, then frees the states, the loaded code and the constants. */
    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            synchronized (all) {
                for (Slot s : all) {
                    model.cleanup(s.state);
                    s.close();
                }
                all.clear();
            }
            idle.clear();
            model.releaseHost(constants.host());
            model.close();
            if (onClose != null) {
                onClose.run();
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }
}
