/*
 * The vendor plugin's runtime wrappers, compiled to bitcode and linked with every model (the
 * plugin contributes them with addRuntimeBitcode). The to-LLVM model lowers each vendor op to
 * one call of its wrapper, with the kernel ABI's arguments (docs/kernel-abi.md): the context,
 * then `i64 rank, ptr descriptor` per memref operand (inputs, then the destination), then the
 * element type code. A wrapper reads the descriptors, checks the shapes, computes broadcast
 * strides and calls the kernel in libhip_ep_vendor.a; failures go to the context through
 * hipdnn_ep_state_set_error (first error wins) and the wrapper returns.
 */
#include <stddef.h>
#include "hip_ep_vendor.h"

/* From the in-tree runtime (runtime/src/main/c/include/hipep_runtime.h). */
extern void hipdnn_ep_state_set_error(void *state, int32_t code, const char *message);

/* Error codes of the runtime's enum (hipep_runtime.h). */
#define RUNTIME_ERR_UNSUPPORTED 3
#define RUNTIME_ERR_INTERNAL 6

/* A ranked memref descriptor: {allocated, aligned, offset, sizes[rank], strides[rank]}. */
typedef struct {
    void *allocated;
    char *aligned;
    int64_t offset;
    int64_t dims[];
} vendor_memref_t;

static int64_t element_size(int64_t dtype) {
    return dtype == HIP_EP_VENDOR_F32 ? 4 : 2;
}

/*
 * The strides of input `in` (rank `rank`) per dimension of the output (rank `out_rank`, sizes
 * `out_sizes`), numpy-aligned to the right; 0 where the input broadcasts. 0 when it does not fit.
 */
static int broadcast_strides(const vendor_memref_t *in, int64_t rank, int64_t out_rank, const int64_t *out_sizes,
                             int64_t *strides) {
    for (int64_t d = 0; d < out_rank; d++) {
        int64_t j = d - (out_rank - rank);
        if (j < 0) {
            strides[d] = 0;
            continue;
        }
        int64_t size = in->dims[j];
        if (size == out_sizes[d]) {
            strides[d] = size == 1 ? 0 : in->dims[rank + j];
        } else if (size == 1) {
            strides[d] = 0;
        } else {
            return 0;
        }
    }
    return 1;
}

void wrap_hip_ep_vendor_add(void *ctx, int64_t a_rank, const void *a_desc, int64_t b_rank, const void *b_desc,
                            int64_t out_rank, void *out_desc, int64_t dtype) {
    const vendor_memref_t *a = (const vendor_memref_t *)a_desc;
    const vendor_memref_t *b = (const vendor_memref_t *)b_desc;
    const vendor_memref_t *out = (const vendor_memref_t *)out_desc;
    if (out_rank > HIP_EP_VENDOR_MAX_RANK || a_rank > out_rank || b_rank > out_rank) {
        hipdnn_ep_state_set_error(ctx, RUNTIME_ERR_UNSUPPORTED,
                                  "vendor.add: ranks above 8, or an input ranked above the output, are not supported");
        return;
    }
    int64_t a_strides[HIP_EP_VENDOR_MAX_RANK];
    int64_t b_strides[HIP_EP_VENDOR_MAX_RANK];
    const int64_t *sizes = out->dims;
    if (!broadcast_strides(a, a_rank, out_rank, sizes, a_strides)
            || !broadcast_strides(b, b_rank, out_rank, sizes, b_strides)) {
        hipdnn_ep_state_set_error(ctx, RUNTIME_ERR_UNSUPPORTED,
                                  "vendor.add: the input shapes do not broadcast to the output shape");
        return;
    }
    int64_t size = element_size(dtype);
    int32_t rc = hip_ep_vendor_add_kernel((int32_t)dtype, out_rank, sizes,
                                          a->aligned + a->offset * size, a_strides,
                                          b->aligned + b->offset * size, b_strides,
                                          out->aligned + out->offset * size, out->dims + out_rank);
    if (rc != HIP_EP_VENDOR_OK) {
        hipdnn_ep_state_set_error(ctx, RUNTIME_ERR_INTERNAL,
                                  rc == HIP_EP_VENDOR_BAD_TYPE ? "vendor.add: hip_ep_vendor_add_kernel: unknown element type"
                                                               : "vendor.add: hip_ep_vendor_add_kernel: unsupported rank");
    }
}
