#!/bin/sh
# The test command: installs what is missing, builds tilekit twice (plain, and with
# AddressSanitizer + UndefinedBehaviorSanitizer), both with -Werror, and runs the whole suite in
# each, then under valgrind, then a fuzz smoke run. Ends with one line
# "tests: N passed, N failed, N skipped": a test program skips (exit 77, meson SKIP) only when an
# optional tool is missing, and a skipped valgrind or fuzz run counts as one skip each; with
# tools/deps.sh's packages installed nothing skips. Exit status 0 only when nothing failed.
set -eu
cd "$(dirname "$0")/.."
sh tools/deps.sh

run_suite() { # build-dir, extra meson options...
  dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" --werror "$@" >/dev/null
  fi
  ninja -C "$dir" >/dev/null
  status=0
  meson test -C "$dir" --print-errorlogs --num-processes 2 || status=$?
  return $status
}

fail=0
skipped=0 # whole steps skipped (valgrind, fuzz); skipped tests are counted from meson's logs
# A log from an earlier run must not be counted again.
rm -f build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json \
  build/meson-logs/testlog-valgrind.json
run_suite build || fail=1
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug || fail=1

# Valgrind (memcheck, leaks) over the whole suite in the plain build; CLI tests that honour
# TKIT_CHILD_WRAPPER run the binary under valgrind too (docs/hardening.md).
if command -v valgrind >/dev/null; then
  meson test -C build --setup valgrind --print-errorlogs --num-processes 2 || fail=1
else
  echo "run-tests: valgrind not installed: valgrind run skipped" >&2
  skipped=$((skipped + 1))
fi
# Final step: a 30 s smoke run of each libFuzzer target (docs/hardening.md); skipped when clang's
# libFuzzer is missing (fuzz/run.sh exits 77).
fuzz_status=0
sh fuzz/run.sh 30 || fuzz_status=$?
case $fuzz_status in
  0) ;;
  77) echo "run-tests: clang's libFuzzer not available: fuzz smoke run skipped" >&2
      skipped=$((skipped + 1)) ;;
  *) echo "run-tests: fuzz smoke run failed: a crash (fuzz/corpus-work/crashes/) or its build" >&2
     fail=1 ;;
esac

python3 - "$skipped" build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json \
  build/meson-logs/testlog-valgrind.json <<'PY'
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
