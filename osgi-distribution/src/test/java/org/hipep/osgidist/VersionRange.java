package org.hipep.osgidist;

import java.util.Arrays;

/**
 * An OSGi version range as bnd writes it in {@code -runbundles} ({@code [1.2.3,1.2.4)}), or a
 * single version (at least that version).
 */
record VersionRange(int[] low, boolean lowInclusive, int[] high, boolean highInclusive) {

    /** Parses {@code [a,b)}, {@code (a,b]}, ... or a plain version. */
    static VersionRange parse(String text) {
        String t = text.trim();
        if (t.startsWith("[") || t.startsWith("(")) {
            String[] parts = t.substring(1, t.length() - 1).split(",");
            if (parts.length != 2) {
                throw new IllegalArgumentException("not a version range: " + text);
            }
            return new VersionRange(numbers(parts[0]), t.startsWith("["), numbers(parts[1]), t.endsWith("]"));
        }
        return new VersionRange(numbers(t), true, null, false);
    }

    /** Major, minor and micro of an OSGi version; the qualifier is ignored. */
    static int[] numbers(String version) {
        String[] p = version.trim().split("\\.");
        int[] n = new int[3];
        for (int i = 0; i < 3 && i < p.length; i++) {
            n[i] = Integer.parseInt(p[i]);
        }
        return n;
    }

    /** {@code major.minor.micro} of an OSGi version. */
    static String withoutQualifier(String version) {
        int[] n = numbers(version);
        return n[0] + "." + n[1] + "." + n[2];
    }

    /** Whether a bundle version (qualifier ignored) lies in this range. */
    boolean includes(String version) {
        int[] v = numbers(version);
        int lo = Arrays.compare(v, low);
        if (lo < 0 || (lo == 0 && !lowInclusive)) {
            return false;
        }
        if (high == null) {
            return true;
        }
        int hi = Arrays.compare(v, high);
        return hi < 0 || (hi == 0 && highInclusive);
    }

    /** The resolved version: bnd writes the range from the version it picked. */
    String lowText() {
        return low[0] + "." + low[1] + "." + low[2];
    }

    @Override
    public String toString() {
        return (lowInclusive ? "[" : "(") + lowText() + (high == null ? "" : "," + high[0] + "." + high[1] + "." + high[2])
                + (high == null ? "" : highInclusive ? "]" : ")");
    }
}
