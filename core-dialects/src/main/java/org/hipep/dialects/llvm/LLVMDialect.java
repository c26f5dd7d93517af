package org.hipep.dialects.llvm;

import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;

/**
 * The {@code llvm} dialect, the subset that a lowering to LLVM IR needs: functions, globals,
 * calls, memory, aggregates (insert/extractvalue), integer and float arithmetic, comparisons,
 * casts, branches and switches ({@link SwitchForms}) and the intrinsics of {@link LLVMIntrinsics},
 * with MLIR's properties, custom forms and the key verifier rules ({@link LLVMVerifiers}).
 */
public final class LLVMDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "llvm";
    /** The {@code icmp} predicates in the order of their {@code i64} values. */
    public static final List<String> ICMP_PREDICATES = List.of("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule",
            "ugt", "uge");
    /** The {@code fcmp} predicates in the order of their {@code i64} values. */
    public static final List<String> FCMP_PREDICATES = List.of("_false", "oeq", "ogt", "oge", "olt", "ole", "one",
            "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true");

    private static final Map<String, Attribute> OVERFLOW = Map.of("overflowFlags", IntegerAttr.of(IntegerType.I32, 0));
    private static final Map<String, Attribute> FASTMATH = Map.of("fastmathFlags", LLVMAttr.FASTMATH_NONE);
    private static final Map<String, Attribute> ORDERING = Map.of("ordering", IntegerAttr.i64(0));

    /** Constructor for the registry. */
    public LLVMDialect(Context context) {
        super(NAMESPACE, context);
    }

    /** The {@code function_type} of an {@code llvm.func}, or {@code null}. */
    public static LLVMTypes.FunctionType functionType(org.hipep.ir.Operation func) {
        return func.attribute("function_type") instanceof org.hipep.ir.builtin.TypeAttr t
                && t.value() instanceof LLVMTypes.FunctionType ft ? ft : null;
    }

    @Override
    protected void initialize() {
        addOperation("func").summary("LLVM dialect function")
                .traits(OpTrait.IsolatedFromAbove.class, OpTrait.Symbol.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR, "function_type", "linkage", "CConv", "unnamed_addr",
                        "visibility_", "sym_visibility", "arg_attrs", "res_attrs")
                .verifier(LLVMVerifiers::func).assembly(LLVMFuncForms.func()).register();
        addOperation("return").summary("LLVM dialect return")
                .traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class, OpTrait.Pure.class)
                .verifier(LLVMVerifiers::ret).assembly(LLVMAsm.operandsAndTypes(Map.of(), false)).register();
        addOperation("call").summary("Call to an LLVM function")
                .inherentAttributes("callee", "var_callee_type", "CConv", "TailCallKind", "fastmathFlags",
                        "op_bundle_sizes", "operandSegmentSizes", "arg_attrs", "res_attrs")
                .symbolUseVerifier(LLVMVerifiers::call).assembly(LLVMFuncForms.call()).register();
        addOperation("mlir.global").summary("LLVM dialect global")
                .traits(OpTrait.Symbol.class, OpTrait.IsolatedFromAbove.class, OpTrait.SingleBlock.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR, "global_type", "linkage", "constant", "value",
                        "addr_space", "unnamed_addr", "visibility_", "alignment", "sym_visibility")
                .verifier(LLVMVerifiers::global).assembly(LLVMFuncForms.global()).register();
        addOperation("mlir.addressof").summary("Creates a pointer to a global or function")
                .traits(OpTrait.Pure.class).inherentAttributes("global_name")
                .symbolUseVerifier(LLVMVerifiers::addressOf).assembly(LLVMOpForms.addressOf()).register();
        addOperation("mlir.constant").summary("Defines a constant of LLVM type")
                .traits(OpTrait.Pure.class, OpTrait.ConstantLike.class).inherentAttributes("value")
                .verifier(LLVMVerifiers::constant).assembly(LLVMOpForms.constant()).register();
        addOperation("mlir.zero").summary("Creates a zero-initialized value")
                .traits(OpTrait.Pure.class).assembly(LLVMAsm.nullary()).register();
        addOperation("mlir.undef").summary("Creates an undefined value")
                .traits(OpTrait.Pure.class).assembly(LLVMAsm.nullary()).register();
        addOperation("mlir.poison").summary("Creates a poison value")
                .traits(OpTrait.Pure.class).assembly(LLVMAsm.nullary()).register();
        addOperation("extractvalue").summary("Extract a value from an LLVM struct").traits(OpTrait.Pure.class)
                .inherentAttributes("position").verifier(LLVMVerifiers::extractValue)
                .assembly(LLVMOpForms.extractValue()).register();
        addOperation("insertvalue").summary("Insert a value into an LLVM struct").traits(OpTrait.Pure.class)
                .inherentAttributes("position").verifier(LLVMVerifiers::insertValue)
                .assembly(LLVMOpForms.insertValue()).register();
        addOperation("alloca").summary("Stack allocation").inherentAttributes("elem_type", "alignment", "inalloca")
                .verifier(LLVMVerifiers::alloca).assembly(LLVMOpForms.alloca()).register();
        addOperation("load").summary("Load from memory")
                .inherentAttributes("ordering", "alignment", "volatile_", "nontemporal", "invariant", "syncscope")
                .verifier(LLVMVerifiers::load)
                .assembly(LLVMAsm.operandsAndTypes(ORDERING, true, "volatile", "volatile_"))
                .register();
        addOperation("store").summary("Store to memory")
                .inherentAttributes("ordering", "alignment", "volatile_", "nontemporal", "syncscope")
                .verifier(LLVMVerifiers::store)
                .assembly(LLVMAsm.operandsAndTypes(ORDERING, false, "volatile", "volatile_"))
                .register();
        addOperation("getelementptr").summary("Address computation")
                .traits(OpTrait.Pure.class).inherentAttributes("rawConstantIndices", "elem_type", "noWrapFlags")
                .verifier(LLVMVerifiers::gep).assembly(LLVMOpForms.gep()).register();
        for (String op : List.of("add", "sub", "mul", "shl")) {
            binary(op, OVERFLOW, "overflowFlags");
        }
        for (String op : List.of("sdiv", "udiv", "lshr", "ashr")) {
            binary(op, Map.of(), "isExact");
        }
        binary("or", Map.of(), "isDisjoint");
        for (String op : List.of("srem", "urem", "and", "xor")) {
            binary(op, Map.of());
        }
        for (String op : List.of("fadd", "fsub", "fmul", "fdiv", "frem")) {
            binary(op, FASTMATH, "fastmathFlags");
        }
        addOperation("fneg").summary("Float negation").traits(OpTrait.Pure.class)
                .inherentAttributes("fastmathFlags").verifier(LLVMVerifiers::sameOperandsAndResult)
                .assembly(LLVMAsm.binary(FASTMATH, null, null)).register();
        addOperation("icmp").summary("Integer comparison").traits(OpTrait.Pure.class).inherentAttributes("predicate")
                .verifier(op -> LLVMVerifiers.compare(op, ICMP_PREDICATES.size()))
                .assembly(LLVMAsm.compare(ICMP_PREDICATES, Map.of())).register();
        addOperation("fcmp").summary("Float comparison").traits(OpTrait.Pure.class)
                .inherentAttributes("predicate", "fastmathFlags")
                .verifier(op -> LLVMVerifiers.compare(op, FCMP_PREDICATES.size()))
                .assembly(LLVMAsm.compare(FCMP_PREDICATES, FASTMATH)).register();
        addOperation("select").summary("Select").traits(OpTrait.Pure.class).inherentAttributes("fastmathFlags")
                .verifier(LLVMVerifiers::select).assembly(LLVMOpForms.select(FASTMATH)).register();
        for (String op : List.of("sext", "uitofp", "fptosi", "fptoui", "bitcast", "ptrtoint", "inttoptr",
                "addrspacecast")) {
            cast(op, Map.of(), "nonNeg");
        }
        cast("sitofp", Map.of());
        cast("zext", Map.of(), "nonNeg");
        cast("trunc", OVERFLOW, "overflowFlags");
        cast("fpext", Map.of());
        cast("fptrunc", Map.of());
        addOperation("br").summary("Unconditional branch").traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .inherentAttributes("loop_annotation").verifier(LLVMVerifiers::branch)
                .assembly(LLVMOpForms.br()).register();
        addOperation("cond_br").summary("Conditional branch").traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .inherentAttributes("operandSegmentSizes", "branch_weights", "loop_annotation")
                .verifier(LLVMVerifiers::branch).assembly(LLVMOpForms.condBr()).register();
        addOperation("switch").summary("Switch").traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .inherentAttributes("case_values", "case_operand_segments", "operandSegmentSizes", "branch_weights")
                .verifier(SwitchForms::verifyLlvm).assembly(SwitchForms.llvm()).register();
        registerIntrinsics();
        addOperation("unreachable").summary("Unreachable").traits(OpTrait.IsTerminator.class)
                .assembly(LLVMAsm.operandsAndTypes(Map.of(), false)).register();
    }

    private void registerIntrinsics() {
        List<List<String>> byArity = List.of(LLVMIntrinsics.UNARY_FLOAT, LLVMIntrinsics.BINARY_FLOAT,
                LLVMIntrinsics.TERNARY_FLOAT);
        for (int k = 0; k < byArity.size(); k++) {
            int arity = k + 1;
            for (String name : byArity.get(k)) {
                addOperation("intr." + name).summary("LLVM intrinsic 'llvm." + name + "'").traits(OpTrait.Pure.class)
                        .inherentAttributes("fastmathFlags").verifier(op -> LLVMIntrinsics.verifyFloat(op, arity))
                        .assembly(LLVMIntrinsics.floatForm()).register();
            }
        }
        for (String name : LLVMIntrinsics.BINARY_INT) {
            addOperation("intr." + name).summary("LLVM intrinsic 'llvm." + name + "'").traits(OpTrait.Pure.class)
                    .verifier(LLVMIntrinsics::verifyInt).assembly(LLVMIntrinsics.intForm()).register();
        }
        addOperation("intr.stacksave").summary("LLVM intrinsic 'llvm.stacksave'")
                .verifier(op -> op.numOperands() == 0 && op.numResults() == 1
                        && op.result(0).type() instanceof LLVMTypes.PointerType ? LogicalResult.success()
                        : op.emitOpError("expects no operands and one LLVM pointer result"))
                .assembly(LLVMIntrinsics.resultTypeForm()).register();
        addOperation("intr.stackrestore").summary("LLVM intrinsic 'llvm.stackrestore'")
                .verifier(op -> op.numOperands() == 1 && op.numResults() == 0
                        && op.operand(0).type() instanceof LLVMTypes.PointerType ? LogicalResult.success()
                        : op.emitOpError("expects one LLVM pointer operand and no result"))
                .assembly(LLVMAsm.operandsAndTypes(Map.of(), false)).register();
        String[] memoryAttrs = {"isVolatile", "arg_attrs", "access_groups", "alias_scopes", "noalias_scopes", "tbaa"};
        addOperation("intr.memcpy").summary("LLVM intrinsic 'llvm.memcpy'").inherentAttributes(memoryAttrs)
                .verifier(op -> LLVMIntrinsics.verifyMemIntrinsic(op, false)).register();
        addOperation("intr.memset").summary("LLVM intrinsic 'llvm.memset'").inherentAttributes(memoryAttrs)
                .verifier(op -> LLVMIntrinsics.verifyMemIntrinsic(op, true)).register();
        addOperation("call_intrinsic").summary("Call to an LLVM intrinsic function")
                .inherentAttributes("intrin", "fastmathFlags", "op_bundle_sizes", "op_bundle_tags",
                        "operandSegmentSizes", "arg_attrs", "res_attrs")
                .verifier(LLVMIntrinsics::verifyCallIntrinsic).assembly(LLVMIntrinsics.callIntrinsicForm()).register();
    }

    /** The keyword of the custom forms that stands for each unit property ({@code llvm.udiv exact}). */
    private static final Map<String, String> UNIT_KEYWORDS = Map.of("isExact", "exact", "isDisjoint", "disjoint",
            "nonNeg", "nneg");

    private static String unitProp(String... props) {
        for (String p : props) {
            if (UNIT_KEYWORDS.containsKey(p)) {
                return p;
            }
        }
        return null;
    }

    private void binary(String name, Map<String, Attribute> defaults, String... props) {
        String unit = unitProp(props);
        addOperation(name).summary("LLVM '" + name + "' instruction").traits(OpTrait.Pure.class)
                .inherentAttributes(props).verifier(LLVMVerifiers::sameOperandsAndResult)
                .assembly(LLVMAsm.binary(defaults, unit == null ? null : UNIT_KEYWORDS.get(unit), unit)).register();
    }

    private void cast(String name, Map<String, Attribute> defaults, String... props) {
        String unit = unitProp(props);
        addOperation(name).summary("LLVM '" + name + "' cast").traits(OpTrait.Pure.class)
                .inherentAttributes(props).verifier(LLVMVerifiers::cast)
                .assembly(LLVMAsm.cast(defaults, unit == null ? null : UNIT_KEYWORDS.get(unit), unit)).register();
    }

    @Override
    public Type parseType(DialectAsmParser parser) {
        return LLVMTypes.parseBody(parser.parseKeyword(), parser);
    }

    @Override
    public void printType(Type type, DialectAsmPrinter printer) {
        LLVMTypes.printBody((LLVMTypes.LLVMType) type, printer);
    }

    @Override
    public Attribute parseAttribute(DialectAsmParser parser, Type type) {
        return LLVMAttr.parse(parser.consumeBody());
    }

    @Override
    public void printAttribute(Attribute attribute, DialectAsmPrinter printer) {
        printer.print(((LLVMAttr) attribute).body());
    }
}
