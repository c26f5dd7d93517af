package org.hipep.testing.lit;

/**
 * One RUN directive, continuation lines already joined.
 *
 * @param line    the 1-based line of its first {@code RUN:}
 * @param command the command text before substitution
 */
public record RunLine(int line, String command) {
}
