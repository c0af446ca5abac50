#!/bin/sh
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz and runs each for SECONDS
# (default 30), one after the other (TKIT_FUZZ_JOBS=N: N at a time), seeded from the bundled tile
# sets, the vendored JCloisterZone files (third_party/jcloisterzone) and fuzz/seeds/TARGET/. The
# growing corpus is kept in fuzz/corpus-work/TARGET (git-ignored), the log in
# fuzz/corpus-work/TARGET.log; crashes go to fuzz/corpus-work/crashes/TARGET-*. Each crash becomes a
# regression test: copy it to tests/badinput/crashes/ (same name; scene crashes:
# tests/scene/crashes/), fix the bug.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]   targets: native jcz layout import scene book art
# (default all)
# Exit status: 0 no crash, 1 a target crashed (or failed to start), 77 clang's libFuzzer missing.
set -eu
cd "$(dirname "$0")/.."
secs=${1:-30}
[ $# -gt 0 ] && shift
targets=${*:-"native jcz layout import scene book art"}
# TKIT_FUZZ_BUILD / TKIT_FUZZ_BUILDTYPE: another build directory and meson buildtype (the test
# command's smoke run: build-fuzz-smoke, debug, a quarter of the compile time of -O2)
B=${TKIT_FUZZ_BUILD:-build-fuzz}
buildtype=${TKIT_FUZZ_BUILDTYPE:-debugoptimized}

# libFuzzer is part of clang's runtime: check it links before configuring anything.
probe=$(mktemp -d)
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);\n%s\n' \
  'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
  >"$probe/p.c"
if ! clang -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" 2>/dev/null; then
  rm -rf "$probe"
  echo "fuzz: clang with libFuzzer not available" >&2
  exit 77
fi
rm -rf "$probe"

if [ ! -f $B/build.ninja ]; then
  CC=clang meson setup $B -Dfuzz=true -Dtests=false -Db_sanitize=address,undefined \
    -Db_lundef=false -Dbuildtype="$buildtype" >/dev/null
fi
ninja -j2 -C $B >/dev/null
ext=third_party/jcloisterzone
# seed DIR PREFIX FILE...: copies the files into the corpus under PREFIX-NAME, so that files of the
# same name from two folders (tilesets/river.xml, third_party/jcloisterzone/river.xml) both go in
seed() {
  dir=$1 prefix=$2
  shift 2
  for f in "$@"; do cp "$f" "$dir/$prefix-$(basename "$f")"; done
}
# split_chapters DIR FILE...: every "#"/"##"/"###" section of the Markdown files as a seed of its own
split_chapters() {
  dir=$1
  shift
  for f in "$@"; do
    awk -v out="$dir/book-$(basename "$f" .md)" 'BEGIN { n = 1 }
      /^##?#? / && started { n++ } { started = 1; print > sprintf("%s-%02d.md", out, n) }' "$f"
  done
}
# TKIT_FUZZ_TIMEOUT: seconds one input may take before it counts as a hang (default 10; a
# campaign under nice -n 19 on a loaded machine needs more: a 1 ms input once waited 13 s)
timeout=${TKIT_FUZZ_TIMEOUT:-10}
mkdir -p fuzz/corpus-work/crashes
# run_target T: one target for $secs seconds; a failure leaves fuzz/corpus-work/T.failed
run_target() {
  t=$1
  rm -f "fuzz/corpus-work/$t.failed"
  [ -x "$B/fuzz/fuzz-$t" ] || { echo "fuzz: no target $t" >&2; : >"fuzz/corpus-work/$t.failed"; return; }
  corpus=fuzz/corpus-work/$t
  mkdir -p "$corpus"
  dict=fuzz/tilekit.dict maxlen=65536 extra=
  case $t in
    native) seed "$corpus" tilekit tilesets/*.xml ;;
    jcz) seed "$corpus" jcz $ext/*.xml ;;
    import) seed "$corpus" tilekit tilesets/*.xml; seed "$corpus" jcz $ext/*.xml ;;
    layout) dict=fuzz/layout.dict ;;
    scene) dict=fuzz/scene.dict; seed "$corpus" scene scenes/*.xml ;;
    # book: each section of the example chapters as its own seed (1 to 4 pictures): small inputs
    # keep the target fast (docs/hardening.md)
    # -entropic=0: libFuzzer's entropic schedule recounts the frequency of each of the ~46 000
    # features this target reaches after every input, a quarter of its time (docs/hardening.md)
    book) dict=fuzz/book.dict; maxlen=8192; extra=-entropic=0; split_chapters "$corpus" docs/book/*.md ;;
    art) dict=fuzz/art.dict ;;
  esac
  [ -d fuzz/seeds/$t ] && cp fuzz/seeds/$t/* "$corpus"/
  echo "fuzz: $t for ${secs}s" >&2
  log=fuzz/corpus-work/$t.log
  # -timeout: one input taking over 10 s is a hang and counts as a crash.
  "$B/fuzz/fuzz-$t" "$corpus" -dict=$dict -max_total_time="$secs" -timeout="$timeout" \
    -max_len=$maxlen $extra -rss_limit_mb=2048 -artifact_prefix=fuzz/corpus-work/crashes/"$t"- -print_final_stats=1 \
    >"$log" 2>&1 || { : >"fuzz/corpus-work/$t.failed"; echo "fuzz: $t FAILED, see $log and fuzz/corpus-work/crashes/" >&2; }
  execs=$(grep -a '^stat::number_of_executed_units:' "$log" | tail -1 | tr -dc 0-9)
  last=$(grep -a -E '^#[0-9]+' "$log" | tail -1 | sed 's/ exec\/s.*//')
  echo "fuzz: $t: ${execs:-?} executions in ${secs}s; last: $last" >&2
}
# TKIT_FUZZ_JOBS targets at a time (default 1: a campaign gives each target the whole machine; the
# test command's smoke run uses both cores), each for the whole $secs
jobs=${TKIT_FUZZ_JOBS:-1}
running=0
for t in $targets; do
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait
    running=0
  fi
done
wait
status=0
for t in $targets; do
  [ -e "fuzz/corpus-work/$t.failed" ] && status=1
done
exit $status
