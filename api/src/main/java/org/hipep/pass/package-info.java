/**
 * The pass infrastructure, after MLIR's {@code Pass.h} and {@code PassManager.h}: {@link
 * org.hipep.pass.Pass}, pass managers nested on operation names ({@link
 * org.hipep.pass.OpPassManager}, {@link org.hipep.pass.PassManager}) that run nested pipelines
 * in parallel on isolated-from-above ops with deterministic diagnostics, the instance-based {@link
 * org.hipep.pass.PassRegistry} of passes and named pipelines, textual pipelines ({@link
 * org.hipep.pass.PassPipelines}) and instrumentation (IR printing, timing).
 *
 * <p>Passes are never shared: the registry and the pass managers hold a {@code Supplier} per
 * pass and create a fresh instance for every operation a pass runs on.
 */
package org.hipep.pass;
