package org.hipep.testing.lit;

import java.util.List;

/** An in-process command that RUN lines can invoke by name (see {@link ToolRegistry}). */
@FunctionalInterface
public interface LitTool {

  /**
   * Runs the tool.
   *
   * @param args the arguments after the tool name
   * @param ctx  standard streams, working directory and substitutions of the running test
   * @return the exit status; 0 means success
   * @throws Exception any exception fails the RUN line and is reported (never inverted by
   *     {@code not})
   */
  int run(List<String> args, ToolContext ctx) throws Exception;
}
