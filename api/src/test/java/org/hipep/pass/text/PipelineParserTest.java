package org.hipep.pass.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineParserTest {

    private static PassElement pass(PipelineElement element) {
        assertThat(element).isInstanceOf(PassElement.class);
        return (PassElement) element;
    }

    private static NestedPipeline nested(PipelineElement element) {
        assertThat(element).isInstanceOf(NestedPipeline.class);
        return (NestedPipeline) element;
    }

    @Test
    void singlePass() {
        String text = "builtin.module(cse)";
        NestedPipeline top = PipelineParser.parse(text);
        assertThat(top.anchor()).isEqualTo("builtin.module");
        assertThat(top.where()).isEqualTo(new SourceRange(0, text.length()));
        assertThat(top.elements()).hasSize(1);
        PassElement cse = pass(top.elements().get(0));
        assertThat(cse.name()).isEqualTo("cse");
        assertThat(cse.options()).isNull();
        assertThat(cse.optionsStart()).isEqualTo(-1);
        assertThat(cse.where()).isEqualTo(new SourceRange(15, 18));
        assertThat(cse.where().slice(text)).isEqualTo("cse");
    }

    @Test
    void emptyPipelines() {
        assertThat(PipelineParser.parse("builtin.module()").elements()).isEmpty();
        NestedPipeline top = PipelineParser.parse("builtin.module( func.func( ) )");
        assertThat(nested(top.elements().get(0)).elements()).isEmpty();
    }

    @Test
    void nestedAnchorsThreeDeep() {
        String text = "builtin.module(builtin.module(func.func(cse,canonicalize),symbol-dce),inline)";
        NestedPipeline top = PipelineParser.parse(text);
        assertThat(top.elements()).hasSize(2);
        NestedPipeline inner = nested(top.elements().get(0));
        assertThat(inner.anchor()).isEqualTo("builtin.module");
        assertThat(inner.where().slice(text))
                .isEqualTo("builtin.module(func.func(cse,canonicalize),symbol-dce)");
        NestedPipeline func = nested(inner.elements().get(0));
        assertThat(func.anchor()).isEqualTo("func.func");
        assertThat(func.elements()).extracting(e -> pass(e).name())
                .containsExactly("cse", "canonicalize");
        assertThat(pass(inner.elements().get(1)).name()).isEqualTo("symbol-dce");
        assertThat(pass(top.elements().get(1)).name()).isEqualTo("inline");
        assertThat(pass(top.elements().get(1)).where().slice(text)).isEqualTo("inline");
    }

    @Test
    void anyAnchor() {
        NestedPipeline top = PipelineParser.parse("any(cse)");
        assertThat(top.anchor()).isEqualTo("any");
        NestedPipeline inner =
                nested(PipelineParser.parse("builtin.module(any(canonicalize))").elements().get(0));
        assertThat(inner.anchor()).isEqualTo("any");
        assertThat(pass(inner.elements().get(0)).name()).isEqualTo("canonicalize");
    }

    @Test
    void namesAllowDollarUnderscoreDigitsDots() {
        NestedPipeline top = PipelineParser.parse("my_dialect.op$1(hip-pool-allocs,pass_2.x)");
        assertThat(top.anchor()).isEqualTo("my_dialect.op$1");
        assertThat(top.elements()).extracting(e -> pass(e).name())
                .containsExactly("hip-pool-allocs", "pass_2.x");
    }

    @Test
    void optionsWithNestedBracesAndQuotesDoNotConfuseStructure() {
        String opts = "a=\"x(y),z\" b={c=(d) e='}'} f={g={h,i}} j=')'";
        String text = "builtin.module(foo{" + opts + "},func.func(bar{k=\"(,\"}),baz)";
        NestedPipeline top = PipelineParser.parse(text);
        assertThat(top.elements()).hasSize(3);
        PassElement foo = pass(top.elements().get(0));
        assertThat(foo.name()).isEqualTo("foo");
        assertThat(foo.options()).isEqualTo(opts);
        assertThat(foo.optionsStart()).isEqualTo(text.indexOf('{') + 1);
        assertThat(text.substring(foo.optionsStart(), foo.optionsStart() + opts.length()))
                .isEqualTo(opts);
        NestedPipeline func = nested(top.elements().get(1));
        assertThat(pass(func.elements().get(0)).options()).isEqualTo("k=\"(,\"");
        assertThat(pass(top.elements().get(2)).name()).isEqualTo("baz");
    }

    @Test
    void rawOptionsKeptVerbatimIncludingWhitespace() {
        PassElement p = pass(PipelineParser.parse("builtin.module(canonicalize{  a=1   b  })")
                .elements().get(0));
        assertThat(p.options()).isEqualTo("  a=1   b  ");
        PassElement empty = pass(PipelineParser.parse("builtin.module(cse{})").elements().get(0));
        assertThat(empty.options()).isEmpty();
    }

    @Test
    void whitespaceTolerance() {
        String text = "  builtin.module ( func.func ( cse , canonicalize {max-iterations=3} ) ,\n"
                + "\tsymbol-dce )  ";
        NestedPipeline top = PipelineParser.parse(text);
        assertThat(top.anchor()).isEqualTo("builtin.module");
        assertThat(top.where().start()).isEqualTo(2);
        NestedPipeline func = nested(top.elements().get(0));
        PassElement canon = pass(func.elements().get(1));
        assertThat(canon.name()).isEqualTo("canonicalize");
        assertThat(canon.options()).isEqualTo("max-iterations=3");
        assertThat(canon.where().slice(text)).isEqualTo("canonicalize {max-iterations=3}");
        assertThat(PipelinePrinter.print(top))
                .isEqualTo("builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce)");
    }

    @Test
    void unanchoredLegacyForm() {
        List<PipelineElement> elements = PipelineParser.parseUnanchored("canonicalize, cse");
        assertThat(elements).extracting(e -> pass(e).name()).containsExactly("canonicalize", "cse");
        List<PipelineElement> mixed =
                PipelineParser.parseUnanchored("func.func(cse),canonicalize{a=1}");
        assertThat(nested(mixed.get(0)).anchor()).isEqualTo("func.func");
        assertThat(pass(mixed.get(1)).options()).isEqualTo("a=1");
        assertThat(PipelinePrinter.print(mixed)).isEqualTo("func.func(cse),canonicalize{a=1}");
        assertThat(PipelineParser.parseUnanchored("")).isEmpty();
        assertThat(PipelineParser.parseUnanchored("   ")).isEmpty();
    }

    @Test
    void printerNormalisesOptionWhitespaceOnly() {
        NestedPipeline top = PipelineParser.parse(
                "builtin.module(p{  a=1    name=\"x  y\"   n={c=1   d}  flag },q{ })");
        assertThat(PipelinePrinter.print(top))
                .isEqualTo("builtin.module(p{a=1 name=\"x  y\" n={c=1   d} flag},q)");
    }

    @Test
    void printerOnConstructedElements() {
        NestedPipeline built = new NestedPipeline("builtin.module", List.of(
                new NestedPipeline("func.func", List.of(
                        new PassElement("cse", null, new SourceRange(0, 0)),
                        new PassElement("canonicalize", "max-iterations=10", new SourceRange(0, 0))),
                        new SourceRange(0, 0)),
                new PassElement("symbol-dce", null, new SourceRange(0, 0))), new SourceRange(0, 0));
        assertThat(PipelinePrinter.print(built)).isEqualTo(
                "builtin.module(func.func(cse,canonicalize{max-iterations=10}),symbol-dce)");
    }
}
