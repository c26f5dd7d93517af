package org.hipep.dialects.func;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.SymbolTableCollection;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The {@code func} dialect: {@code func.func}, {@code func.return} and {@code func.call}, with
 * MLIR's verifiers and custom assembly.
 */
public final class FuncDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "func";
    /** {@code func.func}. */
    public static final String FUNC = "func.func";
    /** {@code func.return}. */
    public static final String RETURN = "func.return";
    /** {@code func.call}. */
    public static final String CALL = "func.call";
    /** The inherent attribute holding a function's type. */
    public static final String FUNCTION_TYPE = "function_type";
    /** Per-argument attribute dictionaries. */
    public static final String ARG_ATTRS = "arg_attrs";
    /** Per-result attribute dictionaries. */
    public static final String RES_ATTRS = "res_attrs";
    /** The callee of {@code func.call}. */
    public static final String CALLEE = "callee";

    /** Constructor for the registry. */
    public FuncDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("func")
                .summary("An operation with a name containing a single SSACFG region")
                .traits(OpTrait.IsolatedFromAbove.class, OpTrait.Symbol.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR, FUNCTION_TYPE, SymbolTable.VISIBILITY_ATTR, ARG_ATTRS,
                        RES_ATTRS, "no_inline")
                .verifier(FuncDialect::verifyFunc)
                .assembly(new FuncAssembly())
                .register();
        addOperation("return")
                .summary("Function return operation")
                .traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class, OpTrait.Pure.class)
                .verifier(FuncDialect::verifyReturn)
                .assembly(new ReturnAssembly())
                .register();
        addOperation("call")
                .summary("Call operation")
                .inherentAttributes(CALLEE, ARG_ATTRS, RES_ATTRS, "no_inline")
                .symbolUseVerifier(FuncDialect::verifyCall)
                .assembly(new CallAssembly())
                .register();
    }

    /** The signature of a {@code func.func}, or {@code null} when the attribute is missing. */
    public static FunctionType functionType(Operation func) {
        Attribute a = func.attribute(FUNCTION_TYPE);
        return a instanceof TypeAttr t && t.value() instanceof FunctionType ft ? ft : null;
    }

    /** Whether a {@code func.func} is a declaration (no body). */
    public static boolean isDeclaration(Operation func) {
        return func.region(0).isEmpty();
    }

    private static String typeText(Type t) {
        return AttrTypePrinter.typeToString(t);
    }

    private static LogicalResult verifyFunc(Operation op) {
        if (!(op.attribute(SymbolTable.SYMBOL_ATTR) instanceof StringAttr)) {
            return op.emitOpError("requires attribute 'sym_name'");
        }
        FunctionType ft = functionType(op);
        if (ft == null) {
            return op.emitOpError("requires attribute 'function_type' to be a function type");
        }
        if (op.numRegions() != 1) {
            return op.emitOpError("requires one region");
        }
        Region body = op.region(0);
        if (body.isEmpty()) {
            Attribute vis = op.attribute(SymbolTable.VISIBILITY_ATTR);
            if (vis == null || (vis instanceof StringAttr s && s.value().equals("public"))) {
                return op.emitOpError("symbol declaration cannot have public visibility");
            }
            return LogicalResult.success();
        }
        List<Type> argTypes = body.front().argumentTypes();
        if (argTypes.size() != ft.inputs().size()) {
            return op.emitOpError("entry block must have " + ft.inputs().size()
                    + " arguments to match function signature");
        }
        for (int i = 0; i < argTypes.size(); i++) {
            if (!argTypes.get(i).equals(ft.inputs().get(i))) {
                return op.emitOpError("type of entry block argument #" + i + "(" + typeText(argTypes.get(i))
                        + ") must match the type of the corresponding argument in function signature("
                        + typeText(ft.inputs().get(i)) + ")");
            }
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyReturn(Operation op) {
        Operation func = op.parentOp();
        if (func == null || !func.is(FUNC)) {
            return op.emitOpError("expects parent op 'func.func'");
        }
        FunctionType ft = functionType(func);
        if (ft == null) {
            return LogicalResult.success();
        }
        String fname = SymbolTable.symbolName(func);
        List<Type> results = ft.results();
        if (op.numOperands() != results.size()) {
            return op.emitOpError("has " + op.numOperands() + " operands, but enclosing function (@" + fname
                    + ") returns " + results.size());
        }
        for (int i = 0; i < results.size(); i++) {
            if (!op.operand(i).type().equals(results.get(i))) {
                return op.emitError("type of return operand " + i + " (" + typeText(op.operand(i).type())
                        + ") doesn't match function result type (" + typeText(results.get(i)) + ") in function @" + fname);
            }
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyCall(Operation op, SymbolTableCollection symbolTables) {
        if (!(op.attribute(CALLEE) instanceof SymbolRefAttr callee) || !callee.isFlat()) {
            return op.emitOpError("requires a 'callee' symbol reference attribute");
        }
        Operation target = symbolTables.lookupNearestSymbolFrom(op, callee);
        if (target == null || !target.is(FUNC)) {
            return op.emitOpError("'" + callee.rootReference() + "' does not reference a valid function");
        }
        FunctionType ft = functionType(target);
        if (ft == null) {
            return LogicalResult.success();
        }
        if (ft.inputs().size() != op.numOperands()) {
            return op.emitOpError("incorrect number of operands for callee");
        }
        for (int i = 0; i < ft.inputs().size(); i++) {
            if (!op.operand(i).type().equals(ft.inputs().get(i))) {
                return op.emitOpError("operand type mismatch: expected operand type " + typeText(ft.inputs().get(i))
                        + ", but provided " + typeText(op.operand(i).type()) + " for operand number " + i);
            }
        }
        if (ft.results().size() != op.numResults()) {
            return op.emitOpError("incorrect number of results for callee");
        }
        for (int i = 0; i < ft.results().size(); i++) {
            if (!op.result(i).type().equals(ft.results().get(i))) {
                return op.emitOpError("result type mismatch at index " + i);
            }
        }
        return LogicalResult.success();
    }
}
