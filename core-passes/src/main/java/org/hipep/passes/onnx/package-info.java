/**
 * ONNX-level passes: {@code simplify-onnx} and its rewrite patterns, and the control-flow
 * outlining passes {@code onnx-loop-outline} and {@code onnx-if-outline}.
 *
 * <p>Outlining moves each subgraph region of {@code onnx.Loop} ({@code body}) and {@code onnx.If}
 * ({@code then_branch}, {@code else_branch}) into a private {@code func.func}
 * {@code @<function>_<node>_body|then|else} and replaces the op with a region-free
 * {@code onnx.OutlinedLoop} / {@code onnx.OutlinedIf} that names the callees in those attributes.
 * Outer values a region uses (its captures, in order of first use) are appended as trailing
 * callee arguments and trailing operands ({@code onnx.num_captures} says how many); constants and
 * {@code onnx.NoValue}s are copied into the callee instead. A Loop body keeps the ONNX signature
 * {@code (iteration_num, cond, carried...) -> (cond, carried..., scan outputs...)} before the
 * captures. Ops are outlined innermost first; anything that cannot be outlined (a malformed
 * region, a subgraph op other than If and Loop) is reported on its node and leaves the module
 * unchanged. The outlined ops have no onnx schema and are accepted as unknown onnx ops.
 */
package org.hipep.passes.onnx;
