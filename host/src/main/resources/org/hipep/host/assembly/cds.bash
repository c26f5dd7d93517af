# Class-data sharing for the hip-ep launchers (sourced by the build tree's bin/hipep-launch, and
# written into a distribution's bin/hipep-launch by hip-assemble).
#   hipep_cds_exec <module path> <key text> <java> [JVM and tool arguments...]
# runs the command with a dynamic CDS archive: the JVM maps the classes an earlier launch archived
# instead of loading and verifying them again (the README's main job: ~0.5 s less for a cold
# compile, ~0.2 s from the compile cache; docs/BENCHMARKS.md). One archive per JDK, module path and
# key text (the tool), named by their files' sizes and times, in $XDG_CACHE_HOME/hipep/cds (else
# ~/.cache/hipep/cds). The first successful launch writes it when it exits, under a temporary name
# moved into place; a stale or damaged archive is ignored by the JVM. HIPEP_CDS=0 turns this off,
# and so does HIPEP_JAVA_OPTS naming its own -Xshare or archive. A Java without the JDK's base
# archive (lib/server/classes.jsa; a jlink image made without --generate-cds-archive) runs without:
# it would refuse to start with the archive options.
hipep_cds_exec() {
  local mp=$1 key_text=$2 java=$3
  shift 3
  local java_bin cache_home cds_dir key java_real p
  local cds=() archive=""
  java_bin=$(command -v "$java" || true)
  cache_home="${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}"
  case "${HIPEP_JAVA_OPTS:-}" in
    *Xshare*|*SharedArchiveFile*|*ArchiveClassesAtExit*) cache_home="" ;;
  esac
  if [ -n "$java_bin" ]; then
    java_real=$(readlink -f "$java_bin" || printf '%s' "$java_bin")
    [ -f "$(dirname "$(dirname "$java_real")")/lib/server/classes.jsa" ] || cache_home=""
  fi
  if [ "${HIPEP_CDS:-1}" != 0 ] && [ -n "$java_bin" ] && [ -n "$cache_home" ]; then
    cds_dir="$cache_home/hipep/cds"
    key=$( { stat -L -c '%n %s %Y' "$java_real" "$(dirname "$(dirname "$java_real")")/lib/modules" 2>/dev/null
             local parts
             IFS=: read -ra parts <<< "$mp"
             for p in "${parts[@]}"; do
               if [ -d "$p" ]; then stat -L -c '%n %s %Y' "$p"/* 2>/dev/null; else stat -L -c '%n %s %Y' "$p" 2>/dev/null; fi
             done
             printf '%s\n' "$key_text"; } | sha256sum | cut -c1-24)
    if [ -f "$cds_dir/$key.jsa" ]; then
      cds=(-XX:SharedArchiveFile="$cds_dir/$key.jsa" -Xlog:cds=off,cds+dynamic=off)
    elif mkdir -p "$cds_dir" 2>/dev/null; then
      archive="$cds_dir/$key.jsa"
      cds=(-XX:ArchiveClassesAtExit="$archive.$$.tmp" -Xlog:cds=off,cds+dynamic=off)
    fi
  fi
  if [ -z "$archive" ]; then
    exec "$java" "${cds[@]}" "$@"
  fi
  trap 'rm -f "$archive.$$.tmp"' EXIT
  local rc
  set +e
  "$java" "${cds[@]}" "$@"
  rc=$?
  set -e
  if [ $rc -eq 0 ] && [ -s "$archive.$$.tmp" ]; then
    mv -f "$archive.$$.tmp" "$archive" 2>/dev/null || true
  fi
  exit $rc
}
