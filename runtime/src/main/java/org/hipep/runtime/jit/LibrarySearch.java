package org.hipep.runtime.jit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Plugin libraries the model's code may call, and the directories to find them in. A library is
 * a name ({@code foo}: {@code libfoo.so}, then {@code libfoo.a}, in each directory in order; or a
 * file name such as {@code libfoo.so.1}) or an absolute path. Each entry is tagged with its
 * contributor for messages.
 *
 * @param directories searched in this order
 * @param libraries wanted, in this order (earlier ones resolve symbols first)
 */
public record LibrarySearch(List<Directory> directories, List<Library> libraries) {
    /** A directory a contributor adds to the search. */
    public record Directory(String contributor, Path path) {
        /** Checks the components. */
        public Directory {
            Objects.requireNonNull(contributor, "contributor");
            Objects.requireNonNull(path, "path");
        }
    }

    /** A library a contributor needs: a name, a file name, or an absolute path. */
    public record Library(String contributor, String name) {
        /** Checks the components. */
        public Library {
            Objects.requireNonNull(contributor, "contributor");
            Objects.requireNonNull(name, "name");
        }
    }

    /** A library found: its file and whether it is a static archive. */
    record Found(Library library, Path path) {
        boolean isArchive() {
            return path.getFileName().toString().endsWith(".a");
        }
    }

    /** Copies the lists. */
    public LibrarySearch {
        directories = List.copyOf(directories);
        libraries = List.copyOf(libraries);
    }

    /** No plugin libraries. */
    public static LibrarySearch none() {
        return new LibrarySearch(List.of(), List.of());
    }

    /** This search with one more directory at its end. */
    public LibrarySearch withDirectory(String contributor, Path path) {
        List<Directory> dirs = new ArrayList<>(directories);
        dirs.add(new Directory(contributor, path));
        return new LibrarySearch(dirs, libraries);
    }

    /** This search with one more library at its end. */
    public LibrarySearch withLibrary(String contributor, String name) {
        List<Library> libs = new ArrayList<>(libraries);
        libs.add(new Library(contributor, name));
        return new LibrarySearch(directories, libs);
    }

    /** A library that is in none of the places searched. */
    public record Missing(Library library, List<Path> searched) {
        /** Copies the list. */
        public Missing {
            searched = List.copyOf(searched);
        }
    }

    /** The libraries that are nowhere on disk, each with every path tried (the rule of {@link #resolve}). */
    public List<Missing> missing() {
        List<Missing> out = new ArrayList<>();
        for (Library lib : libraries) {
            List<Path> tried = candidates(lib.name());
            if (tried.stream().noneMatch(Files::isRegularFile)) {
                out.add(new Missing(lib, tried));
            }
        }
        return out;
    }

    /** Every library's file; one that is nowhere is a failure naming it, its contributor and every path tried. */
    List<Found> resolve() {
        List<Found> found = new ArrayList<>();
        for (Library lib : libraries) {
            List<Path> tried = candidates(lib.name());
            Path hit = tried.stream().filter(Files::isRegularFile).findFirst().orElse(null);
            if (hit == null) {
                throw new RuntimeFailure("library '" + lib.name() + "' of '" + lib.contributor()
                        + "' is not found; searched: " + tried);
            }
            found.add(new Found(lib, hit.toAbsolutePath()));
        }
        return found;
    }

    private List<Path> candidates(String name) {
        Path asPath = Path.of(name);
        if (asPath.isAbsolute()) {
            return List.of(asPath);
        }
        boolean fileName = name.startsWith("lib") && (name.endsWith(".a") || name.contains(".so"));
        List<Path> out = new ArrayList<>();
        for (Directory dir : directories) {
            if (fileName) {
                out.add(dir.path().resolve(name));
            } else {
                out.add(dir.path().resolve("lib" + name + ".so"));
                out.add(dir.path().resolve("lib" + name + ".a"));
            }
        }
        return out;
    }
}
