package org.hipep.dialects.arith;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.DialectAttribute;
import org.hipep.ir.text.AsmParser;

/**
 * {@code #arith.overflow<none|nsw|nuw|nsw, nuw>}: the integer overflow flags of {@code addi},
 * {@code subi}, {@code muli}, {@code shli} and {@code trunci} (no signed / no unsigned wrap).
 *
 * @param bits {@link #NSW} and/or {@link #NUW}
 */
public record OverflowFlagsAttr(int bits) implements DialectAttribute {
    /** No signed wrap. */
    public static final int NSW = 1;
    /** No unsigned wrap. */
    public static final int NUW = 2;
    /** No flags: the default. */
    public static final OverflowFlagsAttr NONE = new OverflowFlagsAttr(0);

    /** Checks the bits. */
    public OverflowFlagsAttr {
        if ((bits & ~(NSW | NUW)) != 0) {
            throw new IllegalArgumentException("invalid overflow flags " + bits);
        }
    }

    @Override
    public String dialectNamespace() {
        return ArithDialect.NAMESPACE;
    }

    /** Whether no flag is set. */
    public boolean isNone() {
        return bits == 0;
    }

    /** The body inside the angle brackets: {@code none}, {@code nsw}, {@code nuw} or {@code nsw, nuw}. */
    public String body() {
        if (bits == 0) {
            return "none";
        }
        List<String> names = new ArrayList<>();
        if ((bits & NSW) != 0) {
            names.add("nsw");
        }
        if ((bits & NUW) != 0) {
            names.add("nuw");
        }
        return String.join(", ", names);
    }

    /** Parses {@code <flags>} (what follows the {@code overflow} keyword). */
    public static OverflowFlagsAttr parseAngleBody(AsmParser p) {
        p.parsePunct("<");
        int bits = 0;
        do {
            String kw = p.parseOptionalKeyword();
            if (kw == null) {
                throw p.error("expected overflow flag: none, nsw or nuw");
            }
            switch (kw) {
                case "none" -> { }
                case "nsw" -> bits |= NSW;
                case "nuw" -> bits |= NUW;
                default -> throw p.error("expected one of [none, nsw, nuw] for integer overflow flags, got: " + kw);
            }
        } while (p.parseOptionalPunct(","));
        p.parsePunct(">");
        return new OverflowFlagsAttr(bits);
    }

    @Override
    public String toString() {
        return "#arith.overflow<" + body() + ">";
    }
}
