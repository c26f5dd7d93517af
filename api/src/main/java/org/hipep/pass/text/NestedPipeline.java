package org.hipep.pass.text;

import java.util.List;
import java.util.Objects;

/**
  * A pipeline nested on (anchored to) an operation name, e.g. {@code func.func(cse,canonicalize)}.
  * The anchor {@code any} denotes an op-agnostic pipeline.
  *
  * @param anchor the operation name the pipeline is anchored on
  * @param elements the elements of the pipeline, in order (immutable, possibly empty)
  * @param where the range from the anchor name to the closing parenthesis (inclusive)
  */
public record NestedPipeline(String anchor, List<PipelineElement> elements, SourceRange where)
        implements PipelineElement {

    /** Validates the components and makes {@code elements} immutable. */
    public NestedPipeline {
        Objects.requireNonNull(anchor, "anchor");
        Objects.requireNonNull(where, "where");
        elements = List.copyOf(elements);
    }
}
