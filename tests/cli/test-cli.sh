#!/bin/sh
# CLI tests of the dispatcher: every command answers --help, --version and `tilekit help CMD`
# the same way, has a man page, and usage errors exit 2. Usage: test-cli.sh TILEKIT SOURCE_ROOT
set -u
TK=$1
ROOT=$2
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect_rc() { # expected-rc description command...
  want=$1; what=$2; shift 2
  "$@" >/dev/null 2>&1
  got=$?
  [ "$got" = "$want" ] && ok || bad "$what: exit $got, want $want"
}

cmds=$("$TK" --help | awk '/^Commands:/{f=1; next} f && /^  [a-z]/{print $1}' | grep -v '^help$')
[ -n "$cmds" ] && ok || bad "tilekit --help lists no commands"
for c in $cmds; do
  out=$("$TK" "$c" --help 2>&1) && ok || bad "$c --help fails"
  echo "$out" | grep -q "^Usage: tilekit $c" && ok || bad "$c --help has no 'Usage: tilekit $c' line"
  [ "$("$TK" help "$c")" = "$out" ] && ok || bad "'tilekit help $c' differs from '$c --help'"
  [ "$("$TK" "$c" --version)" = "$("$TK" --version)" ] && ok || bad "$c --version differs"
  expect_rc 2 "$c --no-such-option" "$TK" "$c" --no-such-option
  [ -f "$ROOT/docs/man/tilekit-$c.1" ] && ok || bad "no man page docs/man/tilekit-$c.1"
done
# --db -: a usage error in every command that takes --db (each listed by its --help), before
# anything is read or written (no file named '-' is made).
dbdir=$(mktemp -d)
S=$ROOT/scenes/cb-example-2.xml
for c in $cmds; do
  "$TK" "$c" --help | grep -q -- '--db' || continue
  case $c in # enough arguments to reach the database
    import) args="$ROOT/tilesets/base.xml" ;;
    export) args="--set base -o x.xml" ;;
    list) args="sets" ;;
    diff) args="db:base db:river" ;;
    simulate) args="--set base --seed 1 --json x.json" ;;
    render) args="scene $S -o x.svg" ;;
    scene) args="new --sets base" ;;
    score) args="$S" ;;
    book) args="$ROOT/docs/book/examples.en.md --check" ;;
    *) args="" ;;
  esac
  for db in "--db -" "--db=-"; do
    # shellcheck disable=SC2086 # the arguments are words
    err=$(cd "$dbdir" && "$TK" $c $args $db 2>&1 </dev/null)
    rc=$?
    [ "$rc" = 2 ] && ok || bad "$c $db: exit $rc, want 2"
    want="--db -: a database is a file, it cannot be standard input"
    echo "$err" | grep -q -- "tilekit .*: $want" && ok || bad "$c $db: message: $err"
  done
  [ -z "$(ls -A "$dbdir")" ] && ok || bad "$c --db -: wrote $(ls -A "$dbdir")"
  tested_db="${tested_db:-} $c"
done
# every command that opens a database was reached (render sheet and board share render's option)
for c in import export list check diff simulate render scene score book; do
  case " ${tested_db:-} " in *" $c "*) ok ;; *) bad "--db - not tried for $c" ;; esac
done
rm -rf "$dbdir"
"$TK" --version | grep -Eq '^tilekit [0-9]+\.[0-9]+\.[0-9]+$' && ok || bad "--version format"
expect_rc 2 "no command" "$TK"
expect_rc 2 "unknown command" "$TK" frobnicate
expect_rc 2 "help for an unknown command" "$TK" help frobnicate
expect_rc 0 "tilekit help" "$TK" help
"$TK" frobnicate 2>&1 | grep -q "'frobnicate' is not a command" && ok || bad "unknown command message"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
