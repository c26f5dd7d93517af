package org.hipep.passes.hip;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.hipep.dialects.hip.ConstantOp;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.pass.Pass;
import org.hipep.pass.options.Option;

/**
 * {@code hip-externalize-constants}: turns every {@code hip.constant} carrier of a module either
 * into an external {@code memref.global} (with {@code hip.external_data = {index, offset, size}})
 * read through {@code memref.get_global} + {@code bufferization.to_tensor ... restrict}, or into
 * an {@code arith.constant} of the exact type, and writes the sidecar artifacts
 * {@code <base>.constants.bin} (64-byte aligned entries, zero padding) and, without
 * {@code skip-constant-data}, {@code <base>.constants.json}.
 *
 * <p>The pass runs in three phases: validate and plan (nothing changes), write the artifacts
 * (each to a temporary file in the output directory, then moved into place), commit the IR.
 * On any failure the IR is left unchanged and no artifact is left half-written.
 *
 * <p>Policy: an inline carrier is externalized iff {@code min-num-elements > 0} and it has at
 * least that many elements; a file or memory carrier iff {@code min-num-elements > 0}. A carrier
 * that stays is materialized now (file and memory bytes read at compile time). With
 * {@code skip-constant-data} (streaming/hybrid) no bulk blob is written: splats are recorded by
 * element value, file sources by path and offset (not opened), and only memory and non-splat
 * inline bytes go into a partial {@code <base>.constants.bin}.
 *
 * <p>The textual pass (created by the registry) reads files through the default file system and
 * has no {@link ConstantMemory}, so it refuses memory-address carriers; production callers use
 * {@link #create(Path, long, boolean, ConstantMemory)}.
 */
public final class ExternalizeConstantsPass extends Pass {
    /** The alignment of every entry in {@code <base>.constants.bin} and of the globals. */
    public static final int ALIGNMENT = 64;
    /** The module attribute naming the constants file. */
    public static final String CONSTANTS_FILE_ATTR = "hip.constants_file";
    /** The attribute of an external global: {@code {index, offset, size}}. */
    public static final String EXTERNAL_DATA_ATTR = "hip.external_data";
    /** The refusal of memory-address carriers by a pass without injected memory access. */
    public static final String MEMORY_REFUSAL =
            "memory-address sources require production externalization with an injected FileSystem";

    /** The module attributes that show the pass already ran (stale state). */
    public static final List<String> METADATA_ATTRS = List.of(CONSTANTS_FILE_ATTR, "hipdnn.constant_sizes",
            "hipdnn.constant_offsets", "hipdnn.constant_source_kinds", "hipdnn.constant_splat_elem_values",
            "hipdnn.constant_splat_elem_sizes", "hipdnn.constant_file_paths", "hipdnn.constant_file_offsets",
            "hipdnn.constant_mem_offsets");

    /** {@code ConstantMetadataSourceKind}: how the runtime finds an externalized constant's bytes. */
    public enum SourceKind {
        /** Bytes in the full {@code <base>.constants.bin} (every externalized constant in full mode). */
        BULK,
        /** One element value, to be tiled. */
        SPLAT,
        /** A range of a file named by the carrier. */
        FILE,
        /**
         * Bytes packed into the partial {@code <base>.constants.bin} at {@code mem_offset}: memory-address
         * and non-splat inline carriers in skip mode (hybrid).
         */
        MEMORY
    }

    private static final String SYMBOL_PREFIX = "hip_ext_constant_";

    private final Option<String> outputDirOption = options().stringOption("output-dir",
            "Directory for the constants sidecar files (empty: the working directory)", "");
    private final Option<Long> minNumElements = options().longOption("min-num-elements",
            "Externalize inline constants with at least this many elements, and file/memory constants,"
                    + " when > 0 (0: materialize every constant as arith.constant)", 0L);
    private final Option<Boolean> skipConstantData = options().boolOption("skip-constant-data",
            "Streaming/hybrid mode: record per-constant source metadata instead of writing the bulk blob",
            false);

    private final Path injectedOutputDir;
    private final ConstantMemory memory;

    /** The textual pass: options from the pipeline text, default file system, no memory access. */
    public ExternalizeConstantsPass() {
        this.injectedOutputDir = null;
        this.memory = null;
    }

    private ExternalizeConstantsPass(Path outputDir, long minElements, boolean skipData, ConstantMemory memory) {
        this.injectedOutputDir = Objects.requireNonNull(outputDir, "outputDir");
        this.memory = memory;
        minNumElements.set(minElements);
        skipConstantData.set(skipData);
    }

    /**
     * The production pass: artifacts go to {@code outputDir} (a directory of any file system
     * provider; relative file-source locations are resolved in that file system), and
     * memory-address carriers are read through {@code memory}.
     *
     * @param memory the process memory reader, or {@code null} to refuse memory-address carriers
     */
    public static ExternalizeConstantsPass create(Path outputDir, long minElements, boolean skipData,
            ConstantMemory memory) {
        return new ExternalizeConstantsPass(outputDir, minElements, skipData, memory);
    }

    @Override
    public String argument() {
        return "hip-externalize-constants";
    }

    @Override
    public String name() {
        return "ExternalizeConstants";
    }

    @Override
    public String description() {
        return "Move hip.constant data into external globals and sidecar files, or into arith.constant";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    /** One carrier and what the plan does with it. */
    private static final class Entry {
        final Operation op;
        final RankedTensorType type;
        final long byteSize;
        boolean externalize;
        int index = -1;
        String symbol;
        SourceKind kind;
        /** Bytes to place in the bin (null when none go there). */
        ByteBuffer binBytes;
        /** A splat's one element, repeated to {@code byteSize} bytes in the bin (when binBytes is null). */
        ByteBuffer splatUnit;
        /** A file range streamed into the bin in full mode (when binBytes is null). */
        Path filePath;
        long fileOffset;
        String fileLocation = "";
        long offset;
        long splatValue;
        long splatSize;
        /** The materialized value when not externalized. */
        DenseElementsAttr value;

        Entry(Operation op, RankedTensorType type, long byteSize) {
            this.op = op;
            this.type = type;
            this.byteSize = byteSize;
        }

        /** Whether the bin is written from this entry: its bytes, a splat to tile or a file range. */
        boolean hasBinSource() {
            return binBytes != null || splatUnit != null || filePath != null;
        }
    }

    /** A planning failure: the message goes on {@code op}. */
    private static final class PlanException extends Exception {
        final transient Operation op;

        PlanException(Operation op, String message) {
            super(message, null, false, false);
            this.op = op;
        }
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        try {
            Plan plan = plan(module);
            writeArtifacts(plan);
            commit(module, plan);
        } catch (PlanException e) {
            e.op.emitError(e.getMessage());
            signalPassFailure();
        }
    }

    private static final class Plan {
        final List<Entry> entries = new ArrayList<>();
        final List<Entry> external = new ArrayList<>();
        String base;
        Path outputDir;
        boolean skipData;
        long binSize;
    }

    // ------------------------------------------------------------------ phase 1: validate + plan

    private Plan plan(Operation module) throws PlanException {
        long minElements = minNumElements.get();
        boolean skipData = skipConstantData.get();
        if (minElements < 0) {
            throw new PlanException(module, "'min-num-elements' must be >= 0, got " + minElements);
        }
        for (String attr : METADATA_ATTRS) {
            if (module.attribute(attr) != null) {
                throw new PlanException(module, "module already has '" + attr
                        + "': hip-externalize-constants ran on it before (stale constant metadata)");
            }
        }
        List<Operation> carriers = new ArrayList<>();
        List<Operation> staleGlobals = new ArrayList<>();
        module.walk(op -> {
            if (op.is(ConstantOp.NAME)) {
                carriers.add(op);
            } else if (op.is("memref.global") && op.attribute(EXTERNAL_DATA_ATTR) != null) {
                staleGlobals.add(op);
            }
        });
        if (!staleGlobals.isEmpty()) {
            throw new PlanException(staleGlobals.get(0), "memref.global already has '" + EXTERNAL_DATA_ATTR
                    + "': hip-externalize-constants ran on this module before (stale external constant)");
        }

        Plan plan = new Plan();
        plan.skipData = skipData;
        plan.base = module.attribute(SymbolTable.SYMBOL_ATTR) instanceof StringAttr s ? s.value() : "model";
        plan.outputDir = outputDir();

        // Ordering: explicit serialization_order first (sorted), then walk order.
        Map<Long, Operation> ordered = new TreeMap<>();
        List<Operation> unordered = new ArrayList<>();
        for (Operation op : carriers) {
            if (op.attribute("serialization_order") instanceof IntegerAttr order) {
                Operation previous = ordered.put(order.longValue(), op);
                if (previous != null) {
                    throw new PlanException(op, "duplicate constant serialization order " + order.longValue());
                }
            } else {
                unordered.add(op);
            }
        }
        List<Operation> sequence = new ArrayList<>(ordered.values());
        sequence.addAll(unordered);

        for (Operation op : sequence) {
            RankedTensorType type = (RankedTensorType) op.result(0).type();
            long bytes = type.numElements() * DenseElementsAttr.elementBytes(type.elementType());
            Entry e = new Entry(op, type, bytes);
            plan.entries.add(e);
            planEntry(e, minElements, skipData);
            if (e.externalize) {
                e.index = plan.external.size();
                plan.external.add(e);
            }
        }

        // Symbols: generated names must not collide with anything in the module.
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (Operation top : module.region(0).front()) {
            String name = SymbolTable.symbolName(top);
            if (name != null) {
                taken.add(name);
            }
        }
        for (Entry e : plan.external) {
            String hint = e.op.attribute("symbol_name_hint") instanceof StringAttr h && !h.value().isEmpty()
                    ? sanitize(h.value()) + "_" : "";
            e.symbol = SYMBOL_PREFIX + hint + e.index;
            if (!taken.add(e.symbol)) {
                throw new PlanException(e.op, "symbol '@" + e.symbol
                        + "' for the externalized constant already exists in the module");
            }
        }

        // Bin layout: every entry with bin bytes at the next 64-byte boundary, in index order.
        long cursor = 0;
        for (Entry e : plan.external) {
            boolean inBin = !skipData || e.kind == SourceKind.MEMORY;
            if (inBin) {
                cursor = align(cursor);
                e.offset = cursor;
                cursor += e.byteSize;
            }
        }
        plan.binSize = cursor;
        return plan;
    }

    private void planEntry(Entry e, long minElements, boolean skipData) throws PlanException {
        Operation op = e.op;
        if (op.attribute("value") instanceof DenseElementsAttr value) {
            e.externalize = minElements > 0 && e.type.numElements() >= minElements;
            if (!e.externalize) {
                e.value = value;
            } else if (skipData && value.isSplat()) {
                e.kind = SourceKind.SPLAT;
                e.splatSize = value.elementByteWidth();
                e.splatValue = value.rawBits(0);
            } else {
                e.kind = skipData ? SourceKind.MEMORY : SourceKind.BULK;
                ByteBuffer raw = value.rawData();
                if (raw.remaining() == e.byteSize) {
                    e.binBytes = raw.slice();
                } else {
                    e.splatUnit = splatUnit(raw, e.byteSize);
                }
            }
            return;
        }
        e.externalize = minElements > 0;
        if (op.attribute("memory_address") instanceof IntegerAttr address) {
            if (memory == null) {
                throw new PlanException(op, MEMORY_REFUSAL);
            }
            ByteBuffer bytes = memory.read(address.longValue(), e.byteSize);
            if (bytes == null || bytes.remaining() < e.byteSize) {
                throw new PlanException(op, "memory-address source 0x" + Long.toHexString(address.longValue())
                        + " gave " + (bytes == null ? 0 : bytes.remaining()) + " of " + e.byteSize + " bytes");
            }
            ByteBuffer copy = copy(bytes, e.byteSize);
            if (e.externalize) {
                e.kind = skipData ? SourceKind.MEMORY : SourceKind.BULK;
                e.binBytes = copy;
            } else {
                e.value = DenseElementsAttr.fromRaw(e.type, copy);
            }
            return;
        }
        // File source.
        String location = ((StringAttr) op.attribute("location")).value();
        long offset = ((IntegerAttr) op.attribute("offset")).longValue();
        Path path = fileSystemBase().getFileSystem().getPath(location);
        if (e.externalize && skipData) {
            e.kind = SourceKind.FILE;
            e.fileLocation = location;
            e.fileOffset = offset;
            return;
        }
        if (!Files.isRegularFile(path)) {
            throw new PlanException(op, "file source '" + location + "' does not exist or is not a regular file");
        }
        try {
            long length = Files.size(path);
            if (offset + e.byteSize > length) {
                throw new PlanException(op, "file source '" + location + "' has " + length + " bytes, too few for "
                        + e.byteSize + " bytes at offset " + offset);
            }
        } catch (IOException ex) {
            throw new PlanException(op, "cannot read file source '" + location + "': " + ex.getMessage());
        }
        if (e.externalize) {
            e.kind = SourceKind.BULK;
            e.filePath = path;
            e.fileOffset = offset;
        } else {
            e.value = DenseElementsAttr.fromRaw(e.type, readRange(op, location, path, offset, e.byteSize));
        }
    }

    private Path outputDir() {
        if (injectedOutputDir != null) {
            return injectedOutputDir;
        }
        String dir = outputDirOption.get();
        return Path.of(dir == null ? "" : dir);
    }

    private Path fileSystemBase() {
        return injectedOutputDir != null ? injectedOutputDir : Path.of("");
    }

    private static ByteBuffer readRange(Operation op, String location, Path path, long offset, long size)
            throws PlanException {
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(size));
        try (SeekableByteChannel ch = Files.newByteChannel(path)) {
            ch.position(offset);
            while (buffer.hasRemaining()) {
                if (ch.read(buffer) < 0) {
                    throw new PlanException(op, "file source '" + location + "' ended after "
                            + buffer.position() + " of " + size + " bytes at offset " + offset);
                }
            }
        } catch (NoSuchFileException ex) {
            throw new PlanException(op, "file source '" + location + "' does not exist");
        } catch (IOException ex) {
            throw new PlanException(op, "cannot read file source '" + location + "': " + ex.getMessage());
        }
        return buffer.flip();
    }

    private static ByteBuffer copy(ByteBuffer src, long size) {
        ByteBuffer s = src.duplicate();
        s.limit(s.position() + Math.toIntExact(size));
        ByteBuffer out = ByteBuffer.allocate(Math.toIntExact(size));
        out.put(s);
        return out.flip();
    }

    /**
     * A splat's element bytes, checked to tile {@code byteSize} bytes. The bin gets them repeated as
     * it is written (writeBin), never as an array of the constant's size: the light models' splat
     * weights (94 MB in light-resnet50) were an array each until the bin was written.
     */
    private static ByteBuffer splatUnit(ByteBuffer raw, long byteSize) {
        int unit = raw.remaining();
        if (unit == 0 || byteSize % unit != 0) {
            throw new IllegalStateException("a splat of " + unit + " bytes cannot fill " + byteSize + " bytes");
        }
        return raw.slice();
    }

    private static long align(long offset) {
        return (offset + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }

    /** A symbol fragment: letters, digits and {@code _} kept, everything else {@code _}. */
    static String sanitize(String hint) {
        StringBuilder b = new StringBuilder(hint.length());
        for (char c : hint.toCharArray()) {
            b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ phase 2: artifacts

    private void writeArtifacts(Plan plan) throws PlanException {
        if (plan.external.isEmpty()) {
            return;
        }
        Operation module = getOperation();
        Path bin = plan.outputDir.resolve(plan.base + ".constants.bin");
        Path json = plan.outputDir.resolve(plan.base + ".constants.json");
        List<Path> temps = new ArrayList<>();
        try {
            if (!plan.outputDir.toString().isEmpty()) {
                Files.createDirectories(plan.outputDir);
            }
            Path binTemp = null;
            if (hasBinEntries(plan)) {
                binTemp = tempBeside(bin);
                temps.add(binTemp);
                writeBin(plan, binTemp);
            }
            Path jsonTemp = null;
            if (!plan.skipData) {
                jsonTemp = tempBeside(json);
                temps.add(jsonTemp);
                Files.writeString(jsonTemp, manifest(plan), StandardCharsets.UTF_8);
            }
            if (binTemp != null) {
                move(binTemp, bin);
            }
            if (jsonTemp != null) {
                move(jsonTemp, json);
            }
        } catch (IOException | RuntimeException ex) {
            for (Path t : temps) {
                try {
                    Files.deleteIfExists(t);
                } catch (IOException ignored) {
                    // best effort: the temp file is already unusable
                }
            }
            throw new PlanException(module, "cannot write constants artifacts to '" + plan.outputDir + "': "
                    + ex.getMessage());
        }
    }

    /**
     * A new empty file next to {@code target} (same directory, so the final move can be atomic),
     * created without file attributes so that any file system provider can make it.
     */
    private static Path tempBeside(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path temp = target.resolveSibling("." + target.getFileName() + "."
                    + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                Files.newByteChannel(temp, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE).close();
                return temp;
            } catch (java.nio.file.FileAlreadyExistsException ex) {
                if (attempt > 16) {
                    throw ex;
                }
            }
        }
    }

    private static boolean hasBinEntries(Plan plan) {
        return plan.external.stream().anyMatch(Entry::hasBinSource);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException ex) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * The bin through a byte channel, at most {@link #WRITE_CHUNK} bytes a write: a constant's bytes
     * in a direct buffer (a mapped model's weights) go to the file without a copy in Java, a heap
     * buffer's through the JDK's temporary direct buffer of one chunk; a splat as one chunk of its
     * element, written again and again; a file range read into that chunk and written from it.
     */
    private static void writeBin(Plan plan, Path target) throws IOException {
        try (SeekableByteChannel out = Files.newByteChannel(target, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            long written = 0;
            ByteBuffer zeros = ByteBuffer.allocate(ALIGNMENT);
            ByteBuffer chunk = ByteBuffer.allocateDirect(WRITE_CHUNK);
            for (Entry e : plan.external) {
                if (!e.hasBinSource()) {
                    continue;
                }
                if (written < e.offset) {
                    writeAll(out, zeros.clear().limit(Math.toIntExact(e.offset - written)));
                }
                if (e.binBytes != null) {
                    writeAll(out, e.binBytes.duplicate());
                } else if (e.splatUnit != null) {
                    writeSplat(e, out, chunk);
                } else {
                    streamRange(e, out, chunk);
                }
                written = e.offset + e.byteSize;
            }
        }
    }

    private static final int WRITE_CHUNK = 1 << 20;

    /** All of {@code b}'s remaining bytes, at most {@link #WRITE_CHUNK} a write. */
    private static void writeAll(SeekableByteChannel out, ByteBuffer b) throws IOException {
        int end = b.limit();
        while (b.position() < end) {
            b.limit(Math.min(end, b.position() + WRITE_CHUNK));
            while (b.hasRemaining()) {
                out.write(b);
            }
        }
    }

    /** {@code e}'s element repeated {@code e.byteSize} bytes long: one chunk filled by doubling copies. */
    private static void writeSplat(Entry e, SeekableByteChannel out, ByteBuffer chunk) throws IOException {
        int unit = e.splatUnit.remaining();
        int tile = (int) Math.min(e.byteSize, chunk.capacity() / unit * (long) unit);
        chunk.clear().put(e.splatUnit.duplicate());
        for (int filled = unit; filled < tile; filled *= 2) {
            chunk.put(filled, chunk, 0, Math.min(filled, tile - filled));
        }
        for (long left = e.byteSize; left > 0; left -= tile) {
            writeAll(out, chunk.clear().limit((int) Math.min(tile, left)));
        }
    }

    private static void streamRange(Entry e, SeekableByteChannel out, ByteBuffer chunk) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(e.filePath)) {
            ch.position(e.fileOffset);
            long left = e.byteSize;
            while (left > 0) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), left));
                int n = ch.read(chunk);
                if (n < 0) {
                    throw new IOException("file source '" + e.filePath + "' ended early");
                }
                writeAll(out, chunk.flip());
                left -= n;
            }
        }
    }

    /** The §4.3 manifest, 2-space indented. */
    private static String manifest(Plan plan) {
        StringBuilder j = new StringBuilder();
        j.append("{\n");
        j.append("  \"version\": 1,\n");
        j.append("  \"binary_file\": ").append(quote(plan.base + ".constants.bin")).append(",\n");
        j.append("  \"num_constants\": ").append(plan.external.size()).append(",\n");
        j.append("  \"total_bytes\": ").append(plan.binSize).append(",\n");
        j.append("  \"constants\": [");
        for (int i = 0; i < plan.external.size(); i++) {
            Entry e = plan.external.get(i);
            j.append(i == 0 ? "\n" : ",\n");
            j.append("    {\n");
            j.append("      \"name\": ").append(quote(e.symbol)).append(",\n");
            j.append("      \"shape\": [");
            List<Long> shape = e.type.shape();
            for (int d = 0; d < shape.size(); d++) {
                j.append(d == 0 ? "" : ", ").append(shape.get(d));
            }
            j.append("],\n");
            j.append("      \"element_type\": ").append(quote(AttrTypePrinter.typeToString(e.type.elementType())))
                    .append(",\n");
            j.append("      \"offset\": ").append(e.offset).append(",\n");
            j.append("      \"size\": ").append(e.byteSize).append(",\n");
            j.append("      \"alignment\": ").append(ALIGNMENT).append("\n");
            j.append("    }");
        }
        j.append(plan.external.isEmpty() ? "]\n" : "\n  ]\n");
        j.append("}\n");
        return j.toString();
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    // ------------------------------------------------------------------ phase 3: commit

    private void commit(Operation module, Plan plan) {
        OpBuilder builder = new OpBuilder(module.context());
        Block body = module.region(0).front();
        Operation first = body.isEmpty() ? null : body.front();
        for (Entry e : plan.external) {
            MemRefType memref = MemRefType.of(e.type.shape(), e.type.elementType());
            OperationState g = new OperationState(e.op.location(), "memref.global", module.context());
            g.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(e.symbol));
            g.addAttribute(SymbolTable.VISIBILITY_ATTR, new StringAttr("private"));
            g.addAttribute("type", new TypeAttr(memref));
            g.addAttribute("alignment", IntegerAttr.i64(ALIGNMENT));
            Map<String, Attribute> data = new LinkedHashMap<>();
            data.put("index", IntegerAttr.i64(e.index));
            data.put("offset", IntegerAttr.i64(e.offset));
            data.put("size", IntegerAttr.i64(e.byteSize));
            g.addAttribute(EXTERNAL_DATA_ATTR, DictionaryAttr.of(data));
            if (first != null) {
                builder.setInsertionPoint(first);
            } else {
                builder.setInsertionPointToEnd(body);
            }
            builder.create(g);

            builder.setInsertionPoint(e.op);
            OperationState get = new OperationState(e.op.location(), "memref.get_global", module.context());
            get.addAttribute("name", SymbolRefAttr.flat(e.symbol));
            get.resultTypes.add(memref);
            Operation getOp = builder.create(get);
            OperationState toTensor = new OperationState(e.op.location(), "bufferization.to_tensor",
                    module.context());
            toTensor.addOperands(List.of(getOp.result(0)));
            toTensor.addAttribute("restrict", UnitAttr.INSTANCE);
            toTensor.resultTypes.add(e.type);
            replace(e.op, builder.create(toTensor));
        }
        for (Entry e : plan.entries) {
            if (e.externalize) {
                continue;
            }
            builder.setInsertionPoint(e.op);
            OperationState c = new OperationState(e.op.location(), "arith.constant", module.context());
            c.addAttribute("value", e.value);
            c.resultTypes.add(e.type);
            replace(e.op, builder.create(c));
        }
        if (!plan.external.isEmpty()) {
            setMetadata(module, plan);
        }
    }

    private static void replace(Operation carrier, Operation replacement) {
        carrier.replaceAllUsesWith(replacement);
        carrier.erase();
    }

    private static void setMetadata(Operation module, Plan plan) {
        int n = plan.external.size();
        long[] sizes = new long[n];
        long[] offsets = new long[n];
        long[] kinds = new long[n];
        long[] splatValues = new long[n];
        long[] splatSizes = new long[n];
        List<Attribute> filePaths = new ArrayList<>();
        long[] fileOffsets = new long[n];
        long[] memOffsets = new long[n];
        for (Entry e : plan.external) {
            int i = e.index;
            sizes[i] = e.byteSize;
            offsets[i] = e.offset;
            kinds[i] = e.kind.ordinal();
            splatValues[i] = e.splatValue;
            splatSizes[i] = e.splatSize;
            filePaths.add(new StringAttr(e.fileLocation));
            fileOffsets[i] = e.kind == SourceKind.FILE ? e.fileOffset : 0;
            memOffsets[i] = e.kind == SourceKind.MEMORY ? e.offset : 0;
        }
        if (hasBinEntries(plan)) {
            module.setAttribute(CONSTANTS_FILE_ATTR, new StringAttr(plan.base + ".constants.bin"));
        }
        module.setAttribute("hipdnn.constant_sizes", DenseArrayAttr.i64(sizes));
        module.setAttribute("hipdnn.constant_offsets", DenseArrayAttr.i64(offsets));
        if (plan.skipData) {
            module.setAttribute("hipdnn.constant_source_kinds", DenseArrayAttr.ofLongs(IntegerType.I32, kinds));
            module.setAttribute("hipdnn.constant_splat_elem_values", DenseArrayAttr.i64(splatValues));
            module.setAttribute("hipdnn.constant_splat_elem_sizes", DenseArrayAttr.i64(splatSizes));
            module.setAttribute("hipdnn.constant_file_paths", new ArrayAttr(filePaths));
            module.setAttribute("hipdnn.constant_file_offsets", DenseArrayAttr.i64(fileOffsets));
            module.setAttribute("hipdnn.constant_mem_offsets", DenseArrayAttr.i64(memOffsets));
        }
    }
}
