package org.hipep.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HipEnvironment#publish}: a compiled entry appears by one rename; when another writer's
 * entry is already there (two processes compiled the same model at once), theirs stays, ours is
 * deleted and no error is raised (Linux refuses the rename with ENOTEMPTY, which Java reports as a
 * plain FileSystemException).
 */
class CachePublishTest {
    @TempDir
    Path dir;

    @Test
    void anEntryAppearsByTheRenameAndAnotherWritersEntryStays() throws Exception {
        Path ours = Files.createDirectories(dir.resolve(".tmp-1"));
        Files.writeString(ours.resolve("model.metadata.json"), "ours");
        Path entry = dir.resolve("entry");
        HipEnvironment.publish(ours, entry);
        assertThat(entry.resolve("model.metadata.json")).hasContent("ours");
        assertThat(ours).doesNotExist();

        Path late = Files.createDirectories(dir.resolve(".tmp-2"));
        Files.writeString(late.resolve("model.metadata.json"), "late");
        HipEnvironment.publish(late, entry);
        assertThat(entry.resolve("model.metadata.json")).hasContent("ours");
        assertThat(late).doesNotExist();
    }
}
