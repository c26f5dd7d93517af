/* The generated-interface runtime: states, inputs, outputs, the memory pool, constants, errors and the worker threads. */
#include "hipep_runtime.h"
