package org.hipep.testing.lit;

import java.nio.file.Path;
import java.util.List;

/**
  * What a {@link LitTool} gets to work with.
  *
  * @param stdin         the standard input text
  * @param stdout        standard output
  * @param stderr        standard error
  * @param workDir       the working directory (the test source's directory)
  * @param substitutions the test's substitutions ({@code %s}, {@code %t}, ...)
  * @param registry      the tools available, for tools that run other tools (like {@code not})
  */
public record ToolContext(String stdin, Appendable stdout, Appendable stderr, Path workDir,
        Substitutions substitutions, ToolRegistry registry) {

    /**
      * @param file a path as given on the command line
      * @return the path resolved against the working directory
      */
    public Path resolve(String file) {
        return workDir.resolve(file);
    }

    /**
      * Runs another registered tool with the same streams.
      *
      * @param argv the tool name followed by its arguments
      * @return its exit status
      * @throws UnknownToolException when no such tool is registered
      * @throws RuntimeException     wrapping whatever the tool throws
      */
    public int invoke(List<String> argv) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("no command given");
        }
        LitTool tool = registry.lookup(argv.get(0))
                .orElseThrow(() -> new UnknownToolException(argv.get(0), registry.names()));
        try {
            return tool.run(argv.subList(1, argv.size()), this);
        } catch (UnknownToolException | ToolCrashException e) {
            throw e;
        } catch (Exception e) {
            throw new ToolCrashException(argv.get(0), e);
        }
    }
}
