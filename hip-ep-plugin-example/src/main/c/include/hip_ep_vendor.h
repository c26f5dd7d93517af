/*
 * hip_ep_vendor.h: the contract between the vendor plugin's runtime wrapper (vendor_wrappers.c,
 * linked into every model as runtime bitcode) and its kernel library (vendor_kernels.c, built
 * into libhip_ep_vendor.a). Every symbol starts with the plugin's prefix, hip_ep_vendor_ (or
 * wrap_hip_ep_vendor_ for the wrappers the compiler calls), so that it cannot collide with the
 * in-tree runtime or another plugin.
 */
#ifndef HIP_EP_VENDOR_H
#define HIP_EP_VENDOR_H
#include <stdint.h>

/* Element type codes, as the to-LLVM model passes them (VendorOps.ElementType). */
enum {
    HIP_EP_VENDOR_F32 = 0,
    HIP_EP_VENDOR_F16 = 1,
    HIP_EP_VENDOR_BF16 = 2,
};

/* The most dimensions a vendor kernel takes. */
#define HIP_EP_VENDOR_MAX_RANK 8

/* Kernel results: 0 on success, else one of these. */
enum {
    HIP_EP_VENDOR_OK = 0,
    HIP_EP_VENDOR_BAD_TYPE = 1,
    HIP_EP_VENDOR_BAD_RANK = 2,
};

/*
 * out[i] = a[i] + b[i] over the `rank` dimensions `sizes` of the output; each operand is given
 * by its first element and its element strides per output dimension (0 where it broadcasts).
 * f16 and bf16 are uint16_t bit patterns, added in float and rounded to nearest even.
 */
int32_t hip_ep_vendor_add_kernel(int32_t dtype, int64_t rank, const int64_t *sizes,
                                 const void *a, const int64_t *a_strides,
                                 const void *b, const int64_t *b_strides,
                                 void *out, const int64_t *out_strides);

#endif
