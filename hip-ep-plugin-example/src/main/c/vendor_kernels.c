/*
 * The vendor kernel library (libhip_ep_vendor.a): what a vendor ships as a prebuilt library. It
 * knows nothing of the compiler or of MLIR descriptors; the runtime wrapper adapts the kernel
 * ABI to it. Built with -fPIC so that the NATIVE artifact (a shared object) can link it.
 */
#include "hip_ep_vendor.h"

static float f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else if (exp != 0) {
        bits = sign | ((exp + 112u) << 23) | (mant << 13);
    } else if (mant == 0) {
        bits = sign;
    } else { /* subnormal: shift the mantissa up until its leading one is the implicit bit */
        uint32_t e = 113u;
        while ((mant & 0x400u) == 0) {
            mant <<= 1;
            e--;
        }
        bits = sign | (e << 23) | ((mant & 0x3ffu) << 13);
    }
    union { uint32_t u; float f; } c = { bits };
    return c.f;
}

static uint16_t f32_to_f16(float f) {
    union { float f; uint32_t u; } c = { f };
    uint32_t sign = (c.u >> 16) & 0x8000u;
    uint32_t abs = c.u & 0x7fffffffu;
    if (abs >= 0x7f800000u) { /* inf or NaN (kept quiet) */
        return (uint16_t)(sign | (abs > 0x7f800000u ? 0x7e00u : 0x7c00u));
    }
    if (abs >= 0x477ff000u) { /* rounds past the largest f16 */
        return (uint16_t)(sign | 0x7c00u);
    }
    if (abs < 0x38800000u) { /* below the smallest normal f16: a subnormal or zero */
        if (abs < 0x33000000u) {
            return (uint16_t)sign;
        }
        uint32_t m = (abs & 0x7fffffu) | 0x800000u;
        int shift = (int)(126u - (abs >> 23));
        uint32_t q = m >> shift;
        uint32_t rest = m & ((1u << shift) - 1u);
        uint32_t half = 1u << (shift - 1);
        q += rest > half || (rest == half && (q & 1u));
        return (uint16_t)(sign | q);
    }
    uint32_t q = (abs >> 13) - (112u << 10);
    uint32_t rest = abs & 0x1fffu;
    q += rest > 0x1000u || (rest == 0x1000u && (q & 1u));
    return (uint16_t)(sign | q);
}

static float bf16_to_f32(uint16_t h) {
    union { uint32_t u; float f; } c = { (uint32_t)h << 16 };
    return c.f;
}

static uint16_t f32_to_bf16(float f) {
    union { float f; uint32_t u; } c = { f };
    if ((c.u & 0x7fffffffu) > 0x7f800000u) {
        return (uint16_t)((c.u >> 16) | 0x40u); /* NaN stays a (quiet) NaN */
    }
    return (uint16_t)((c.u + 0x7fffu + ((c.u >> 16) & 1u)) >> 16);
}

int32_t hip_ep_vendor_add_kernel(int32_t dtype, int64_t rank, const int64_t *sizes,
                                 const void *a, const int64_t *a_strides,
                                 const void *b, const int64_t *b_strides,
                                 void *out, const int64_t *out_strides) {
    if (dtype != HIP_EP_VENDOR_F32 && dtype != HIP_EP_VENDOR_F16 && dtype != HIP_EP_VENDOR_BF16) {
        return HIP_EP_VENDOR_BAD_TYPE;
    }
    if (rank < 0 || rank > HIP_EP_VENDOR_MAX_RANK) {
        return HIP_EP_VENDOR_BAD_RANK;
    }
    int64_t total = 1;
    for (int64_t d = 0; d < rank; d++) {
        total *= sizes[d];
    }
    if (total == 0) {
        return HIP_EP_VENDOR_OK;
    }
    /* An odometer over the output's index; the innermost dimension is the inner loop. */
    int64_t index[HIP_EP_VENDOR_MAX_RANK] = {0};
    int64_t inner = rank == 0 ? 1 : sizes[rank - 1];
    int64_t sa = rank == 0 ? 0 : a_strides[rank - 1];
    int64_t sb = rank == 0 ? 0 : b_strides[rank - 1];
    int64_t so = rank == 0 ? 0 : out_strides[rank - 1];
    for (int64_t done = 0; done < total; done += inner) {
        int64_t oa = 0, ob = 0, oo = 0;
        for (int64_t d = 0; d + 1 < rank; d++) {
            oa += index[d] * a_strides[d];
            ob += index[d] * b_strides[d];
            oo += index[d] * out_strides[d];
        }
        if (dtype == HIP_EP_VENDOR_F32) {
            const float *pa = (const float *)a + oa;
            const float *pb = (const float *)b + ob;
            float *po = (float *)out + oo;
            for (int64_t i = 0; i < inner; i++) {
                po[i * so] = pa[i * sa] + pb[i * sb];
            }
        } else {
            const uint16_t *pa = (const uint16_t *)a + oa;
            const uint16_t *pb = (const uint16_t *)b + ob;
            uint16_t *po = (uint16_t *)out + oo;
            for (int64_t i = 0; i < inner; i++) {
                po[i * so] = dtype == HIP_EP_VENDOR_F16
                        ? f32_to_f16(f16_to_f32(pa[i * sa]) + f16_to_f32(pb[i * sb]))
                        : f32_to_bf16(bf16_to_f32(pa[i * sa]) + bf16_to_f32(pb[i * sb]));
            }
        }
        for (int64_t d = rank - 2; d >= 0; d--) { /* next row */
            if (++index[d] < sizes[d]) {
                break;
            }
            index[d] = 0;
        }
    }
    return HIP_EP_VENDOR_OK;
}
