package org.hipep.runtime.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.bytedeco.javacpp.LongPointer;
import org.hipep.runtime.jit.RuntimeFailure;

/**
 * A session's constants and the {@code hipep_host_t} it gives {@code inference_init}: the address
 * of every externalized constant (sidecar entries mapped or loaded, splats materialised, file
 * references mapped), the thread count, the slot where the session's states keep what they share
 * (the runtime fills it; {@code hipep_host_release} frees it when the session closes) and the
 * convolutions' algorithm search. Everything here stays reachable while the session lives.
 */
final class ConstantsData {
    private final List<ByteBuffer> keepAlive = new ArrayList<>();
    private final LongPointer table;
    private final LongPointer host;

    private ConstantsData(int count, int threads, ConvolutionSearch search) {
        table = new LongPointer(Math.max(count, 1));
        host = new LongPointer(5);
        host.put(0, count);
        host.put(1, table.address());
        host.put(2, threads);
        host.put(3, 0L);
        host.put(4, search == ConvolutionSearch.HEURISTIC ? 1 : 0);
    }

    /** The {@code hipep_host_t} for {@code inference_init}. */
    LongPointer host() {
        return host;
    }

    static ConstantsData load(ArtifactMetadata meta, Path dir, ConstantsPolicy policy, int threads,
            ConvolutionSearch search) {
        List<ArtifactMetadata.Constant> constants = meta.constants();
        ConstantsData d = new ConstantsData(constants.size(), threads, search);
        ByteBuffer sidecar = null;
        for (int i = 0; i < constants.size(); i++) {
            ArtifactMetadata.Constant c = constants.get(i);
            ByteBuffer bytes;
            switch (c.source()) {
                case "NONE" -> {
                    if (sidecar == null) {
                        sidecar = d.sidecar(meta, dir, policy);
                    }
                    if (c.offset() < 0 || c.offset() + c.size() > sidecar.capacity()) {
                        throw new RuntimeFailure("constant " + i + " (" + c.size() + " bytes at offset " + c.offset()
                                + ") lies outside the constants file " + dir.resolve(meta.constantsFilename()) + " ("
                                + sidecar.capacity() + " bytes)");
                    }
                    bytes = sidecar.duplicate().position((int) c.offset()).limit((int) (c.offset() + c.size())).slice();
                }
                case "SplatSource" -> {
                    bytes = ByteBuffer.allocateDirect((int) Math.max(c.size(), 1)).order(ByteOrder.nativeOrder());
                    byte[] e = c.splatElement();
                    for (int k = 0; k < c.size(); k++) {
                        bytes.put(k, e[k % e.length]);
                    }
                    d.keepAlive.add(bytes);
                }
                case "FileRefSource" -> {
                    Path file = dir.resolve(c.path());
                    ByteBuffer mapped = d.map(file, ConstantsPolicy.MAP);
                    if (c.fileOffset() + c.size() > mapped.capacity()) {
                        throw new RuntimeFailure("constant " + i + " refers to " + c.size() + " bytes at offset "
                                + c.fileOffset() + " of " + file + ", which has " + mapped.capacity());
                    }
                    bytes = mapped.duplicate().position((int) c.fileOffset())
                            .limit((int) (c.fileOffset() + c.size())).slice();
                }
                default -> throw new RuntimeFailure("constant " + i + " has source " + c.source()
                        + ", which the CPU runtime cannot read (it has no host memory to take it from)");
            }
            d.table.put(i, NativeMemory.address(bytes));
        }
        return d;
    }

    private ByteBuffer sidecar(ArtifactMetadata meta, Path dir, ConstantsPolicy policy) {
        if (meta.constantsFilename() == null) {
            throw new RuntimeFailure("the model has externalized constants but its metadata names no constants file");
        }
        return map(dir.resolve(meta.constantsFilename()), policy);
    }

    private ByteBuffer map(Path file, ConstantsPolicy policy) {
        // A private (copy-on-write) mapping needs a channel open for writing too; the file itself is
        // never changed, nor the mapping (the runtime drops a packed constant's pages, which are then
        // read back from the file). A read-only file is read into memory instead: a read-only mapping
        // would turn a stray write into a crash of the JVM.
        boolean map = policy == ConstantsPolicy.MAP && java.nio.file.Files.isWritable(file);
        try (FileChannel ch = map ? FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > Integer.MAX_VALUE) {
                throw new RuntimeFailure(file + ": constants files over 2 GiB are not supported yet (" + size + " bytes)");
            }
            ByteBuffer b;
            if (map) {
                b = ch.map(FileChannel.MapMode.PRIVATE, 0, size);
            } else {
                b = ByteBuffer.allocateDirect((int) Math.max(size, 1));
                while (b.position() < size && ch.read(b) >= 0) {
                    // read to the end
                }
                b.flip();
            }
            keepAlive.add(b);
            return b;
        } catch (IOException e) {
            throw new RuntimeFailure("cannot read the constants file " + file + ": " + e.getMessage(), e);
        }
    }
}
