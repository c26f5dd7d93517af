package org.hipep.pass;

import org.hipep.pass.text.PipelineElement;

/** Internal: one element of an {@link OpPassManager}: a {@link PassEntry} or a nested manager. */
interface PipelineStep {

    /** This step as a textual pipeline element (with an empty source range). */
    PipelineElement toElement();
}
