/* Reductions, arg max/min, softmax and the normalisations. */
#include "hipep_runtime.h"
