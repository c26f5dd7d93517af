package org.hipep.pass.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.pass.text.NestedPipeline;
import org.hipep.pass.text.PassElement;
import org.hipep.pass.text.PipelineElement;
import org.hipep.pass.text.PipelineParseException;
import org.hipep.pass.text.PipelineParser;
import org.hipep.pass.text.PipelinePrinter;
import org.junit.jupiter.api.Test;

class PassOptionsPrintTest {

    enum Simplify { DISABLED, NORMAL, AGGRESSIVE }

    /** Canonicalize's options, declared in MLIR's order (not alphabetical). */
    static PassOptions canonicalizeOptions() {
        PassOptions opts = new PassOptions();
        opts.boolOption("top-down", "Seed the worklist in general top-down order", true);
        opts.enumOption("region-simplify", "Perform control flow optimizations to the region tree",
                Simplify.class, Simplify.NORMAL);
        opts.intOption("max-iterations", "Max. iterations between applying patterns", 10);
        opts.longOption("max-num-rewrites", "Max. number of pattern rewrites within an iteration", -1);
        opts.boolOption("test-convergence", "Test only: Fail pass on non-convergence to detect cyclic"
                + " pattern", false);
        opts.listOption("disabled-patterns", "Labels of patterns that should be filtered out",
                OptionType.STRING);
        return opts;
    }

    @Test
    void printsAllOptionsSortedByNameLikeDumpPassPipeline() {
        assertThat(canonicalizeOptions().print()).isEqualTo("max-iterations=10 max-num-rewrites=-1 "
                + "region-simplify=normal test-convergence=false top-down=true");
    }

    @Test
    void printsMlirTestOptionsPassLikeMlirOpt() {
        PassOptions opts = new PassOptions();
        opts.listOption("list", "", OptionType.INT);
        opts.listOption("string-list", "", OptionType.STRING);
        opts.stringOption("string", "", "");
        Map<String, Integer> values = new LinkedHashMap<>();
        values.put("zero", 0);
        values.put("one", 1);
        opts.enumOption("enum", "", values, 0);
        assertThat(opts.print()).isEqualTo("enum=zero string=");
        opts.parse("list={1,2} list=3,4 string=foo\"bar\"baz enum=one");
        assertThat(opts.print()).isEqualTo("enum=one list={1,2,3,4} string=foo\"bar\"baz");
    }

    @Test
    void quotesOnlyWhenNeeded() {
        PassOptions opts = new PassOptions();
        opts.stringOption("a", "", "plain");
        opts.stringOption("b", "", "hello world");
        opts.stringOption("c", "", "say \"hi there\"");
        opts.stringOption("d", "", "{x}");
        opts.stringOption("e", "", "x,y");
        opts.doubleOption("f", "", 1.0);
        opts.nestedOption("g", "").set("p=1 q={r}");
        assertThat(opts.print()).isEqualTo(
                "a=plain b=\"hello world\" c='say \"hi there\"' d=\"{x}\" e=x,y f=1.000000e+00 g={p=1 q={r}}");
    }

    @Test
    void printedTextParsesBackToTheSameValues() {
        PassOptions first = canonicalizeOptions();
        first.parse("max-iterations=3 region-simplify=aggressive test-convergence "
                + "disabled-patterns={\"A B\",C}");
        String printed = first.print();
        assertThat(printed).isEqualTo("disabled-patterns={A B,C} max-iterations=3 "
                + "max-num-rewrites=-1 region-simplify=aggressive test-convergence=true top-down=true");
        PassOptions second = canonicalizeOptions();
        second.parse(printed);
        assertThat(second.print()).isEqualTo(printed);
    }

    @Test
    void describeListsTypesSortedByName() {
        assertThat(canonicalizeOptions().describe()).containsExactly(
                "  --disabled-patterns=<list> - Labels of patterns that should be filtered out",
                "  --max-iterations=<int> - Max. iterations between applying patterns",
                "  --max-num-rewrites=<long> - Max. number of pattern rewrites within an iteration",
                "  --region-simplify=<disabled|normal|aggressive> - Perform control flow optimizations"
                        + " to the region tree",
                "  --test-convergence=<boolean> - Test only: Fail pass on non-convergence to detect"
                        + " cyclic pattern",
                "  --top-down=<boolean> - Seed the worklist in general top-down order");
        PassOptions other = new PassOptions();
        other.doubleOption("ratio", "A ratio", 0.5);
        other.stringOption("name", "A name", "");
        other.nestedOption("nested", "Passed down");
        assertThat(other.describe()).containsExactly(
                "  --name=<string> - A name",
                "  --nested=<string> - Passed down",
                "  --ratio=<number> - A ratio");
    }

    @Test
    void dumpPassPipelineStyleRoundTrip() {
        NestedPipeline top =
                PipelineParser.parse("builtin.module( func.func( canonicalize{ max-iterations=3 } ), cse )");
        NestedPipeline func = (NestedPipeline) top.elements().get(0);
        PassElement canon = (PassElement) func.elements().get(0);
        PassOptions opts = canonicalizeOptions();
        opts.parse(canon.options());
        PipelineElement dumped = new NestedPipeline(top.anchor(), List.of(
                new NestedPipeline(func.anchor(),
                        List.of(new PassElement(canon.name(), opts.print(), canon.where())), func.where()),
                top.elements().get(1)), top.where());
        String text = PipelinePrinter.print(dumped);
        assertThat(text).isEqualTo("builtin.module(func.func(canonicalize{max-iterations=3 "
                + "max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}),cse)");
        assertThat(PipelinePrinter.print(PipelineParser.parse(text))).isEqualTo(text);
    }

    @Test
    void optionErrorsRenderAgainstThePipelineText() {
        String text = "builtin.module(canonicalize{max-iterations=abc})";
        PassElement canon = (PassElement) PipelineParser.parse(text).elements().get(0);
        PipelineParseException inOptions = null;
        try {
            canonicalizeOptions().parse(canon.options());
        } catch (PipelineParseException e) {
            inOptions = e;
        }
        assertThat(inOptions).isNotNull();
        PipelineParseException e = inOptions.rebase(text, canon.optionsStart());
        assertThat(e.column()).isEqualTo(43);
        assertThat(e.render()).isEqualTo("MLIR Textual PassPipeline Parser:1:44: error: invalid value"
                + " 'abc' for option 'max-iterations': expected an integer\n"
                + text + "\n"
                + " ".repeat(43) + "^");
    }
}
