/*
 * The CPU runtime as one translation unit: compiled to bitcode at build time by the clang inside
 * the LLVM presets (runtime/pom.xml), embedded as org/hipep/runtime/jit/hipep_runtime.bc and linked
 * into every model at JIT time, where LLVM inlines and specialises the kernels for the model's
 * shapes and the host CPU.
 */
#include "state.c"
#include "kernels_elementwise.c"
#include "kernels_reduce.c"
#include "kernels_data.c"
#include "kernels_dnnl.c"
#include "kernels_linalg.c"
#include "kernels_dnnl_conv.c"
#include "kernels_dnnl_winograd.c"
#include "kernels_dnnl_matmul.c"
#include "kernels_index.c"
