/* Data movement: transpose, reshape, expand, concat, split, slice, pad, tile, (un)squeeze, flatten, shape, size, fill, range, trilu. */
#include "hipep_runtime.h"
