/** The {@code tensor} dialect: tensor creation, element access, casts, reshapes and slices. */
package org.hipep.dialects.tensor;
