# The shared start of the command-line tests written in sh, sourced as their first line:
#     . "$2/tests/support/cli-test.sh"      (the test is run as: sh TEST.sh TILEKIT SOURCE_ROOT)
# It sets TK (the tilekit binary) and ROOT (the source tree), both absolute; makes a fresh
# directory T, removed at exit, and works in it; reads no database from the environment
# (TILEKIT_DB unset) and the bundled sets of this tree (TILEKIT_DATA_DIR); TILES is --tiles for
# every bundled set (tilesets/*.xml). The checks count into pass and fail:
#   ok; bad DESCRIPTION          a check that passed; one that failed (printed)
#   run COMMAND...               the exit status in $rc, standard output in out, error in err
#   expect RC DESCRIPTION CMD... run, and check the exit status
#   has FILE TEXT DESCRIPTION    FILE holds TEXT (fixed string)
#   finish                       prints the counts; the test's exit status (its last command)
set -u
# shellcheck disable=SC2034 # TK, TILES: for the test that sources this
TK=$(realpath "$1")
ROOT=$(realpath "$2")
T=$(mktemp -d "${TMPDIR:-/tmp}/tkit-test-XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
unset TILEKIT_DB
export TILEKIT_DATA_DIR="$ROOT"
TILES=""
for f in "$ROOT"/tilesets/*.xml; do
  TILES="$TILES --tiles $f"
done
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
run() {
  "$@" >out 2>err
  rc=$?
}
expect() {
  want=$1; what=$2; shift 2
  run "$@"
  [ "$rc" = "$want" ] && ok || bad "$what: exit $rc, want $want ($(head -c 300 err))"
}
has() {
  grep -qF -- "$2" "$1" && ok || bad "$3: '$2' not in $1: $(head -c 400 "$1")"
}
finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" = 0 ]
}
