package org.hipep.passes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hipep.pass.PassInfo;
import org.hipep.pass.PassPipelineInfo;
import org.hipep.pass.PassRegistry;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/pipeline-pass-menu.md} against the registry: a row marked {@code yes} names only
 * registered passes, a row marked {@code not yet} only unregistered ones, and every pass and
 * named pipeline {@link CorePasses#register} registers has a row.
 */
class PipelinePassMenuTest {
    private static final Path MENU = Path.of("..", "docs", "pipeline-pass-menu.md");
    private static final Pattern ROW = Pattern.compile("^\\|([^|]*)\\|([^|]*)\\|.*\\|\\s*(yes|not yet|no name)\\s*\\|\\s*$");
    private static final Pattern NAME = Pattern.compile("`([a-z][a-z0-9.-]*)`");

    /** The backquoted names of the name column of each table row, by status. */
    private static Map<String, List<String>> rowsByStatus() throws IOException {
        assertThat(MENU).as("the pass menu beside the modules").exists();
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(MENU)) {
            Matcher row = ROW.matcher(line);
            if (!row.matches()) {
                continue;
            }
            // Pass rows have a number first; pipeline rows have the name first.
            String nameColumn = row.group(1).trim().matches("\\d+") ? row.group(2) : row.group(1);
            String nameOnly = nameColumn.replaceAll("\\(.*\\)", "");
            Matcher name = NAME.matcher(nameOnly);
            while (name.find()) {
                out.computeIfAbsent(row.group(3), k -> new ArrayList<>()).add(name.group(1));
            }
        }
        return out;
    }

    @Test
    void everyRowTellsTheTruthAndEveryRegisteredPassHasOne() throws IOException {
        PassRegistry registry = CorePasses.register(new PassRegistry());
        Map<String, List<String>> rows = rowsByStatus();
        assertThat(rows.get("yes")).as("rows marked yes").isNotEmpty()
                .allSatisfy(n -> assertThat(registry.contains(n)).as("'%s' is marked yes but not registered", n).isTrue());
        assertThat(rows.getOrDefault("not yet", List.of()))
                .allSatisfy(n -> assertThat(registry.contains(n))
                        .as("'%s' is registered: mark it yes in the pass menu", n).isFalse());
        List<String> listed = rows.values().stream().flatMap(List::stream).toList();
        for (PassInfo p : registry.passes()) {
            assertThat(listed).as("pass '%s' is missing from the pass menu", p.argument()).contains(p.argument());
        }
        for (PassPipelineInfo p : registry.pipelines()) {
            assertThat(rows.get("yes")).as("pipeline '%s' is missing from the pass menu", p.argument()).contains(p.argument());
        }
    }
}
