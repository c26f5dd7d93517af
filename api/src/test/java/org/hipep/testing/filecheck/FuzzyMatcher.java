package org.hipep.testing.filecheck;

/**
  * Finds the "possible intended match" for a pattern that did not match: the input position whose
  * text (up to the pattern's length, cut at the end of its line) has the smallest Levenshtein
  * distance to the pattern's example text, with a small penalty per skipped line (1/100 per line,
  * as FileCheck does). Ties go to the earliest position.
  */
final class FuzzyMatcher {
    /** FileCheck searches at most this many characters ahead. */
    static final int SEARCH_LIMIT = 4096;

    private FuzzyMatcher() {
    }

    /**
      * @return the offset of the best candidate in {@code [from, to)}, or -1 when the best is the scan
      *     start itself or is not reasonably similar (quality 50 or more, as in FileCheck, or an edit
      *     distance above half the example's length)
      */
    static int best(String input, int from, int to, String example) {
        if (example.isEmpty()) {
            return -1;
        }
        int limit = Math.min(to, from + SEARCH_LIMIT);
        int lines = 0;
        int best = -1;
        int bestDistance = 0;
        double bestQuality = 0;
        for (int i = from; i < limit; i++) {
            char c = input.charAt(i);
            if (c == '\n') {
                lines++;
            }
            if (c == ' ' || c == '\t') {
                continue;
            }
            int windowEnd = Math.min(i + example.length(), to);
            int nl = input.indexOf('\n', i);
            if (nl >= 0 && nl < windowEnd) {
                windowEnd = nl;
            }
            int distance = levenshtein(input, i, windowEnd, example);
            double quality = distance + lines / 100.0;
            if (best < 0 || quality < bestQuality) {
                best = i;
                bestQuality = quality;
                bestDistance = distance;
            }
        }
        if (best > from && bestQuality < 50 && bestDistance * 2 <= example.length()) {
            return best;
        }
        return -1;
    }

    static int levenshtein(String a, int aStart, int aEnd, String b) {
        int n = aEnd - aStart;
        int m = b.length();
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= n; i++) {
            cur[0] = i;
            char ca = a.charAt(aStart + i - 1);
            for (int j = 1; j <= m; j++) {
                int cost = ca == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[m];
    }
}
