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
"$TK" --version | grep -Eq '^tilekit [0-9]+\.[0-9]+\.[0-9]+$' && ok || bad "--version format"
expect_rc 2 "no command" "$TK"
expect_rc 2 "unknown command" "$TK" frobnicate
expect_rc 2 "help for an unknown command" "$TK" help frobnicate
expect_rc 0 "tilekit help" "$TK" help
"$TK" frobnicate 2>&1 | grep -q "'frobnicate' is not a command" && ok || bad "unknown command message"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
