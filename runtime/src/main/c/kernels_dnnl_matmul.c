/*
 * oneDNN matmul kernels (placeholder: filled in next).
 */
