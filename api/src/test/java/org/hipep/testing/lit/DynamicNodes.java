package org.hipep.testing.lit;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.TestAbortedException;

/** Runs dynamic nodes outside the JUnit engine so tests can inspect their outcomes. */
final class DynamicNodes {
    /** Outcome of one dynamic test; {@code path} is "container/test". */
    record Outcome(String path, String status, String message, URI source) {
    }

    private DynamicNodes() {
    }

    static List<Outcome> execute(Stream<DynamicNode> nodes) {
        List<Outcome> out = new ArrayList<>();
        nodes.forEach(n -> execute(n, "", out));
        return out;
    }

    private static void execute(DynamicNode node, String parent, List<Outcome> out) {
        String path = parent.isEmpty() ? node.getDisplayName() : parent + "/" + node.getDisplayName();
        if (node instanceof DynamicContainer c) {
            c.getChildren().forEach(child -> execute(child, path, out));
            return;
        }
        DynamicTest t = (DynamicTest) node;
        URI uri = t.getTestSourceUri().orElse(null);
        try {
            t.getExecutable().execute();
            out.add(new Outcome(path, "PASSED", "", uri));
        } catch (TestAbortedException e) {
            out.add(new Outcome(path, "SKIPPED", e.getMessage(), uri));
        } catch (AssertionError e) {
            out.add(new Outcome(path, "FAILED", e.getMessage(), uri));
        } catch (Throwable e) {
            out.add(new Outcome(path, "ERROR", e.toString(), uri));
        }
    }
}
