package org.hipep.dialects.hip;

import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Type;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.ir.rewrite.CanonicalizationPatterns;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;

/**
 * The {@code hip} dialect: the tensor-level ops {@code convert-onnx-to-hip} produces and the
 * runtime ops below them: {@code hip.constant}, the constant carrier whose contract plugins
 * rely on (see {@link ConstantOp}), and the tensor compute ops (elementwise, matmul, gemm,
 * reductions, softmax, normalizations, convolutions and pools, attention) in destination-passing style, each implementing
 * {@link InferShapes} (see the package documentation), cast/transpose/reshape with
 * {@code canonicalize} patterns ({@link HipCanonicalization}); the memref-level runtime ops
 * {@code alloc_output}, {@code get_pool} and {@code get_host_scratch} ({@link HipRuntimeOps}); and the type {@code !hip.context}
 * ({@link ContextType}), the run-time state argument of device functions.
 */
public final class HipDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "hip";

    /** Constructor for the registry. */
    public HipDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("constant")
                .summary("A constant tensor carried to hip-externalize-constants: inline data, a file range or a memory address")
                .traits(OpTrait.Pure.class, OpTrait.ConstantLike.class)
                .inherentAttributes(ConstantOp.ATTRIBUTES.toArray(String[]::new))
                .verifier(ConstantOp::verify)
                .assembly(new ConstantOp.Assembly())
                .register();
        for (HipOps.Spec spec : HipOps.ALL) {
            OpDefinition.Builder op = addOperation(spec.name())
                    .summary(spec.summary())
                    .traits(OpTrait.Pure.class)
                    .inherentAttributes(spec.attributes().toArray(String[]::new))
                    .verifier(o -> HipMemRefForm.verify(spec, o))
                    .assembly(HipOps.ASSEMBLY)
                    .implement(InferShapes.class, spec.model());
            CanonicalizationPatterns patterns = HipCanonicalization.forOp(spec.name());
            if (patterns != null) {
                op.implement(CanonicalizationPatterns.class, patterns);
            }
            op.register();
        }
        addOperation(HipRuntimeOps.ALLOC_OUTPUT)
                .summary("The buffer of a graph output, from the caller's output allocator (never pooled or freed)")
                .inherentAttributes("out_idx").verifier(HipRuntimeOps::verifyAllocOutput)
                .assembly(HipRuntimeOps.ASSEMBLY).implement(MemoryEffects.class, HipRuntimeOps.WRITES_RESULT)
                .register();
        addOperation(HipRuntimeOps.GET_POOL).summary("The base of one memory pool domain, grown to at least a size")
                .inherentAttributes("domain_id").verifier(HipRuntimeOps::verifyGetPool)
                .assembly(HipRuntimeOps.ASSEMBLY).implement(MemoryEffects.class, HipRuntimeOps.WRITES_RESULT)
                .register();
        addOperation(HipRuntimeOps.GET_HOST_SCRATCH)
                .summary("The host-mapped scratch buffer, grown to at least a size")
                .verifier(HipRuntimeOps::verifyByteBuffer).assembly(HipRuntimeOps.ASSEMBLY)
                .implement(MemoryEffects.class, HipRuntimeOps.WRITES_RESULT).register();
        addOperation(HipRuntimeOps.GET_CONSTANT)
                .summary("An externalized constant, as the runtime loaded it from the constants sidecar")
                .traits(OpTrait.Pure.class).inherentAttributes("index").verifier(HipRuntimeOps::verifyGetConstant)
                .assembly(HipRuntimeOps.ASSEMBLY).register();
    }

    @Override
    public Type parseType(DialectAsmParser parser) {
        String kw = parser.parseKeyword();
        if (!kw.equals(ContextType.KEYWORD)) {
            throw parser.error("unknown hip type '" + kw + "' (expected context)");
        }
        return parser.context().intern(ContextType.INSTANCE);
    }

    @Override
    public void printType(Type type, DialectAsmPrinter printer) {
        if (!(type instanceof ContextType)) {
            throw new IllegalArgumentException("not a hip type: " + type.getClass().getName());
        }
        printer.print(ContextType.KEYWORD);
    }
}
