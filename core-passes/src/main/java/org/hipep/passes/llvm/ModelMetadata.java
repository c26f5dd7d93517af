package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.StringAttr;

/**
 * The model's metadata as {@code generate-interface} embeds it: the fields of hip-ep's
 * {@code HipModelMetaInfo} (hip-ep-contracts §4.4) as JSON, read from the module attributes that
 * earlier passes set, plus names, element types, pool sizes and plugin provenance.
 *
 * <p>Module attributes read (all optional): {@code hipdnn.input_shapes} / {@code hipdnn.output_shapes}
 * (array of {@code array<i64>}, a negative entry is a dynamic dimension), {@code hipdnn.input_count} /
 * {@code hipdnn.output_count}, {@code hipdnn.input_element_sizes} / {@code hipdnn.output_element_sizes}
 * (missing: 4 bytes), {@code hipdnn.input_names} / {@code hipdnn.output_names} and
 * {@code hipdnn.input_element_types} / {@code hipdnn.output_element_types} (arrays of strings);
 * {@code hip.constants_file} and the {@code hipdnn.constant_*} arrays of
 * {@code hip-externalize-constants}; {@code hipdnn.pool_size}, {@code hipdnn.pool_sizes};
 * {@code hipep.plugin_provenance} (plugin id → array of pass names).
 */
final class ModelMetadata {
    /** The version of the metadata layout (HipModelMetaInfo.version). */
    static final int VERSION = 1;
    /** The constants file name when neither the module nor the pass option gives one. */
    static final String DEFAULT_CONSTANTS_FILE = "constants.bin";
    /** The element size assumed when the module does not record one. */
    static final long DEFAULT_ELEMENT_SIZE = 4;

    /** The module attribute recording which plugin contributed which passes. */
    static final String PLUGIN_PROVENANCE = "hipep.plugin_provenance";

    private static final String[] SOURCE_TYPES = {"NONE", "SplatSource", "FileRefSource", "MemSource"};

    private ModelMetadata() {
    }

    /** A graph input or output: its shape ({@code -1} dynamic; {@code null} unknown). */
    record Tensor(String name, String elementType, long[] shape, long elementSize) {
    }

    /** A module attribute that does not have the form the metadata needs. */
    static final class BadAttributeException extends Exception {
        BadAttributeException(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The inputs ({@code side} = "input") or outputs ("output") the module records, or
     * {@code null} when it records neither a shape array nor a count. With a count and no shapes
     * every shape is unknown.
     */
    static List<Tensor> tensors(Operation module, String side) throws BadAttributeException {
        String shapesName = "hipdnn." + side + "_shapes";
        String countName = "hipdnn." + side + "_count";
        Attribute shapesAttr = module.attribute(shapesName);
        Attribute countAttr = module.attribute(countName);
        if (shapesAttr == null && countAttr == null) {
            return null;
        }
        List<long[]> shapes = null;
        if (shapesAttr != null) {
            if (!(shapesAttr instanceof ArrayAttr array)) {
                throw bad(shapesName, "an array of array<i64>");
            }
            shapes = new ArrayList<>();
            for (Attribute a : array.elements()) {
                if (!(a instanceof DenseArrayAttr dims) || dims.isFloat()) {
                    throw bad(shapesName, "an array of array<i64>");
                }
                long[] shape = dims.asLongs();
                for (int k = 0; k < shape.length; k++) {
                    shape[k] = shape[k] < 0 ? -1 : shape[k];
                }
                shapes.add(shape);
            }
        }
        int count;
        if (countAttr != null) {
            if (!(countAttr instanceof IntegerAttr c) || c.longValue() < 0 || c.longValue() > Integer.MAX_VALUE) {
                throw bad(countName, "a non-negative integer");
            }
            count = (int) c.longValue();
            if (shapes != null && shapes.size() != count) {
                throw new BadAttributeException("module attribute '" + countName + "' is " + count + " but '"
                        + shapesName + "' has " + shapes.size() + " shapes");
            }
        } else {
            count = shapes.size();
        }
        long[] sizes = longs(module, "hipdnn." + side + "_element_sizes", count);
        List<String> names = strings(module, "hipdnn." + side + "_names", count);
        List<String> types = strings(module, "hipdnn." + side + "_element_types", count);
        List<Tensor> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Tensor(names == null ? null : names.get(i), types == null ? null : types.get(i),
                    shapes == null ? null : shapes.get(i), sizes == null ? DEFAULT_ELEMENT_SIZE : sizes[i]));
        }
        return out;
    }

    /**
     * The metadata object. {@code inputs} are the ones {@code generate-interface} derived (from
     * the module's record, or from {@code @main_graph}'s signature); {@code outputs} may be null
     * (none recorded).
     */
    static Map<String, Object> json(Operation module, List<Tensor> inputs, List<Tensor> outputs,
            String constantsFileOption) throws BadAttributeException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", VERSION);
        m.put("constants_filename", constantsFile(module, constantsFileOption));
        m.put("constants", constants(module));
        List<Tensor> outs = outputs == null ? List.of() : outputs;
        m.put("input_count", (long) inputs.size());
        m.put("output_count", (long) outs.size());
        m.put("inputs", tensorsJson(inputs));
        m.put("outputs", tensorsJson(outs));
        Attribute poolSize = module.attribute("hipdnn.pool_size");
        if (poolSize != null && !(poolSize instanceof IntegerAttr)) {
            throw bad("hipdnn.pool_size", "an integer");
        }
        m.put("pool_size", poolSize == null ? 0L : ((IntegerAttr) poolSize).longValue());
        if (module.attribute("hipdnn.pool_sizes") != null) {
            m.put("pool_sizes", list(longs(module, "hipdnn.pool_sizes", -1)));
        }
        m.put("plugin_provenance", provenance(module));
        return m;
    }

    /** The constants file name: the module's {@code hip.constants_file}, else the option, else the default. */
    static String constantsFile(Operation module, String option) throws BadAttributeException {
        Attribute a = module.attribute("hip.constants_file");
        if (a != null) {
            if (!(a instanceof StringAttr s)) {
                throw bad("hip.constants_file", "a string");
            }
            return s.value();
        }
        return option == null || option.isEmpty() ? DEFAULT_CONSTANTS_FILE : option;
    }

    private static List<Object> tensorsJson(List<Tensor> tensors) {
        List<Object> out = new ArrayList<>();
        for (Tensor t : tensors) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("name", t.name());
            o.put("element_type", t.elementType());
            o.put("shape", t.shape() == null ? null : list(t.shape()));
            o.put("element_size", t.elementSize());
            out.add(o);
        }
        return out;
    }

    /** One entry per externalized constant, the FlatBuffers union as flatc writes it in JSON. */
    private static List<Object> constants(Operation module) throws BadAttributeException {
        long[] sizes = longs(module, "hipdnn.constant_sizes", -1);
        if (sizes == null) {
            return List.of();
        }
        int n = sizes.length;
        long[] offsets = required(longs(module, "hipdnn.constant_offsets", n), "hipdnn.constant_offsets");
        long[] kinds = longs(module, "hipdnn.constant_source_kinds", n);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("size", sizes[i]);
            c.put("offset", offsets[i]);
            int kind = kinds == null ? 0 : (int) kinds[i];
            if (kind < 0 || kind >= SOURCE_TYPES.length) {
                throw new BadAttributeException("module attribute 'hipdnn.constant_source_kinds' has unknown kind "
                        + kinds[i] + " at index " + i);
            }
            c.put("source_type", SOURCE_TYPES[kind]);
            Map<String, Object> source = new LinkedHashMap<>();
            switch (kind) {
                case 1 -> {
                    long value = required(longs(module, "hipdnn.constant_splat_elem_values", n),
                            "hipdnn.constant_splat_elem_values")[i];
                    long bytes = required(longs(module, "hipdnn.constant_splat_elem_sizes", n),
                            "hipdnn.constant_splat_elem_sizes")[i];
                    if (bytes < 1 || bytes > 8) {
                        throw new BadAttributeException("module attribute 'hipdnn.constant_splat_elem_sizes' has "
                                + bytes + " at index " + i + " (1 to 8 bytes)");
                    }
                    List<Object> elem = new ArrayList<>();
                    for (int k = 0; k < bytes; k++) {
                        elem.add((value >>> (8 * k)) & 0xff);
                    }
                    source.put("elem_bytes", elem);
                }
                case 2 -> {
                    List<String> paths = strings(module, "hipdnn.constant_file_paths", n);
                    source.put("path", required(paths, "hipdnn.constant_file_paths").get(i));
                    source.put("file_offset", required(longs(module, "hipdnn.constant_file_offsets", n),
                            "hipdnn.constant_file_offsets")[i]);
                }
                case 3 -> source.put("mem_offset", required(longs(module, "hipdnn.constant_mem_offsets", n),
                        "hipdnn.constant_mem_offsets")[i]);
                default -> source = null;
            }
            if (source != null) {
                c.put("source", source);
            }
            out.add(c);
        }
        return out;
    }

    private static List<Object> provenance(Operation module) throws BadAttributeException {
        Attribute a = module.attribute(PLUGIN_PROVENANCE);
        if (a == null) {
            return List.of();
        }
        String form = "a dictionary of plugin id to an array of pass names";
        if (!(a instanceof DictionaryAttr dict)) {
            throw bad(PLUGIN_PROVENANCE, form);
        }
        List<Object> out = new ArrayList<>();
        for (Map.Entry<String, Attribute> e : dict.entries().entrySet()) {
            if (!(e.getValue() instanceof ArrayAttr passes)) {
                throw bad(PLUGIN_PROVENANCE, form);
            }
            List<Object> names = new ArrayList<>();
            for (Attribute p : passes.elements()) {
                if (!(p instanceof StringAttr s)) {
                    throw bad(PLUGIN_PROVENANCE, form);
                }
                names.add(s.value());
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("plugin", e.getKey());
            entry.put("passes", names);
            out.add(entry);
        }
        return out;
    }

    /** An integer array attribute ({@code array<iN>}) of {@code count} entries ({@code -1}: any), or null. */
    private static long[] longs(Operation module, String name, int count) throws BadAttributeException {
        Attribute a = module.attribute(name);
        if (a == null) {
            return null;
        }
        if (!(a instanceof DenseArrayAttr array) || array.isFloat()) {
            throw bad(name, "an integer array");
        }
        if (count >= 0 && array.size() != count) {
            throw new BadAttributeException("module attribute '" + name + "' has " + array.size()
                    + " entries, expected " + count);
        }
        return array.asLongs();
    }

    private static List<String> strings(Operation module, String name, int count) throws BadAttributeException {
        Attribute a = module.attribute(name);
        if (a == null) {
            return null;
        }
        if (!(a instanceof ArrayAttr array)) {
            throw bad(name, "an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (Attribute e : array.elements()) {
            if (!(e instanceof StringAttr s)) {
                throw bad(name, "an array of strings");
            }
            out.add(s.value());
        }
        if (out.size() != count) {
            throw new BadAttributeException("module attribute '" + name + "' has " + out.size()
                    + " entries, expected " + count);
        }
        return out;
    }

    private static <T> T required(T value, String name) throws BadAttributeException {
        if (value == null) {
            throw new BadAttributeException("module attribute '" + name
                    + "' is missing; the other constant metadata arrays need it");
        }
        return value;
    }

    private static List<Object> list(long[] values) {
        List<Object> out = new ArrayList<>();
        for (long v : values) {
            out.add(v);
        }
        return out;
    }

    private static BadAttributeException bad(String name, String form) {
        return new BadAttributeException("module attribute '" + name + "' must be " + form);
    }
}
