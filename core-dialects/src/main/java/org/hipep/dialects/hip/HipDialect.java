package org.hipep.dialects.hip;

import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpTrait;

/**
 * The {@code hip} dialect: the tensor-level ops {@code convert-onnx-to-hip} produces and the
 * runtime ops below them. Today it holds {@code hip.constant}, the constant carrier whose
 * contract plugins rely on (see {@link ConstantOp}); the compute ops arrive with the ONNX-to-HIP
 * conversion.
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
    }
}
