/* MatMul, Gemm, convolutions, pooling, einsum, attention and rotary embedding. */
#include "hipep_runtime.h"
