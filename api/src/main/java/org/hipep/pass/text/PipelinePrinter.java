package org.hipep.pass.text;

import java.util.List;

/**
  * Prints pipeline elements in canonical textual form: no whitespace around structure, option text
  * inside braces with whitespace between entries collapsed to single spaces, e.g. {@code
  * builtin.module(func.func(cse,canonicalize{max-iterations=10}),symbol-dce)}. Empty option text
  * prints without braces, as {@code mlir-opt --dump-pass-pipeline} does. Parsing the output yields
  * an equal structure, so printing is a fixed point.
  */
public final class PipelinePrinter {

    private PipelinePrinter() {}

    /** Returns the canonical text of {@code element}. */
    public static String print(PipelineElement element) {
        StringBuilder out = new StringBuilder();
        append(out, element);
        return out.toString();
    }

    /** Returns the canonical text of an un-anchored element list, joined with commas. */
    public static String print(List<? extends PipelineElement> elements) {
        StringBuilder out = new StringBuilder();
        appendAll(out, elements);
        return out.toString();
    }

    private static void append(StringBuilder out, PipelineElement element) {
        if (element instanceof NestedPipeline nested) {
            out.append(nested.anchor()).append('(');
            appendAll(out, nested.elements());
            out.append(')');
        } else if (element instanceof PassElement pass) {
            out.append(pass.name());
            if (pass.options() != null) {
                String options = OptionLexer.normalize(pass.options());
                if (!options.isEmpty()) {
                    out.append('{').append(options).append('}');
                }
            }
        }
    }

    private static void appendAll(StringBuilder out, List<? extends PipelineElement> elements) {
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            append(out, elements.get(i));
        }
    }
}
