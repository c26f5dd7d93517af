#!/usr/bin/env bash
# Compiles the C runtime (src/main/c) ahead of time into one object file per x86-64
# micro-architecture level (x86-64-v3: AVX2 and FMA; x86-64-v4: AVX-512), so that loading a model
# compiles only the model's own code (org.hipep.runtime.jit.PrebuiltRuntime). Beside each object,
# target.ll: an empty function compiled for the same level, whose "target-features" attribute is
# the exact list of CPU features the object may use (the loader checks them against the host's).
# The two levels compile in parallel (about 100 s of one core each); nothing is compiled when
# every output is newer than the C sources and this script.
#
# usage: prebuilt-runtime.sh <java> <class path of the LLVM presets> <BundledLlvm.java>
#            <C source folder> <oneDNN include folder> <output folder>
set -euo pipefail
java=$1 cp=$2 launcher=$3 src=$4 dnnl_include=$5 out=$6
levels=(x86-64-v3 x86-64-v4)

stale=0
for level in "${levels[@]}"; do
  for f in "$out/$level/hipep_runtime.o" "$out/$level/target.ll"; do
    if [ ! -f "$f" ] || [ -n "$(find "$src" "${BASH_SOURCE[0]}" -newer "$f" -type f -print -quit)" ]; then
      stale=1
    fi
  done
done
if [ $stale -eq 0 ]; then
  echo "prebuilt runtime objects are up to date in $out"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'void hipep_isa_probe(void) {}\n' > "$work/probe.c"
pids=()
for level in "${levels[@]}"; do
  mkdir -p "$work/$level"
  flags=(-std=gnu11 -O3 "-march=$level" -fPIC -fno-math-errno -ffunction-sections -fdata-sections -Wall -Werror)
  if [ "$level" = x86-64-v4 ]; then
    # LLVM tunes AVX-512 code to 256-bit vectors by default; the JIT path asks for 512 bits on
    # AVX-512 hosts (LlvmModule.optimize), and so does this object.
    flags+=(-mprefer-vector-width=512)
  fi
  (
    "$java" -cp "$cp" "$launcher" clang "${flags[@]}" -c -I"$src/include" -I"$dnnl_include" \
      "$src/hipep_runtime.c" -o "$work/$level/hipep_runtime.o"
    "$java" -cp "$cp" "$launcher" clang "-march=$level" -S -emit-llvm "$work/probe.c" -o "$work/$level/target.ll"
  ) &
  pids+=($!)
done
rc=0
for pid in "${pids[@]}"; do
  wait "$pid" || rc=1
done
if [ $rc -ne 0 ]; then
  echo "compiling the prebuilt runtime objects failed" >&2
  exit 1
fi
for level in "${levels[@]}"; do
  mkdir -p "$out/$level"
  for f in hipep_runtime.o target.ll; do
    mv -f "$work/$level/$f" "$out/$level/$f.tmp"
    mv -f "$out/$level/$f.tmp" "$out/$level/$f"
  done
done
echo "prebuilt runtime objects written to $out"
