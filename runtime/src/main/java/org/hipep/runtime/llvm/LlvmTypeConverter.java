package org.hipep.runtime.llvm;

import static org.bytedeco.llvm.global.LLVM.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMTypeRef;
import org.bytedeco.llvm.LLVM.LLVMValueRef;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.VectorType;

/** The llvm dialect's types and constant attributes as LLVM types and constants of one context. */
final class LlvmTypeConverter {
    private final LLVMContextRef ctx;
    private final Map<String, LLVMTypeRef> namedStructs = new HashMap<>();

    LlvmTypeConverter(LLVMContextRef ctx) {
        this.ctx = ctx;
    }

    // ------------------------------------------------------------------ constants

    LLVMValueRef constant(Attribute value, Type type, Operation op) {
        LLVMTypeRef t = type(type, op);
        if (value instanceof IntegerAttr i) {
            if (type instanceof FloatType) {
                throw new LlvmTranslationException("an integer constant of float type at " + op.location());
            }
            return LLVMConstIntOfString(t, i.value().toString(), (byte) 10);
        }
        if (value instanceof BoolAttr b) {
            return LLVMConstInt(t, b.value() ? 1 : 0, 0);
        }
        if (value instanceof FloatAttr f) {
            return LLVMConstReal(t, f.value());
        }
        if (value instanceof StringAttr s) {
            byte[] bytes = s.value().getBytes(StandardCharsets.ISO_8859_1);
            if (!s.value().chars().allMatch(c -> c < 256)) {
                bytes = s.value().getBytes(StandardCharsets.UTF_8);
            }
            BytePointer p = new BytePointer(bytes.length == 0 ? 1 : bytes.length);
            p.put(bytes);
            return LLVMConstStringInContext2(ctx, p, bytes.length, 1);
        }
        if (value instanceof DenseElementsAttr d) {
            return dense(d, type, t, new long[] {0}, op);
        }
        if (value instanceof ArrayAttr a) {
            return aggregate(a, type, op);
        }
        throw new LlvmTranslationException("cannot translate the constant " + value + " of '" + op.nameString()
                + "' at " + op.location());
    }

    /** Elements of {@code d} from {@code next[0]} on, shaped as the (nested) array or vector {@code type}. */
    LLVMValueRef dense(DenseElementsAttr d, Type type, LLVMTypeRef t, long[] next, Operation op) {
        if (type instanceof LLVMTypes.ArrayType at) {
            LLVMTypeRef et = type(at.elementType(), op);
            List<LLVMValueRef> elems = new ArrayList<>();
            for (long i = 0; i < at.size(); i++) {
                elems.add(dense(d, at.elementType(), et, next, op));
            }
            return LLVMConstArray2(et, pointers(elems), elems.size());
        }
        if (type instanceof VectorType vt && vt.shape().size() == 1) {
            LLVMTypeRef et = type(vt.elementType(), op);
            List<LLVMValueRef> elems = new ArrayList<>();
            for (long i = 0; i < vt.shape().get(0); i++) {
                elems.add(dense(d, vt.elementType(), et, next, op));
            }
            return LLVMConstVector(pointers(elems), elems.size());
        }
        long index = d.isSplat() ? 0 : next[0]++;
        if (!d.isSplat() && index >= d.numElements()) {
            throw new LlvmTranslationException("the dense constant of '" + op.nameString() + "' has "
                    + d.numElements() + " elements, fewer than its type " + ((ShapedType) d.type()) + " holds at "
                    + op.location());
        }
        long bits = d.rawBits(index);
        if (type instanceof FloatType ft) {
            return switch (ft.kind()) {
                case F32 -> LLVMConstReal(t, Float.intBitsToFloat((int) bits));
                case F64 -> LLVMConstReal(t, Double.longBitsToDouble(bits));
                default -> LLVMConstBitCast(LLVMConstInt(LLVMInt16TypeInContext(ctx), bits & 0xffff, 0), t);
            };
        }
        if (type instanceof IntegerType || type instanceof IndexType) {
            return LLVMConstInt(t, bits, 0);
        }
        throw new LlvmTranslationException("a dense constant for type " + type + " of '" + op.nameString()
                + "' at " + op.location());
    }

    LLVMValueRef aggregate(ArrayAttr a, Type type, Operation op) {
        List<LLVMValueRef> elems = new ArrayList<>();
        if (type instanceof LLVMTypes.StructType st && st.body() != null && st.body().size() == a.size()) {
            for (int i = 0; i < a.size(); i++) {
                elems.add(constant(a.get(i), st.body().get(i), op));
            }
            return LLVMConstNamedStruct(type(type, op), pointers(elems), elems.size());
        }
        if (type instanceof LLVMTypes.ArrayType at && at.size() == a.size()) {
            for (int i = 0; i < a.size(); i++) {
                elems.add(constant(a.get(i), at.elementType(), op));
            }
            return LLVMConstArray2(type(at.elementType(), op), pointers(elems), elems.size());
        }
        throw new LlvmTranslationException("an array constant of " + a.size() + " elements for type " + type
                + " at " + op.location());
    }

    // ------------------------------------------------------------------ types and enums

    LLVMTypeRef type(Type t, Operation where) {
        if (t instanceof IntegerType i) {
            return LLVMIntTypeInContext(ctx, i.width());
        }
        if (t instanceof IndexType) {
            return LLVMInt64TypeInContext(ctx);
        }
        if (t instanceof FloatType f) {
            return switch (f.kind()) {
                case F16 -> LLVMHalfTypeInContext(ctx);
                case BF16 -> LLVMBFloatTypeInContext(ctx);
                case F32 -> LLVMFloatTypeInContext(ctx);
                case F64 -> LLVMDoubleTypeInContext(ctx);
            };
        }
        if (t instanceof LLVMTypes.PointerType p) {
            return LLVMPointerTypeInContext(ctx, p.addressSpace());
        }
        if (t instanceof LLVMTypes.VoidType) {
            return LLVMVoidTypeInContext(ctx);
        }
        if (t instanceof LLVMTypes.ArrayType a) {
            return LLVMArrayType2(type(a.elementType(), where), a.size());
        }
        if (t instanceof LLVMTypes.FunctionType f) {
            List<LLVMTypeRef> params = new ArrayList<>();
            for (Type p : f.params()) {
                params.add(type(p, where));
            }
            return LLVMFunctionType(type(f.result(), where), pointers(params), params.size(), f.vararg() ? 1 : 0);
        }
        if (t instanceof LLVMTypes.StructType s) {
            if (s.name() == null) {
                List<LLVMTypeRef> body = types(s.body(), where);
                return LLVMStructTypeInContext(ctx, pointers(body), body.size(), s.packed() ? 1 : 0);
            }
            LLVMTypeRef named = namedStructs.get(s.name());
            if (named == null) {
                named = LLVMStructCreateNamed(ctx, s.name());
                namedStructs.put(s.name(), named);
                if (s.body() != null) {
                    List<LLVMTypeRef> body = types(s.body(), where);
                    LLVMStructSetBody(named, pointers(body), body.size(), s.packed() ? 1 : 0);
                }
            }
            return named;
        }
        if (t instanceof VectorType v && v.shape().size() == 1 && !v.scalableDims().contains(true)) {
            return LLVMVectorType(type(v.elementType(), where), (int) (long) v.shape().get(0));
        }
        throw new LlvmTranslationException("cannot translate the type " + t + " (of '" + where.nameString()
                + "') to an LLVM type at " + where.location());
    }

    List<LLVMTypeRef> types(List<Type> ts, Operation where) {
        List<LLVMTypeRef> out = new ArrayList<>();
        for (Type t : ts) {
            out.add(type(t, where));
        }
        return out;
    }

    /**
     * A {@code PointerPointer} of {@code items}, always built with the size constructor: the
     * one-argument constructor would take a single element for the pointer to cast.
     */
    static PointerPointer<Pointer> pointers(List<? extends Pointer> items) {
        PointerPointer<Pointer> p = new PointerPointer<>(Math.max(1, items.size()));
        for (int i = 0; i < items.size(); i++) {
            p.put(i, items.get(i));
        }
        return p;
    }
}
