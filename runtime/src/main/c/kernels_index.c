/* Indexing: gather, scatter, one_hot, non_zero, resize, topk, cumsum. */
#include "hipep_runtime.h"
