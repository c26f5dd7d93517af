package org.hipep.host.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.module.ResolvedModule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.hipep.api.HipEp;
import org.hipep.dialects.CoreDialects;
import org.hipep.host.plugins.Contributions.DialectContribution;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.passes.CorePasses;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.session.CodeDigest;

/**
 * A digest of the compiler's own code, for the compile cache key: the bytes of the jars (or class
 * folders, in a build) of the modules whose classes turn a model into an artifact: the IR core
 * ({@code api}), the core dialects and passes, this host (driver and pipeline) and the runtime
 * (LLVM translation and optimisation, runtime bitcode). Without it the key knew only the version,
 * so a compiler rebuilt within one version (a SNAPSHOT: a pass changed, a fusion added) loaded
 * models an older build had compiled. Computed once per process; a jar's digest (and a module's in
 * a runtime image) is remembered between processes by {@link CodeDigest}, since hashing the jars
 * (about 6 MB) took 0.4-0.5 s of each launch in a fresh JVM.
 *
 * <p>A module in a runtime image is read through its module reference. One whose code can be read
 * neither way (a framework that hides bundle locations) is keyed by its class name and
 * {@link HipEp#version()} alone, as before; {@link #unread} names them.
 */
final class CompilerDigest {
    /** A class of each module that takes part in compiling. */
    static final List<Class<?>> MODULES = List.of(HipEp.class, CoreDialects.class, CorePasses.class,
            HostModelCompiler.class, LlvmModule.class);

    /** The class folders' digests {@link #plugins} computed, once per process. */
    private static final Map<Path, byte[]> FOLDERS = new ConcurrentHashMap<>();

    private static final class Holder {
        static final List<String> UNREAD = new ArrayList<>();
        static final String VALUE = compute(UNREAD);
    }

    private CompilerDigest() {
    }

    /** The digest (hex), computed on first use. */
    static String value() {
        return Holder.VALUE;
    }

    /**
     * Digests of the code the selected plugins contributed to {@code s}: the jars or class folders
     * of their passes' factories, dialect registrations ({@link DialectContribution#code}) and
     * pipeline builders (a lambda's class is its plugin's), one per place, in path order. A plugin
     * rebuilt without a new id or version (a pass changed) then changes the compile cache key, as
     * the compiler's own code does. Code that is not a readable file (an OSGi bundle) is keyed by
     * the plugin ids and bitcode alone, as before. A jar's digest is remembered by
     * {@link CodeDigest}, a class folder's once per process.
     */
    static List<byte[]> plugins(PluginSnapshot s) {
        TreeSet<Path> places = new TreeSet<>();
        Stream.of(s.passes().stream().map(c -> c.factory().getClass()),
                s.dialects().stream().map(DialectContribution::code),
                s.pipelineBuilders().stream().map(c -> c.builder().getClass()))
                .flatMap(x -> x).map(CodeDigest::location).filter(Objects::nonNull).forEach(places::add);
        List<byte[]> out = new ArrayList<>();
        for (Path p : places) {
            out.add(Files.isDirectory(p) ? FOLDERS.computeIfAbsent(p, CompilerDigest::digest) : digest(p));
        }
        return out;
    }

    /** The modules (by class name) keyed by version only: their code could not be read. */
    static List<String> unread() {
        return List.copyOf(Holder.UNREAD);
    }

    private static String compute(List<String> unread) {
        MessageDigest md = sha256();
        for (Class<?> c : MODULES) {
            md.update(c.getName().getBytes(StandardCharsets.UTF_8));
            Path p = CodeDigest.location(c);
            byte[] module = p != null ? digest(p) : imageModuleDigest(c);
            if (module == null) {
                unread.add(c.getName());
                md.update(HipEp.version().getBytes(StandardCharsets.UTF_8));
            } else {
                md.update(module);
            }
        }
        return HexFormat.of().formatHex(md.digest(), 0, 16);
    }

    /**
     * {@link #moduleDigest} of {@code c}'s module, remembered by {@link CodeDigest} for as long as the
     * runtime image it comes from is unchanged.
     */
    static byte[] imageModuleDigest(Class<?> c) {
        byte[] digest = CodeDigest.memoisedFor(c, "module", () -> {
            byte[] d = moduleDigest(c.getModule());
            return d == null ? new byte[0] : d; // unreadable: not remembered (a memo holds 32 bytes)
        });
        return digest.length == 0 ? null : digest;
    }

    /**
     * SHA-256 of a named module's resources (names and bytes, in name order) read through its
     * module reference (a module in a jlink'd runtime image, whose classes come from {@code jrt:}),
     * or {@code null} when it has none to read.
     */
    static byte[] moduleDigest(Module m) {
        if (!m.isNamed() || m.getLayer() == null) {
            return null;
        }
        ModuleReference ref = m.getLayer().configuration().findModule(m.getName())
                .map(ResolvedModule::reference).orElse(null);
        if (ref == null) {
            return null;
        }
        MessageDigest md = sha256();
        try (ModuleReader reader = ref.open(); Stream<String> names = reader.list()) {
            for (String name : names.sorted().toList()) {
                md.update(name.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                try (InputStream in = reader.open(name).orElseThrow()) {
                    md.update(in.readAllBytes());
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return md.digest();
    }

    /**
     * SHA-256 of a file's bytes ({@link CodeDigest#file}, remembered between processes), or of a
     * folder's regular files (their paths relative to it and their bytes, in path order).
     */
    static byte[] digest(Path p) {
        if (!Files.isDirectory(p)) {
            try {
                return CodeDigest.file(p);
            } catch (UncheckedIOException e) {
                throw new UncheckedIOException("cannot read the compiler's code at " + p, e.getCause());
            }
        }
        MessageDigest md = sha256();
        List<Path> files;
        try (Stream<Path> s = Files.walk(p)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the compiler's code at " + p, e);
        }
        for (Path f : files) {
            md.update(p.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            try {
                update(md, f);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the compiler's code at " + f, e);
            }
        }
        return md.digest();
    }

    private static void update(MessageDigest md, Path f) throws IOException {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(f)) {
            for (int n; (n = in.read(buf)) > 0;) {
                md.update(buf, 0, n);
            }
        }
        long size = Files.size(f);
        for (int i = 0; i < 8; i++) {
            md.update((byte) (size >>> (8 * i)));
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
