/* Elementwise kernels: unary, binary with broadcasting, comparisons, logic, where, clip, cast and the activations. */
#include "hipep_runtime.h"
