package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;

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

    /** The properties of an {@code llvm.func} as upstream's lowerings set them. */
    static Map<String, Attribute> funcProperties(String name, LLVMTypes.FunctionType type) {
        Map<String, Attribute> props = new TreeMap<>();
        props.put(SymbolTable.SYMBOL_ATTR, new StringAttr(name));
        props.put("function_type", new TypeAttr(type));
        props.put("linkage", LLVMAttr.EXTERNAL);
        props.put("CConv", LLVMAttr.CCC);
        props.put("visibility_", IntegerAttr.i64(0));
        return props;
    }

    /** {@code llvm.func @name} without a body (a declaration), inserted where {@code b} points. */
    static Operation declareFunc(OpBuilder b, Location loc, String name, LLVMTypes.FunctionType type) {
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".func", b.context());
        st.properties = DictionaryAttr.of(funcProperties(name, type));
        st.addRegion();
        return b.create(st);
    }

    /** Whether {@code existing} is an {@code llvm.func} of exactly {@code type}. */
    static boolean isFunctionOfType(Operation existing, LLVMTypes.FunctionType type) {
        return existing.is(LLVMDialect.NAMESPACE + ".func")
                && existing.attribute("function_type") instanceof TypeAttr t && t.value().equals(type);
    }

    /**
     * Declares {@code name} at the start of {@code module} unless the module already has that
     * symbol (upstream's lookupOrCreateFn); {@code b}'s insertion point is kept.
     */
    static void declareOnce(OpBuilder b, Location loc, Operation module, String name, LLVMTypes.FunctionType type) {
        if (new SymbolTable(module).lookup(name) != null) {
            return;
        }
        OpBuilder.InsertionPoint ip = b.saveInsertionPoint();
        b.setInsertionPointToStart(module.region(0).front());
        declareFunc(b, loc, name, type);
        b.restoreInsertionPoint(ip);
    }

    /** {@code llvm.call @callee(args) : results} with upstream's default properties. */
    static Operation call(OpBuilder b, Location loc, String callee, List<? extends Value> args,
            List<? extends Type> results) {
        Map<String, Attribute> props = new TreeMap<>();
        props.put("callee", SymbolRefAttr.flat(callee));
        props.put("CConv", LLVMAttr.CCC);
        props.put("TailCallKind", LLVMAttr.TAIL_NONE);
        props.put("fastmathFlags", LLVMAttr.FASTMATH_NONE);
        props.put("op_bundle_sizes", DenseArrayAttr.ofLongs(IntegerType.I32));
        props.put("operandSegmentSizes", DenseArrayAttr.ofLongs(IntegerType.I32, args.size(), 0));
        return create(b, loc, "call", args, results, props);
    }
}
