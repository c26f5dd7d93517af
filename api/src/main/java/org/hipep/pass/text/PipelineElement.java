package org.hipep.pass.text;

/**
 * One element of a textual pass pipeline: either a {@link NestedPipeline} anchored on an operation
 * name ({@code func.func(...)}) or a {@link PassElement} naming a pass or a registered pipeline,
 * optionally with options ({@code canonicalize{max-iterations=10}}).
 */
public sealed interface PipelineElement permits NestedPipeline, PassElement {

  /** Returns where this element was found in the parsed text. */
  SourceRange where();
}
