package org.hipep.dialects.llvm;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.DialectType;
import org.hipep.ir.Type;
import org.hipep.ir.text.AsmParser;
import org.hipep.ir.text.AsmPrinter;

/**
 * The types of the {@code llvm} dialect: {@code !llvm.ptr<as>}, {@code !llvm.struct<...>},
 * {@code !llvm.array<n x T>}, {@code !llvm.func<R (A...)>} and {@code !llvm.void}. Inside one
 * another the {@code !llvm.} prefix is dropped, as MLIR prints them.
 */
public final class LLVMTypes {
    private LLVMTypes() {
    }

    /** The common super-interface of the dialect's types. */
    public sealed interface LLVMType extends DialectType permits PointerType, StructType, ArrayType, FunctionType,
            VoidType {
        @Override
        default String dialectNamespace() {
            return LLVMDialect.NAMESPACE;
        }
    }

    /** {@code !llvm.ptr} or {@code !llvm.ptr<addressSpace>}: an opaque pointer. */
    public record PointerType(int addressSpace) implements LLVMType {
        /** The pointer in address space 0. */
        public static final PointerType DEFAULT = new PointerType(0);
    }

    /**
     * {@code !llvm.struct<(T...)>} (literal, {@code name == null}), {@code !llvm.struct<packed (T...)>}
     * or {@code !llvm.struct<"name", (T...)>} (identified; {@code body == null} when opaque).
     */
    public record StructType(String name, boolean packed, List<Type> body) implements LLVMType {
        /** A copy with an immutable body. */
        public StructType {
            body = body == null ? null : List.copyOf(body);
        }

        /** A literal (unnamed, unpacked) struct. */
        public static StructType literal(List<Type> body) {
            return new StructType(null, false, body);
        }
    }

    /** {@code !llvm.array<n x T>}. */
    public record ArrayType(long size, Type elementType) implements LLVMType {
    }

    /** {@code !llvm.func<R (A...)>}, with a trailing {@code ...} when {@code vararg}. */
    public record FunctionType(Type result, List<Type> params, boolean vararg) implements LLVMType {
        /** A copy with an immutable parameter list. */
        public FunctionType {
            params = List.copyOf(params);
        }

        /** Whether the function returns {@code void}. */
        public boolean returnsVoid() {
            return result instanceof VoidType;
        }
    }

    /** {@code !llvm.void}. */
    public record VoidType() implements LLVMType {
        /** The instance. */
        public static final VoidType INSTANCE = new VoidType();
    }

    /** Parses a type nested in an llvm type: a bare llvm keyword ({@code ptr}) or any type. */
    static Type parseNested(AsmParser p) {
        for (String kw : List.of("ptr", "struct", "array", "func", "void")) {
            if (p.parseOptionalKeyword(kw)) {
                return parseBody(kw, p);
            }
        }
        return p.parseType();
    }

    /** Parses the body of {@code !llvm.<kw>...} after the keyword {@code kw}. */
    static Type parseBody(String kw, AsmParser p) {
        switch (kw) {
            case "ptr": {
                if (p.parseOptionalPunct("<")) {
                    int as = (int) p.parseInteger();
                    p.parsePunct(">");
                    return new PointerType(as);
                }
                return PointerType.DEFAULT;
            }
            case "void":
                return VoidType.INSTANCE;
            case "array": {
                p.parsePunct("<");
                long n = p.parseInteger();
                p.parseKeyword("x");
                Type elem = parseNested(p);
                p.parsePunct(">");
                return new ArrayType(n, elem);
            }
            case "func": {
                p.parsePunct("<");
                Type result = parseNested(p);
                p.parsePunct("(");
                List<Type> params = new ArrayList<>();
                boolean vararg = false;
                if (!p.parseOptionalPunct(")")) {
                    do {
                        if (p.parseOptionalPunct("...")) {
                            vararg = true;
                            break;
                        }
                        params.add(parseNested(p));
                    } while (p.parseOptionalPunct(","));
                    p.parsePunct(")");
                }
                p.parsePunct(">");
                return new FunctionType(result, params, vararg);
            }
            case "struct": {
                p.parsePunct("<");
                String name = p.parseOptionalString();
                if (name != null) {
                    p.parsePunct(",");
                    if (p.parseOptionalKeyword("opaque")) {
                        p.parsePunct(">");
                        return new StructType(name, false, null);
                    }
                }
                boolean packed = p.parseOptionalKeyword("packed");
                p.parsePunct("(");
                List<Type> body = new ArrayList<>();
                if (!p.parseOptionalPunct(")")) {
                    do {
                        body.add(parseNested(p));
                    } while (p.parseOptionalPunct(","));
                    p.parsePunct(")");
                }
                p.parsePunct(">");
                return new StructType(name, packed, body);
            }
            default:
                throw p.error("unknown LLVM type: " + kw);
        }
    }

    /** Prints a type nested in an llvm type (llvm types without their prefix). */
    static void printNested(Type t, AsmPrinter p) {
        if (t instanceof LLVMType l) {
            printBody(l, p);
        } else {
            p.printType(t);
        }
    }

    /** Prints the body after {@code !llvm.}. */
    static void printBody(LLVMType t, AsmPrinter p) {
        if (t instanceof PointerType ptr) {
            p.print(ptr.addressSpace() == 0 ? "ptr" : "ptr<" + ptr.addressSpace() + ">");
        } else if (t instanceof VoidType) {
            p.print("void");
        } else if (t instanceof ArrayType a) {
            p.print("array<" + a.size() + " x ");
            printNested(a.elementType(), p);
            p.print(">");
        } else if (t instanceof FunctionType f) {
            p.print("func<");
            printNested(f.result(), p);
            p.print(" (");
            printList(f.params(), p);
            if (f.vararg()) {
                p.print(f.params().isEmpty() ? "..." : ", ...");
            }
            p.print(")>");
        } else if (t instanceof StructType s) {
            p.print("struct<");
            if (s.name() != null) {
                p.printString(s.name()).print(", ");
                if (s.body() == null) {
                    p.print("opaque>");
                    return;
                }
            }
            if (s.packed()) {
                p.print("packed ");
            }
            p.print("(");
            printList(s.body(), p);
            p.print(")>");
        }
    }

    private static void printList(List<Type> types, AsmPrinter p) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) {
                p.print(", ");
            }
            printNested(types.get(i), p);
        }
    }
}
