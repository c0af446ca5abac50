#!/bin/sh
# The test command: installs what is missing, builds tilekit twice (plain, and with
# AddressSanitizer + UndefinedBehaviorSanitizer), both with -Werror, and runs the whole suite in
# each. Ends with one line "tests: N passed, N failed". Exit status 0 only when all passed.
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
run_suite build || fail=1
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug || fail=1

python3 - build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json <<'PY'
import json, sys
ok = bad = skip = 0
for path in sys.argv[1:]:
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
