/**
 * The vendor plugin example: dialect {@code vendor} with {@code vendor.add}, carried across the
 * whole pipeline. Depends only on the API and the core dialects.
 */
module org.hipep.vendor {
    requires org.hipep.dialects;
}
