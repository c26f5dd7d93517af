package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.cf.CFDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import java.nio.charset.StandardCharsets;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpTrait;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.SignatureConversion;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code cf} to-LLVM model (MLIR's {@code ControlFlowToLLVM.cpp}): {@code cf.br} and
 * {@code cf.cond_br} become {@code llvm.br} and {@code llvm.cond_br} with the converted
 * operands; a successor whose argument types are not yet converted is converted first, so the
 * pass works on its own. {@code cf.assert} splits its block: on failure the message (a private
 * constant global {@code @assert_msg}, NUL-terminated) goes to {@code puts} and {@code abort} is
 * called, as upstream. {@code cf.switch} becomes {@code llvm.switch} with the same case values,
 * successors and operand segments.
 */
public final class CFToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the cf dialect. */
    public static final CFToLLVM INSTANCE = new CFToLLVM();

    private static final String BR = CFDialect.NAMESPACE + ".br";
    private static final String COND_BR = CFDialect.NAMESPACE + ".cond_br";
    private static final String ASSERT = CFDialect.NAMESPACE + ".assert";
    private static final String SWITCH = CFDialect.NAMESPACE + ".switch";

    private CFToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        target.addDynamicallyLegalOp(BR, op -> !LLVMTypeConverter.typesConvert(typeConverter, op));
        target.addDynamicallyLegalOp(COND_BR, op -> !LLVMTypeConverter.typesConvert(typeConverter, op));
        target.addDynamicallyLegalOp(SWITCH, op -> !LLVMTypeConverter.typesConvert(typeConverter, op));
        target.addIllegalOp(ASSERT);
        populatePatterns(typeConverter, patterns);
    }

    /** Adds the cf patterns. */
    public static void populatePatterns(TypeConverter tc, RewritePatternSet patterns) {
        patterns.add(ConversionPattern.of(BR, 1, tc, "cf-br-to-llvm", (op, operands, r) -> branch(op, operands, r, "br")));
        patterns.add(ConversionPattern.of(COND_BR, 1, tc, "cf-cond_br-to-llvm",
                (op, operands, r) -> branch(op, operands, r, "cond_br")));
        patterns.add(ConversionPattern.of(SWITCH, 1, tc, "cf-switch-to-llvm",
                (op, operands, r) -> branch(op, operands, r, "switch")));
        patterns.add(ConversionPattern.of(ASSERT, 1, tc, "cf-assert-to-llvm", CFToLLVM::assertOp));
    }

    private static LogicalResult assertOp(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        Operation module = op.parentWithTrait(OpTrait.SymbolTable.class);
        if (module == null || !(op.attribute("msg") instanceof StringAttr msg)) {
            return r.notifyMatchFailure(op, "no enclosing symbol table or no message");
        }
        Location loc = op.location();
        SymbolTable symbols = new SymbolTable(module);
        Block moduleBody = module.region(0).front();
        OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
        // Each at the start of the module, as upstream: the message, then puts and abort once.
        r.setInsertionPointToStart(moduleBody);
        String name = "assert_msg";
        for (int i = 0; symbols.lookup(name) != null; i++) {
            name = "assert_msg_" + i;
        }
        byte[] text = msg.value().getBytes(StandardCharsets.UTF_8);
        long[] bytes = new long[text.length + 1];
        for (int i = 0; i < text.length; i++) {
            bytes[i] = text[i];
        }
        LLVMTypes.ArrayType arrayType = new LLVMTypes.ArrayType(bytes.length, IntegerType.I8);
        Map<String, Attribute> global = new TreeMap<>();
        global.put(SymbolTable.SYMBOL_ATTR, new StringAttr(name));
        global.put("global_type", new TypeAttr(arrayType));
        global.put("linkage", new LLVMAttr("linkage", "private"));
        global.put("constant", UnitAttr.INSTANCE);
        global.put("value", DenseElementsAttr.ofLongs(RankedTensorType.of(IntegerType.I8, bytes.length), bytes));
        global.put("addr_space", IntegerAttr.of(IntegerType.I32, 0));
        global.put("visibility_", IntegerAttr.i64(0));
        OperationState gs = new OperationState(loc, LLVMDialect.NAMESPACE + ".mlir.global", r.context());
        gs.properties = DictionaryAttr.of(global);
        gs.addRegion();
        r.create(gs);
        if (symbols.lookup("puts") == null) {
            r.setInsertionPointToStart(moduleBody);
            LLVMOps.declareFunc(r, loc, "puts", new LLVMTypes.FunctionType(LLVMTypes.VoidType.INSTANCE,
                    List.of(LLVMTypes.PointerType.DEFAULT), false));
        }
        if (symbols.lookup("abort") == null) {
            r.setInsertionPointToStart(moduleBody);
            LLVMOps.declareFunc(r, loc, "abort",
                    new LLVMTypes.FunctionType(LLVMTypes.VoidType.INSTANCE, List.of(), false));
        }
        r.restoreInsertionPoint(ip);

        Block before = op.block();
        Block cont = r.splitBlock(before, op.nextNode());
        Block fail = new Block();
        before.parent().append(fail);
        r.setInsertionPointToEnd(fail);
        Value addr = LLVMOps.value(r, loc, "mlir.addressof", List.of(), LLVMTypes.PointerType.DEFAULT,
                Map.of("global_name", SymbolRefAttr.flat(name)));
        Value first = LLVMOps.value(r, loc, "getelementptr", List.of(addr), LLVMTypes.PointerType.DEFAULT,
                Map.of("elem_type", new TypeAttr(arrayType), "noWrapFlags", IntegerAttr.of(IntegerType.I32, 0),
                        "rawConstantIndices", DenseArrayAttr.ofLongs(IntegerType.I32, 0)));
        LLVMOps.call(r, loc, "puts", List.of(first), List.of());
        LLVMOps.call(r, loc, "abort", List.of(), List.of());
        LLVMOps.create(r, loc, "unreachable", List.of(), List.of(), Map.of());
        r.setInsertionPoint(op);
        OperationState br = new OperationState(loc, LLVMDialect.NAMESPACE + ".cond_br", r.context());
        br.addOperands(List.of(operands.get(0))).addSuccessor(cont).addSuccessor(fail);
        br.properties = DictionaryAttr.of(Map.of("operandSegmentSizes", DenseArrayAttr.ofLongs(IntegerType.I32, 1, 0, 0)));
        r.eraseOp(op);
        r.setInsertionPointToEnd(before);
        r.create(br);
        return LogicalResult.success();
    }

    private static LogicalResult branch(Operation op, List<Value> operands, ConversionPatternRewriter r,
            String target) {
        TypeConverter tc = r.currentTypeConverter();
        for (Block s : op.successors()) {
            if (!tc.isLegal(s.argumentTypes()) && tc.convertBlockSignature(s) == null) {
                return r.notifyMatchFailure(op, "successor argument types do not convert");
            }
        }
        OperationState st = new OperationState(op.location(), LLVMDialect.NAMESPACE + "." + target, r.context());
        st.addOperands(operands);
        for (Block s : op.successors()) {
            Block converted = s;
            if (!tc.isLegal(s.argumentTypes())) {
                SignatureConversion sc = tc.convertBlockSignature(s);
                converted = r.applySignatureConversion(s, sc, tc);
            }
            st.addSuccessor(converted);
        }
        Map<String, Attribute> props = new TreeMap<>();
        for (String name : List.of("operandSegmentSizes", "branch_weights", "case_values", "case_operand_segments")) {
            if (op.attribute(name) != null) {
                props.put(name, op.attribute(name));
            }
        }
        if (!props.isEmpty()) {
            st.properties = DictionaryAttr.of(props);
        }
        r.create(st);
        r.eraseOp(op);
        return LogicalResult.success();
    }
}
