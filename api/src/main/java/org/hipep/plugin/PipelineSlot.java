package org.hipep.plugin;

/**
 * The seven named places in the compiler pipeline where a plugin may add passes (the seed's
 * {@code PipelineSlot}). Append-only: the order and the numeric {@link #index()} never change,
 * new slots are only ever added at the end.
 */
public enum PipelineSlot {
    /** After {@code simplify-onnx}: canonical ONNX IR, no HIP context argument yet. */
    AFTER_SIMPLIFY_ONNX("AfterSimplifyOnnx"),
    /** After Loop/If outlining, before {@code convert-onnx-to-hip}. */
    AFTER_ONNX_LOOP_OUTLINE("AfterOnnxLoopOutline"),
    /**
     * After {@code convert-onnx-to-hip}, before shape inference and constant externalisation: the
     * usual place for vendor lowerings, and the only one where {@code hip.constant} may be emitted.
     */
    AFTER_CONVERT_ONNX_TO_HIP("AfterConvertOnnxToHip"),
    /** Before {@code one-shot-bufferize} (after the late-constant check's input is final). */
    BEFORE_BUFFERIZATION("BeforeBufferization"),
    /** After memory planning ({@code hip-pool-allocs}). */
    AFTER_POOL_ALLOCS("AfterPoolAllocs"),
    /** Before {@code convert-hip-to-llvm}. */
    BEFORE_CONVERT_HIP_TO_LLVM("BeforeConvertHipToLLVM"),
    /** After {@code generate-interface}: the end of the pipeline. */
    AFTER_GENERATE_INTERFACE("AfterGenerateInterface");

    /** The number of slots. */
    public static final int COUNT = values().length;

    private final String seedName;

    PipelineSlot(String seedName) {
        this.seedName = seedName;
    }

    /** The slot's number, 0 to 6, as in the seed. */
    public int index() {
        return ordinal();
    }

    /** The seed's name of the slot, e.g. {@code AfterConvertOnnxToHip}. */
    public String seedName() {
        return seedName;
    }

    /** The slot with a number, or {@code null} when the number is out of range. */
    public static PipelineSlot fromIndex(int index) {
        return index >= 0 && index < COUNT ? values()[index] : null;
    }
}
