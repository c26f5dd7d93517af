/**
 * The {@code hip} dialect: {@code hip.constant} and the tensor compute ops that
 * {@code convert-onnx-to-hip} produces.
 *
 * <h2>Destination-passing style</h2>
 * Every compute op ends its operand list with one destination ({@code init}) tensor per result,
 * whose type equals that result's type, as linalg's structured ops do; bufferization writes each
 * result into its destination's buffer. The inputs are the operands before the destinations;
 * optional inputs (gemm's {@code C}, layer_norm's {@code bias}) are told apart by count. The
 * ops are {@code Pure} (they only read their operands on tensors).
 *
 * <h2>Memref form</h2>
 * {@code one-shot-bufferize} turns each compute op into its memref form: the same name and
 * attributes, memref operands with the destinations last, no results
 * ({@code hip.add %a, %b, %out : (memref<...>, memref<...>, memref<...>) -> ()}); the verifier
 * accepts it ({@code HipMemRefForm}) and its {@code MemoryEffects} (read inputs, write
 * destinations) keep it from being treated as pure. The models are attached by
 * {@link org.hipep.dialects.hip.HipBufferizationModels}.
 *
 * <h2>Form</h2>
 * One custom form for all compute ops, with every attribute in the dictionary:
 * <pre>{@code
 * %r = hip.add %a, %b, %init : (tensor<?x1x3xf32>, tensor<2x1xf32>, tensor<?x2x3xf32>) -> tensor<?x2x3xf32>
 * %s = hip.reduce_sum %x, %init {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
 * }</pre>
 * The generic form ({@code "hip.add"(%a, %b, %init) : (...) -> ...}, attributes as properties)
 * round-trips too. Attribute kinds: flags ({@code keepdims}, {@code transA}, {@code fmod}, ...)
 * are {@code BoolAttr}; scalars ({@code axis}, {@code num_groups}) are i64 {@code IntegerAttr};
 * {@code alpha}, {@code beta}, {@code epsilon}, {@code scale}, {@code softcap} are
 * {@code FloatAttr}; {@code axes} is
 * {@code array<i64>}; {@code clip}'s optional {@code min}/{@code max} are attributes of the
 * operand's element type (a conversion with non-constant bounds uses {@code hip.max}/{@code hip.min});
 * {@code cast}'s target is the {@code to} type attribute; window attributes ({@code kernel_shape},
 * {@code strides}, {@code pads} as all begins then all ends, {@code dilations},
 * {@code output_padding}, {@code output_shape}) are {@code array<i64>} and {@code auto_pad} a string.
 *
 * <h2>Ops</h2>
 * Elementwise, where, clip, matmul, gemm, reductions, arg_max/arg_min, softmax and the
 * normalizations ({@code HipOps}); conv, conv_transpose and the pools ({@code HipConvOps}); the
 * data-movement ops transpose, reshape, expand, concat, split, slice, pad, tile, squeeze,
 * unsqueeze and flatten ({@code HipDataOps}); and gather, gather_elements, gather_nd,
 * scatter_elements, scatter_nd, cumsum, trilu, range, topk, resize, shape, size, fill, one_hot
 * and non_zero ({@code HipIndexOps}); einsum, its result shape read off {@code equation}
 * ({@code HipEinsum}); attention and rotary_embedding, the opset-23 transformer ops
 * ({@code HipAttentionOps}: 3-D or 4-D inputs with head-count attributes, grouped-query heads,
 * an optional mask and key/value cache told apart by input count, the optional present and
 * qk_matmul_output results). {@code split} has one result and
 * one destination per piece; {@code topk} has values and i64 indices; {@code fill} (ONNX
 * ConstantOfShape) has no input, its element type is that of its typed {@code value}.
 * {@code range} and {@code non_zero} ({@code [rank, ?]}) have a dynamic length.
 *
 * <h2>Runtime ops</h2>
 * At memref level, three ops reach the runtime through the context
 * ({@code HipRuntimeOps}, hip-ep-contracts §4.4): {@code hip.alloc_output(%ctx, %dyn...)
 * {out_idx = i} : memref<...>} (graph output {@code i}'s buffer from the caller's allocator),
 * {@code hip.get_pool(%ctx, %bytes) {domain_id = N} : memref<?xi8>} and
 * {@code hip.get_host_scratch(%ctx, %bytes) : memref<?xi8>}. They report a Write effect on their
 * result and no Allocate: nothing pools or frees them, and they are never removed or merged as
 * pure.
 *
 * <h2>Types</h2>
 * {@code !hip.context} ({@link org.hipep.dialects.hip.ContextType}): the opaque run-time state,
 * argument 0 of every device function once {@code hip-add-context-arg} has run (pool and output
 * allocation reach the runtime through it).
 *
 * <h2>Canonicalization</h2>
 * {@code cast}, {@code transpose} and {@code reshape} onto the input's own type fold away;
 * transpose of transpose and reshape of reshape become one op ({@code HipCanonicalization}).
 *
 * <h2>Parameters: attributes or parameter operands</h2>
 * ONNX inputs that act as parameters (the reductions' axes, Reshape's, Expand's and
 * ConstantOfShape's shape, Slice's starts/ends/axes/steps, Pad's pads, axes and constant value,
 * Tile's repeats, Split's sizes, the axes of Squeeze/Unsqueeze, CumSum's axis, TopK's and
 * Trilu's k, Resize's scales or sizes) are static attributes when known at compile time and
 * otherwise runtime <em>parameter operands</em> ({@link org.hipep.dialects.hip.HipParameters}),
 * one policy for every op: they follow the data inputs and precede the destinations, matched in
 * order to the op's parameters that are not attributes (an integer operand passes over resize's
 * float {@code scales}):
 * <pre>{@code
 * %r = hip.reduce_sum %x, %axes, %init {keepdims = false} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<?xf32>) -> tensor<?xf32>
 * %s = hip.slice %x, %starts, %init {ends = array<i64: 3>, axes = array<i64: 0>} : (tensor<20x10xf32>, tensor<1xi64>, tensor<?x10xf32>) -> tensor<?x10xf32>
 * }</pre>
 * The verifier checks each operand's type (a 1-D i64 tensor for shapes, axes, pads, repeats,
 * sizes and split sizes; 1-D i32 or i64 for slice's; one i32 or i64 value, rank 0 or
 * {@code [1]}, for an axis or k; 1-D f32 for scales; one value of the data's element type for the
 * padding value) and, when static, its length (one per dimension, twice the padded axes, one per
 * split result, the same for starts/ends/axes/steps). Shape inference gives what the operand's
 * type determines: the rank from a static length (reshape, expand, fill, unsqueeze, squeeze, and
 * reductions without keepdims: {@code r - len(axes)}), the dimensions the value cannot change
 * (outside slice's known axes, off the topk/split axis, all of cumsum/trilu) and {@code ?} for the
 * rest. {@code noop_with_empty_axes} on a reduction keeps the input when the axes are empty.
 * {@code hip-infer-shapes} folds an operand that becomes a constant back into the attribute.
 *
 * <h2>Shape inference</h2>
 * Each compute op implements {@link org.hipep.dialects.hip.InferShapes}: result types from the
 * input types and attributes, following the ONNX operator (numpy broadcasting, matmul
 * promotion, reductions, convolution and pooling windows, ...; the arithmetic is in
 * {@link org.hipep.dialects.hip.HipShapes}).
 * The verifier requires the declared result types to be compatible with the inferred ones (same
 * element type and rank; each dimension equal, or {@code ?} on either side) and
 * {@code hip-infer-shapes} uses the same model to refine {@code ?}. ONNX {@code dim_param}
 * dimensions are {@code ?} in types (their names ride on the function's
 * {@code onnx.dim_params} argument attribute), so two equal names are not known to be equal here.
 */
package org.hipep.dialects.hip;
