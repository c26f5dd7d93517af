package org.hipep.runtime.llvm;

import static org.bytedeco.llvm.global.LLVM.*;

import org.bytedeco.llvm.LLVM.LLVMValueRef;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.IntegerAttr;

/** The enum-like properties of llvm dialect ops (flags, predicates, linkage, ...) as the C API's values. */
final class LlvmAttributes {
    private LlvmAttributes() {
    }

    /** {@code overflowFlags}: bit 0 is {@code nsw}, bit 1 {@code nuw}, as in MLIR's IntegerOverflowFlags. */
    static void overflowFlags(LLVMValueRef r, Operation op) {
        if (op.attribute("overflowFlags") instanceof IntegerAttr flags && isInstruction(r)) {
            long f = flags.longValue();
            if ((f & 1) != 0) {
                LLVMSetNSW(r, 1);
            }
            if ((f & 2) != 0) {
                LLVMSetNUW(r, 1);
            }
        }
    }

    static void fastMath(LLVMValueRef r, Operation op) {
        Attribute a = op.attribute("fastmathFlags");
        if (a == null) {
            return;
        }
        if (!(a instanceof LLVMAttr fm) || !"fastmath".equals(fm.kind())) {
            throw new LlvmTranslationException("fastmathFlags " + a + " of '" + op.nameString()
                    + "' is not a #llvm.fastmath at " + op.location());
        }
        int flags = 0;
        for (String f : fm.value() == null ? new String[0] : fm.value().split(",")) {
            flags |= switch (f.strip()) {
                case "none", "" -> 0;
                case "fast" -> LLVMFastMathAll;
                case "nnan" -> LLVMFastMathNoNaNs;
                case "ninf" -> LLVMFastMathNoInfs;
                case "nsz" -> LLVMFastMathNoSignedZeros;
                case "arcp" -> LLVMFastMathAllowReciprocal;
                case "contract" -> LLVMFastMathAllowContract;
                case "afn" -> LLVMFastMathApproxFunc;
                case "reassoc" -> LLVMFastMathAllowReassoc;
                default -> throw new LlvmTranslationException("unknown fast-math flag '" + f.strip() + "' of '"
                        + op.nameString() + "' at " + op.location());
            };
        }
        if (flags != 0 && isInstruction(r) && LLVMCanValueUseFastMathFlags(r) != 0) {
            LLVMSetFastMathFlags(r, flags);
        }
    }

    /**
     * Whether the builder made an instruction: on constant operands it folds to a constant, which
     * carries no flags (as in upstream's translation, which builds through the same IRBuilder).
     */
    static boolean isInstruction(LLVMValueRef r) {
        LLVMValueRef i = LLVMIsAInstruction(r);
        return i != null && !i.isNull();
    }

    static int predicateIndex(Operation op, int count) {
        if (!(op.attribute("predicate") instanceof IntegerAttr p) || p.longValue() < 0 || p.longValue() >= count) {
            throw new LlvmTranslationException("'" + op.nameString() + "' without a valid predicate at "
                    + op.location());
        }
        return (int) p.longValue();
    }

    static int icmpPredicate(Operation op) {
        return switch (LLVMDialect.ICMP_PREDICATES.get(predicateIndex(op, LLVMDialect.ICMP_PREDICATES.size()))) {
            case "eq" -> LLVMIntEQ;
            case "ne" -> LLVMIntNE;
            case "slt" -> LLVMIntSLT;
            case "sle" -> LLVMIntSLE;
            case "sgt" -> LLVMIntSGT;
            case "sge" -> LLVMIntSGE;
            case "ult" -> LLVMIntULT;
            case "ule" -> LLVMIntULE;
            case "ugt" -> LLVMIntUGT;
            default -> LLVMIntUGE;
        };
    }

    static int fcmpPredicate(Operation op) {
        return switch (LLVMDialect.FCMP_PREDICATES.get(predicateIndex(op, LLVMDialect.FCMP_PREDICATES.size()))) {
            case "_false" -> LLVMRealPredicateFalse;
            case "oeq" -> LLVMRealOEQ;
            case "ogt" -> LLVMRealOGT;
            case "oge" -> LLVMRealOGE;
            case "olt" -> LLVMRealOLT;
            case "ole" -> LLVMRealOLE;
            case "one" -> LLVMRealONE;
            case "ord" -> LLVMRealORD;
            case "ueq" -> LLVMRealUEQ;
            case "ugt" -> LLVMRealUGT;
            case "uge" -> LLVMRealUGE;
            case "ult" -> LLVMRealULT;
            case "ule" -> LLVMRealULE;
            case "une" -> LLVMRealUNE;
            case "uno" -> LLVMRealUNO;
            default -> LLVMRealPredicateTrue;
        };
    }


    static int linkage(Operation op) {
        Attribute a = op.attribute("linkage");
        if (a == null) {
            return LLVMExternalLinkage;
        }
        if (!(a instanceof LLVMAttr l) || !"linkage".equals(l.kind())) {
            throw new LlvmTranslationException("linkage " + a + " of @" + LlvmTranslator.symbol(op) + " at " + op.location());
        }
        return switch (l.value()) {
            case "external" -> LLVMExternalLinkage;
            case "private" -> LLVMPrivateLinkage;
            case "internal" -> LLVMInternalLinkage;
            case "weak" -> LLVMWeakAnyLinkage;
            case "weak_odr" -> LLVMWeakODRLinkage;
            case "linkonce" -> LLVMLinkOnceAnyLinkage;
            case "linkonce_odr" -> LLVMLinkOnceODRLinkage;
            case "common" -> LLVMCommonLinkage;
            case "appending" -> LLVMAppendingLinkage;
            case "extern_weak" -> LLVMExternalWeakLinkage;
            case "available_externally" -> LLVMAvailableExternallyLinkage;
            default -> throw new LlvmTranslationException("unknown linkage '" + l.value() + "' of @" + LlvmTranslator.symbol(op)
                    + " at " + op.location());
        };
    }

    static int visibility(Operation op) {
        long v = op.attribute("visibility_") instanceof IntegerAttr i ? i.longValue() : 0;
        return switch ((int) v) {
            case 0 -> LLVMDefaultVisibility;
            case 1 -> LLVMHiddenVisibility;
            case 2 -> LLVMProtectedVisibility;
            default -> throw new LlvmTranslationException("unknown visibility " + v + " of @" + LlvmTranslator.symbol(op) + " at "
                    + op.location());
        };
    }

    static int unnamedAddr(Operation op) {
        long v = op.attribute("unnamed_addr") instanceof IntegerAttr i ? i.longValue() : 0;
        return switch ((int) v) {
            case 0 -> LLVMNoUnnamedAddr;
            case 1 -> LLVMLocalUnnamedAddr;
            case 2 -> LLVMGlobalUnnamedAddr;
            default -> throw new LlvmTranslationException("unknown unnamed_addr " + v + " at " + op.location());
        };
    }

    static int callConv(Operation op, Attribute a) {
        if (a == null) {
            return LLVMCCallConv;
        }
        if (!(a instanceof LLVMAttr c) || !"cconv".equals(c.kind())) {
            throw new LlvmTranslationException("calling convention " + a + " of '" + op.nameString() + "' at "
                    + op.location());
        }
        return switch (c.value()) {
            case "ccc" -> LLVMCCallConv;
            case "fastcc" -> LLVMFastCallConv;
            case "coldcc" -> LLVMColdCallConv;
            case "x86_64_sysvcc" -> LLVMX8664SysVCallConv;
            default -> throw new LlvmTranslationException("unknown calling convention '" + c.value() + "' of '"
                    + op.nameString() + "' at " + op.location());
        };
    }
}
