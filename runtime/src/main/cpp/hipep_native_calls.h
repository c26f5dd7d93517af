/*
 * Calls through a code address with the exact C type of the callee (generated interface and
 * host helpers of hipep_runtime.h). Addresses and pointers travel as int64_t (jlong) so the JNI
 * side reads no Pointer fields. Used by org.hipep.runtime.jit.NativeCalls only.
 */
#ifndef HIPEP_NATIVE_CALLS_H
#define HIPEP_NATIVE_CALLS_H

#include <stdint.h>

#define HIPEP_PTR(x) ((void *)(intptr_t)(x))

static inline int32_t hipep_call_i32_pp(int64_t fn, int64_t a, int64_t b) {
    return ((int32_t (*)(void *, void *))HIPEP_PTR(fn))(HIPEP_PTR(a), HIPEP_PTR(b));
}
static inline int32_t hipep_call_i32_p(int64_t fn, int64_t a) {
    return ((int32_t (*)(void *))HIPEP_PTR(fn))(HIPEP_PTR(a));
}
static inline int64_t hipep_call_p(int64_t fn) {
    return (int64_t)(intptr_t)((const void *(*)(void))HIPEP_PTR(fn))();
}
static inline void hipep_call_v_pp(int64_t fn, int64_t a, int64_t b) {
    ((void (*)(void *, const void *))HIPEP_PTR(fn))(HIPEP_PTR(a), HIPEP_PTR(b));
}
static inline int64_t hipep_call_p_pp(int64_t fn, int64_t a, int64_t b) {
    return (int64_t)(intptr_t)((const void *(*)(void *, void *))HIPEP_PTR(fn))(HIPEP_PTR(a), HIPEP_PTR(b));
}
static inline int64_t hipep_call_p_p(int64_t fn, int64_t a) {
    return (int64_t)(intptr_t)((const void *(*)(void *))HIPEP_PTR(fn))(HIPEP_PTR(a));
}
static inline void hipep_call_v_p(int64_t fn, int64_t a) {
    ((void (*)(void *))HIPEP_PTR(fn))(HIPEP_PTR(a));
}

#endif
