package org.hipep.host.plugins;

import java.util.ArrayList;
import java.util.List;

/** The ordered plugin-id list: {@code --plugins a,b} or the system property {@code hipep.plugins}. */
public final class PluginSelection {
    /** The system property that selects plugins when {@code --plugins} is not given. */
    public static final String PROPERTY = "hipep.plugins";

    private PluginSelection() {
    }

    /** Parses {@code a,b}: ids in order, blanks ignored. */
    public static List<String> parse(String csv) {
        List<String> ids = new ArrayList<>();
        if (csv != null) {
            for (String part : csv.split(",")) {
                String id = part.trim();
                if (!id.isEmpty()) {
                    ids.add(id);
                }
            }
        }
        return List.copyOf(ids);
    }

    /** The selection: {@code option} when given, else the system property, else none. */
    public static List<String> resolve(String option) {
        return parse(option != null ? option : System.getProperty(PROPERTY));
    }
}
