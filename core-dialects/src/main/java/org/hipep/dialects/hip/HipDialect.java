package org.hipep.dialects.hip;

import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpTrait;

/**
 * The {@code hip} dialect: the tensor-level ops {@code convert-onnx-to-hip} produces and the
 * runtime ops below them: {@code hip.constant}, the constant carrier whose contract plugins
 * rely on (see {@link ConstantOp}), and the tensor compute ops (elementwise, matmul, gemm,
 * reductions, softmax, normalizations, convolutions and pools, attention) in destination-passing style, each implementing
 * {@link InferShapes} (see the package documentation).
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
            addOperation(spec.name())
                    .summary(spec.summary())
                    .traits(OpTrait.Pure.class)
                    .inherentAttributes(spec.attributes().toArray(String[]::new))
                    .verifier(op -> HipMemRefForm.verify(spec, op))
                    .assembly(HipOps.ASSEMBLY)
                    .implement(InferShapes.class, spec.model())
                    .register();
        }
    }
}
