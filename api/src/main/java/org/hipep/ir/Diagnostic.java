package org.hipep.ir;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.builtin.FileLineColLoc;
import org.hipep.ir.text.LocationPrinter;

/**
 * A message about the IR with a severity and a location, plus attached notes.
 */
public final class Diagnostic {
    private final Severity severity;
    private final Location location;
    private final String message;
    private final List<Diagnostic> notes = new ArrayList<>();

    /** A diagnostic; prefer the {@code emit*} methods of {@link Operation} and {@link DiagnosticEngine}. */
    public Diagnostic(Severity severity, Location location, String message) {
        this.severity = severity;
        this.location = location;
        this.message = message;
    }

    /** The severity. */
    public Severity severity() {
        return severity;
    }

    /** The location. */
    public Location location() {
        return location;
    }

    /** The message. */
    public String message() {
        return message;
    }

    /** Notes attached to this diagnostic, in order. */
    public List<Diagnostic> notes() {
        return List.copyOf(notes);
    }

    /** Attaches a note. */
    public Diagnostic attachNote(Location where, String text) {
        notes.add(new Diagnostic(Severity.NOTE, where, text));
        return this;
    }

    /**
     * The first file position this diagnostic's location contains (looking through named,
     * call-site and fused locations), or {@code null}.
     */
    public FileLineColLoc filePosition() {
        return LocationPrinter.firstFilePosition(location);
    }

    /**
     * MLIR's rendering: {@code file:line:col: error: message}, then each note on its own
     * line; {@code loc(...)} form for locations without a file position.
     */
    public String render() {
        StringBuilder sb = new StringBuilder();
        renderOne(sb, this);
        for (Diagnostic n : notes) {
            sb.append('\n');
            renderOne(sb, n);
        }
        return sb.toString();
    }

    private static void renderOne(StringBuilder sb, Diagnostic d) {
        FileLineColLoc pos = d.filePosition();
        if (pos != null) {
            sb.append(pos.filename()).append(':').append(pos.line()).append(':').append(pos.column()).append(": ");
        } else {
            sb.append(LocationPrinter.print(d.location)).append(": ");
        }
        sb.append(d.severity.label()).append(": ").append(d.message);
    }

    @Override
    public String toString() {
        return render();
    }
}
