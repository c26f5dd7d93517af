package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DictionaryAttr;

/** Builds llvm dialect ops with their inherent attributes as properties, as the lowerings emit them. */
final class LLVMOps {
    private LLVMOps() {
    }

    /** {@code llvm.<name>(operands) <{properties}> : results}. */
    static Operation create(OpBuilder b, Location loc, String name, List<? extends Value> operands,
            List<? extends Type> results, Map<String, ? extends Attribute> properties) {
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + "." + name, b.context());
        st.addOperands(operands).addTypes(results);
        if (!properties.isEmpty()) {
            st.properties = DictionaryAttr.of(new TreeMap<>(properties));
        }
        return b.create(st);
    }

    /** The single result of {@link #create}. */
    static Value value(OpBuilder b, Location loc, String name, List<? extends Value> operands, Type result,
            Map<String, ? extends Attribute> properties) {
        return create(b, loc, name, operands, List.of(result), properties).result(0);
    }

    /** {@code llvm.mlir.constant(value) : type}. */
    static Value constant(OpBuilder b, Location loc, Type type, Attribute value) {
        return value(b, loc, "mlir.constant", List.of(), type, Map.of("value", value));
    }
}
