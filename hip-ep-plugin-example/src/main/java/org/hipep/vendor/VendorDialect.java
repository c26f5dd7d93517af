package org.hipep.vendor;

import java.util.Set;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.interfaces.MemoryEffects;

/**
 * The {@code vendor} dialect: one op per {@link VendorOp} row. Each op is {@code Pure} on tensors
 * and reports its memory effects in memref form (read the inputs, write the destination), as the
 * hip compute ops do. The bufferization models and the to-LLVM model are attached by a dialect
 * extension when the dialect loads ({@link #register}).
 */
public final class VendorDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "vendor";

    /** Constructor for the registry. */
    public VendorDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        for (VendorOp op : VendorOp.ALL) {
            addOperation(op.name()).summary(op.summary()).traits(OpTrait.Pure.class).verifier(VendorDialect::verify)
                    .register();
        }
    }

    /** Registers the dialect and the extension that attaches its models (the plugin's dialect registration). */
    public static void register(DialectRegistry registry) {
        registry.insert(NAMESPACE, VendorDialect::new);
        registry.addExtension(MODELS);
    }

    private static final DialectExtension MODELS = DialectExtension.of(Set.of(NAMESPACE), ctx -> {
        Dialect vendor = ctx.getLoadedDialect(NAMESPACE);
        for (OpDefinition def : vendor.operations()) {
            def.attachInterface(BufferizableOpInterface.class, VendorBufferization.INSTANCE);
            def.attachInterface(MemoryEffects.class, VendorBufferization.INSTANCE);
        }
        vendor.attachInterface(ConvertToLLVMPatternInterface.class, VendorToLLVM.INSTANCE);
    });

    /** Whether {@code op} is in memref form: three memref operands (a, b, destination), no results. */
    static boolean isMemRefForm(Operation op) {
        return op.numResults() == 0 && op.numOperands() == 3
                && op.operandTypes().stream().allMatch(t -> t instanceof MemRefType);
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    /** The verifier of every vendor op: the tensor form or the memref form, each checked by {@link VendorShapes}. */
    static LogicalResult verify(Operation op) {
        String problem;
        if (op.numResults() == 1 && op.numOperands() == 2) {
            if (!isTensor(op.operand(0).type()) || !isTensor(op.operand(1).type()) || !isTensor(op.result(0).type())) {
                return op.emitOpError("with a result expects tensor operands and a tensor result");
            }
            problem = VendorShapes.check(op.operand(0).type(), op.operand(1).type(), op.result(0).type());
        } else if (isMemRefForm(op)) {
            problem = VendorShapes.check(op.operand(0).type(), op.operand(1).type(), op.operand(2).type());
        } else {
            return op.emitOpError("expects two tensor operands and one tensor result, or (in memref form) three"
                    + " memref operands (a, b, destination) and no result; got " + op.numOperands()
                    + " operands and " + op.numResults() + " results");
        }
        return problem == null ? LogicalResult.success() : op.emitOpError(problem);
    }
}
