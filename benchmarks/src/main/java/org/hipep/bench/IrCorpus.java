package org.hipep.bench;

import java.util.Random;

/**
 * Generates a generic-form module for parser benchmarks: {@code funcs} functions of
 * {@code opsPerFunc} ops each (a dependent chain of binary ops with attributes), plus dense
 * constants totalling {@code denseBytes} bytes in the hex form. Deterministic for given sizes.
 */
public final class IrCorpus {
    private IrCorpus() {
    }

    /** The module text. */
    public static String generate(int funcs, int opsPerFunc, int denseConstants, int denseBytesEach) {
        StringBuilder sb = new StringBuilder(denseConstants * denseBytesEach * 2 + funcs * opsPerFunc * 90);
        Random rnd = new Random(42);
        sb.append("\"builtin.module\"() ({\n");
        for (int c = 0; c < denseConstants; c++) {
            int n = denseBytesEach / 4;
            sb.append("  \"bench.weight\"() {sym_name = \"w").append(c).append("\", value = dense<\"0x");
            for (int i = 0; i < denseBytesEach; i++) {
                int b = rnd.nextInt(256);
                sb.append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 15, 16)));
            }
            sb.append("\"> : tensor<").append(n).append("xf32>} : () -> ()\n");
        }
        for (int f = 0; f < funcs; f++) {
            sb.append("  \"func.func\"() <{function_type = (f32, f32) -> f32, sym_name = \"f").append(f).append("\"}> ({\n");
            sb.append("  ^bb0(%arg0: f32, %arg1: f32):\n");
            String prev = "%arg0";
            for (int i = 0; i < opsPerFunc - 1; i++) {
                sb.append("    %").append(i).append(" = \"bench.add\"(").append(prev).append(", %arg1) {id = ")
                        .append(i).append(" : i64, tag = \"t\"} : (f32, f32) -> f32\n");
                prev = "%" + i;
            }
            sb.append("    \"func.return\"(").append(prev).append(") : (f32) -> ()\n");
            sb.append("  }) : () -> ()\n");
        }
        sb.append("}) : () -> ()\n");
        return sb.toString();
    }
}
