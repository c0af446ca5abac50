#!/bin/sh
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for SECONDS (default 30),
# seeded from the bundled tile sets and the JCloisterZone files. Crashes are written to
# fuzz/crashes/; each one becomes a regression test. Usage: fuzz/run.sh [SECONDS] [TARGET...]
set -eu
cd "$(dirname "$0")/.."
secs=${1:-30}
[ $# -gt 0 ] && shift
targets=${*:-"native jcz layout import"}
B=build-fuzz
if [ ! -f $B/build.ninja ]; then
  CC=clang meson setup $B -Dfuzz=true -Dtests=false -Db_sanitize=address,undefined \
    -Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
fi
ninja -C $B >/dev/null
ext=../shared/external/jcloisterzone
mkdir -p fuzz/crashes fuzz/corpus-work
status=0
for t in $targets; do
  [ -x "$B/fuzz/fuzz-$t" ] || { echo "fuzz: no target $t" >&2; continue; }
  corpus=fuzz/corpus-work/$t
  mkdir -p "$corpus"
  seeds=fuzz/seeds/$t
  case $t in
    native|import) cp tilesets/*.xml "$corpus"/ 2>/dev/null || true; rm -f "$corpus"/tileset.rng ;;
    jcz) [ -d $ext ] && cp $ext/*.xml "$corpus"/ ;;
  esac
  [ -d "$seeds" ] && cp "$seeds"/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: $t for ${secs}s" >&2
  "$B/fuzz/fuzz-$t" "$corpus" -dict=fuzz/tilekit.dict -max_total_time="$secs" \
    -max_len=65536 -rss_limit_mb=2048 -artifact_prefix=fuzz/crashes/"$t"- -print_final_stats=1 \
    2>fuzz/corpus-work/"$t".log || status=1
  grep -E "stat::number_of_executed_units|cov:|stat::peak_rss" fuzz/corpus-work/"$t".log | tail -3 >&2
done
exit $status
