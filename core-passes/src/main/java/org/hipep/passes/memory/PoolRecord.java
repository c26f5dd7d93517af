package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;

/**
 * The pool bookkeeping kept in module attributes (hip-ep-contracts §4.4): every domain's static
 * prefix and every pooled buffer's offset and domain, module-wide, so that a later function's
 * domains take the next ids. One domain is written as the three legacy attributes alone; several
 * add {@code hipdnn.domain_count}, {@code hipdnn.pool_sizes} and {@code hipdnn.buffer_domains}.
 */
final class PoolRecord {
    final List<Long> poolSizes = new ArrayList<>();
    final List<Long> offsets = new ArrayList<>();
    final List<Long> domains = new ArrayList<>();

    private PoolRecord() {
    }

    static PoolRecord read(Operation module) {
        PoolRecord r = new PoolRecord();
        Attribute sizes = module.attribute(PoolAllocsPass.POOL_SIZES);
        if (sizes instanceof DenseArrayAttr a) {
            for (long v : a.asLongs()) {
                r.poolSizes.add(v);
            }
        } else if (module.attribute(PoolAllocsPass.POOL_SIZE) instanceof IntegerAttr one) {
            r.poolSizes.add(one.longValue());
        }
        if (module.attribute(PoolAllocsPass.BUFFER_OFFSETS) instanceof DenseArrayAttr a) {
            for (long v : a.asLongs()) {
                r.offsets.add(v);
            }
        }
        if (module.attribute(PoolAllocsPass.BUFFER_DOMAINS) instanceof DenseArrayAttr a) {
            for (long v : a.asLongs()) {
                r.domains.add(v);
            }
        } else {
            r.offsets.forEach(o -> r.domains.add(0L));
        }
        return r;
    }

    void write(Operation module) {
        module.setAttribute(PoolAllocsPass.POOL_SIZE, IntegerAttr.i64(poolSizes.isEmpty() ? 0 : poolSizes.get(0)));
        module.setAttribute(PoolAllocsPass.BUFFER_COUNT, IntegerAttr.i64(offsets.size()));
        module.setAttribute(PoolAllocsPass.BUFFER_OFFSETS, DenseArrayAttr.i64(longs(offsets)));
        if (poolSizes.size() > 1) {
            module.setAttribute(PoolAllocsPass.DOMAIN_COUNT, IntegerAttr.i64(poolSizes.size()));
            module.setAttribute(PoolAllocsPass.POOL_SIZES, DenseArrayAttr.i64(longs(poolSizes)));
            module.setAttribute(PoolAllocsPass.BUFFER_DOMAINS, DenseArrayAttr.i64(longs(domains)));
        }
    }

    private static long[] longs(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
