package org.hipep.ir.builtin;

import org.hipep.ir.Location;

/**
 * A source position {@code loc("file.mlir":3:14)}; line and column are 1-based.
 *
 * @param filename the file
 * @param line the line
 * @param column the column
 */
public record FileLineColLoc(String filename, int line, int column) implements Location {
    @Override
    public String toString() {
        return filename + ":" + line + ":" + column;
    }
}
