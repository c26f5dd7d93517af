package org.hipep.dialects.arith;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.DialectAttribute;
import org.hipep.ir.text.AsmParser;

/**
 * {@code #arith.fastmath<none|fast|reassoc,nnan,...>}: the floating-point fast-math flags of the
 * arith and math float ops. Printed as upstream does: {@code none}, {@code fast} when all seven
 * flags are set, otherwise the set flags in bit order separated by a comma (no space).
 *
 * @param bits a combination of the flag bits ({@code reassoc} = 1 ... {@code afn} = 64)
 */
public record FastMathFlagsAttr(int bits) implements DialectAttribute {
    /** The flag names in bit order. */
    public static final List<String> FLAGS = List.of("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn");
    /** All flags. */
    public static final int FAST = (1 << FLAGS.size()) - 1;
    /** No flags: the default. */
    public static final FastMathFlagsAttr NONE = new FastMathFlagsAttr(0);

    /** Checks the bits. */
    public FastMathFlagsAttr {
        if ((bits & ~FAST) != 0) {
            throw new IllegalArgumentException("invalid fastmath flags " + bits);
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

    /** The body inside the angle brackets. */
    public String body() {
        if (bits == 0) {
            return "none";
        }
        if (bits == FAST) {
            return "fast";
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < FLAGS.size(); i++) {
            if ((bits & (1 << i)) != 0) {
                names.add(FLAGS.get(i));
            }
        }
        return String.join(",", names);
    }

    /** Parses {@code <flags>} (what follows the {@code fastmath} keyword). */
    public static FastMathFlagsAttr parseAngleBody(AsmParser p) {
        p.parsePunct("<");
        int bits = 0;
        do {
            String kw = p.parseOptionalKeyword();
            if (kw == null) {
                throw p.error("expected a fastmath flag");
            }
            int i = FLAGS.indexOf(kw);
            if (i >= 0) {
                bits |= 1 << i;
            } else if (kw.equals("fast")) {
                bits = FAST;
            } else if (!kw.equals("none")) {
                throw p.error("expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast]"
                        + " for arith fastmath flags, got: " + kw);
            }
        } while (p.parseOptionalPunct(","));
        p.parsePunct(">");
        return new FastMathFlagsAttr(bits);
    }

    @Override
    public String toString() {
        return "#arith.fastmath<" + body() + ">";
    }
}
