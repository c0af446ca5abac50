#!/bin/sh
# The test command: installs what is missing, builds tilekit twice (plain, and with
# AddressSanitizer + UndefinedBehaviorSanitizer), both with -Werror, and runs the whole suite in
# each; then valgrind (memcheck, leaks) on the unit-test programs and on a sample (1 in 8) of the
# tilekit processes that the command-line and drawing tests start; then a fuzz smoke run of each
# libFuzzer target, two at a time.
# Prints the time of each phase, and ends with one line "tests: N passed, N failed, N skipped": a
# test program skips (exit 77, meson SKIP) only when an optional tool is missing (or, for the
# tests that mount a small tmpfs, when mounting is impossible), and a skipped valgrind or fuzz run
# counts as one skip each; with tools/deps.sh's packages installed, as root, nothing skips.
# Exit status 0 only when nothing failed.
#
# Usage: sh tools/run-tests.sh [--full-valgrind] [--fuzz-seconds N]
#   --full-valgrind   valgrind over the whole suite: every test program and every tilekit
#                     process it starts (the quick pass: the unit-test programs and 1 in
#                     TKIT_VALGRIND_EVERY, default 8, of those processes): some 15 to 25 minutes
#                     more on a 2-core machine; CI may run it
#   --fuzz-seconds N  seconds per fuzz target (default 10; fuzz/run.sh for real campaigns)
# The same through the environment: TKIT_FULL_VALGRIND=1, TKIT_FUZZ_SECONDS=N.
set -eu
cd "$(dirname "$0")/.."

full_valgrind=${TKIT_FULL_VALGRIND:-0}
fuzz_seconds=${TKIT_FUZZ_SECONDS:-10}
every=${TKIT_VALGRIND_EVERY:-8}
while [ $# -gt 0 ]; do
  case $1 in
    --full-valgrind) full_valgrind=1 ;;
    --fuzz-seconds) shift; fuzz_seconds=${1:?--fuzz-seconds needs a number} ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "run-tests: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# Phase times, printed at the end: "name seconds" lines.
times=$(mktemp)
trap 'rm -f "$times"' EXIT
start_all=$(date +%s)
phase_start=$start_all
phase() { # NAME: the time since the last phase ended is NAME's
  now=$(date +%s)
  echo "$1 $((now - phase_start))" >>"$times"
  phase_start=$now
}

sh tools/deps.sh
phase "dependencies"

build() { # build-dir, extra meson options...
  dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" --werror "$@" >/dev/null
  fi
  ninja -C "$dir" >/dev/null
}

fail=0
skipped=0 # whole steps skipped (valgrind, fuzz); skipped tests are counted from meson's logs
# A log from an earlier run must not be counted again.
rm -f build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json \
  build/meson-logs/testlog-valgrind.json build/meson-logs/testlog-valgrind-cli.json

build build || fail=1
phase "plain: build"
meson test -C build --print-errorlogs --num-processes 2 || fail=1
phase "plain: suite"
build build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug || fail=1
phase "sanitize: build"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  meson test -C build-sanitize --print-errorlogs --num-processes 2 || fail=1
phase "sanitize: suite"

# Valgrind (memcheck, leaks) in the plain build. The quick pass: every unit-test program under
# valgrind, and the programs that test through the tilekit binary (the command line, and the
# drawing: a picture costs minutes under valgrind) natively, with one in $every of the tilekit
# processes they start under valgrind (TKIT_CHILD_WRAPPER, tests/support: tkit_run): each of
# those tests has some of its children checked, drawing included, and the ASan/UBSan suite above
# ran them all. The shell-script tests are left out (valgrind would check the shell).
# --full-valgrind: every test under valgrind, every child too (docs/hardening.md).
cli_programs="badinput trust db-cli sim-cli check-scenes jcz-export render render-scene render-art book"
if command -v valgrind >/dev/null; then
  if [ "$full_valgrind" = 1 ]; then
    TKIT_CHILD_WRAPPER_EVERY=1 meson test -C build --setup valgrind --print-errorlogs \
      --num-processes 2 || fail=1
    phase "valgrind: full"
  else
    unit=$(meson introspect build --tests | python3 -c '
import json, os, sys
cli = set(sys.argv[1].split())
for t in json.load(sys.stdin):
    if os.path.basename(t["cmd"][0]) not in ("sh", "bash", "python3") and t["name"] not in cli:
        print(t["name"])' "$cli_programs")
    # shellcheck disable=SC2086
    TKIT_CHILD_WRAPPER_EVERY=$every meson test -C build --setup valgrind --print-errorlogs \
      --num-processes 2 $unit || fail=1
    phase "valgrind: unit-test programs"
    # the same valgrind command as the valgrind setup of the root meson.build
    # shellcheck disable=SC2086
    # (with its suppressions: fontconfig's memory kept for Pango, tests/valgrind.supp; the words
    # are split at spaces, so a source path with a space loses them)
    TKIT_CHILD_WRAPPER="valgrind --error-exitcode=97 --leak-check=full \
--suppressions=$PWD/tests/valgrind.supp \
--errors-for-leak-kinds=definite,indirect --track-origins=no -q" TKIT_CHILD_WRAPPER_EVERY=$every \
      meson test -C build --logbase testlog-valgrind-cli --print-errorlogs --num-processes 2 \
      $cli_programs || fail=1
    phase "valgrind: 1 in $every children of the command-line and drawing tests"
  fi
else
  echo "run-tests: valgrind not installed: valgrind run skipped" >&2
  skipped=$((skipped + 1))
fi

# Final step: a smoke run of each libFuzzer target (docs/hardening.md), two targets at a time (one
# a core, each for the whole $fuzz_seconds); skipped when clang's libFuzzer is missing (fuzz/run.sh
# exits 77). Its own build, build-fuzz-smoke, without optimisation (a quarter of the compile time;
# fuzz/run.sh's build-fuzz is for real campaigns).
fuzz_status=0
TKIT_FUZZ_BUILD=build-fuzz-smoke TKIT_FUZZ_BUILDTYPE=debug TKIT_FUZZ_JOBS=2 \
  sh fuzz/run.sh "$fuzz_seconds" || fuzz_status=$?
case $fuzz_status in
  0) ;;
  77) echo "run-tests: clang's libFuzzer not available: fuzz smoke run skipped" >&2
      skipped=$((skipped + 1)) ;;
  *) echo "run-tests: fuzz smoke run failed: a crash (fuzz/corpus-work/crashes/) or its build" >&2
     fail=1 ;;
esac
phase "fuzz: build and ${fuzz_seconds} s per target"

echo "run-tests: time per phase (seconds):" >&2
awk '{ t = $NF; $NF = ""; printf "  %-45s %5d\n", $0, t }' "$times" >&2
echo "  total                                         $(($(date +%s) - start_all))" >&2
python3 - "$skipped" build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json \
  build/meson-logs/testlog-valgrind.json build/meson-logs/testlog-valgrind-cli.json <<'PY'
import json, sys
ok = bad = 0
skip = int(sys.argv[1])
for path in sys.argv[2:]:
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        r = json.loads(line).get("result")
        if r == "SKIP":
            skip += 1
        elif r in ("OK", "EXPECTEDFAIL"):
            ok += 1
        else:
            bad += 1
print("tests: %d passed, %d failed, %d skipped" % (ok, bad, skip))
PY
exit $fail
