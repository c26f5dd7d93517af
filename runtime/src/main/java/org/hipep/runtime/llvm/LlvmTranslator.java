package org.hipep.runtime.llvm;

import static org.bytedeco.llvm.global.LLVM.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.llvm.LLVM.LLVMBasicBlockRef;
import org.bytedeco.llvm.LLVM.LLVMBuilderRef;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.LLVM.LLVMTypeRef;
import org.bytedeco.llvm.LLVM.LLVMValueRef;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;

/**
 * Translates a verified {@code builtin.module} of the {@code llvm} dialect to an LLVM module in a
 * fresh context through the LLVM C API, and runs LLVM's verifier over the result.
 *
 * <p>Covered: integer, float ({@code f16}, {@code bf16}, {@code f32}, {@code f64}), pointer,
 * literal and identified struct, array, vector, function and void types; functions (declarations
 * and definitions, linkage, visibility, unnamed_addr, calling convention); globals (linkage,
 * constant, alignment, address space, dense int/float initializers, strings, scalars);
 * {@code mlir.constant/zero/undef/poison/addressof}; integer and float arithmetic with overflow,
 * exact, disjoint and fast-math flags; {@code icmp}/{@code fcmp}; casts (with {@code nneg});
 * {@code select}; {@code load}/{@code store} (alignment, volatile, nontemporal, ordering);
 * {@code alloca}; {@code getelementptr} with constant and dynamic indices and no-wrap flags;
 * {@code insertvalue}/{@code extractvalue} at nested positions; direct and indirect calls (calling
 * convention, tail-call kind); {@code br}, {@code cond_br}, {@code switch} (block arguments become
 * phi nodes), {@code return}, {@code unreachable}; and the intrinsics {@code llvm.intr.*} as calls to
 * LLVM's intrinsic functions. Discardable attributes ({@code llvm.emit_c_interface}, argument
 * names) are not carried over. Any other op, or a property value outside these, is a
 * {@link LlvmTranslationException} naming it and its location.
 */
public final class LlvmTranslator {
    private static final String BUILTIN_MODULE = "builtin.module";
    private static final int DYNAMIC_INDEX = Integer.MIN_VALUE;

    private final LLVMContextRef ctx;
    private final LLVMModuleRef mod;
    private final LLVMBuilderRef builder;
    private final LlvmTypeConverter types;
    private final Map<String, LLVMValueRef> functions = new HashMap<>();
    private final Map<String, LLVMValueRef> globals = new HashMap<>();
    private final Map<Value, LLVMValueRef> values = new IdentityHashMap<>();
    private final Map<Block, LLVMBasicBlockRef> blocks = new IdentityHashMap<>();
    private final List<PendingEdge> edges = new ArrayList<>();

    /** A branch edge whose successor operands become incoming values of the successor's phis. */
    private record PendingEdge(LLVMBasicBlockRef from, Block to, List<Value> operands) {
    }

    private LlvmTranslator(LLVMContextRef ctx, LLVMModuleRef mod) {
        this.ctx = ctx;
        this.mod = mod;
        this.builder = LLVMCreateBuilderInContext(ctx);
        this.types = new LlvmTypeConverter(ctx);
    }

    /**
     * Translates {@code module} and verifies the result.
     *
     * @param module a {@code builtin.module} whose ops are all of the {@code llvm} dialect
     * @param name the LLVM module identifier
     * @throws LlvmTranslationException for an op or attribute outside the covered subset (named with
     *     its location), or when LLVM's verifier rejects the result (with LLVM's message)
     */
    public static LlvmModule translate(Operation module, String name) {
        if (!module.is(BUILTIN_MODULE)) {
            throw new LlvmTranslationException("expected a builtin.module, got '" + module.nameString() + "' at "
                    + module.location());
        }
        LLVMContextRef ctx = LLVMContextCreate();
        LLVMModuleRef mod = LLVMModuleCreateWithNameInContext(name, ctx);
        LlvmModule result = new LlvmModule(ctx, mod);
        try {
            LlvmTranslator t = new LlvmTranslator(ctx, mod);
            try {
                t.translateModule(module);
            } finally {
                // The builder goes before the context does, also on failure.
                LLVMDisposeBuilder(t.builder);
            }
            result.verify();
            return result;
        } catch (RuntimeException e) {
            result.close();
            throw e;
        }
    }

    // ------------------------------------------------------------------ module level

    private void translateModule(Operation module) {
        if (module.attribute("llvm.target_triple") instanceof StringAttr triple) {
            LLVMSetTarget(mod, triple.value());
        }
        if (module.attribute("llvm.data_layout") instanceof StringAttr layout) {
            LLVMSetDataLayout(mod, layout.value());
        }
        List<Operation> top = module.region(0).front().operations();
        for (Operation op : top) {
            switch (op.nameString()) {
                case "llvm.func" -> declareFunction(op);
                case "llvm.mlir.global" -> declareGlobal(op);
                default -> throw unsupported(op, "at module level");
            }
        }
        for (Operation op : top) {
            if (op.is("llvm.mlir.global")) {
                defineGlobal(op);
            }
        }
        for (Operation op : top) {
            if (op.is("llvm.func") && !op.region(0).isEmpty()) {
                defineFunction(op);
            }
        }
    }

    static String symbol(Operation op) {
        if (!(op.attribute("sym_name") instanceof StringAttr s)) {
            throw new LlvmTranslationException("'" + op.nameString() + "' without sym_name at " + op.location());
        }
        return s.value();
    }

    private void declareFunction(Operation op) {
        LLVMTypes.FunctionType ft = LLVMDialect.functionType(op);
        if (ft == null) {
            throw new LlvmTranslationException("llvm.func without an LLVM function_type at " + op.location());
        }
        String name = symbol(op);
        LLVMValueRef f = LLVMAddFunction(mod, name, types.type(ft, op));
        LLVMSetLinkage(f, LlvmAttributes.linkage(op));
        LLVMSetVisibility(f, LlvmAttributes.visibility(op));
        LLVMSetUnnamedAddress(f, LlvmAttributes.unnamedAddr(op));
        LLVMSetFunctionCallConv(f, LlvmAttributes.callConv(op, op.attribute("CConv")));
        functions.put(name, f);
    }

    private void declareGlobal(Operation op) {
        if (!(op.attribute("global_type") instanceof TypeAttr gt)) {
            throw new LlvmTranslationException("llvm.mlir.global without global_type at " + op.location());
        }
        String name = symbol(op);
        int as = op.attribute("addr_space") instanceof IntegerAttr a ? (int) a.longValue() : 0;
        LLVMValueRef g = LLVMAddGlobalInAddressSpace(mod, types.type(gt.value(), op), name, as);
        LLVMSetLinkage(g, LlvmAttributes.linkage(op));
        LLVMSetVisibility(g, LlvmAttributes.visibility(op));
        LLVMSetUnnamedAddress(g, LlvmAttributes.unnamedAddr(op));
        LLVMSetGlobalConstant(g, op.attribute("constant") != null ? 1 : 0);
        if (op.attribute("alignment") instanceof IntegerAttr al && al.longValue() > 0) {
            LLVMSetAlignment(g, (int) al.longValue());
        }
        globals.put(name, g);
    }

    private void defineGlobal(Operation op) {
        LLVMValueRef g = globals.get(symbol(op));
        Type type = ((TypeAttr) op.attribute("global_type")).value();
        Attribute value = op.attribute("value");
        if (op.numRegions() > 0 && !op.region(0).isEmpty()) {
            throw new LlvmTranslationException("llvm.mlir.global @" + symbol(op)
                    + " with an initializer region is not supported at " + op.location());
        }
        if (value != null) {
            LLVMSetInitializer(g, types.constant(value, type, op));
        } else {
            int linkage = LlvmAttributes.linkage(op);
            if (linkage != LLVMExternalLinkage && linkage != LLVMExternalWeakLinkage) {
                // A global of local linkage without a value is zero-initialised, as upstream does.
                LLVMSetInitializer(g, LLVMConstNull(types.type(type, op)));
            }
        }
    }

    // ------------------------------------------------------------------ functions

    private void defineFunction(Operation op) {
        LLVMValueRef f = functions.get(symbol(op));
        values.clear();
        blocks.clear();
        edges.clear();
        List<Block> body = op.region(0).blocks();
        for (Block b : body) {
            blocks.put(b, LLVMAppendBasicBlockInContext(ctx, f, ""));
        }
        Block entry = body.get(0);
        if (entry.numArguments() != LLVMCountParams(f)) {
            throw new LlvmTranslationException("llvm.func @" + symbol(op) + " has " + entry.numArguments()
                    + " entry block arguments for " + LLVMCountParams(f) + " parameters at " + op.location());
        }
        for (int i = 0; i < entry.numArguments(); i++) {
            values.put(entry.argument(i), LLVMGetParam(f, i));
        }
        for (Block b : body) {
            if (b == entry) {
                continue;
            }
            LLVMPositionBuilderAtEnd(builder, blocks.get(b));
            for (int i = 0; i < b.numArguments(); i++) {
                values.put(b.argument(i), LLVMBuildPhi(builder, types.type(b.argument(i).type(), op), ""));
            }
        }
        for (Block b : dominanceOrder(entry, body)) {
            LLVMPositionBuilderAtEnd(builder, blocks.get(b));
            for (Operation inner : b) {
                translateOp(inner);
            }
        }
        for (PendingEdge e : edges) {
            LLVMBasicBlockRef target = blocks.get(e.to());
            LLVMValueRef phi = LLVMGetFirstInstruction(target);
            for (int i = 0; i < e.operands().size(); i++) {
                LLVMAddIncoming(phi, value(e.operands().get(i), e.to().parentOp()), e.from(), 1);
                phi = LLVMGetNextInstruction(phi);
            }
        }
    }

    /**
     * The blocks in reverse post-order from the entry (a definition comes before its uses), then
     * the unreachable ones in region order.
     */
    private static List<Block> dominanceOrder(Block entry, List<Block> body) {
        List<Block> post = new ArrayList<>();
        Set<Block> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object[]> stack = new ArrayDeque<>();
        seen.add(entry);
        stack.push(new Object[] {entry, 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            Block b = (Block) top[0];
            int next = (Integer) top[1];
            List<Block> succ = b.isEmpty() ? List.of() : b.successors();
            if (next < succ.size()) {
                top[1] = next + 1;
                Block s = succ.get(next);
                if (seen.add(s)) {
                    stack.push(new Object[] {s, 0});
                }
            } else {
                stack.pop();
                post.add(b);
            }
        }
        List<Block> order = new ArrayList<>();
        for (int i = post.size() - 1; i >= 0; i--) {
            order.add(post.get(i));
        }
        for (Block b : body) {
            if (!seen.contains(b)) {
                order.add(b);
            }
        }
        return order;
    }

    // ------------------------------------------------------------------ ops

    private void translateOp(Operation op) {
        String name = op.nameString();
        if (!name.startsWith("llvm.")) {
            throw unsupported(op, "(not of the llvm dialect)");
        }
        String n = name.substring("llvm.".length());
        LLVMValueRef r;
        switch (n) {
            case "mlir.constant" -> r = types.constant(op.attribute("value"), op.result(0).type(), op);
            case "mlir.zero" -> r = LLVMConstNull(resultType(op));
            case "mlir.undef" -> r = LLVMGetUndef(resultType(op));
            case "mlir.poison" -> r = LLVMGetPoison(resultType(op));
            case "mlir.addressof" -> r = addressOf(op);
            case "add", "sub", "mul", "shl", "sdiv", "udiv", "srem", "urem", "lshr", "ashr", "and", "or", "xor",
                    "fadd", "fsub", "fmul", "fdiv", "frem" -> r = binary(op, n);
            case "fneg" -> {
                r = LLVMBuildFNeg(builder, operand(op, 0), "");
                LlvmAttributes.fastMath(r, op);
            }
            case "icmp" -> r = LLVMBuildICmp(builder, LlvmAttributes.icmpPredicate(op), operand(op, 0), operand(op, 1), "");
            case "fcmp" -> {
                r = LLVMBuildFCmp(builder, LlvmAttributes.fcmpPredicate(op), operand(op, 0), operand(op, 1), "");
                LlvmAttributes.fastMath(r, op);
            }
            case "select" -> {
                r = LLVMBuildSelect(builder, operand(op, 0), operand(op, 1), operand(op, 2), "");
                LlvmAttributes.fastMath(r, op);
            }
            case "sext", "zext", "trunc", "uitofp", "sitofp", "fptosi", "fptoui", "fpext", "fptrunc", "bitcast",
                    "ptrtoint", "inttoptr", "addrspacecast" -> r = cast(op, n);
            case "load" -> r = load(op);
            case "store" -> {
                store(op);
                r = null;
            }
            case "alloca" -> r = alloca(op);
            case "getelementptr" -> r = gep(op);
            case "extractvalue" -> r = extractValue(operand(op, 0), positions(op), 0);
            case "insertvalue" -> r = insertValue(operand(op, 0), operand(op, 1), positions(op), 0);
            case "call" -> r = call(op);
            case "return" -> {
                if (op.numOperands() == 0) {
                    LLVMBuildRetVoid(builder);
                } else {
                    LLVMBuildRet(builder, operand(op, 0));
                }
                r = null;
            }
            case "unreachable" -> {
                LLVMBuildUnreachable(builder);
                r = null;
            }
            case "br" -> {
                edge(op.successor(0), op.operands());
                LLVMBuildBr(builder, blocks.get(op.successor(0)));
                r = null;
            }
            case "cond_br" -> {
                condBr(op);
                r = null;
            }
            case "switch" -> {
                switchOp(op);
                r = null;
            }
            case "intr.memcpy" -> {
                memIntrinsic(op, "llvm.memcpy", 3);
                r = null;
            }
            case "intr.memset" -> {
                memIntrinsic(op, "llvm.memset", 2);
                r = null;
            }
            default -> {
                if (n.startsWith("intr.") && !n.equals("intr.memmove")) {
                    r = intrinsic(op, "llvm." + n.substring("intr.".length()));
                } else {
                    throw unsupported(op, "");
                }
            }
        }
        if (op.numResults() == 1) {
            if (r == null) {
                throw new LlvmTranslationException("'" + name + "' gave no value at " + op.location());
            }
            values.put(op.result(0), r);
        } else if (op.numResults() > 1) {
            throw unsupported(op, "with " + op.numResults() + " results");
        }
    }

    private static LlvmTranslationException unsupported(Operation op, String detail) {
        return new LlvmTranslationException("cannot translate '" + op.nameString() + "' to LLVM IR"
                + (detail.isEmpty() ? "" : " " + detail) + " at " + op.location());
    }

    private LLVMValueRef operand(Operation op, int i) {
        return value(op.operand(i), op);
    }

    private LLVMValueRef value(Value v, Operation user) {
        LLVMValueRef r = values.get(v);
        if (r == null) {
            throw new LlvmTranslationException("a value used by '" + user.nameString()
                    + "' has not been translated (its definition does not dominate the use) at " + user.location());
        }
        return r;
    }

    private LLVMTypeRef resultType(Operation op) {
        return types.type(op.result(0).type(), op);
    }

    private LLVMValueRef addressOf(Operation op) {
        if (!(op.attribute("global_name") instanceof SymbolRefAttr ref)) {
            throw new LlvmTranslationException("llvm.mlir.addressof without global_name at " + op.location());
        }
        LLVMValueRef target = globals.get(ref.rootReference());
        if (target == null) {
            target = functions.get(ref.rootReference());
        }
        if (target == null) {
            throw new LlvmTranslationException("llvm.mlir.addressof of unknown symbol @" + ref.rootReference()
                    + " at " + op.location());
        }
        return target;
    }

    private LLVMValueRef binary(Operation op, String n) {
        LLVMValueRef a = operand(op, 0);
        LLVMValueRef b = operand(op, 1);
        LLVMValueRef r = switch (n) {
            case "add" -> LLVMBuildAdd(builder, a, b, "");
            case "sub" -> LLVMBuildSub(builder, a, b, "");
            case "mul" -> LLVMBuildMul(builder, a, b, "");
            case "shl" -> LLVMBuildShl(builder, a, b, "");
            case "sdiv" -> LLVMBuildSDiv(builder, a, b, "");
            case "udiv" -> LLVMBuildUDiv(builder, a, b, "");
            case "srem" -> LLVMBuildSRem(builder, a, b, "");
            case "urem" -> LLVMBuildURem(builder, a, b, "");
            case "lshr" -> LLVMBuildLShr(builder, a, b, "");
            case "ashr" -> LLVMBuildAShr(builder, a, b, "");
            case "and" -> LLVMBuildAnd(builder, a, b, "");
            case "or" -> LLVMBuildOr(builder, a, b, "");
            case "xor" -> LLVMBuildXor(builder, a, b, "");
            case "fadd" -> LLVMBuildFAdd(builder, a, b, "");
            case "fsub" -> LLVMBuildFSub(builder, a, b, "");
            case "fmul" -> LLVMBuildFMul(builder, a, b, "");
            case "fdiv" -> LLVMBuildFDiv(builder, a, b, "");
            default -> LLVMBuildFRem(builder, a, b, "");
        };
        LlvmAttributes.overflowFlags(r, op);
        if (op.attribute("isExact") != null && LlvmAttributes.isInstruction(r)) {
            LLVMSetExact(r, 1);
        }
        if (op.attribute("isDisjoint") != null && LlvmAttributes.isInstruction(r)) {
            LLVMSetIsDisjoint(r, 1);
        }
        LlvmAttributes.fastMath(r, op);
        return r;
    }

    private LLVMValueRef cast(Operation op, String n) {
        int opcode = switch (n) {
            case "sext" -> LLVMSExt;
            case "zext" -> LLVMZExt;
            case "trunc" -> LLVMTrunc;
            case "uitofp" -> LLVMUIToFP;
            case "sitofp" -> LLVMSIToFP;
            case "fptosi" -> LLVMFPToSI;
            case "fptoui" -> LLVMFPToUI;
            case "fpext" -> LLVMFPExt;
            case "fptrunc" -> LLVMFPTrunc;
            case "bitcast" -> LLVMBitCast;
            case "ptrtoint" -> LLVMPtrToInt;
            case "inttoptr" -> LLVMIntToPtr;
            default -> LLVMAddrSpaceCast;
        };
        LLVMValueRef r = LLVMBuildCast(builder, opcode, operand(op, 0), resultType(op), "");
        if (op.attribute("nonNeg") != null && LlvmAttributes.isInstruction(r)) {
            LLVMSetNNeg(r, 1);
        }
        if (n.equals("trunc")) {
            LlvmAttributes.overflowFlags(r, op);
        }
        return r;
    }

    private void memoryAccess(LLVMValueRef inst, Operation op) {
        if (op.attribute("alignment") instanceof IntegerAttr al && al.longValue() > 0) {
            LLVMSetAlignment(inst, (int) al.longValue());
        }
        if (op.attribute("volatile_") != null) {
            LLVMSetVolatile(inst, 1);
        }
        if (op.attribute("nontemporal") != null) {
            var one = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), 1, 0));
            var node = LLVMMDNodeInContext2(ctx, pointers(List.of(one)), 1);
            LLVMSetMetadata(inst, LLVMGetMDKindIDInContext(ctx, "nontemporal", "nontemporal".length()),
                    LLVMMetadataAsValue(ctx, node));
        }
        if (op.attribute("ordering") instanceof IntegerAttr ord && ord.longValue() != 0) {
            // MLIR's AtomicOrdering numbers its cases as LLVMAtomicOrdering does.
            LLVMSetOrdering(inst, (int) ord.longValue());
        }
        if (op.attribute("syncscope") != null || op.attribute("invariant") != null) {
            throw unsupported(op, "with syncscope or invariant");
        }
    }

    private LLVMValueRef load(Operation op) {
        LLVMValueRef r = LLVMBuildLoad2(builder, resultType(op), operand(op, 0), "");
        memoryAccess(r, op);
        return r;
    }

    private void store(Operation op) {
        LLVMValueRef r = LLVMBuildStore(builder, operand(op, 0), operand(op, 1));
        memoryAccess(r, op);
    }

    private LLVMValueRef alloca(Operation op) {
        if (!(op.attribute("elem_type") instanceof TypeAttr et)) {
            throw new LlvmTranslationException("llvm.alloca without elem_type at " + op.location());
        }
        if (op.attribute("inalloca") != null) {
            throw unsupported(op, "with inalloca");
        }
        LLVMValueRef r = LLVMBuildArrayAlloca(builder, types.type(et.value(), op), operand(op, 0), "");
        if (op.attribute("alignment") instanceof IntegerAttr al && al.longValue() > 0) {
            LLVMSetAlignment(r, (int) al.longValue());
        }
        return r;
    }

    private LLVMValueRef gep(Operation op) {
        if (!(op.attribute("elem_type") instanceof TypeAttr et)
                || !(op.attribute("rawConstantIndices") instanceof DenseArrayAttr raw)) {
            throw new LlvmTranslationException("llvm.getelementptr without elem_type or rawConstantIndices at "
                    + op.location());
        }
        long[] indices = raw.asLongs();
        List<LLVMValueRef> idx = new ArrayList<>();
        int dynamic = 1;
        LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
        for (long i : indices) {
            if (i == DYNAMIC_INDEX) {
                idx.add(operand(op, dynamic++));
            } else {
                idx.add(LLVMConstInt(i32, i, 1));
            }
        }
        int flags = op.attribute("noWrapFlags") instanceof IntegerAttr f ? (int) f.longValue() : 0;
        // MLIR's GEPNoWrapFlags use LLVM's bits: inbounds-flag 1, nusw 2, nuw 4.
        return LLVMBuildGEPWithNoWrapFlags(builder, types.type(et.value(), op), operand(op, 0), pointers(idx),
                idx.size(), "", flags);
    }

    private static long[] positions(Operation op) {
        if (!(op.attribute("position") instanceof DenseArrayAttr p) || p.size() == 0) {
            throw new LlvmTranslationException("'" + op.nameString() + "' without a position at " + op.location());
        }
        return p.asLongs();
    }

    private LLVMValueRef extractValue(LLVMValueRef aggregate, long[] pos, int from) {
        LLVMValueRef r = aggregate;
        for (int i = from; i < pos.length; i++) {
            r = LLVMBuildExtractValue(builder, r, (int) pos[i], "");
        }
        return r;
    }

    private LLVMValueRef insertValue(LLVMValueRef aggregate, LLVMValueRef value, long[] pos, int at) {
        if (at == pos.length - 1) {
            return LLVMBuildInsertValue(builder, aggregate, value, (int) pos[at], "");
        }
        LLVMValueRef inner = LLVMBuildExtractValue(builder, aggregate, (int) pos[at], "");
        return LLVMBuildInsertValue(builder, aggregate, insertValue(inner, value, pos, at + 1), (int) pos[at], "");
    }

    private LLVMValueRef call(Operation op) {
        LLVMValueRef callee;
        LLVMTypeRef fnType;
        List<Value> args;
        if (op.attribute("callee") instanceof SymbolRefAttr ref) {
            callee = functions.get(ref.rootReference());
            if (callee == null) {
                throw new LlvmTranslationException("llvm.call of unknown function @" + ref.rootReference() + " at "
                        + op.location());
            }
            fnType = LLVMGlobalGetValueType(callee);
            args = op.operands();
        } else {
            callee = operand(op, 0);
            args = op.operands().subList(1, op.numOperands());
            if (op.attribute("var_callee_type") instanceof TypeAttr vt) {
                fnType = types.type(vt.value(), op);
            } else {
                Type result = op.numResults() == 0 ? LLVMTypes.VoidType.INSTANCE : op.result(0).type();
                List<Type> params = new ArrayList<>();
                for (Value a : args) {
                    params.add(a.type());
                }
                fnType = types.type(new LLVMTypes.FunctionType(result, params, false), op);
            }
        }
        if (op.attribute("op_bundle_sizes") instanceof DenseArrayAttr bundles && bundles.size() > 0) {
            throw unsupported(op, "with operand bundles");
        }
        List<LLVMValueRef> argv = new ArrayList<>();
        for (Value a : args) {
            argv.add(value(a, op));
        }
        LLVMValueRef r = LLVMBuildCall2(builder, fnType, callee, pointers(argv), argv.size(), "");
        LLVMSetInstructionCallConv(r, LlvmAttributes.callConv(op, op.attribute("CConv")));
        if (op.attribute("TailCallKind") instanceof LLVMAttr tk) {
            LLVMSetTailCallKind(r, switch (tk.value() == null ? "none" : tk.value()) {
                case "none" -> LLVMTailCallKindNone;
                case "tail" -> LLVMTailCallKindTail;
                case "musttail" -> LLVMTailCallKindMustTail;
                case "notail" -> LLVMTailCallKindNoTail;
                default -> throw unsupported(op, "with tail call kind " + tk.value());
            });
        }
        LlvmAttributes.fastMath(r, op);
        return op.numResults() == 0 ? null : r;
    }

    private void edge(Block to, List<Value> operands) {
        edge(to, operands, null);
    }

    /**
     * Records the phi inputs of a branch to {@code to} and answers the LLVM block to branch to.
     * When {@code used} (the successors a multi-way terminator has already taken with operands)
     * holds {@code to}, the edge goes through a fresh block of its own, since a phi has one entry
     * per predecessor block (upstream's export splits such edges too).
     */
    private LLVMBasicBlockRef edge(Block to, List<Value> operands, Set<Block> used) {
        if (operands.size() != to.numArguments()) {
            throw new LlvmTranslationException("a branch passes " + operands.size() + " operands to a block of "
                    + to.numArguments() + " arguments at " + to.parentOp().location());
        }
        LLVMBasicBlockRef target = blocks.get(to);
        if (operands.isEmpty()) {
            return target;
        }
        LLVMBasicBlockRef from = LLVMGetInsertBlock(builder);
        if (used != null && !used.add(to)) {
            LLVMBasicBlockRef split = LLVMInsertBasicBlockInContext(ctx, target, "");
            LLVMPositionBuilderAtEnd(builder, split);
            LLVMBuildBr(builder, target);
            LLVMPositionBuilderAtEnd(builder, from);
            edges.add(new PendingEdge(split, to, List.copyOf(operands)));
            return split;
        }
        edges.add(new PendingEdge(from, to, List.copyOf(operands)));
        return target;
    }

    private static Set<Block> identitySet() {
        return java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    }

    private static int[] segments(Operation op, String attr, int count) {
        if (!(op.attribute(attr) instanceof DenseArrayAttr seg) || seg.size() != count) {
            throw new LlvmTranslationException("'" + op.nameString() + "' without " + count + " " + attr + " at "
                    + op.location());
        }
        long[] l = seg.asLongs();
        int[] out = new int[l.length];
        for (int i = 0; i < l.length; i++) {
            out[i] = (int) l[i];
        }
        return out;
    }

    private void condBr(Operation op) {
        int[] seg = segments(op, "operandSegmentSizes", 3);
        List<Value> ops = op.operands();
        Set<Block> used = identitySet();
        LLVMBasicBlockRef onTrue = edge(op.successor(0), ops.subList(1, 1 + seg[1]), used);
        LLVMBasicBlockRef onFalse = edge(op.successor(1), ops.subList(1 + seg[1], 1 + seg[1] + seg[2]), used);
        LLVMValueRef br = LLVMBuildCondBr(builder, operand(op, 0), onTrue, onFalse);
        branchWeights(br, op);
    }

    private void switchOp(Operation op) {
        int[] seg = segments(op, "operandSegmentSizes", 3);
        List<Value> ops = op.operands();
        Set<Block> used = identitySet();
        LLVMBasicBlockRef defaultDest = edge(op.successor(0), ops.subList(1, 1 + seg[1]), used);
        int cases = op.numSuccessors() - 1;
        long[] values;
        if (op.attribute("case_values") instanceof DenseElementsAttr d) {
            values = new long[(int) d.numElements()];
            for (int i = 0; i < values.length; i++) {
                values[i] = d.getLong(d.isSplat() ? 0 : i);
            }
        } else if (cases == 0) {
            values = new long[0];
        } else {
            throw new LlvmTranslationException("llvm.switch without case_values at " + op.location());
        }
        int[] caseSeg = cases == 0 && op.attribute("case_operand_segments") == null ? new int[0]
                : segments(op, "case_operand_segments", cases);
        if (values.length != cases) {
            throw new LlvmTranslationException("llvm.switch with " + values.length + " case values for " + cases
                    + " case destinations at " + op.location());
        }
        LLVMValueRef cond = operand(op, 0);
        LLVMValueRef sw = LLVMBuildSwitch(builder, cond, defaultDest, cases);
        int at = 1 + seg[1];
        for (int i = 0; i < cases; i++) {
            Block dest = op.successor(i + 1);
            LLVMBasicBlockRef destBlock = edge(dest, ops.subList(at, at + caseSeg[i]), used);
            at += caseSeg[i];
            LLVMAddCase(sw, LLVMConstInt(LLVMTypeOf(cond), values[i], 1), destBlock);
        }
        branchWeights(sw, op);
    }

    private void branchWeights(LLVMValueRef terminator, Operation op) {
        if (!(op.attribute("branch_weights") instanceof DenseArrayAttr w) || w.size() == 0) {
            return;
        }
        List<Pointer> nodes = new ArrayList<>();
        nodes.add(LLVMMDStringInContext2(ctx, "branch_weights", "branch_weights".length()));
        for (long v : w.asLongs()) {
            nodes.add(LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), v, 0)));
        }
        var node = LLVMMDNodeInContext2(ctx, pointers(nodes), nodes.size());
        LLVMSetMetadata(terminator, LLVMGetMDKindIDInContext(ctx, "prof", 4), LLVMMetadataAsValue(ctx, node));
    }

    private LLVMValueRef intrinsicDeclaration(Operation op, String name, List<LLVMTypeRef> overloads) {
        int id = LLVMLookupIntrinsicID(name, name.length());
        if (id == 0) {
            throw new LlvmTranslationException("LLVM has no intrinsic '" + name + "' for '" + op.nameString()
                    + "' at " + op.location());
        }
        if (LLVMIntrinsicIsOverloaded(id) == 0) {
            overloads = List.of();
        }
        return LLVMGetIntrinsicDeclaration(mod, id, pointers(overloads), overloads.size());
    }

    /** A float or integer intrinsic overloaded on its result type, or {@code stacksave}/{@code stackrestore}. */
    private LLVMValueRef intrinsic(Operation op, String name) {
        List<LLVMTypeRef> overloads = List.of(op.numResults() == 1 ? resultType(op)
                : types.type(op.operand(0).type(), op));
        LLVMValueRef decl = intrinsicDeclaration(op, name, overloads);
        List<LLVMValueRef> argv = new ArrayList<>();
        for (int i = 0; i < op.numOperands(); i++) {
            argv.add(operand(op, i));
        }
        LLVMTypeRef fnType = LLVMGlobalGetValueType(decl);
        if (LLVMCountParamTypes(fnType) != argv.size()) {
            throw new LlvmTranslationException("'" + op.nameString() + "' has " + argv.size() + " operands for '"
                    + name + "' of " + LLVMCountParamTypes(fnType) + " parameters at " + op.location());
        }
        LLVMValueRef r = LLVMBuildCall2(builder, fnType, decl, pointers(argv), argv.size(), "");
        LlvmAttributes.fastMath(r, op);
        return op.numResults() == 0 ? null : r;
    }

    /** {@code llvm.memcpy(dst, src, len, isVolatile)} / {@code llvm.memset(dst, val, len, isVolatile)}. */
    private void memIntrinsic(Operation op, String name, int pointerOperands) {
        if (op.numOperands() != 3) {
            throw unsupported(op, "with " + op.numOperands() + " operands");
        }
        List<LLVMTypeRef> overloads = new ArrayList<>();
        if (pointerOperands == 3) {
            overloads.add(types.type(op.operand(0).type(), op));
            overloads.add(types.type(op.operand(1).type(), op));
        } else {
            overloads.add(types.type(op.operand(0).type(), op));
        }
        overloads.add(types.type(op.operand(2).type(), op));
        LLVMValueRef decl = intrinsicDeclaration(op, name, overloads);
        Attribute vol = op.attribute("isVolatile");
        boolean isVolatile;
        if (vol == null) {
            isVolatile = false;
        } else if (vol instanceof BoolAttr b) {
            isVolatile = b.value();
        } else if (vol instanceof IntegerAttr i) {
            isVolatile = i.longValue() != 0;
        } else {
            throw unsupported(op, "with isVolatile " + vol);
        }
        List<LLVMValueRef> argv = List.of(operand(op, 0), operand(op, 1), operand(op, 2),
                LLVMConstInt(LLVMInt1TypeInContext(ctx), isVolatile ? 1 : 0, 0));
        LLVMBuildCall2(builder, LLVMGlobalGetValueType(decl), decl, pointers(argv), argv.size(), "");
    }

    private static PointerPointer<Pointer> pointers(List<? extends Pointer> items) {
        return LlvmTypeConverter.pointers(items);
    }

}
